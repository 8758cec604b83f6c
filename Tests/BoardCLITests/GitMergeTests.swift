@testable import BoardCLI
import Foundation
import Testing

/// A git repository in a temporary folder, with the built `board` on PATH and no user or system git config.
final class GitRepository {
    let sandbox = Sandbox()
    let environment: [String: String]

    init?() {
        guard let binary = Paths.binary else { return nil }
        let bin = sandbox.path("bin")
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: bin + "/board", withDestinationPath: binary)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["BOARD_TODAY"] = "2026-11-21"
        self.environment = environment
        try? FileManager.default.createDirectory(atPath: sandbox.path("repo"), withIntermediateDirectories: true)
        git("init", "-q", "-b", "main")
        git("config", "user.name", "Test")
        git("config", "user.email", "test@example.com")
    }

    /// Runs a program in the repository (or another folder of the sandbox), with these variables added to the
    /// environment; returns its exit status and stdout and stderr together.
    @discardableResult
    func run(_ program: String, _ arguments: [String], in folder: String = "repo",
             adding variables: [String: String] = [:]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.path(folder))
        process.environment = environment.merging(variables) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The PATH a GUI client or IDE may run git with: git's folder and /bin, without `board`.
    static let minimalPath = (ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .first { FileManager.default.isExecutableFile(atPath: "\($0)/git") }.map(String.init) ?? "/usr/bin") + ":/bin"

    @discardableResult
    func git(_ arguments: String...) -> (status: Int32, output: String) { run("git", arguments) }

    @discardableResult
    func board(_ arguments: String...) -> (status: Int32, output: String) { run("board", arguments) }

    var boardText: String { sandbox.read("repo/board.md") }

    /// The folder with `board` alone, for a PATH without git.
    var boardOnly: String { sandbox.path("bin") }

    /// Commits a board on main, then makes `theirs` on branch `alice` and `ours` on main, each committed.
    func branches(base: String, alice: () -> Void, main: () -> Void) {
        sandbox.write("repo/board.md", base)
        git("add", "board.md")
        git("commit", "-qm", "base")
        git("checkout", "-qb", "alice")
        alice()
        git("commit", "-qam", "alice")
        git("checkout", "-q", "main")
        main()
        git("commit", "-qam", "main")
    }
}

/// `board git-setup`, then git merging, rebasing and diffing a board with the driver, as a user would.
@Suite struct GitMergeTests {
    static let base = """
        ## TODO

        - [ ] Write docs due:2026-12-01
        - [ ] Fix parser
        - [ ] Ship it

        ## DOING

        - [ ] Plan

        ## DONE


        """

    /// Alice starts "Fix parser" and moves "Write docs" back; main dates "Ship it" and finishes "Plan".
    /// Their lines touch, so git's line merge conflicts.
    static func neighbouringWork(_ repository: GitRepository) {
        repository.branches(base: base, alice: {
            repository.board("start", "Fix parser")
            repository.board("edit", "Write docs", "--due", "2026-12-05")
        }, main: {
            repository.board("edit", "Ship it", "--due", "2026-12-24")
            repository.board("done", "Plan")
        })
    }

    static let merged = """
        ## TODO

        - [ ] Write docs due:2026-12-05
        - [ ] Ship it due:2026-12-24

        ## DOING

        - [ ] Fix parser

        ## DONE

        - [x] Plan done:2026-11-21

        """

    @Test func gitSetupWritesTheAttributesLineOnceAndTheConfig() throws {
        let repository = try #require(GitRepository())
        let first = repository.board("git-setup")
        #expect(first.status == 0)
        #expect(first.output == """
            .gitattributes: added 'board.md merge=board diff=board'
            git config merge.board.name 'board: merge board.md item by item'
            git config merge.board.driver 'command -v board >/dev/null 2>&1 || exec git merge-file --marker-size=%L %A %O %B; exec board merge-driver -- %O %A %B %L %P'
            git config diff.board.command 'board_diff() { command -v board >/dev/null 2>&1 && exec board diff -- "$@"; git diff --no-index --no-ext-diff -- "$2" "$5"; return 0; }; board_diff'

            """)
        // A second setup leaves git's config as it is (helper-81: it rewrote it, a new file each time, and said a change
        // was made when its output could not be printed).
        func configInode() -> UInt64 {
            var status = stat()
            return stat(repository.sandbox.path("repo/.git/config"), &status) == 0 ? UInt64(status.st_ino) : 0
        }
        let before = configInode()
        let second = repository.board("git-setup")
        #expect(configInode() == before && before != 0)
        #expect(second.output.hasPrefix(".gitattributes: already has 'board.md merge=board diff=board'\n"))
        #expect(repository.sandbox.read("repo/.gitattributes") == "board.md merge=board diff=board\n")
        #expect(repository.git("config", "merge.board.driver").output.hasSuffix("; exec board merge-driver -- %O %A %B %L %P\n"))
        #expect(repository.git("config", "diff.board.command").output.hasPrefix("board_diff() { command -v board >/dev/null 2>&1 && exec board diff -- \"$@\";"))
    }

    /// git's config held by another git (its lock file there): the error says the attributes line is in and the
    /// config is not, so that the setup is run again (helper-73: it said only that `git config` failed).
    @Test func gitSetupWithGitsConfigLockedSaysWhatIsDone() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/.git/config.lock", "")
        let outcome = repository.board("git-setup")
        #expect(outcome.status == 1)
        #expect(outcome.output.hasSuffix("error: git config merge.board.name failed in \(repository.sandbox.path("repo")) (another git holding .git/config.lock?); .gitattributes is set up, git's config is not: run 'board git-setup' again\n"), "\(outcome.output)")
        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/.git/config.lock"))
        #expect(repository.board("git-setup").status == 0)
        #expect(repository.git("config", "merge.board.name").status == 0)
    }

    /// The attributes line, with the board's path in it, is printed escaped (helper-67: an ESC in the board's name
    /// reached the terminal as it is).
    @Test func gitSetupPrintsThePathEscaped() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/red\u{1B}[31mx.md", "## TODO\n")
        let outcome = repository.board("-f", "red\u{1B}[31mx.md", "git-setup")
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix(".gitattributes: added 'red\\u{1B}\\[31mx.md merge=board diff=board'\n"))
        #expect(!outcome.output.unicodeScalars.contains("\u{1B}"))
    }

    @Test func gitSetupKeepsOtherAttributesAndRefusesOutsideARepository() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/.gitattributes", "*.png binary")
        #expect(repository.board("git-setup").status == 0)
        #expect(repository.sandbox.read("repo/.gitattributes") == "*.png binary\nboard.md merge=board diff=board\n")

        let outside = Sandbox()
        let outcome = outside.run(["git-setup"], environment: ["GIT_CEILING_DIRECTORIES": outside.directory])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.hasSuffix("is not in a git work tree (no repository, or a bare one); nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: outside.path(".gitattributes")))
    }

    /// A `.gitattributes` that is a folder, or a link to nothing, is named for what it is (a folder was "not a board
    /// file", a dangling link "board init never overwrites a file"); nothing is written, and git is not configured.
    @Test func gitSetupNamesAnAttributesPathThatIsNoFile() throws {
        let repository = try #require(GitRepository())
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/.gitattributes"), withIntermediateDirectories: false)
        let folder = repository.board("git-setup")
        #expect(folder.status == 1)
        #expect(folder.output == "error: .gitattributes: is a directory, not a file; nothing was written\n")
        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/.gitattributes"))
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/.gitattributes"), withDestinationPath: "nowhere")
        let dangling = repository.board("git-setup")
        #expect(dangling.status == 1)
        #expect(dangling.output == "error: .gitattributes: is a symbolic link to nothing; nothing was written\n")
        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/.gitattributes"))
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/.gitattributes"), withDestinationPath: ".gitattributes")
        #expect(repository.board("git-setup").output == "error: .gitattributes: is a loop of symbolic links; nothing was written\n")
        #expect(repository.git("config", "merge.board.driver").output.isEmpty)
    }

    /// git (2.32 on) reads no `.gitattributes` that is a symbolic link, and a line it reads after ours can unset
    /// the attributes: either way git would never run the driver, and `git-setup` said it was set up.
    @Test func gitSetupRefusesAttributesGitWouldNotApply() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/shared-attributes", "*.png binary\n")
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/.gitattributes"), withDestinationPath: "shared-attributes")
        let linked = repository.board("git-setup")
        #expect(linked.status == 1)
        #expect(linked.output == "error: .gitattributes: is a symbolic link, which git does not read; make it a file; nothing was written\n")
        #expect(repository.sandbox.read("repo/shared-attributes") == "*.png binary\n")
        #expect(repository.git("config", "merge.board.driver").output.isEmpty)

        try FileManager.default.removeItem(atPath: repository.sandbox.path("repo/.gitattributes"))
        repository.sandbox.write("repo/.git/info/attributes", "board.md -merge\n")
        let overridden = repository.board("git-setup")
        #expect(overridden.status == 1)
        #expect(overridden.output.hasSuffix("error: git reads 'merge: unset' for board.md: a line it reads after 'board.md merge=board diff=board' (in a .gitattributes or .git/info/attributes) sets it otherwise; remove that line, or git will not use board\n"),
                "\(overridden.output)")
        repository.sandbox.write("repo/.git/info/attributes", "")
        #expect(repository.board("git-setup").status == 0)
    }

    @Test func gitSetupQuotesNamesKeepsCRLFAndRefusesABareRepository() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/my board.md", "## TODO\n")
        repository.sandbox.write("repo/.gitattributes", "*.png binary\r\n")
        #expect(repository.board("-f", "my board.md", "git-setup").status == 0)
        #expect(repository.sandbox.read("repo/.gitattributes") == "*.png binary\r\n\"my board.md\" merge=board diff=board\r\n")
        #expect(repository.git("check-attr", "merge", "--", "my board.md").output == "my board.md: merge: board\n")
        #expect(repository.git("check-attr", "merge", "--", "my.md").output == "my.md: merge: unspecified\n")

        repository.git("init", "-q", "--bare", "bare.git")
        let bare = repository.run("sh", ["-c", "cd bare.git && board -f board.md git-setup"])
        #expect(bare.status == 1)
        #expect(bare.output.contains("is not in a git work tree"))
        #expect(!FileManager.default.fileExists(atPath: repository.sandbox.path("repo/bare.git/.gitattributes")))
    }

    /// A board in a folder whose name starts with `-`: git passes its path to both drivers, which read it as an
    /// option; the merge failed with our side alone in the file (and no markers for `check` to find), and `git diff`
    /// stopped.
    @Test func aBoardPathStartingWithADashMergesAndDiffs() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/-x"), withIntermediateDirectories: false)
        repository.sandbox.write("repo/-x/board.md", "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n\n## DOING\n\n## DONE\n")
        repository.git("add", "-A")
        repository.git("commit", "-qm", "base")
        repository.git("checkout", "-qb", "alice")
        repository.board("-f", "-x/board.md", "edit", "Beta", "--title", "Beta2")
        repository.git("commit", "-qam", "alice")
        repository.git("checkout", "-q", "main")
        repository.board("-f", "-x/board.md", "edit", "Alpha", "--title", "Alpha2")
        repository.git("commit", "-qam", "main")
        let merge = repository.git("merge", "--no-edit", "alice")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(repository.sandbox.read("repo/-x/board.md") == "## TODO\n\n- [ ] Alpha2\n- [ ] Beta2\n\n## DOING\n\n## DONE\n")
        repository.board("-f", "-x/board.md", "start", "Beta2")
        let diff = repository.git("diff")
        #expect(diff.status == 0)
        #expect(diff.output.contains("Beta2"), "\(diff.output)")
    }

    @Test func theRegisteredProgramIsAnInstalledPathOrTheNameOnPath() {
        #expect(Commands.registeredProgram("/usr/local/bin/board") == "/usr/local/bin/board")
        #expect(Commands.registeredProgram("/home/ana/board/.build/debug/board") == "board")
        #expect(Commands.registeredProgram("/tmp/x/board") == "board")
        #expect(Commands.registeredProgram(nil) == "board")
        #expect(Commands.gitConfig(program: "/opt/my tools/board")[1].1
            == "command -v '/opt/my tools/board' >/dev/null 2>&1 || exec git merge-file --marker-size=%L %A %O %B; exec '/opt/my tools/board' merge-driver -- %O %A %B %L %P")
    }

    /// A GUI client or IDE runs git without the shell's PATH: the driver is not found, and git's own line merge
    /// must take over, markers included, so that `git add` cannot silently drop their side.
    @Test func withoutBoardOnPathTheMergeFallsBackToGitsLineMergeWithMarkers() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        repository.branches(base: "## TODO\n- [ ] Ship it\n## DOING\n## DONE\n", alice: {
            repository.board("edit", "Ship it", "--due", "2026-12-01")
        }, main: {
            repository.board("edit", "Ship it", "--due", "2026-12-20")
        })
        let merge = repository.run("env", ["PATH=\(GitRepository.minimalPath)", "git", "merge", "-q", "alice"])
        #expect(merge.status != 0)
        #expect(repository.boardText.contains("<<<<<<<"))
        #expect(repository.boardText.contains("due:2026-12-01") && repository.boardText.contains("due:2026-12-20"))
    }

    /// Without `board` on PATH (a GUI client, a binary moved away) `git diff` and `git log -p` show git's line diff
    /// of the board instead of stopping at it ("external diff died").
    @Test func withoutBoardOnPathTheDiffFallsBackToGitsLineDiff() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] a\n## DOING\n## DONE\n")
        repository.git("add", "-A")
        repository.git("commit", "-q", "-m", "board")
        #expect(repository.board("add", "b").status == 0)
        let withBoard = repository.git("diff")
        #expect(withBoard.status == 0)
        #expect(withBoard.output.contains("+ added \"b\" to TODO"))
        let without = repository.run("env", ["PATH=\(GitRepository.minimalPath)", "git", "diff"])
        #expect(without.status == 0, "\(without.output)")
        #expect(without.output.contains("+- [ ] b\n"), "\(without.output)")
        repository.git("commit", "-q", "-am", "b")
        let log = repository.run("env", ["PATH=\(GitRepository.minimalPath)", "git", "log", "-p", "-1"])
        #expect(log.status == 0)
        #expect(log.output.contains("+- [ ] b\n"), "\(log.output)")
    }

    @Test func branchesEditingDifferentItemsConflictWithoutTheDriverAndMergeCleanlyWithIt() throws {
        let repository = try #require(GitRepository())
        Self.neighbouringWork(repository)

        let plain = repository.git("merge", "alice", "-m", "merge")
        #expect(plain.status != 0)
        #expect(plain.output.contains("CONFLICT (content): Merge conflict in board.md"))
        repository.git("merge", "--abort")

        #expect(repository.board("git-setup").status == 0)
        let merge = repository.git("merge", "alice", "-m", "merge")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(repository.boardText == Self.merged)
        #expect(repository.board("check").status == 0)
    }

    /// Text outside the items that git's own line merge merges cleanly (a blank line stands between the changes)
    /// merges cleanly with the driver too, to the same board.
    @Test func textChangesGitMergesCleanlyMergeCleanlyWithTheDriverToo() throws {
        let repository = try #require(GitRepository())
        let base = "# Board\n\n" + Self.base
        repository.branches(base: base, alice: {
            repository.sandbox.write("repo/board.md", base.replacingOccurrences(of: "# Board", with: "# Team board"))
        }, main: {
            repository.sandbox.write("repo/board.md", base.replacingOccurrences(of: "## TODO", with: "## To do")
                .replacingOccurrences(of: "## DOING", with: "## In progress"))
        })
        let plain = repository.git("merge", "alice", "-m", "merge")
        #expect(plain.status == 0, "\(plain.output)")
        let byGit = repository.boardText
        repository.git("reset", "-q", "--hard", "HEAD~1")

        #expect(repository.board("git-setup").status == 0)
        let merge = repository.git("merge", "alice", "-m", "merge")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(repository.boardText == byGit)
        #expect(repository.board("list").output.contains("DOING  [ ]              Plan"))
    }

    @Test func theSameFieldChangedOnBothBranchesConflictsAroundThatItemOnly() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        repository.branches(base: Self.base, alice: {
            repository.board("edit", "Write docs", "--due", "2026-12-05")
            repository.board("start", "Fix parser")
        }, main: {
            repository.board("edit", "Write docs", "--due", "2026-12-09")
            repository.board("done", "Plan")
        })
        let merge = repository.git("merge", "alice", "-m", "merge")
        #expect(merge.status != 0)
        #expect(merge.output.contains("board.md: conflict: both changed the due date of \"Write docs\""))
        #expect(merge.output.contains("CONFLICT (content): Merge conflict in board.md"))
        #expect(repository.boardText == """
            ## TODO

            <<<<<<< ours
            - [ ] Write docs due:2026-12-09
            =======
            - [ ] Write docs due:2026-12-05
            >>>>>>> theirs
            - [ ] Ship it

            ## DOING

            - [ ] Fix parser

            ## DONE

            - [x] Plan done:2026-11-21

            """)
    }

    /// Each branch hides the base's second TODO heading in a code block of its own; merged, the second block's fence
    /// closes the first, and the heading is back. git must stop there rather than commit a board `check` rejects.
    @Test func aMergeThatWouldFailCheckStopsAsAConflict() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        let base = "## TODO\n\n- [ ] A\n\nintro\n\n## DONE\n\n- [x] B\n\ntext\n\n## TODO\n\nnotes\n"
        repository.branches(base: base, alice: {
            repository.sandbox.write("repo/board.md", base.replacingOccurrences(of: "intro\n", with: "intro\n```\n"))
        }, main: {
            repository.sandbox.write("repo/board.md", base.replacingOccurrences(of: "text\n", with: "text\n```\n"))
        })
        let merge = repository.git("merge", "alice", "-m", "merge")
        #expect(merge.status != 0)
        #expect(merge.output.contains("board.md: conflict: the merged board fails check at line 15, though neither side does: second TODO section"),
                "\(merge.output)")
        #expect(merge.output.contains("CONFLICT (content): Merge conflict in board.md"))
        #expect(repository.board("check").status == 1)
    }

    /// A criss-cross merge: each branch merged the other's first change and resolved the conflict its own way. git
    /// merges the two merge bases with the driver into a base that holds both versions in markers; the final merge
    /// must stop there, not drop the item both branches kept.
    @Test func aCrissCrossMergeOfResolutionsThatDifferConflicts() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        repository.sandbox.write("repo/board.md", "## TODO\n\n- [ ] Ship it\n- [ ] B\n\n## DOING\n\n## DONE\n")
        repository.git("add", "board.md")
        repository.git("commit", "-qm", "base")
        repository.git("checkout", "-qb", "x")
        repository.board("edit", "Ship it", "--due", "2026-12-01")
        repository.git("commit", "-qam", "x")
        repository.git("tag", "x0")
        repository.git("checkout", "-qb", "y", "main")
        repository.board("edit", "Ship it", "--due", "2026-12-02")
        repository.git("commit", "-qam", "y")
        repository.git("tag", "y0")
        for (branch, other, kept) in [("y", "x0", "y0"), ("x", "y0", "x0")] {
            repository.git("checkout", "-q", branch)
            #expect(repository.git("merge", "-q", "--no-edit", other).status != 0)
            repository.sandbox.write("repo/board.md", repository.git("show", "\(kept):board.md").output)
            repository.git("commit", "-qam", "\(branch) keeps its date")
        }
        let merge = repository.git("merge", "--no-edit", "y")
        #expect(merge.status != 0, "\(merge.output)")
        #expect(merge.output.contains("CONFLICT (content): Merge conflict in board.md"))
        #expect(merge.output.contains("board.md: conflict: the two sides resolved a conflict of their merge base differently"), "\(merge.output)")
        let text = repository.boardText
        #expect(text.hasPrefix("<<<<<<< ours\n") && text.contains("- [ ] Ship it due:2026-12-01\n") && text.contains("- [ ] Ship it due:2026-12-02\n"), "\(text)")
    }

    @Test func rebaseUsesTheDriverToo() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        Self.neighbouringWork(repository)
        repository.git("checkout", "-q", "alice")
        let rebase = repository.git("rebase", "main")
        #expect(rebase.status == 0, "\(rebase.output)")
        #expect(repository.boardText == Self.merged)
        #expect(repository.git("log", "--format=%s").output == "alice\nmain\nbase\n")
    }

    @Test func cherryPickUsesTheDriverToo() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        Self.neighbouringWork(repository)
        let pick = repository.git("cherry-pick", "alice")
        #expect(pick.status == 0, "\(pick.output)")
        #expect(repository.boardText == Self.merged)
        #expect(repository.git("log", "--format=%s").output == "alice\nmain\nbase\n")
    }

    /// A GUI client or IDE runs git with a minimal PATH: with `board` installed at a stable path, `git-setup`
    /// registers that path, so the driver still runs there and the merge is clean.
    @Test func anInstalledBoardMergesInAGUILikeEnvironmentWithoutItOnPath() throws {
        let repository = try #require(GitRepository())
        let binary = try #require(Paths.binary)
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let install = home + "/.local/share/board-tests/\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: install) }
        try FileManager.default.createDirectory(atPath: install + "/bin", withIntermediateDirectories: true)
        // A hard link, not a copy: a copy is written through a descriptor that a child another test forks at that
        // moment inherits, and running the copy then fails with "Text file busy" until that child ends.
        do {
            try FileManager.default.linkItem(atPath: binary, toPath: install + "/bin/board")
        } catch {
            try FileManager.default.copyItem(atPath: binary, toPath: install + "/bin/board")
        }
        let setup = repository.run("env", ["PATH=\(GitRepository.minimalPath)", install + "/bin/board", "git-setup"])
        #expect(setup.status == 0, "\(setup.output)")
        #expect(setup.output.contains(install + "/bin/board"))
        Self.neighbouringWork(repository)
        let merge = repository.run("env", ["PATH=\(GitRepository.minimalPath)", "git", "merge", "alice", "-m", "merge"])
        #expect(merge.status == 0, "\(merge.output)")
        #expect(repository.boardText == Self.merged)
    }

    @Test func afterGitSetupDiffAndLogShowBoardChanges() throws {
        let repository = try #require(GitRepository())
        #expect(repository.board("git-setup").status == 0)
        Self.neighbouringWork(repository)
        repository.board("rm", "Ship it")
        #expect(repository.git("diff").output == "board diff a/board.md b/board.md\n- removed \"Ship it\" from TODO\n")
        let log = repository.git("log", "-p", "--ext-diff", "-1", "--format=%s", "alice")
        #expect(log.output == """
            alice

            board diff a/board.md b/board.md
            ~ "Write docs": due 2026-12-01 → 2026-12-05
            > moved "Fix parser" TODO → DOING

            """)
    }
}

/// `board merge-driver` run directly, as git runs it.
@Suite struct MergeDriverCommandTests {
    static let base = "## TODO\n\n- [ ] A due:2026-01-01\n- [ ] B\n\n## DOING\n\n## DONE\n"

    func sandbox(ours: String, theirs: String) -> Sandbox {
        let sandbox = Sandbox()
        sandbox.write("base.md", Self.base)
        sandbox.write("ours.md", ours)
        sandbox.write("theirs.md", theirs)
        return sandbox
    }

    @Test func aCleanMergeIsWrittenOverOursAndExitsZero() {
        let sandbox = sandbox(ours: "## TODO\n\n- [ ] A due:2026-01-02\n- [ ] B\n\n## DOING\n\n## DONE\n",
                              theirs: "## TODO\n\n- [ ] A due:2026-01-01\n\n## DOING\n\n- [ ] B\n\n## DONE\n")
        let outcome = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "7", "board.md"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "", stderr: ""))
        #expect(sandbox.read("ours.md") == "## TODO\n\n- [ ] A due:2026-01-02\n\n## DOING\n\n- [ ] B\n\n## DONE\n")
    }

    @Test func conflictsAreMarkedNamedAndExitOne() {
        let sandbox = sandbox(ours: "## TODO\n\n- [ ] A due:2026-01-02\n- [ ] B\n\n## DOING\n\n## DONE\n",
                              theirs: "## TODO\n\n- [ ] A due:2026-01-03\n\n## DOING\n\n## DONE\n")
        let outcome = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "3", "docs/board.md"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "docs/board.md: conflict: both changed the due date of \"A\"\n")
        // Asked for markers of 3, it writes 7: shorter ones `check` would not see.
        #expect(sandbox.read("ours.md") == "## TODO\n\n<<<<<<< ours\n- [ ] A due:2026-01-02\n=======\n- [ ] A due:2026-01-03\n>>>>>>> theirs\n\n## DOING\n\n## DONE\n")
    }

    /// Both sides move B into DOING, to places a text line there keeps apart (helper-46's `fc1`): a conflict, which
    /// said "to different sections" though both put B in DOING. It says places; the markers say the sections where
    /// they differ.
    @Test func bothMovingAnItemToOneSectionApartSayPlaces() {
        let base = "## TODO\n\n- [ ] B\n\n## DOING\n\n- [ ] P\n\nnote\n- [ ] Q\n\n## DONE\n"
        let sandbox = Sandbox()
        sandbox.write("base.md", base)
        sandbox.write("ours.md", "## TODO\n\n## DOING\n\n- [ ] P\n\nnote\n- [ ] Q\n- [ ] B\n\n## DONE\n")
        sandbox.write("theirs.md", "## TODO\n\n## DOING\n\n- [ ] B\n- [ ] P\n\nnote\n- [ ] Q\n\n## DONE\n")
        let outcome = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "7", "board.md"])
        #expect(outcome.exitCode == 1 && outcome.stderr == "board.md: conflict: both moved \"B\", to different places\n", "\(outcome.stderr)")
    }

    /// Theirs ticks an item into DONE, a section ours removed: the driver says so, exits 1, and `check` refuses
    /// the file (it put the ticked item in DOING and exited 0).
    @Test func anItemPutInARemovedSectionIsAConflictTheDriverNames() {
        let sandbox = Sandbox()
        sandbox.write("base.md", "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n\n- [x] C\n")
        sandbox.write("ours.md", "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n")
        sandbox.write("theirs.md", "## TODO\n\n- [ ] A\n\n## DOING\n\n## DONE\n\n- [x] B done:2026-11-26\n- [x] C\n")
        let outcome = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "7", "board.md"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "board.md: conflict: theirs put \"B\" in DONE, whose heading the other side removed, renamed or moved\n")
        #expect(sandbox.run(["check", "--file", "ours.md"]).exitCode == 1)
    }

    /// A marker size past a thousand, as git may pass one, still merges: its markers are a thousand long.
    @Test func aHugeMarkerSizeStillMerges() {
        let sandbox = sandbox(ours: "## TODO\n\n- [ ] A due:2026-01-02\n", theirs: "## TODO\n\n- [ ] A due:2026-01-03\n")
        #expect(sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "5000"]).exitCode == 1)
        #expect(sandbox.read("ours.md").hasPrefix("## TODO\n\n" + String(repeating: "<", count: 1_000) + " ours\n"))
    }

    /// A side saved as UTF-16 holds no board to merge; the merge's UTF-8 lines written into it ruined it.
    @Test func aUTF16SideIsRefusedAndNothingIsWritten() {
        let text = "## TODO\n\n- [ ] A due:2026-01-01\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let sandbox = sandbox(ours: "", theirs: "## TODO\n\n- [ ] A due:2026-01-02\n")
        sandbox.write("ours.md", utf16)
        let outcome = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md"])
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: ours.md: the file is UTF-16; board merges UTF-8 boards only; nothing was written\n"))
        #expect(sandbox.bytes("ours.md") == utf16)
        sandbox.write("ours.md", text)
        sandbox.write("theirs.md", utf16)
        #expect(sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md"]).stderr == "error: theirs.md: the file is UTF-16; board merges UTF-8 boards only; nothing was written\n")
        #expect(sandbox.read("ours.md") == text)
    }

    @Test func badArgumentsWriteNothing() {
        let ours = "## TODO\n\n- [ ] A due:2026-01-02\n"
        let sandbox = sandbox(ours: ours, theirs: "## TODO\n")
        let size = sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "big"])
        #expect(size.exitCode == 64)
        #expect(size.stderr.hasPrefix("Error: Invalid marker size 'big' (a number from 1)\n"))
        #expect(sandbox.run(["merge-driver", "base.md", "ours.md", "theirs.md", "0"]).exitCode == 64)
        let missing = sandbox.run(["merge-driver", "base.md", "ours.md", "gone.md"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.hasPrefix("error: gone.md: cannot"))
        #expect(sandbox.read("ours.md") == ours)
        #expect(sandbox.run(["merge-driver", "base.md", "ours.md"]).exitCode == 64)
    }
}
