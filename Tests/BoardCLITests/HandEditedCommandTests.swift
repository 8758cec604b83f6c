import BoardCLI
import Foundation
import Testing

/// Issue 15's command-line cases: what a command says and writes on hand-edited boards.
@Suite struct HandEditedCommandTests {
    @Test func aValidDueTokenInTheTitleBecomesTheDueDateAndTheMessageSaysSo() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        let outcome = sandbox.run(["add", "Ship due:2026-12-01"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "Added \"Ship\" to TODO (:2), due 2026-12-01 (read from the title)\n", stderr: ""))
        #expect(sandbox.read() == "## TODO\n- [ ] Ship due:2026-12-01\n")
    }

    @Test func aDueTokenInTheTitleAndDueTogetherAreAUsageError() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        let outcome = sandbox.run(["add", "Ship due:2026-12-01", "--due", "tomorrow"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.stderr.hasPrefix("Error: Invalid title: it holds the due date 'due:2026-12-01' and '--due' gives another; drop one of them\n"))
        #expect(sandbox.read() == "## TODO\n")
    }

    /// `edit --title` reads a due date from the title as `add` does: it replaces the item's (it used to stay, and
    /// the refusal named a second due date and a column the user never typed).
    @Test func aDueTokenInAnEditedTitleReplacesTheDueDate() {
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] Alpha due:2026-12-01 done:2026-11-01\n- [ ] Beta 📅 2026-12-03\n"
        sandbox.write("board.md", board)
        let edited = sandbox.run(["edit", "Alpha", "--title", "Alpha2 due:2026-12-09"])
        #expect(edited == Outcome(exitCode: 0, stdout: "Edited \"Alpha2\", due 2026-12-09 (read from the title)\n", stderr: ""))
        #expect(sandbox.read() == "## TODO\n- [ ] Alpha2 due:2026-12-09 done:2026-11-01\n- [ ] Beta 📅 2026-12-03\n")
        for option in [["--due", "2026-12-10"], ["--no-due"]] {
            let refused = sandbox.run(["edit", "Beta", "--title", "Beta2 due:2026-12-09"] + option)
            #expect(refused.exitCode == 64)
            #expect(refused.stderr.hasPrefix("Error: Invalid title: it holds the due date 'due:2026-12-09' and '\(option[0])'"), "\(refused.stderr)")
        }
        #expect(sandbox.read() == "## TODO\n- [ ] Alpha2 due:2026-12-09 done:2026-11-01\n- [ ] Beta 📅 2026-12-03\n")
    }

    @Test func aTitleCheckWouldRejectIsAUsageErrorAndNothingIsWritten() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        let outcome = sandbox.run(["add", "Parse due:soon tokens"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.stderr.hasPrefix("Error: Invalid title: 'due:soon' is not a real calendar date (write YYYY-MM-DD)\n"))
        #expect(sandbox.read() == "## TODO\n")
        #expect(sandbox.run(["check", sandbox.path("board.md")]).exitCode == 0)
    }

    @Test func doneOnAnUpperXItemAlreadyInDoneWritesNothing() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## DONE\n- [X] a\n")
        let path = sandbox.path("board.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        #expect(sandbox.run(["done", "a"]) == Outcome(exitCode: 0, stdout: "No change\n", stderr: ""))
        #expect(sandbox.read() == "## DONE\n- [X] a\n")
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000))
    }

    @Test func editFixesAnImpossibleDateAndNoDueRemovesEveryToken() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Design due:2026-11-31\n- [ ] Build due:soon @{2026-12-01}\n## DOING\n## DONE\n")
        #expect(sandbox.run(["edit", "Design", "--due", "2026-11-30"]).exitCode == 0)
        #expect(sandbox.run(["edit", ":3", "--no-due"]).exitCode == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] Design due:2026-11-30\n- [ ] Build\n## DOING\n## DONE\n")
        #expect(sandbox.run(["check", sandbox.path("board.md"), "--strict"]).exitCode == 0)
    }

    @Test func aRemovalThatWouldChangeAnotherLinesMeaningFailsNamingTheLine() {
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] P\n - [ ] X\n  - [ ] Y\n"
        sandbox.write("board.md", board)
        let outcome = sandbox.run(["rm", "X"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: board.md:4: removing \"X\" would make line 4 part of the body of \"P\" above it; indent line 4 less than line 2 plus two, then run the command again; nothing was written\n")
        #expect(sandbox.read() == board)
    }

    /// `tidy` and `archive` refused part way through their moves named a line of the board as it was between them
    /// (line 4, the item they were moving) instead of the file's: they name the file's line, as `rm` and `move` do.
    @Test func aRefusalPartWayThroughTidyOrArchiveNamesTheFilesLine() {
        let sandbox = Sandbox()
        for (board, line) in [("## TODO\n- [ ] P\n - [x] X1\n - [x] X2\n  - [ ] Y\n## DONE\n", 5),
                              ("## TODO\n- [ ] P\n - [x] X1\n\n\n - [x] X2\n  - [ ] Y\n## DONE\n- [x] D\n", 7)] {
            sandbox.write("board.md", board)
            for command in [["tidy"], ["archive", "X1", "X2"], ["rm", "X1", "X2"], ["move", "X1", "X2", "done"]] {
                let outcome = sandbox.run(command)
                #expect(outcome.exitCode == 1)
                #expect(outcome.stderr == "error: board.md:\(line): removing \"X1\" would make line \(line) part of the body of \"P\" above it; indent line \(line) less than line 2 plus two, then run the command again; nothing was written\n", "\(command)")
                #expect(sandbox.read() == board)
            }
        }
    }

    /// Moves of several items into a section to make go one at a time; refused part way, they named the lines of the
    /// board between two moves (helper-21: line 4 and line 2, where the file has 5 and 3), now the file's, as `rm`.
    @Test func aRefusalPartWayThroughMovesIntoAMissingSectionNamesTheFilesLine() {
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] X\n- [ ] A\n - [ ] Y\n  1. x\n## DONE\n"
        sandbox.write("board.md", board)
        for command in [["start", "X", "Y"], ["rm", "X", "Y"]] {
            let outcome = sandbox.run(command)
            #expect(outcome.stderr == "error: board.md:5: removing \"Y\" would make line 5 part of the body of \"A\" above it; indent line 5 less than line 3 plus two, then run the command again; nothing was written\n", "\(command)")
            #expect(sandbox.read() == board)
        }
    }

    @Test func checkWarnsAboutWorkNoCommandSees() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n## DOING\n## DONE\n## REVIEW\n- [ ] hidden\n")
        let outcome = sandbox.run(["check", "--strict", sandbox.path("board.md")])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains(":5:1: warning: checklist item outside the TODO, DOING and DONE sections (under '## REVIEW')"))
    }
}
