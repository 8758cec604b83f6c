import Foundation
import Testing

/// `board check --staged`: what a pre-commit hook must judge is the version the commit takes, wherever the board is.
@Suite struct StagedCheckTests {
    static let good = "## TODO\n\n- [ ] Ship it due:2026-12-01\n\n## DOING\n\n## DONE\n"
    static let broken = "## TODO\n\n- [ ] Ship it due:2026-02-30\n\n## DOING\n\n## DONE\n"

    @Test func theStagedVersionIsCheckedNotTheWorkingTree() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", Self.broken)
        repository.git("add", "board.md")
        repository.sandbox.write("repo/board.md", Self.good)
        let refused = repository.board("check", "--staged")
        #expect(refused.status == 1)
        #expect(refused.output.contains("board.md:3:15: error: 'due:2026-02-30' is not a real calendar date"), "\(refused.output)")
        // The other way round: a broken working tree is not what the commit takes.
        repository.sandbox.write("repo/board.md", Self.good)
        repository.git("add", "board.md")
        repository.sandbox.write("repo/board.md", Self.broken)
        #expect(repository.board("check", "--staged") == (0, "0 errors, 0 warnings in 1 file\n"))
        #expect(repository.board("check").status == 1)
    }

    /// helper-73: with the user's `diff.relative` set, git listed only the staged files below the current folder, and
    /// a board above it with a conflict marker passed (0 files, exit 0) when the check ran from a subfolder.
    @Test func aBoardAboveTheCurrentFolderIsCheckedWhateverTheUsersDiffSettings() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", Self.good + "<<<<<<< ours\n")
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/sub"), withIntermediateDirectories: true)
        repository.git("add", "board.md")
        repository.git("config", "diff.relative", "true")
        repository.git("config", "diff.orderFile", repository.sandbox.path("missing-order-file"))
        let refused = repository.run("board", ["check", "--staged"], in: "repo/sub")
        #expect(refused.status == 1)
        #expect(refused.output.contains("board.md:8:1: error: merge conflict marker"), "\(refused.output)")
    }

    /// git quotes a path that is not plain ASCII, or has a space, unless asked not to: such boards were missed.
    @Test func everyStagedBoardIsFoundWhateverItsFolderIsCalled() throws {
        let repository = try #require(GitRepository())
        for folder in ["bö", "my plans", "docs"] {
            try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/\(folder)"), withIntermediateDirectories: true)
        }
        repository.sandbox.write("repo/bö/board.md", Self.broken)
        repository.sandbox.write("repo/my plans/board.md", Self.broken)
        repository.sandbox.write("repo/docs/board.md", Self.good)
        repository.sandbox.write("repo/docs/notes.md", Self.broken)
        repository.git("add", ".")
        let refused = repository.board("check", "--staged")
        #expect(refused.status == 1)
        #expect(refused.output.contains("bö/board.md:3:15: error:"), "\(refused.output)")
        #expect(refused.output.contains("my plans/board.md:3:15: error:"), "\(refused.output)")
        #expect(refused.output.hasSuffix("2 errors, 0 warnings in 3 files\n"))
        // A path given is its staged version, from a folder below the top too.
        #expect(repository.run("board", ["check", "--staged", "board.md"], in: "repo/docs") == (0, "0 errors, 0 warnings in 1 file\n"))
        let missing = repository.run("board", ["check", "--staged", "gone.md"], in: "repo/docs")
        #expect(missing == (1, "error: gone.md: nothing staged under this name (git add it)\n1 error, 0 warnings in 1 file\n"))
    }

    @Test func nothingStagedPassesAndNoRepositoryIsAnError() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("check", "--staged") == (0, "0 errors, 0 warnings in 0 files\n"))
        let outside = Sandbox()
        let outcome = outside.run(["check", "--staged"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("not in a git repository; check --staged reads what git has staged"))
    }

    /// A script run from outside the repository, or from another one, named the board with `--file`: it was
    /// refused as "not in a git repository", or looked for in the wrong one. It is read from its own.
    @Test func theBoardFileNamesIsReadFromItsOwnRepository() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", Self.broken)
        repository.git("add", "board.md")
        repository.sandbox.write("repo/board.md", Self.good)
        let path = repository.sandbox.path("repo/board.md")
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("elsewhere"), withIntermediateDirectories: true)
        let outside = repository.run("board", ["check", "--staged", "--file", path], in: "elsewhere")
        #expect(outside.status == 1 && outside.output.contains("\(path):3:15: error:"), "\(outside.output)")
        #expect(outside.output.hasSuffix("1 error, 0 warnings in 1 file\n"))
        // From another repository with a good board of its own staged: each board from its own repository.
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("other"), withIntermediateDirectories: true)
        repository.sandbox.write("other/board.md", Self.good)
        repository.run("git", ["init", "-q"], in: "other")
        repository.run("git", ["add", "board.md"], in: "other")
        let both = repository.run("board", ["check", "--staged", "--file", path], in: "other")
        #expect(both.status == 1 && both.output.contains("\(path):3:15: error:"), "\(both.output)")
        #expect(both.output.hasSuffix("1 error, 0 warnings in 2 files\n"), "\(both.output)")
    }

    /// A board that replaced a symbolic link (a type change, `T`), one named by `--file` or `BOARD_FILE`, and one
    /// named by an absolute path through a linked folder were left unchecked, or not found.
    @Test func typeChangesNamedBoardsAndLinkedFoldersAreChecked() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/real.md", Self.good)
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/board.md"), withDestinationPath: "real.md")
        repository.git("add", ".")
        repository.git("commit", "-qm", "a link")
        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/board.md"))
        repository.sandbox.write("repo/board.md", Self.broken)
        repository.git("add", "board.md")
        #expect(repository.board("check", "--staged").output.contains("board.md:3:15: error:"))
        repository.git("commit", "-qm", "a board", "--no-verify")
        // The other way round, a board replaced by a link is no board: its link text is not checked (it gave a
        // warning of no sections, and `--strict` refused the commit). A rename of a board is checked under its name.
        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/board.md"))
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/board.md"), withDestinationPath: "real.md")
        repository.git("add", "board.md")
        #expect(repository.board("check", "--staged", "--strict") == (0, "0 errors, 0 warnings in 0 files\n"))
        repository.git("commit", "-qm", "a link again", "--no-verify")
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/plans"), withIntermediateDirectories: true)
        repository.sandbox.write("repo/plans/board.md", Self.broken)
        repository.git("add", "plans/board.md")
        repository.git("commit", "-qm", "plans", "--no-verify")
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/docs"), withIntermediateDirectories: true)
        repository.git("mv", "plans/board.md", "docs/board.md")
        #expect(repository.board("check", "--staged").output.contains("docs/board.md:3:15: error:"))
        repository.git("commit", "-qm", "moved", "--no-verify")
        repository.sandbox.write("repo/kanban.md", Self.broken)
        repository.git("add", "kanban.md")
        #expect(repository.board("check", "--staged", "--file", "kanban.md").output.contains("kanban.md:3:15: error:"))
        // `BOARD_FILE`, one user's setting, never stands in for the staged boards: a broken `board.md` staged with
        // it set to a good board passed the hook.
        repository.sandbox.write("repo/good.md", Self.good)
        repository.sandbox.write("repo/board.md", Self.broken.replacingOccurrences(of: "Ship it", with: "Ship it again"))
        repository.git("add", "board.md")
        #expect(repository.run("board", ["check", "--staged"], adding: ["BOARD_FILE": "good.md"]).status == 1)
        // With `--file`, that board is checked beside the staged `board.md` files, once when it is one of them.
        let both = repository.board("check", "--staged", "--file", "kanban.md").output
        #expect(both.contains("kanban.md:3:15: error:") && both.contains("board.md:3:21: error:") && both.hasSuffix("in 2 files\n"), "\(both)")
        #expect(repository.board("check", "--staged", "--file", "board.md").output.hasSuffix("in 1 file\n"))
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("link"), withDestinationPath: repository.sandbox.path("repo"))
        let linked = repository.sandbox.path("link") + "/kanban.md"
        let outcome = repository.run("board", ["check", "--staged", linked])
        #expect(outcome.status == 1 && outcome.output.contains("\(linked):3:15: error:"), "\(outcome.output)")
    }
}
