import BoardCLI
import Foundation
import Testing

/// Issue 22: `board ics` as the command line gives it (Tests/ics-e2e.py reads it back with a real parser).
@Suite struct CalendarTests {
    @Test func foldingKeepsEveryLineWithin75OctetsAndNeverSplitsACharacter() {
        let sandbox = Sandbox()
        let title = String(repeating: "한", count: 40) + " 🚀🚀🚀 " + String(repeating: "x", count: 30)
        sandbox.write("board.md", "## TODO\n- [ ] \(title) due:2026-12-01\n")
        let bytes = sandbox.run(["ics"]).stdoutBytes
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.last == 0x0D && $0.count - 1 <= 75 })
        #expect(lines.allSatisfy { String(validating: Array($0), as: UTF8.self) != nil })
        // Unfolded, the summary is the title.
        let unfolded = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:\(title)\r\n"))
    }

    @Test func textIsEscapedAndArchivedOrUndatedItemsAreLeftOut() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a; b, c\\d due:2026-12-01\n- [ ] undated\n## Archive\n- [x] old due:2026-01-01\n")
        let text = sandbox.run(["ics"]).stdout
        #expect(text.contains("SUMMARY:a\\; b\\, c\\\\d\r\n"))
        #expect(!text.contains("undated") && !text.contains("old"))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 2)
    }

    @Test func outputGoesWholeToTheFileAndADirectoryIsRefused() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a due:2026-12-01\n")
        #expect(sandbox.run(["ics", "-o", "due.ics"]) == Outcome(exitCode: 0, stdout: "", stderr: ""))
        #expect(sandbox.bytes("due.ics") == sandbox.run(["ics"]).stdoutBytes)
        let refused = sandbox.run(["ics", "-o", "."])
        #expect(refused.exitCode == 1)
        #expect(refused.stderr == "error: .: is not a regular file; board writes its output to a new or a regular file only\n")
    }
}
