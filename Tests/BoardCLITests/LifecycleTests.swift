import BoardCLI
import Testing

/// Issue 19: done dates, tags and people, WIP limits, as the commands show and write them.
@Suite struct LifecycleTests {
    static let board = """
        ## TODO

        - [ ] Write docs due:2026-12-01
        - [ ] Ship it  

        ## DOING

        ## DONE

        - [x] Old one ✅ 2026-11-01

        """

    @Test func doneRecordsTodayFromTodayOrTheEnvironmentAndReopenGivesBackTheBytes() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["done", "Ship"]).exitCode == 0)
        #expect(sandbox.read().contains("- [x] Ship it done:2026-11-21  \n"))
        #expect(sandbox.run(["reopen", "Ship"]).exitCode == 0)
        #expect(sandbox.read() == Self.board)
        #expect(sandbox.run(["--today", "2026-11-25", "move", "Ship", "done"]).exitCode == 0)
        #expect(sandbox.read().contains("- [x] Ship it done:2026-11-25  \n"))
        #expect(sandbox.run(["reopen", "Ship"], environment: ["BOARD_TODAY": "2026-11-30"]).exitCode == 0)
        #expect(sandbox.run(["done", "Ship"], environment: ["BOARD_TODAY": "2026-11-30"]).exitCode == 0)
        #expect(sandbox.read().contains("- [x] Ship it done:2026-11-30  \n"))
    }

    @Test func listAndShowGiveTheDoneDateOfDoneItems() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board + "- [x] Fresh done:2026-11-20\n")
        #expect(sandbox.run(["list", "done"]).stdout == """
            DONE   [x]              Old one  done 2026-11-01  :10
            DONE   [x]              Fresh  done 2026-11-20  :11

            """)
        let json = sandbox.run(["list", "--json"]).stdout
        #expect(json.contains(#"{"title":"Write docs","due":"2026-12-01","done":null,"#))
        #expect(json.contains(#"{"title":"Old one","due":null,"done":"2026-11-01","#))
        let shown = sandbox.run(["show", "--width", "40"]).stdout
        #expect(shown.contains("[x] Old one\n    done 2026-11-01\n[x] Fresh\n    done 2026-11-20\n"))
    }

    @Test func checkFailsOnAnImpossibleDoneDate() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n## DOING\n## DONE\n- [x] Bad done:2026-02-30\n")
        #expect(sandbox.run(["check"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            board.md:4:11: error: 'done:2026-02-30' is not a real calendar date (write YYYY-MM-DD)
            1 error, 0 warnings in 1 file

            """))
    }
}
