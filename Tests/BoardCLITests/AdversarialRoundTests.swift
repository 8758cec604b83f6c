@testable import BoardCLI
import Foundation
import Testing

/// What this round's adversarial run found at the command line, each case as it was reported.
@Suite struct AdversarialRoundTests {
    /// An empty or blank ref would be in every title: a script's empty variable named a board's only item, and
    /// `rm ""` removed it. Every command that takes refs refuses one, exit 64, and writes nothing.
    @Test func aBlankRefIsAUsageErrorAndNothingIsWritten() {
        let board = "## TODO\n- [ ] a b\n## DOING\n## DONE\n- [x] c d\n"
        for arguments in [["rm", ""], ["rm", " "], ["done", "a", ""], ["move", "\t", "doing"], ["edit", "", "--title", "x"],
                          ["start", " "], ["reopen", ""], ["archive", ""]] {
            let sandbox = Sandbox()
            sandbox.write("board.md", board)
            let outcome = sandbox.run(arguments)
            #expect(outcome.exitCode == 64, "\(arguments)")
            #expect(outcome.stderr.hasPrefix("Error: Empty ref '"), "\(arguments): \(outcome.stderr)")
            #expect(sandbox.read() == board, "\(arguments)")
        }
    }

    /// `list --json` gives a body's lines without the indentation they share: when the first line is the deepest,
    /// the others keep what they have beyond the shared part (it was the first line's whole indentation that was
    /// taken off, and "    deeper / shallow" lost its shape).
    @Test func aJSONBodyKeepsItsLinesRelativeIndentation() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\n    deeper\n  shallow\n- [ ] b\n  x\n    y\n\n  z\n- [ ] c\n  spaces\n\ttab\n## DOING\n## DONE\n")
        let outcome = sandbox.run(["list", "--json"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout.contains(#""body":"  deeper\nshallow""#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#""body":"x\n  y\n\nz""#), "\(outcome.stdout)")
        // A line that shares none of it (a tab among spaces) keeps its own.
        #expect(outcome.stdout.contains(#""body":"spaces\n\ttab""#), "\(outcome.stdout)")
        // Unless it is the shallower (a tab is four columns): then no line loses any, and none passes another's depth
        // (helper-79: `\t- child` above `  - parent` came out `- child` above `  - parent`, in html and ics too).
        sandbox.write("board.md", "## TODO\n- [ ] X due:2026-12-01\n\t- child first\n  - parent\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list", "--json"]).stdout.contains(#""body":"\t- child first\n  - parent""#))
        #expect(sandbox.run(["ics"]).stdout.contains("DESCRIPTION:\t- child first\\n  - parent"))
        // As deep (a tab, then four spaces): neither loses any either (helper-80: the second stood deeper).
        sandbox.write("board.md", "## TODO\n- [ ] X\n\t- b\n    - c\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list", "--json"]).stdout.contains(#""body":"\t- b\n    - c""#))
    }

    /// A new body takes the present body's indentation, the first line's where another line shares none of it, as
    /// deep or not (helper-81: under `    x` above `\ty`, the rule that reads bodies gave the new one two spaces).
    @Test func aNewBodyTakesTheFirstLinesIndentation() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] A\n    x\n\ty\n- [ ] B\n")
        #expect(sandbox.run(["edit", "A", "--body", "n1\nn2"]).exitCode == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] A\n    n1\n    n2\n- [ ] B\n")
    }

    /// `html` renders a body's brackets, stars and backticks that open nothing as text. Forty thousand `[` took
    /// 9 seconds (each looked for its `](` to the end of the line); now each marker is looked for once per place.
    @Test func htmlRendersManyOpenersWithoutCloserAsText() {
        let sandbox = Sandbox()
        let openers = String(repeating: "[a](", count: 20_000) + String(repeating: "[", count: 20_000)
            + String(repeating: "`", count: 5_001) + String(repeating: " **", count: 5_001)
        sandbox.write("board.md", "## TODO\n- [ ] t\n  x \(openers)\n\n  y [b](https://e.org) `c` *d*\n## DOING\n## DONE\n")
        let page = sandbox.run(["html"]).stdout
        #expect(page.contains("x " + String(repeating: "[a](", count: 20_000) + String(repeating: "[", count: 20_000)))
        #expect(page.contains(#"y <a href="https://e.org">b</a> <code>c</code> <em>d</em>"#))
        // Each marker is read through once: the bytes read stay within a few times the text's, for every kind of
        // opener left open (they were the text's length times the openers').
        // Emphasis: openers and closers of every kind left unpaired, and nested links.
        var texts = ["[", "[a](", "`", " **", "*", "_", "[a](x) [", "](", "`a` `", "*a ", "a* ", "_a ", "a_ ", "*a_ ", "a** *b ",
                     "*a **b ", "[a](https://x) ["].map { String(repeating: $0, count: 20_000 / $0.count) }
        texts.append(String(repeating: "[", count: 2_000) + String(repeating: "](https://x)", count: 2_000))
        // Runs of backticks of every length from one up, none closed (helper-49: each length was looked for to the
        // line's end, 6 s for 4 MB).
        texts.append((1...300).map { String(repeating: "`", count: $0) + "x" }.joined())
        for text in texts {
            for byCharacter in [false, true] {
                let read = Markdown.inlineReading(text, byCharacter: byCharacter).read
                #expect(read <= 8 * text.utf8.count, "\(text.prefix(20)): \(read) characters read for \(text.utf8.count)")
            }
        }
    }

    /// A line longer than 64 KiB is text, its markers unread: reading them took up to 40 bytes of memory for each
    /// byte (helper-52: 4 MB of `[` took 104 MB). One as long as that is read.
    @Test func htmlReadsTheMarkersOfLinesUpTo64KiB() {
        let sandbox = Sandbox()
        let long = "*a* " + String(repeating: "[", count: Markdown.longestMarkedLine)
        let limit = "*b* " + String(repeating: "x", count: Markdown.longestMarkedLine - 4)
        sandbox.write("board.md", "## TODO\n- [ ] t\n  \(long)\n\n  \(limit)\n## DOING\n## DONE\n")
        let page = sandbox.run(["html"]).stdout
        #expect(page.contains("<p>*a* [[[["))
        #expect(page.contains("<p><em>b</em> xxxx"))
    }

    /// `html -o` and `ics -o` never write over the board they export (named as it is, another way, or through a
    /// link), and write through a link to another file, as commands write the board through one.
    @Test func anExportNeverWritesOverItsBoardAndWritesThroughALink() throws {
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] a\n## DOING\n## DONE\n"
        sandbox.write("board.md", board)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.md"), withDestinationPath: "board.md")
        for arguments in [["html", "-o", "board.md"], ["ics", "-o", "./board.md"], ["html", "-o", "link.md"]] {
            let outcome = sandbox.run(arguments)
            #expect(outcome.exitCode == 1, "\(arguments)")
            #expect(outcome.stderr.hasSuffix(": is the board itself; write the output to another file\n"), "\(arguments): \(outcome.stderr)")
        }
        #expect(sandbox.read() == board)
        sandbox.write("real.html", "old")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("page.html"), withDestinationPath: "real.html")
        #expect(sandbox.run(["html", "-o", "page.html"]).exitCode == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("page.html")) == "real.html")
        #expect(sandbox.read("real.html").hasPrefix("<!DOCTYPE html>"))
        // A link to a file not there yet makes that file; a loop of links is refused.
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("new.ics"), withDestinationPath: "made.ics")
        #expect(sandbox.run(["ics", "-o", "new.ics"]).exitCode == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("new.ics")) == "made.ics")
        #expect(sandbox.read("made.ics").hasPrefix("BEGIN:VCALENDAR"))
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("l1"), withDestinationPath: "l2")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("l2"), withDestinationPath: "l1")
        let loop = sandbox.run(["html", "-o", "l1"])
        #expect(loop.exitCode == 1)
        #expect(loop.stderr == "error: l1: too many levels of symbolic links\n")
        // A folder not there is named so ("cannot lock its folder: No such file or directory").
        #expect(sandbox.run(["html", "-o", "nodir/page.html"])
            == Outcome(exitCode: 1, stdout: "", stderr: "error: nodir/page.html: its folder does not exist; nothing was written\n"))
        // A file no one may write is refused, as the board is (helper-77: it was replaced, keeping its mode 444).
        sandbox.write("kept.ics", "old")
        chmod(sandbox.path("kept.ics"), 0o444)
        #expect(sandbox.run(["ics", "-o", "kept.ics"])
            == Outcome(exitCode: 1, stdout: "", stderr: "error: kept.ics: the file is read-only; nothing was written\n"))
        #expect(sandbox.read("kept.ics") == "old")
    }

    /// `edit --title` with a done token in the new title: it takes the place of the item's (the item's stayed, and
    /// the refusal named a second done date and a column the user never typed).
    @Test func aDoneTokenInAnEditedTitleReplacesTheItemsDoneDate() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n## DOING\n## DONE\n- [x] Ship it done:2026-11-01\n")
        #expect(sandbox.run(["edit", "Ship", "--title", "Shipped ✅ 2026-11-02"]).exitCode == 0)
        #expect(sandbox.read() == "## TODO\n## DOING\n## DONE\n- [x] Shipped ✅ 2026-11-02\n")
        #expect(sandbox.run(["edit", "Shipped", "--title", "Shipped again"]).exitCode == 0)
        #expect(sandbox.read() == "## TODO\n## DOING\n## DONE\n- [x] Shipped again ✅ 2026-11-02\n")
    }

    /// A new date can change the title (a misspelled `due:soon` in it is replaced): the line printed showed the title
    /// from before the edit.
    @Test func anEditOfTheDatePrintsTheTitleItLeaves() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a due:soon x\n## DOING\n## DONE\n")
        #expect(sandbox.run(["edit", "a", "--due", "2026-12-01"]).stdout == "Edited \"a x\"\n")
        #expect(sandbox.read() == "## TODO\n- [ ] a due:2026-12-01 x\n## DOING\n## DONE\n")
        sandbox.write("board.md", "## TODO\n- [ ] Multi mid due:bad end\n## DOING\n## DONE\n")
        #expect(sandbox.run(["edit", "Multi", "--no-due"]).stdout == "Edited \"Multi mid end\"\n")
        // Its line ending is the line's, not part of the title.
        sandbox.write("board.md", "## TODO\r\n- [ ] b due:soon y\r\n## DOING\r\n## DONE\r\n")
        #expect(sandbox.run(["edit", "b", "--due", "2026-12-01"]).stdout == "Edited \"b y\"\n")
    }

    /// `ics -o -` wrote a file named `-`; as `--body -` reads standard input, `-o -` is standard output.
    @Test func anOutputOfADashIsStandardOutput() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a due:2026-12-01\n## DOING\n## DONE\n")
        for command in ["ics", "html"] {
            let outcome = sandbox.run([command, "-o", "-"])
            #expect(outcome.exitCode == 0)
            #expect(outcome.stdout == sandbox.run([command]).stdout)
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("-")))
    }

    /// `add "x done:2026-11-01"` put a done date in TODO without a word, and `check` warned of it after: the command
    /// says what `check` would, once the item is written. An edit says only what it brought.
    @Test func addAndEditWarnOfWhatCheckWouldFindInTheItem() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\n## DOING\n## DONE\n")
        let added = sandbox.run(["add", "x done:2026-11-01"])
        #expect(added == Outcome(exitCode: 0, stdout: "Added \"x done:2026-11-01\" to TODO (:3)\n",
                                 stderr: "warning: board.md:3: done date 'done:2026-11-01' on an item in TODO; remove it, or move the item to DONE\n"))
        #expect(sandbox.run(["add", "--to", "done", "z done:2026-11-01"]).stderr == "")
        let edited = sandbox.run(["edit", "a", "--title", "a done:2026-11-02"])
        #expect(edited.stderr == "warning: board.md:2: done date 'done:2026-11-02' on an item in TODO; remove it, or move the item to DONE\n")
        #expect(sandbox.run(["edit", "a", "--due", "2026-12-01"]).stderr == "")
        #expect(sandbox.read() == "## TODO\n- [ ] a done:2026-11-02 due:2026-12-01\n- [ ] x done:2026-11-01\n## DOING\n## DONE\n- [x] z done:2026-11-01\n")
    }

    /// `add "fix LOGIN"` beside `Fix login` made a title no ref could name alone (`done "Fix login"` then matched
    /// two items), without a word; `check` warned of it after. `add` and `edit --title` say so once written; an
    /// archived item, which `check` does not count, and the edited item itself (a new case of its own title) are
    /// no other item.
    @Test func addAndEditWarnOfATitleAnotherItemHas() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Fix login\n- [ ] Fix login page\n## DONE\n## Archive\n- [x] Old one\n")
        #expect(sandbox.run(["add", "fix LOGIN", "--to", "done"]) == Outcome(exitCode: 0, stdout: "Added \"fix LOGIN\" to DONE (:5)\n", stderr: """
            warning: board.md:5: another item has the title 'fix LOGIN'; refs and merges cannot tell them apart, so make the titles differ

            """))
        #expect(sandbox.run(["add", "Fix log"]).stderr == "")
        #expect(sandbox.run(["add", "old ONE"]).stderr == "")
        #expect(sandbox.run(["edit", "Fix login page", "--title", "FIX LOGIN"]).stderr == """
            warning: board.md:3: another item has the title 'FIX LOGIN'; refs and merges cannot tell them apart, so make the titles differ

            """)
        #expect(sandbox.run(["edit", ":3", "--title", "fix login"]).stderr == "")
        #expect(sandbox.run(["edit", ":3", "--due", "2026-12-01"]).stderr == "")
        #expect(sandbox.run(["check"]).stderr.contains("board.md:3:3: warning: another item has the title"))
    }

    /// A title holding a byte that is not UTF-8 could be named only by a part of it: the byte typed in the ref came
    /// as a scalar of its own, where the title has U+FFFD.
    @Test func aRefWithAByteThatIsNotUTF8NamesTheTitleHoldingIt() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Array("## TODO\n- [ ] bad".utf8) + [0xFF] + Array("utf\n- [ ] bad other\n## DOING\n## DONE\n".utf8))
        let ref = SystemText.decode(Array("bad".utf8) + [0xFF] + Array("utf".utf8))
        #expect(sandbox.run(["start", ref]) == Outcome(exitCode: 0, stdout: "Moved \"bad\u{FFFD}utf\" from TODO to DOING\n", stderr: ""))
    }
}
