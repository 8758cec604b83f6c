import BoardCLI
import Foundation
import Testing

/// Every failure: one line on stderr naming the problem, exit 1, and nothing written.
@Suite struct FailureTests {
    static let board = "## TODO\n- [ ] Fix login\n- [ ] Fix docs\n- [ ] Write\n"

    func sandboxWithBoard() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        return sandbox
    }

    @Test func ambiguousQueryListsCandidatesWithLineNumbers() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["done", "fix"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: 'fix' matches 2 items: \"Fix login\" (line 2), \"Fix docs\" (line 3); use more of the title or ':LINE'\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func noSuchItem() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["rm", "deploy"]) == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: no item matches 'deploy'\n"))
        #expect(sandbox.run(["rm", ":1"]) == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: no item matches ':1'\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func noBoardFoundSaysWhereItLooked() {
        let sandbox = Sandbox()
        let outcome = sandbox.run(["list"])
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr:
            "error: no board.md in \(sandbox.directory) or any folder above it; create one with 'board init' or name one with --file\n"))
    }

    @Test func boardIsFoundInAParentFolder() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.createDirectory(atPath: sandbox.path("a/b"), withIntermediateDirectories: true)
        let outcome = BoardCommandLine.run(Invocation(arguments: ["list"], environment: ["BOARD_TODAY": "2026-11-21"],
                                                      currentDirectory: sandbox.path("a/b")))
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout.contains("Fix login"))
        let viaEnvironment = sandbox.run(["list"], environment: ["BOARD_FILE": "other.md"])
        #expect(viaEnvironment.stderr == "error: other.md: cannot read: No such file or directory\n")
    }

    @Test func missingFileForAnEdit() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["add", "x", "--file", "nope.md"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: nope.md: cannot open: No such file or directory\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("nope.md")))
    }

    @Test func directoryInsteadOfAFile() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("dir.md"), withIntermediateDirectories: true)
        #expect(sandbox.run(["add", "x", "-f", "dir.md"]).stderr == "error: dir.md: is a directory, not a board file\n")
        #expect(sandbox.run(["list", "-f", "dir.md"]).stderr == "error: dir.md: is a directory, not a board file\n")
        #expect(sandbox.run(["list", "-f", "dir.md"]).exitCode == 1)
    }

    @Test func readOnlyBoardIsNotWritten() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.path("board.md"))
        #expect(sandbox.run(["add", "x"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file is read-only; nothing was written\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func fileChangedBetweenReadAndWriteIsNotOverwritten() throws {
        let sandbox = sandboxWithBoard()
        let path = sandbox.path("board.md")
        let edited = Self.board + "- [ ] Typed in an editor meanwhile\n"
        let outcome = sandbox.run(["add", "From the tool"], beforeRename: {
            _ = FileManager.default.createFile(atPath: path, contents: Data(edited.utf8))
        })
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file changed on disk while board was editing it; nothing was written, run the command again\n"))
        #expect(sandbox.read() == edited)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0 != "board.md" }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test func initRefusesToOverwrite() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["init"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file already exists; board init never overwrites a file\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func initWritesTheThreeSections() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["init", "--title", "Release 2.4"]) == Outcome(exitCode: 0, stdout:
            "Created board.md with TODO, DOING and DONE\n", stderr: ""))
        #expect(sandbox.read() == "# Release 2.4\n\n## TODO\n\n## DOING\n\n## DONE\n\n")
        #expect(sandbox.run(["check"]).exitCode == 0)
    }

    @Test func permissionsAreKept() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: sandbox.path("board.md"))
        #expect(sandbox.run(["add", "x"]).exitCode == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: sandbox.path("board.md"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
