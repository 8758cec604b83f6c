import BoardCLI
import BoardKit
import Testing

/// FORMAT.md §7: a board with an unresolved merge never passes `check`, and no command edits it.
@Suite struct ConflictMarkerTests {
    static let conflicted = """
        ## TODO
        <<<<<<< HEAD
        - [ ] Ship it due:2026-12-01
        =======
        - [ ] Ship it due:2026-12-20
        >>>>>>> feature
        ## DOING
        ## DONE

        """

    @Test func markersAreFoundOutsideCodeFencesOnly() {
        let board = Board(parsing: "## TODO\n```\n<<<<<<< HEAD\n```\n||||||| base\n<<<<<<\n======= x\n=======  \n>>>>>>>>\n  >>>>>>> indented\n")
        #expect(board.conflictMarkers == [4, 7, 8])
    }

    @Test func checkReportsEveryMarkerAsAnError() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.conflicted)
        let outcome = sandbox.run(["check", sandbox.path("board.md")])
        #expect(outcome.exitCode == 1)
        for line in [2, 4, 6] {
            #expect(outcome.stderr.contains("board.md:\(line):1: error: merge conflict marker"), "\(line)")
        }
    }

    @Test func writingCommandsRefuseAConflictedBoardNamingTheFirstMarker() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.conflicted)
        for arguments in [["start", ":3"], ["add", "X"], ["rm", ":5"], ["edit", ":3", "--due", "2026-12-02"], ["tidy"]] {
            let outcome = sandbox.run(arguments)
            #expect(outcome.exitCode == 1, "\(arguments)")
            #expect(outcome.stderr == "error: board.md:2: merge conflict marker; resolve the merge (keep the right lines, delete the markers) before board edits the file; nothing was written\n", "\(arguments)")
            #expect(sandbox.read() == Self.conflicted)
        }
    }

    @Test func readingCommandsStillReadAndWarn() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.conflicted)
        let outcome = sandbox.run(["list"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout.components(separatedBy: "\n").filter { $0.contains("Ship it") }.count == 2)
        #expect(outcome.stderr == "warning: board.md:2: merge conflict marker; the merge is not resolved, so items may show twice\n")
        #expect(sandbox.run(["show"]).stderr == outcome.stderr)
    }
}

/// A real git merge that conflicts, without the merge driver: the pre-commit hook must stop the commit.
@Suite struct ConflictMarkerGitTests {
    @Test func aConflictedMergeCannotBeCommittedThroughThePreCommitHook() throws {
        let repository = try #require(GitRepository())
        repository.branches(base: "## TODO\n- [ ] Ship it\n## DOING\n## DONE\n", alice: {
            repository.board("edit", "Ship it", "--due", "2026-12-01")
        }, main: {
            repository.board("edit", "Ship it", "--due", "2026-12-20")
        })
        repository.sandbox.write("repo/.git/hooks/pre-commit", "#!/bin/sh\nexec board check board.md\n")
        _ = repository.run("chmod", ["+x", ".git/hooks/pre-commit"])
        #expect(repository.git("merge", "-q", "alice").status != 0)
        #expect(repository.boardText.contains("<<<<<<<"))
        repository.git("add", "board.md")
        let commit = repository.git("commit", "-qm", "merge")
        #expect(commit.status != 0)
        #expect(commit.output.contains("board.md:2:1: error: merge conflict marker '<<<<<<<'"))
        #expect(repository.board("start", "Ship it").status == 1)
    }
}
