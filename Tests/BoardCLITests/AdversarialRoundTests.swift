import BoardCLI
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
}
