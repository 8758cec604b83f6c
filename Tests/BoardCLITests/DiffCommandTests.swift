import BoardCLI
import Foundation
import Testing

/// `board diff`: two paths, or git's seven external-diff arguments; and real git using it.
@Suite struct DiffCommandTests {
    static let old = "## TODO\n- [ ] Tag the release due:2026-12-10\n- [ ] Announce \u{1b}[2J it\n## DOING\n- [ ] Parser round trip\n## DONE\n"
    static let new = "## TODO\n- [ ] Tag the release due:2026-12-12\n- [ ] Brand new\n## DOING\n## DONE\n- [x] Parser round trip\n"
    static let expected = """
        - removed "Announce \\u{1B}[2J it" from TODO
        ~ "Tag the release": due 2026-12-10 → 2026-12-12
        + added "Brand new" to TODO
        > moved "Parser round trip" DOING → DONE

        """

    @Test func twoPaths() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", Self.new)
        let outcome = sandbox.run(["diff", "old.md", "new.md"])
        #expect(outcome == Outcome(exitCode: 0, stdout: Self.expected, stderr: ""))
        #expect(sandbox.run(["diff", "old.md", "old.md"]) == Outcome(exitCode: 0, stdout: "", stderr: ""))
        let created = sandbox.run(["diff", "/dev/null", "new.md"]).stdout
        #expect(created.hasPrefix("+ added \"Tag the release\" to TODO\n"))
    }

    /// Files that differ in no board terms (every line ending CRLF, every bullet `*`, blank lines, the order within a
    /// section) are not alike: the diff says so, so git's diff of the file lists something (helper-55: nothing at all).
    @Test func filesThatDifferInNoBoardTermsSaySo() {
        let sandbox = Sandbox()
        let old = "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n"
        sandbox.write("old.md", old)
        let said = "~ the file changed, but not in board terms\n"
        for new in [old.replacingOccurrences(of: "\n", with: "\r\n"), old.replacingOccurrences(of: "- [", with: "* ["),
                    old.replacingOccurrences(of: "\n\n", with: "\n"), old.replacingOccurrences(of: "- [ ] A\n- [ ] B", with: "- [ ] B\n- [ ] A"),
                    old.replacingOccurrences(of: "- [ ] A", with: "- [ ] A  ")] {
            sandbox.write("new.md", new)
            #expect(sandbox.run(["diff", "old.md", "new.md"]) == Outcome(exitCode: 0, stdout: said, stderr: ""), "\(new.debugDescription)")
        }
    }

    /// A version saved as UTF-16 (git hands the external diff that form for `working-tree-encoding`) is said to be
    /// one, as `log` says it, not read as "text outside the items changed" (helper-73).
    @Test func aUTF16VersionIsSaidToBeOne() {
        let sandbox = Sandbox()
        let utf16 = Self.new.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", [0xFF, 0xFE] + utf16)
        #expect(sandbox.run(["diff", "old.md", "new.md"]).stdout == "~ the new version is UTF-16, which board does not read: no changes listed\n")
        sandbox.write("new.md", utf16)
        #expect(sandbox.run(["diff", "new.md", "old.md"]).stdout == "~ the old version is UTF-16, which board does not read: no changes listed\n")
    }

    @Test func gitsSevenArguments() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", Self.new)
        let outcome = sandbox.run(["diff", "board.md", "old.md", "abc123", "100644", "new.md", "def456", "100644"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "board diff a/board.md b/board.md\n" + Self.expected, stderr: ""))
    }

    /// A rename: git adds the new path and its lines about the rename.
    @Test func gitsNineArguments() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", Self.new)
        let outcome = sandbox.run(["diff", "board.md", "old.md", "abc123", "100644", "new.md", "def456", "100644", "docs/board.md",
                                   "similarity index 90%\nrename from board.md\nrename to docs/board.md\n"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "board diff a/board.md b/docs/board.md\nsimilarity index 90%\n"
                                   + "rename from board.md\nrename to docs/board.md\n" + Self.expected, stderr: ""))
    }

    /// A path in an unfinished merge: git gives the path alone.
    @Test func gitsOneArgumentForAnUnmergedPath() {
        let outcome = Sandbox().run(["diff", "board.md"], environment: ["GIT_DIFF_PATH_COUNTER": "1", "GIT_DIFF_PATH_TOTAL": "1"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "* Unmerged path board.md\n", stderr: ""))
    }

    @Test func wrongArgumentsOrMissingFiles() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        let three = sandbox.run(["diff", "old.md", "old.md", "old.md"])
        #expect(three.exitCode == 64)
        #expect(three.stderr.hasPrefix("Error: Expected 2 paths (or git's 7 or 9 external-diff arguments), got 3\n"))
        // One path is git's call for a path in an unfinished merge, and only then.
        #expect(sandbox.run(["diff", "old.md"]).exitCode == 64)
        let missing = sandbox.run(["diff", "old.md", "gone.md"])
        #expect(missing.exitCode == 1)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("error: gone.md: "))
    }

    /// git with `diff=board` in .gitattributes and `diff.board.command` set shows board changes in
    /// `git diff` and `git log -p --ext-diff`.
    @Test func realGitUsesItAsExternalDiff() throws {
        guard let binary = Paths.binary else {
            Issue.record("the board binary is not built")
            return
        }
        let sandbox = Sandbox()
        func git(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                                 "-c", "diff.board.command=\(binary) diff"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
            return String(decoding: data, as: UTF8.self)
        }
        _ = try git("init", "-q")
        sandbox.write(".gitattributes", "board.md diff=board\n")
        sandbox.write("board.md", Self.old)
        _ = try git("add", ".")
        _ = try git("commit", "-qm", "start")
        sandbox.write("board.md", Self.new)
        #expect(try git("diff") == "board diff a/board.md b/board.md\n" + Self.expected)
        _ = try git("commit", "-qam", "work")
        let log = try git("log", "-p", "--ext-diff", "-1", "--format=%s")
        #expect(log == "work\n\nboard diff a/board.md b/board.md\n" + Self.expected)
        // Moved into a folder: git passes nine arguments; `git show` must not stop there.
        try FileManager.default.createDirectory(atPath: sandbox.path("docs"), withIntermediateDirectories: true)
        _ = try git("mv", "board.md", "docs/board.md")
        _ = try git("commit", "-qm", "move")
        #expect(try git("show", "--ext-diff", "-M", "--format=%s") ==
                "move\n\nboard diff a/board.md b/docs/board.md\nsimilarity index 100%\nrename from board.md\nrename to docs/board.md\n")
    }
}

/// Issue 17: `board diff` shows what changed in a body, and colors like `show` does.
@Suite struct DiffBodyAndColorTests {
    static let old = "## TODO\n- [ ] Write docs\n  Cover the flags.\n  Keep it short.\n## DOING\n## DONE\n"
    static let new = "## TODO\n- [ ] Write docs\n  Cover the flags and the config.\n  Keep it short.\n## DOING\n## DONE\n- [x] New\n"

    @Test func aBodyChangeShowsTheRemovedAndAddedLines() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", Self.new)
        #expect(sandbox.run(["diff", "old.md", "new.md"]).stdout == """
            ~ "Write docs": body
                - Cover the flags.
                + Cover the flags and the config.
            + added "New" to DONE

            """)
    }

    @Test func colorOnATerminalOnlyAndNeverWithNoColorOrADumbTerminal() {
        let sandbox = Sandbox()
        sandbox.write("old.md", Self.old)
        sandbox.write("new.md", Self.new)
        let colored = sandbox.run(["diff", "old.md", "new.md"], terminal: 80).stdout
        #expect(colored.contains("\u{1B}[31m    - Cover the flags.\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[32m+ added \"New\" to DONE\u{1B}[0m"))
        #expect(!sandbox.run(["diff", "old.md", "new.md"], environment: ["NO_COLOR": "1"], terminal: 80).stdout.contains("\u{1B}"))
        #expect(!sandbox.run(["diff", "old.md", "new.md"], environment: ["TERM": "dumb"], terminal: 80).stdout.contains("\u{1B}"))
        #expect(!sandbox.run(["diff", "old.md", "new.md", "--color", "never"], terminal: 80).stdout.contains("\u{1B}"))
        #expect(sandbox.run(["diff", "old.md", "new.md", "--color", "always"]).stdout.contains("\u{1B}[33m"))
    }
}
