import BoardKit
import Testing

/// `list --search` runs on the file's bytes for ASCII text: it must find exactly what the lowercased title and body
/// lines contain.
@Suite struct TextSearchTests {
    static func slow(_ board: Board, _ item: Item, _ text: String) -> Bool {
        let needle = text.lowercased()
        return needle.isEmpty || board.title(of: item).lowercased().contains(needle)
            || board.bodyLines(of: item).contains { $0.lowercased().contains(needle) }
    }

    @Test func findsWhatTheTitleAndBodyLinesContainIgnoringCase() {
        let board = Board(parsing: Array("## TODO\n- [ ] Ship IT due:2026-12-01 now\n  Notes About\n- [ ] Other\n".utf8))
        let (ship, other) = (board.items[0], board.items[1])
        #expect(board.item(ship, contains: TextSearch("it now")))  // across the removed due token
        #expect(!board.item(ship, contains: TextSearch("due:")))  // the due token is not title
        #expect(board.item(ship, contains: TextSearch("notes about")))
        #expect(!board.item(other, contains: TextSearch("notes")))
        #expect(board.item(other, contains: TextSearch("")))
    }

    @Test func agreesWithTheStringDefinitionOnHandEditedBoards() {
        var rng = SeededGenerator(seed: 0x5EA2C4)
        let needles = ["a", "review", "PR", "it", "ship it", "📅", "한국어", "due", "  ", "x ", "notes about", "#12", "@ana"]
        var compared = 0
        for _ in 0..<1_000 {
            let board = Board(parsing: HandEditedBoard.random(&rng))
            for item in board.items {
                for needle in needles {
                    #expect(board.item(item, contains: TextSearch(needle)) == Self.slow(board, item, needle),
                            "\(needle) in \(board.title(of: item).debugDescription)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    /// The needle's first byte is looked for eight bytes at a time: a match at every offset of a long title or body
    /// line, in either case, after bytes that only look alike, is found; a near match is not.
    @Test func findsTheTextAtEveryOffset() {
        for offset in 0..<20 {
            let lead = String(repeating: "dO", count: offset / 2) + (offset % 2 == 0 ? "" : "é")
            let board = Board(parsing: Array("## TODO\n- [ ] \(lead)DoCs end\n- [ ] t\n  \(lead)dOcS\n- [ ] \(lead)doc s\n".utf8))
            let found = board.items.map { board.item($0, contains: TextSearch("DOCS")) }
            #expect(found == [true, true, false], "at \(offset)")
            for item in board.items {
                for needle in ["docs", "docs end", "s", "o", "doc s", "é", "dodo"] {
                    #expect(board.item(item, contains: TextSearch(needle)) == Self.slow(board, item, needle), "\(needle) at \(offset)")
                }
            }
        }
    }
}

/// A title ref with Hangul, CJK or emoji looks only at the items whose line holds that run as it is: it must find
/// exactly the items the lowercased titles give.
@Suite struct NonASCIITitleRefTests {
    @Test func anchoredRefsFindWhatLowercasedTitlesContain() {
        let board = Board(parsing: Array("""
            ## TODO
            - [ ] 릴리스 NOTES due:2026-12-01
            - [ ] 릴리스 notes draft
            - [ ] 🚀 Launch 漢字
            - [ ] İstanbul 배포
            ## DONE
            - [x] 🚀 launch
            """.utf8))
        func titles(_ ref: String) -> [String] {
            switch board.item(matching: ref) {
            case .none: return []
            case .one(let item): return [board.title(of: item)]
            case .many(let items): return items.map { board.title(of: $0) }
            }
        }
        #expect(titles("릴리스 notes") == ["릴리스 NOTES"])  // exact, ignoring case
        #expect(titles("릴리스 note") == ["릴리스 NOTES", "릴리스 notes draft"])
        #expect(titles("릴리스 notes draft") == ["릴리스 notes draft"])
        #expect(titles("🚀 LAUNCH") == ["🚀 launch"])  // an exact title wins over one containing it
        #expect(titles("launch 漢字") == ["🚀 Launch 漢字"])
        #expect(titles("i̇stanbul 배포") == ["İstanbul 배포"])
        #expect(titles("배포 없음").isEmpty)
    }
}

/// `show` prints an item's first body line with text; `firstBodyLine` finds it without making every line.
@Suite struct FirstBodyTextTests {
    @Test func agreesWithTheFirstNonBlankOfBodyLinesOnHandEditedBoards() {
        var rng = SeededGenerator(seed: 0xB0D1)
        var compared = 0
        for _ in 0..<2_000 {
            let board = Board(parsing: HandEditedBoard.random(&rng) + Array("\n## TODO\n- [ ] x\n  \u{3000}\n\n   text\n".utf8))
            for item in board.items {
                let found = board.firstBodyLine(of: item).map { String(decoding: board.bytes[$0], as: UTF8.self) }
                #expect(found == board.bodyLines(of: item).first { $0.contains { !$0.isWhitespace } })
                compared += 1
            }
        }
        #expect(compared > 3_000)
    }

    @Test func datesPrintWithFourDigitYears() throws {
        #expect(try #require(CivilDate(year: 987, month: 3, day: 9)).description == "0987-03-09")
        #expect(try #require(CivilDate(year: 2026, month: 12, day: 31)).description == "2026-12-31")
    }
}
