@testable import BoardCLI
import BoardKit
import Foundation
import Testing

@Suite struct DateArgumentTests {
    // 2026-11-21 is a Saturday.
    static let today = CivilDate(year: 2026, month: 11, day: 21)

    @Test(arguments: [
        ("2026-12-01", "2026-12-01"), ("today", "2026-11-21"), ("tomorrow", "2026-11-22"), ("+3d", "2026-11-24"),
        ("+2w", "2026-12-05"), ("+0d", "2026-11-21"), ("fri", "2026-11-27"), ("Friday", "2026-11-27"),
        ("sat", "2026-11-28"), ("sun", "2026-11-22"), ("MON", "2026-11-23"), ("thurs", "2026-11-26"),
    ])
    func dateFormsResolveAgainstToday(text: String, expected: String) throws {
        let today = try #require(Self.today)
        #expect(DateArgument.parse(text, today: today)?.description == expected)
    }

    @Test(arguments: ["2026-02-30", "soon", "+3", "+-1d", "3d", "fr", "", "2026-1-1"])
    func malformedDatesAreRefused(text: String) throws {
        #expect(DateArgument.parse(text, today: try #require(Self.today)) == nil)
    }

    @Test func dueOptionAcceptsTheForms() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        #expect(sandbox.run(["add", "a", "--due", "fri"]).exitCode == 0)
        #expect(sandbox.run(["add", "b", "--due", "+1w", "--today", "2026-01-01"]).exitCode == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] a due:2026-11-27\n- [ ] b due:2026-01-08\n")
    }
}

@Suite struct TidyCommandTests {
    static let board = "## TODO\n- [x] ticked\n## DOING\n## DONE\n- [ ] unticked\n"

    @Test func tidyCheckReportsAndChangesNothing() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["tidy", "--check"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            board.md: would move "ticked" from TODO to DONE; run 'board tidy'
            board.md: would move "unticked" from DONE to TODO; run 'board tidy'

            """))
        #expect(sandbox.read() == Self.board)
    }

    @Test func tidyMovesAndTidyCheckThenPasses() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["tidy"]) == Outcome(exitCode: 0, stdout: """
            Moved "ticked" from TODO to DONE
            Moved "unticked" from DONE to TODO

            """, stderr: ""))
        #expect(sandbox.read() == "## TODO\n- [ ] unticked\n## DOING\n## DONE\n- [x] ticked done:2026-11-21\n")
        #expect(sandbox.run(["tidy", "--check"]) == Outcome(exitCode: 0, stdout: "No change\n", stderr: ""))
    }

    /// `tidy` warns of a section it fills past its WIP limit, as moving each item would (helper-78: it said nothing);
    /// an item that leaves the section makes room for one that comes in.
    @Test func tidyWarnsOfASectionItFillsPastItsLimit() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n\n- [ ] A\n\n## DOING\n\n- [x] S\n\n## DONE (1)\n\n- [x] C\n")
        let done = sandbox.run(["tidy"])
        #expect(done == Outcome(exitCode: 0, stdout: "Moved \"S\" from DOING to DONE\n", stderr: "warning: DONE holds 2 items, over its limit of 1\n"))
        sandbox.write("board.md", "## TODO (1)\n\n- [ ] A\n\n## DONE\n\n- [ ] R\n")
        #expect(sandbox.run(["tidy"]).stderr == "warning: TODO holds 2 items, over its limit of 1\n")
        sandbox.write("board.md", "## TODO (1)\n\n- [x] T\n\n## DONE\n\n- [ ] R\n")
        #expect(sandbox.run(["tidy"]) == Outcome(exitCode: 0, stdout: "Moved \"T\" from TODO to DONE\nMoved \"R\" from DONE to TODO\n", stderr: ""))
        // With several files, the warning names its file.
        sandbox.write("a.md", "## TODO\n- [x] S\n## DONE (0)\n")
        #expect(sandbox.run(["tidy", "a.md", "board.md"]).stderr == "warning: a.md: DONE holds 1 item, over its limit of 0\n")
    }

    /// With several files, one that cannot be tidied is said, and the files after it are still tidied (helper-77: they
    /// were passed over without a word); `--check` reports each too.
    @Test func tidyOfSeveralFilesGoesOnPastOneThatFails() {
        let sandbox = Sandbox()
        for name in ["a.md", "b.md", "c.md"] { sandbox.write(name, Self.board) }
        chmod(sandbox.path("b.md"), 0o444)
        let outcome = sandbox.run(["tidy", "a.md", "b.md", "c.md"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stdout == """
            a.md: Moved "ticked" from TODO to DONE
            a.md: Moved "unticked" from DONE to TODO
            c.md: Moved "ticked" from TODO to DONE
            c.md: Moved "unticked" from DONE to TODO

            """)
        #expect(outcome.stderr == "error: b.md: the file is read-only; nothing was written\n")
        #expect(sandbox.read("b.md") == Self.board)
        #expect(sandbox.read("c.md") == sandbox.read("a.md") && sandbox.read("c.md") != Self.board)
        sandbox.write("a.md", "## TODO\n<<<<<<< ours\n")
        let checked = sandbox.run(["tidy", "--check", "a.md", "missing.md", "c.md"])
        #expect(checked.exitCode == 1)
        #expect(checked.stdout == "")
        #expect(checked.stderr.hasPrefix("""
            error: a.md:2: merge conflict marker; resolve the merge (keep the right lines, delete the markers), then run 'board tidy'
            error: missing.md: cannot read: No such file or directory

            """), "\(checked.stderr)")
    }

    @Test func tidyTakesPathsAsPreCommitPassesThem() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] fine\n## DONE\n")
        try FileManager.default.createDirectory(atPath: sandbox.path("docs"), withIntermediateDirectories: true)
        sandbox.write("docs/board.md", Self.board)
        #expect(sandbox.run(["tidy", "--check", "board.md", "docs/board.md"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            docs/board.md: would move "ticked" from TODO to DONE; run 'board tidy'
            docs/board.md: would move "unticked" from DONE to TODO; run 'board tidy'

            """))
        // With several files, each line names its file (as `tidy --check`'s do).
        #expect(sandbox.run(["tidy", "board.md", "docs/board.md"]).stdout
            == "board.md: No change\ndocs/board.md: Moved \"ticked\" from TODO to DONE\ndocs/board.md: Moved \"unticked\" from DONE to TODO\n")
        #expect(sandbox.read("docs/board.md") == "## TODO\n- [ ] unticked\n## DOING\n## DONE\n- [x] ticked done:2026-11-21\n")
    }

    /// `tidy` refuses a file with merge conflict markers, so `tidy --check` (a pre-commit hook) fails on it too,
    /// naming the marker's line: it said "No change" and passed the unresolved merge.
    @Test func tidyCheckFailsOnConflictMarkersAsTidyRefuses() {
        let sandbox = Sandbox()
        let conflicted = "## TODO\n<<<<<<< ours\n- [ ] a\n=======\n- [ ] b\n>>>>>>> theirs\n## DONE\n"
        sandbox.write("board.md", conflicted)
        #expect(sandbox.run(["tidy", "--check"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            error: board.md:2: merge conflict marker; resolve the merge (keep the right lines, delete the markers), then run 'board tidy'

            """))
        #expect(sandbox.run(["tidy"]).exitCode == 1)
        #expect(sandbox.read() == conflicted)
    }

    /// The new file goes to disk as the library prints it: thousands of short pieces (moved lines, the runs between
    /// removed ones) gathered into writes, among runs longer than the gathering buffer.
    @Test func tidyOfThousandsOfTicksWritesTheFileTheLibraryPrints() throws {
        var text = "## TODO\n## In Progress\n"
        for index in 0..<6_000 {
            text += ["## DONE\n", "## To Do\n", "## Notes\n", "## In Progress\n", ""][index % 5]
            text += "- [\(index % 3 == 0 ? " " : "x")] tick \(index)\n"
            // Now and then a long run of untouched lines, longer than the buffer short pieces are gathered in.
            if index % 1_000 == 500 { text += String(repeating: "Notes that stay where they are.\n", count: 4_000) }
        }
        let sandbox = Sandbox()
        sandbox.write("board.md", text)
        let today = try #require(CivilDate(year: 2026, month: 11, day: 21))
        let expected = try Board(parsing: Array(text.utf8)).tidiedFile(doneOn: today).bytes
        #expect(sandbox.run(["tidy"]).exitCode == 0)
        #expect(sandbox.bytes() == expected)
        #expect(sandbox.bytes() != Array(text.utf8))
    }
}

@Suite struct JSONStringTests {
    @Test func escapesQuotesBackslashesAndEveryControlCharacter() {
        #expect(jsonString("a\"b\\c\nd\re\tf") == "\"a\\\"b\\\\c\\nd\\re\\tf\"")
        #expect(jsonString("\u{1B}[2J\u{7F}") == "\"\\u001b[2J\\u007f\"")
        #expect(jsonString("C1 \u{85} \u{9F}") == "\"C1 \\u0085 \\u009f\"")
        #expect(jsonString("é \u{A0} 한 🚀") == "\"é \u{A0} 한 🚀\"")
    }

    /// Bidi overrides and the other invisible formatting characters are escaped: a terminal showing `list --json`
    /// never reorders the text, and a JSON reader gets the same string. Zero-width joiners stay.
    @Test func escapesInvisibleFormattingCharacters() {
        #expect(jsonString("a\u{202E}b\u{2066}c\u{200F}d\u{061C}e\u{FEFF}f\u{2028}") == "\"a\\u202eb\\u2066c\\u200fd\\u061ce\\ufefff\\u2028\"")
        #expect(jsonString("👩\u{200D}💻 \u{200C}") == "\"👩\u{200D}💻 \u{200C}\"")
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] bidi \u{202E}evil\n  body \u{2066}y\n")
        #expect(sandbox.run(["list", "--json"]).stdout.contains("\"title\":\"bidi \\u202eevil\""))
        #expect(sandbox.run(["list", "--json"]).stdout.contains("\"body\":\"body \\u2066y\""))
        #expect(sandbox.run(["html"]).stdout.contains("bidi &#x202E;evil"))
        #expect(!sandbox.run(["html"]).stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 })
    }
}
