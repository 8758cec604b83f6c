import BoardCLI
import Foundation
import Testing

/// Issue 22: `board ics` as the command line gives it (Tests/ics-e2e.py reads it back with a real parser).
@Suite struct CalendarTests {
    @Test func foldingKeepsEveryLineWithin75OctetsAndNeverSplitsACharacter() {
        let sandbox = Sandbox()
        let title = String(repeating: "한", count: 40) + " 🚀🚀🚀 " + String(repeating: "x", count: 30)
        // The description (the body, its lines joined by `\n`) is folded as the summary is.
        let body = String(repeating: "노트 ", count: 30)
        sandbox.write("board.md", "## TODO\n- [ ] \(title) due:2026-12-01\n  \(body)\n  second line\n")
        let bytes = sandbox.run(["ics"]).stdoutBytes
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.last == 0x0D && $0.count - 1 <= 75 })
        #expect(lines.allSatisfy { String(validating: Array($0), as: UTF8.self) != nil })
        // Unfolded, the summary is the title.
        let unfolded = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:\(title)\r\n"))
        #expect(unfolded.contains("DESCRIPTION:\(body)\\nsecond line\r\n"))
    }

    @Test func textIsEscapedAndArchivedOrUndatedItemsAreLeftOut() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a; b, c\\d due:2026-12-01\n- [ ] undated\n## Archive\n- [x] old due:2026-01-01\n")
        let text = sandbox.run(["ics"]).stdout
        #expect(text.contains("SUMMARY:a\\; b\\, c\\\\d\r\n"))
        #expect(!text.contains("undated") && !text.contains("old"))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 2)
    }

    /// A title the due token splits (written from its parts joined) and one in a single run of the line (written
    /// from the file's bytes) give the same summary, categories and UID hash as their titles.
    @Test func aTitleSplitByItsDueTokenIsWrittenJoined() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Fix due:2026-12-01 the #core parser\n- [ ] Fix the #core parser due:2026-12-02\n")
        let text = sandbox.run(["ics"]).stdout
        #expect(text.components(separatedBy: "SUMMARY:Fix the #core parser\r\n").count == 3)
        #expect(text.components(separatedBy: "CATEGORIES:core\r\n").count == 3)
        let uids = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { $0.prefix { $0 != "@" } }
        #expect(uids.count == 2 && uids[0].dropLast() == uids[1].dropLast() && uids[0].hasSuffix("-0") && uids[1].hasSuffix("-1"))
    }

    /// Each item of a title takes the next place among that title's items, in file order, however the titles
    /// share the slots of the table that counts them (100 titles, their items interleaved: in a table of 1,024
    /// slots some share one nearly always).
    @Test func eachItemOfATitleTakesTheNextPlace() {
        let sandbox = Sandbox()
        let titles = (0..<300).map { "Title \($0 % 100)" }
        sandbox.write("board.md", "## TODO\n" + titles.map { "- [ ] \($0) due:2026-12-01\n" }.joined())
        let uids = sandbox.run(["ics"]).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        let places = uids.map { $0.prefix { $0 != "@" }.split(separator: "-").last.map(String.init) ?? "" }
        #expect(places == (0..<300).map { "\($0 / 100)" })
        // The same title has the same hash; different titles have different ones.
        let hashes = uids.map { $0.prefix { $0 != "-" } }
        #expect(Set(hashes).count == 100 && (0..<200).allSatisfy { hashes[$0] == hashes[$0 + 100] })
    }

    /// A title respelt in another Unicode form (`é` as `e` and a combining accent, as some editors save it) is the same
    /// title, and its item keeps its UID (helper-56: the hash was of the bytes as spelt, so a calendar saw a new event).
    @Test func aTitleRespeltInAnotherUnicodeFormKeepsItsUID() {
        let sandbox = Sandbox()
        func uids(_ titles: [String]) -> [Substring] {
            sandbox.write("board.md", "## TODO\n" + titles.map { "- [ ] \($0) due:2026-12-01\n" }.joined())
            return sandbox.run(["ics"]).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { $0.prefix { $0 != "@" } }
        }
        let composed = uids(["Caf\u{E9}", "\u{C5}ngstr\u{F6}m"]), decomposed = uids(["Cafe\u{301}", "A\u{30A}ngstro\u{308}m"])
        #expect(composed.count == 2 && composed == decomposed, "\(composed) \(decomposed)")
        // In one file the two spellings are one title: the second takes the next place.
        let both = uids(["Caf\u{E9}", "cafe\u{301}"])
        #expect(both.count == 2 && both[0] == composed[0] && both[1] == composed[0].dropLast() + "1", "\(both)")
    }

    /// UIDs are unique in the world: an item of the same title on another board has another UID, and an item keeps
    /// its own from run to run.
    @Test func twoBoardsNeverShareAUID() throws {
        func uids(_ sandbox: Sandbox, _ arguments: [String] = []) -> [String] {
            sandbox.run(["ics"] + arguments).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        }
        let one = Sandbox(), two = Sandbox()
        for sandbox in [one, two] { sandbox.write("board.md", "## TODO\n- [ ] Write docs due:2026-12-01\n") }
        #expect(uids(one).count == 1)
        #expect(uids(one) == uids(one))
        #expect(Set(uids(one)).isDisjoint(with: uids(two)))
        // A link to the board is the same board.
        try FileManager.default.createSymbolicLink(atPath: two.path("link.md"), withDestinationPath: one.path("board.md"))
        #expect(uids(two, ["--file", "link.md"]) == uids(one))
    }

    /// 9999-12-31 has no next day to end an all-day event: the event has no end, and lasts that day.
    @Test func anEventOnTheLastDayHasNoEnd() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a due:9999-12-31\n- [ ] b due:2026-12-01\n")
        let text = sandbox.run(["ics", "--events"]).stdout
        #expect(text.contains("DTSTART;VALUE=DATE:99991231\r\nTRANSP:TRANSPARENT\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261202\r\n"))
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
    /// The page's title is the first level-one heading as FORMAT §3 reads headings (helper-45): a body line of an
    /// item, or a line indented four spaces (code), was taken; a heading after a byte-order mark, or with a tab
    /// after its `#`, was not.
    /// A tag or person after a tab is a label, as `list --json` reads them (helper-45): no chip was shown.
    @Test func aLabelAfterATabIsAChip() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Fix\t#bug\t@ann due:2026-12-01\n")
        let page = sandbox.run(["html"]).stdout
        #expect(page.contains("<span class=\"title\" dir=\"auto\">Fix\t<span class=\"chip tag\">#bug</span>\t<span class=\"chip person\">@ann</span></span>"), "\(page)")
    }

    @Test func thePagesTitleIsTheFirstLevelOneHeadingOutsideItems() {
        let sandbox = Sandbox()
        for (board, title) in [("## TODO\n\n- [ ] a\n  # Body text of item a\n\n# Real Title\n", "Real Title"),
                               ("    # indented code\n# Real Title\n", "Real Title"),
                               ("\u{FEFF}# Real Title\n\n## TODO\n", "Real Title"),
                               ("#\tReal Title #\n\n## TODO\n", "Real Title"),
                               ("   # Three spaces\n", "Three spaces"),
                               ("#NoSpace\n## TODO\n- [ ] x\n", "Board")] {
            sandbox.write("board.md", board)
            let page = sandbox.run(["html"]).stdout
            #expect(page.contains("<title>\(title)</title>") && page.contains("<h1>\(title)</h1>"), "\(board.debugDescription)")
        }
    }

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
        #expect(page.contains("<span class=\"title\" dir=\"auto\">&lt;script&gt;x&lt;/script&gt; <span class=\"chip tag\">#tag</span> <span class=\"chip person\">@ana</span></span>"))
        #expect(page.contains("[a](javascript:alert(1))"))
        #expect(page.contains("<a href=\"https://example.com/?q=&quot;x&quot;\">b</a>"))
        #expect(page.contains("<code>&lt;i&gt;</code> <strong>s</strong> <em>e</em>"))
        #expect(page.contains("<ul><li><span class=\"box\" role=\"img\" aria-label=\"done\">☑</span> sub</li></ul>"))
        #expect(page.contains("<span class=\"due overdue\">! 2026-11-01 overdue</span>"))
        #expect(!page.contains("<script>") && !page.contains("<b>"))
    }

    /// A title is isolated from what follows it: a bidi override in it (U+202E) reaches no further than the title.
    @Test func aTitleIsIsolatedFromTheDatesAfterIt() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] RTL \u{202E} reversed due:2026-12-05\n")
        let page = sandbox.run(["html"]).stdout
        #expect(page.contains("<span class=\"title\" dir=\"auto\">RTL &#x202E; reversed</span> <span class=\"due\">due 2026-12-05</span>"))
    }
}
