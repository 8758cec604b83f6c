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

/// Issue 22: `board html` as the command line gives it (Tests/html-e2e.py parses and renders it for real).
@Suite struct HTMLPageTests {
    @Test func everyStringFromTheFileIsEscapedAndOnlySafeLinksSurvive() {
        let sandbox = Sandbox()
        sandbox.write("board.md", """
            # <b>Title</b>
            ## TODO
            - [ ] <script>x</script> #tag @ana due:2026-11-01
              [a](javascript:alert(1)) [b](https://example.com/?q="x") `<i>` **s** *e*
              - [x] sub
            """)
        let page = sandbox.run(["html"]).stdout
        #expect(page.contains("<title>&lt;b&gt;Title&lt;/b&gt;</title>"))
        #expect(page.contains("<span class=\"title\">&lt;script&gt;x&lt;/script&gt; <span class=\"chip tag\">#tag</span> <span class=\"chip person\">@ana</span></span>"))
        #expect(page.contains("[a](javascript:alert(1))"))
        #expect(page.contains("<a href=\"https://example.com/?q=&quot;x&quot;\">b</a>"))
        #expect(page.contains("<code>&lt;i&gt;</code> <strong>s</strong> <em>e</em>"))
        #expect(page.contains("<ul><li><span class=\"box\" role=\"img\" aria-label=\"done\">☑</span> sub</li></ul>"))
        #expect(page.contains("<span class=\"due overdue\">! 2026-11-01 overdue</span>"))
        #expect(!page.contains("<script>") && !page.contains("<b>"))
    }
}
