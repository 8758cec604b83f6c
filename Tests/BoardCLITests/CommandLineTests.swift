import BoardCLI
import BoardKit
import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func versionAndHelp() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["--version"]) == Outcome(exitCode: 0, stdout: "0.1.0\n", stderr: ""))
        let help = sandbox.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: A kanban board in one plain Markdown file"))
        for heading in ["USAGE: board <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "  check ", "  tidy "] {
            #expect(help.stdout.contains(heading), "\(heading)")
        }
        #expect(sandbox.run([]).stdout == help.stdout)
    }

    @Test func commandHelpHasArgumentParsersLayout() {
        let sandbox = Sandbox()
        let help = sandbox.run(["add", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout == """
            OVERVIEW: Add an item (to TODO unless --to says otherwise).

            USAGE: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]

            ARGUMENTS:
              <title>                 The item's title (one line).

            OPTIONS:
              --due <date>            Due date: YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday (fri: the next Friday).
              --body <text>           Body text; each of its lines is indented under the item.
              --to <section>          todo, doing or done (default: todo).
              --top                   Put the item first in its section instead of last.
              -f, --file <path>       The board file (default: $BOARD_FILE, ./board.md, or the nearest board.md above).
              --today <date>          Take this date (YYYY-MM-DD) as today (default: $BOARD_TODAY, else the local date).
              -h, --help              Show help information.

            """)
        #expect(sandbox.run(["help", "add"]).stdout == help.stdout)
        #expect(sandbox.run(["-h", "add"]).stdout == help.stdout)
    }

    @Test(arguments: [
        (["frobnicate"], "Error: Unknown subcommand 'frobnicate'\nUsage: board <subcommand> [<arguments>] [<options>]\nSee 'board --help'.\n"),
        (["add"], "Error: Missing expected argument '<title>'\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["add", "x", "--bogus"], "Error: Unknown option '--bogus'\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["rm", "x", "--top"], "Error: Unknown option '--top' for 'board rm': it is an option of 'board add' and 'board move'\nUsage: board rm <ref> ...\nSee 'board rm --help'.\n"),
        (["edit", "x", "y"], "Error: Unexpected argument 'y'\nUsage: board edit <ref> [--title <text>] [--due <date> | --no-due] [--body <text> | --no-body]\nSee 'board edit --help'.\n"),
        (["add", "x", "--due"], "Error: Missing value for '--due <date>'\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["add", "x", "--due", "2026-02-30"], "Error: Invalid date '2026-02-30' for '--due' (use YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday (fri: the next Friday))\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["move", "x", "later"], "Error: Unknown section 'later' (use todo, doing or done)\nUsage: board move <ref> ... <section> [--top]\nSee 'board move --help'.\n"),
        (["move", "x"], "Error: Missing expected argument '<section>'\nUsage: board move <ref> ... <section> [--top]\nSee 'board move --help'.\n"),
        // The one argument is a section: the ref is what is missing (helper-78: it said '<section>').
        (["move", "Done"], "Error: Missing expected argument '<ref>'\nUsage: board move <ref> ... <section> [--top]\nSee 'board move --help'.\n"),
        (["list", "--today", "soon"], "Error: Invalid date 'soon' for '--today' (write YYYY-MM-DD)\nUsage: board list [<section> ...] [--overdue] [--due-before <date>] [--due-within <days>] [--search <text>] [--tag <tag>] [--who <name>] [--archived] [--sort <key>] [--format <template>] [--json]\nSee 'board list --help'.\n"),
        (["add", "a\nb"], "Error: Invalid title: the title contains a line break\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["add", "  "], "Error: Invalid title: the title is empty\nUsage: board add <title> [--due <date>] [--body <text>] [--to <section>] [--top]\nSee 'board add --help'.\n"),
        (["edit", "a", "--due", "today", "--no-due"], "Error: '--due' and '--no-due' cannot be used together\nUsage: board edit <ref> [--title <text>] [--due <date> | --no-due] [--body <text> | --no-body]\nSee 'board edit --help'.\n"),
        // An edit that names nothing to change said "No change" and exited 0.
        (["edit", "a"], "Error: Nothing to edit: give '--title', '--due', '--no-due', '--body' or '--no-body'\nUsage: board edit <ref> [--title <text>] [--due <date> | --no-due] [--body <text> | --no-body]\nSee 'board edit --help'.\n"),
    ])
    func usageErrorsExit64WithUsageAndPointerToHelp(arguments: [String], stderr: String) {
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] a\n"
        sandbox.write("board.md", board)
        #expect(sandbox.run(arguments) == Outcome(exitCode: 64, stdout: "", stderr: stderr))
        #expect(sandbox.read() == board)
    }

    /// A malformed `--today` or `$BOARD_TODAY` is a usage error for every command that reads a board, whether it needs
    /// the date or not (helper-78: `rm`, `add`, `edit`, `archive` and `check` exited 0, and the writers wrote). The
    /// commands that read no board, and those git runs (the merge driver, `diff`), do not look at it: a stale
    /// `$BOARD_TODAY` fails no merge and no `git diff`.
    @Test func aMalformedTodayIsAUsageErrorForEveryCommandThatReadsABoard() throws {
        let sandbox = Sandbox()
        let board = "## TODO\n\n- [ ] A\n\n## DOING\n\n## DONE\n\n- [x] D done:2026-01-01\n"
        sandbox.write("board.md", board)
        for arguments in [["rm", "A"], ["add", "Z"], ["edit", "A", "--title", "A2"], ["archive"], ["check"], ["check", "--json"],
                          ["lsp"], ["init"]] {
            let given = sandbox.run(arguments + ["--today", "2026-99-99"])
            #expect(given.exitCode == 64, "\(arguments)")
            #expect(given.stderr.hasPrefix("Error: Invalid date '2026-99-99' for '--today' (write YYYY-MM-DD)\n"), "\(arguments): \(given.stderr)")
            let set = sandbox.run(arguments, environment: ["BOARD_TODAY": "garbage"])
            #expect(set.exitCode == 64, "\(arguments)")
            #expect(set.stderr.hasPrefix("Error: Invalid date 'garbage' in BOARD_TODAY (write YYYY-MM-DD)\n"), "\(arguments): \(set.stderr)")
            #expect(sandbox.read() == board)
        }
        sandbox.write("base.md", board)
        let merged = sandbox.run(["merge-driver", "base.md", "board.md", "base.md", "7", "board.md"], environment: ["BOARD_TODAY": "garbage"])
        #expect(merged.exitCode == 0, "\(merged.stderr)")
        #expect(sandbox.run(["completion", "bash"], environment: ["BOARD_TODAY": "garbage"]).exitCode == 0)
        // git runs `board diff` as its external diff: a stale BOARD_TODAY made `git diff` die (helper-80).
        sandbox.write("other.md", board + "- [ ] E\n")
        let diffed = sandbox.run(["diff", "board.md", "board.md", "0000000", "100644", "other.md", "0000000", "100644"],
                                 environment: ["BOARD_TODAY": "garbage"])
        #expect(diffed.exitCode == 0 && diffed.stdout.contains("E"), "\(diffed)")
        // A `--today` given is still checked (helper-81).
        let given = sandbox.run(["diff", "board.md", "other.md", "--today", "garbage"])
        #expect(given.exitCode == 64 && given.stderr.hasPrefix("Error: Invalid date 'garbage' for '--today'"), "\(given)")
    }

    @Test func optionsMayStandAnywhereAndDoubleDashEndsThem() {
        let sandbox = Sandbox()
        sandbox.write("b.md", "## TODO\n")
        #expect(sandbox.run(["--file", "b.md", "add", "X"]).exitCode == 0)
        #expect(sandbox.run(["add", "Y", "-f", "b.md", "--top"]).exitCode == 0)
        #expect(sandbox.run(["add", "--file=b.md", "--top", "--", "-starts with a dash"]).exitCode == 0)
        #expect(sandbox.run(["add", "-f", "b.md", "--", "X", "--top"]).exitCode == 64)  // after `--`, `--top` is an argument
        #expect(sandbox.read("b.md") == "## TODO\n- [ ] -starts with a dash\n- [ ] Y\n- [ ] X\n")
        // A number may be joined to its short option, as git has `-n1`; a word may not (`-overdue` lacks a dash).
        #expect(sandbox.run(["log", "-n1", "-f", "b.md"]).stderr.hasPrefix("error: b.md: not in a git repository"))
        #expect(sandbox.run(["log", "-n0", "-f", "b.md"]).stderr.hasPrefix("Error: Invalid count '0' for '-n'"))
        #expect(sandbox.run(["list", "-overdue", "-f", "b.md"]).stderr.hasPrefix("Error: Unknown option '-overdue'"))
        #expect(sandbox.run(["list", "-fb.md"]).stderr.hasPrefix("Error: Unknown option '-fb.md'"))
        #expect(sandbox.run(["ics", "-o1", "-f", "b.md"]).stderr.hasPrefix("Error: Unknown option '-o1'"))  // a count only
    }

    /// `--json` hid `--format`: the two are a usage error. An option given twice takes the last, as an alias
    /// (`board --color never`) followed by another value expects; `--tag` and `--who` repeat, all must match.
    @Test func formatWithJSONIsAUsageErrorAndTheLastOfAnOptionCounts() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list", "--json", "--format", "{ref}"]).stderr.hasPrefix("Error: '--format' and '--json' cannot be used together\n"))
        #expect(sandbox.read() == "## TODO\n## DOING\n## DONE\n")
        #expect(sandbox.run(["add", "y", "--to", "doing", "--to", "done"]).stdout == "Added \"y\" to DONE (:4)\n")
        #expect(sandbox.run(["list", "--tag", "a", "--tag", "b"]).exitCode == 0)
    }

    @Test func checkPrintsOneFindingRepeatedTwentyTimesThenCountsTheRest() {
        let sandbox = Sandbox()
        sandbox.write("pasted.md", "## TODO\n" + String(repeating: "- plain\n", count: 25) + "- [ ] real\n- other\n## DOING\n## DONE\n")
        let outcome = sandbox.run(["check", "pasted.md"])
        let message = "warning: list item in TODO has no checkbox, so it is not a board item; write '- [ ] …' to make it one"
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 22)
        #expect(lines[0] == "pasted.md:2:1: \(message)")
        #expect(lines[19] == "pasted.md:21:1: \(message)")
        #expect(lines[20] == "pasted.md: 6 more like this (from line 22): \(message)")
        #expect(lines[21] == "0 errors, 26 warnings in 1 file")
        // JSON lists every one.
        let json = sandbox.run(["check", "--json", "pasted.md"])
        #expect(json.stdout.components(separatedBy: "has no checkbox").count - 1 == 26)
    }

    /// Six findings repeated in turn, more than `check` keeps at hand at once: each is still counted apart.
    @Test func checkCountsEachOfManyInterleavedFindings() {
        let sandbox = Sandbox()
        sandbox.write("pasted.md", String(repeating: "## TODO\n- p\n## DOING\n- p\n## DONE\n- p\n", count: 25))
        let lines = sandbox.run(["check", "pasted.md"]).stderr.split(separator: "\n").map(String.init)
        for kind in ["TODO", "DOING", "DONE"] {
            let plain = "warning: list item in \(kind) has no checkbox, so it is not a board item; write '- [ ] …' to make it one"
            #expect(lines.filter { $0.hasSuffix(": " + plain) && !$0.contains("more like this") }.count == 20)
            #expect(lines.contains { $0.hasPrefix("pasted.md: 5 more like this (from line ") && $0.hasSuffix(plain) })
            let second = "error: second \(kind) section (the first is at line"
            #expect(lines.filter { $0.contains(": " + second) && !$0.contains("more like this") }.count == 20)
            #expect(lines.contains { $0.hasPrefix("pasted.md: 4 more like this (from line ") && $0.contains(second) })
        }
        #expect(lines.last == "72 errors, 75 warnings in 1 file")
        // JSON lists every one with its own message, though the messages in turn are more than it keeps escaped.
        let json = sandbox.run(["check", "--json", "pasted.md"])
        let document = try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let files = document?["files"] as? [[String: Any]]
        let listed = (files?.first?["diagnostics"] as? [[String: Any]])?.map { "\($0["line"] ?? ""):\($0["message"] ?? "")" }
        let expected = Board(parsing: Array(sandbox.read("pasted.md").utf8)).diagnostics().map { "\($0.line):\($0.message)" }
        #expect(expected.count == 147)
        #expect(listed == expected)
    }

    @Test func checkPrintsDiagnosticsAndExitsOneOnErrors() {
        let sandbox = Sandbox()
        sandbox.write("good.md", "## TODO\n- [ ] a due:2026-01-01\n## DOING\n## DONE\n")
        sandbox.write("warn.md", "## TODO\n- [x] ticked\n## DOING\n## DONE\n")
        sandbox.write("bad.md", "## TODO\n- [ ] a due:2026-02-30\n## DOING\n## DONE\n")
        #expect(sandbox.run(["check", "good.md"]) == Outcome(exitCode: 0, stdout: "", stderr: "0 errors, 0 warnings in 1 file\n"))
        #expect(sandbox.run(["check", "warn.md"]) == Outcome(exitCode: 0, stdout: "", stderr: """
            warn.md:2:3: warning: checked item in TODO; run 'board tidy' to move it to DONE
            0 errors, 1 warning in 1 file

            """))
        #expect(sandbox.run(["check", "warn.md", "--strict"]).exitCode == 1)
        #expect(sandbox.run(["check", "good.md", "bad.md", "missing.md"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            bad.md:2:9: error: 'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)
            error: missing.md: cannot read: No such file or directory
            2 errors, 0 warnings in 3 files

            """))
    }

    @Test func checkWithoutPathsChecksTheBoardFile() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ]\n## DOING\n## DONE\n")
        #expect(sandbox.run(["check"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            board.md:2:3: error: item has an empty title
            1 error, 0 warnings in 1 file

            """))
    }

    @Test func listPrintsOneLinePerItemInFileOrder() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Paths.example("board.md"))
        #expect(sandbox.run(["list"]) == Outcome(exitCode: 0, stdout: """
            TODO   [ ]  2026-12-01  Write the migration guide  :12
            TODO   [ ]  2026-12-10  Tag the release @mira  :16
            TODO   [ ]              Announce on the mailing list  :17
            TODO   [ ] !2026-11-18  Update the Homebrew formula #packaging  :18
            TODO   [ ]  2026-12-05  릴리스 노트 번역  :20
            TODO   [ ]              Drop the deprecated `--legacy` flag  :25
            TODO   [ ]              Benchmark on the 1M-item board  :26
            DOING  [ ]  2026-11-25  Parser round trip  :30
            DOING  [ ] !2026-11-19  Fix the flaky lock test #ci @jon  :32
            DOING  [ ]              Review the merge-driver design 🔀  :33
            DONE   [x]  2026-11-20  Pick a file format  done 2026-11-12  :37
            DONE   [x]              Set up CI #ci  done 2026-11-14  :38
            DONE   [x]  2026-11-15  Write the README  done 2026-11-16  :40

            """, stderr: ""))
    }

    @Test func listFiltersAloneAndCombined() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Paths.example("board.md"))
        func titles(_ arguments: [String]) -> [String] {
            sandbox.run(["list"] + arguments).stdout.split(separator: "\n").map {
                // The title, without the done date and line that follow it.
                String($0.dropFirst(24).prefix { $0 != ":" }).components(separatedBy: "  done ")[0].trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(titles(["doing"]) == ["Parser round trip", "Fix the flaky lock test #ci @jon", "Review the merge-driver design 🔀"])
        #expect(titles(["--overdue"]) == ["Update the Homebrew formula #packaging", "Fix the flaky lock test #ci @jon"])
        #expect(titles(["--overdue", "todo"]) == ["Update the Homebrew formula #packaging"])
        #expect(titles(["--due-before", "2026-11-20"]) == ["Update the Homebrew formula #packaging", "Fix the flaky lock test #ci @jon", "Write the README"])
        #expect(titles(["--due-within", "4"]) == ["Update the Homebrew formula #packaging", "Parser round trip", "Fix the flaky lock test #ci @jon", "Pick a file format", "Write the README"])
        #expect(titles(["--search", "CONFIG"]) == ["Write the migration guide"])
        #expect(titles(["--search", "the", "--due-within", "10", "todo"]) == ["Write the migration guide", "Update the Homebrew formula #packaging"])
    }

    @Test func listJSONParsesBackFieldByField() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Clear \u{1b}[2J screen due:2026-11-01\n  body \"quoted\"\n  line 2\n## DONE\n- [x] ok\n")
        let outcome = sandbox.run(["list", "--json"])
        #expect(outcome.exitCode == 0)
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(json?["schemaVersion"] as? Int == 1)
        #expect(json?["today"] as? String == "2026-11-21")
        let sections = try #require(json?["sections"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["TODO", "DOING", "DONE"])
        let item = try #require((sections[0]["items"] as? [[String: Any]])?.first)
        #expect(item["title"] as? String == "Clear \u{1b}[2J screen")
        #expect(item["due"] as? String == "2026-11-01")
        #expect(item["overdue"] as? Bool == true)
        #expect(item["checked"] as? Bool == false)
        #expect(item["body"] as? String == "body \"quoted\"\nline 2")
        #expect(item["line"] as? Int == 2)
        let done = try #require((sections[2]["items"] as? [[String: Any]])?.first)
        #expect(done["due"] is NSNull)
    }

    /// `list --json` writes titles and bodies from the file's bytes: what it writes is the JSON of the text the
    /// board gives (`title(of:)`, the body lines joined by newlines), bytes that are not UTF-8 included.
    @Test func listJSONWritesTitlesAndBodiesAsTheirText() throws {
        let pieces: [[UInt8]] = [Array("a".utf8), Array(" ".utf8), [0x09], [0x22], [0x5C], [0x1B], [0x7F], [0xC2, 0x85], [0xFF],
                                 [0xE2, 0x82], [0xED, 0xA0, 0x80], Array("한".utf8), Array("🚀".utf8), [0x0D]]
        var generator = SystemRandomNumberGenerator()
        func text() -> [UInt8] {
            (0..<Int.random(in: 1...8, using: &generator)).flatMap { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
        }
        var file = Array("## TODO\n".utf8)
        for _ in 0..<200 {
            file += Array("- [ ] x".utf8) + text() + [0x0A]
            for _ in 0..<Int.random(in: 0...3, using: &generator) { file += Array("  ".utf8) + text() + [0x0A] }
        }
        let sandbox = Sandbox()
        sandbox.write("board.md", file)
        let board = Board(parsing: file)
        var expected: [UInt8] = []
        for item in board.items {
            appendJSONString(board.title(of: item), to: &expected)
            appendJSONString(board.bodyLines(of: item).joined(separator: "\n"), to: &expected)
        }
        let json = sandbox.run(["list", "--json"]).stdoutBytes
        // Each item's title and body, in order, as the JSON of their text.
        var written: [UInt8] = []
        var rest = json[...]
        for key in board.items.flatMap({ _ in [",\"due\":", ",\"line\":"] }) {
            let opening = key.hasPrefix(",\"due") ? Array("{\"title\":".utf8) : Array(",\"body\":".utf8)
            guard let start = rest.firstRange(of: opening), let end = rest[start.upperBound...].firstRange(of: Array(key.utf8)) else { break }
            written += rest[start.upperBound..<end.lowerBound]
            rest = rest[end.lowerBound...]
        }
        #expect(written == expected)
    }

    @Test func controlCharactersFromTheFileArePrintedEscaped() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Clear \u{1b}[2J screen\u{7}\n")
        let list = sandbox.run(["list"])
        #expect(list.stdout == "TODO   [ ]              Clear \\u{1B}[2J screen\\u{7}  :2\n")
        #expect(!list.stdout.contains("\u{1b}"))
        let moved = sandbox.run(["start", "Clear"])
        #expect(moved.stdout == "Moved \"Clear \\u{1B}[2J screen\\u{7}\" from TODO to DOING\n")
    }
}

@Suite struct CheckManyFilesTests {
    @Test func everyKindOnSeveralFilesWithExitCodesAndJSON() throws {
        let sandbox = Sandbox()
        sandbox.write("a.md", "## TODO\n- [ ] x due:2026-02-30 due:2026-01-01\n- [ ]\n- [x] ticked\n- plain\n## DOING\n## DONE\n- [ ] open\n## todo\n")
        sandbox.write("b.md", "# Only notes\n")
        sandbox.write("c.md", "## TODO\n## DOING\n## DONE\n")
        let text = sandbox.run(["check", "a.md", "b.md", "c.md", "gone.md"])
        #expect(text == Outcome(exitCode: 1, stdout: "", stderr: """
            a.md:2:9: error: 'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)
            a.md:2:24: error: second due date 'due:2026-01-01' on one item (the first is at column 9)
            a.md:3:3: error: item has an empty title
            a.md:4:3: warning: checked item in TODO; run 'board tidy' to move it to DONE
            a.md:5:1: warning: list item in TODO has no checkbox, so it is not a board item; write '- [ ] …' to make it one
            a.md:8:3: warning: unchecked item in DONE; run 'board tidy' to move it to TODO
            a.md:9:1: error: second TODO section (the first is at line 1); merge them into one
            b.md:1:1: warning: no TODO, DOING or DONE section; this file holds no board items
            error: gone.md: cannot read: No such file or directory
            5 errors, 4 warnings in 4 files

            """))
        #expect(sandbox.run(["check", "c.md"]).exitCode == 0)
        #expect(sandbox.run(["check", "b.md", "c.md"]).exitCode == 0)
        #expect(sandbox.run(["check", "b.md", "c.md", "--strict"]).exitCode == 1)

        let json = sandbox.run(["check", "--json", "a.md", "c.md", "gone.md"])
        #expect(json.exitCode == 1)
        #expect(json.stderr == "5 errors, 3 warnings in 3 files\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["a.md", "c.md", "gone.md"])
        let first = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["line"] as? Int == 2)
        #expect(first["column"] as? Int == 9)
        #expect(first["severity"] as? String == "error")
        #expect(first["message"] as? String == "'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)")
        #expect((files[0]["diagnostics"] as? [[String: Any]])?.count == 7)
        #expect((files[1]["diagnostics"] as? [[String: Any]])?.isEmpty == true)
        let unreadable = try #require((files[2]["diagnostics"] as? [[String: Any]])?.first)
        #expect(unreadable["line"] as? Int == 0)
        #expect(unreadable["message"] as? String == "gone.md: cannot read: No such file or directory")
    }
}

/// Output streamed to a writer in pieces (`list --json`, `ics`, `tidy --check`'s lines) is what is collected whole.
@Suite struct StreamedOutputTests {
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var pieces: [[UInt8]] = []
        func add(_ piece: UnsafeBufferPointer<UInt8>) { lock.withLock { pieces.append(Array(piece)) } }
        var all: [[UInt8]] { lock.withLock { pieces } }
    }

    @Test func listJSONStreamedInPiecesEqualsTheCollectedDocument() {
        let sandbox = Sandbox()
        let items = (1...15_000).map { "- [ ] Item number \($0) with a longer title due:2026-12-01\n" }.joined()
        sandbox.write("board.md", "## TODO\n\n" + items + "\n## DOING\n\n## DONE\n")
        let collected = expectStreamedAsCollected(["list", "--json"], in: sandbox)
        #expect(collected.stdout.hasPrefix("{\"schemaVersion\":1,") && collected.stdout.hasSuffix("]}\n"))
    }

    /// Runs the command twice, with stdout collected and with a writer: the writer gets it in several pieces that
    /// are, together, what was collected. Returns the collected run.
    func expectStreamedAsCollected(_ arguments: [String], in sandbox: Sandbox) -> Outcome {
        let collected = sandbox.run(arguments)
        let collector = Collector()
        let streamed = BoardCommandLine.run(Invocation(arguments: arguments, environment: ["BOARD_TODAY": "2026-11-21"],
                                                       currentDirectory: sandbox.directory, stdoutWriter: collector.add))
        #expect(collected.exitCode == 0 && streamed.exitCode == 0)
        #expect(streamed.stdoutBytes.isEmpty)
        #expect(collector.all.count >= 2)
        #expect(Array(collector.all.joined()) == collected.stdoutBytes)
        return collected
    }

    /// `ics` goes to standard output a megabyte at a time: the same calendar as collected whole, and as `-o` writes.
    @Test func icsStreamedInPiecesEqualsTheCollectedCalendar() {
        let sandbox = Sandbox()
        let items = (1...8_000).map { "- [ ] Item number \($0) with a longer title due:2026-12-01 #tag\n  A body line\n" }.joined()
        sandbox.write("board.md", "## TODO\n\n" + items + "\n## DOING\n\n## DONE\n")
        let collected = expectStreamedAsCollected(["ics", "--events"], in: sandbox)
        #expect(sandbox.run(["ics", "--events", "-o", "board.ics"]).exitCode == 0)
        #expect(sandbox.bytes("board.ics") == collected.stdoutBytes)
        #expect(collected.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && collected.stdout.hasSuffix("END:VCALENDAR\r\n"))
    }

    /// `html` goes to standard output a megabyte at a time, and to `-o`'s file a piece at a time: the same page as
    /// collected whole, each section's items in their place.
    @Test func htmlStreamedInPiecesEqualsTheCollectedPage() {
        let sandbox = Sandbox()
        let items = (1...6_000).map { "- [ ] Item number \($0) with a <longer> title due:2026-12-01 #tag\n  A *body* line\n" }.joined()
        sandbox.write("board.md", "# Big\n## TODO\n\n" + items + "\n## DOING\n\n## DONE\n" + items.replacingOccurrences(of: "[ ]", with: "[x]"))
        let collected = expectStreamedAsCollected(["html"], in: sandbox)
        #expect(sandbox.run(["html", "-o", "page.html"]) == Outcome(exitCode: 0, stdout: "", stderr: ""))
        #expect(sandbox.bytes("page.html") == collected.stdoutBytes)
        let page = collected.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</body>\n</html>\n"))
        #expect(page.components(separatedBy: "<li class=\"item").count == 12_001)
        #expect(page.contains("<p class=\"empty\">(empty)</p>\n</section>\n<section class=\"column\" aria-labelledby=\"section-done\">"))
    }

    /// `tidy --check`'s lines go to a writer for stderr in pieces when they are many: the same text as collected
    /// whole, each line escaped.
    @Test func tidyCheckStreamsItsLinesToStderrInPieces() {
        let sandbox = Sandbox()
        let ticks = (1...30_000).map { "- [x] Ticked item number \($0) with a \u{1B}[31m longer title\n" }.joined()
        sandbox.write("board.md", "## TODO\n\n" + ticks + "\n## DOING\n\n## DONE\n- [x] done\n")
        sandbox.write("other.md", "## TODO\n- [x] one\n## DONE\n- [x] two\n")
        let arguments = ["tidy", "--check", "board.md", "other.md"]
        let collected = sandbox.run(arguments)
        let collector = Collector()
        let streamed = BoardCommandLine.run(Invocation(arguments: arguments, currentDirectory: sandbox.directory,
                                                       stderrWriter: collector.add))
        #expect(collected.exitCode == 1 && streamed.exitCode == 1)
        // 3.3 MB of lines: pieces of a megabyte streamed, the rest collected.
        #expect(collector.all.count >= 2 && !streamed.stderr.isEmpty)
        #expect(String(decoding: collector.all.joined(), as: UTF8.self) + streamed.stderr == collected.stderr)
        let lines = collected.stderr.split(separator: "\n")
        #expect(lines.count == 30_000 + 1)
        #expect(lines.first == "board.md: would move \"Ticked item number 1 with a \\u{1B}[31m longer title\" from TODO to DONE; run 'board tidy'")
        #expect(lines.last == "other.md: would move \"one\" from TODO to DONE; run 'board tidy'")
    }

    /// A few lines are collected as before, not streamed; a later file that cannot be read is said after them, the
    /// files before it reported still (since helper-77, a file that fails no longer ends the run of several).
    @Test func tidyCheckThatFailsOnALaterFileSaysBothInOrder() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [x] ticked\n## DONE\n")
        let collector = Collector()
        let outcome = BoardCommandLine.run(Invocation(arguments: ["tidy", "--check", "board.md", "missing.md"],
                                                      currentDirectory: sandbox.directory, stderrWriter: collector.add))
        #expect(outcome.exitCode == 1)
        #expect(collector.all.isEmpty)
        #expect(outcome.stderr == """
            board.md: would move "ticked" from TODO to DONE; run 'board tidy'
            error: missing.md: cannot read: No such file or directory

            """)
    }
}
