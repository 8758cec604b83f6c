@testable import BoardKit
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
        #expect(board.item(ship, contains: TextSearch("it now", on: board)))  // across the removed due token
        #expect(!board.item(ship, contains: TextSearch("due:", on: board)))  // the due token is not title
        #expect(board.item(ship, contains: TextSearch("notes about", on: board)))
        #expect(!board.item(other, contains: TextSearch("notes", on: board)))
        #expect(board.item(other, contains: TextSearch("", on: board)))
    }

    @Test func agreesWithTheStringDefinitionOnHandEditedBoards() {
        var rng = SeededGenerator(seed: 0x5EA2C4)
        let needles = ["a", "review", "PR", "it", "ship it", "📅", "한국어", "due", "  ", "x ", "notes about", "#12", "@ana"]
        var compared = 0
        for _ in 0..<1_000 {
            let board = Board(parsing: HandEditedBoard.random(&rng))
            for item in board.items {
                for needle in needles {
                    #expect(board.item(item, contains: TextSearch(needle, on: board)) == Self.slow(board, item, needle),
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
            let found = board.items.map { board.item($0, contains: TextSearch("DOCS", on: board)) }
            #expect(found == [true, true, false], "at \(offset)")
            for item in board.items {
                for needle in ["docs", "docs end", "s", "o", "doc s", "é", "dodo"] {
                    #expect(board.item(item, contains: TextSearch(needle, on: board)) == Self.slow(board, item, needle), "\(needle) at \(offset)")
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

    /// A search of scalars without case (Hangul, CJK, emoji) is compared on the bytes of text whose every scalar
    /// stands alone, in one walk that compares it only where its first scalar beyond ASCII could stand: found across
    /// the due token the title leaves out, after the ASCII it starts with, at every offset; not in the token itself,
    /// nor where a scalar that extends the one before it makes the text's characters other than its scalars.
    @Test func caselessSearchesRunOnTheBytes() {
        for offset in 0..<20 {
            let lead = String(repeating: "ab", count: offset / 2) + (offset % 2 == 0 ? "" : "é")
            let board = Board(parsing: Array("""
                ## TODO
                - [ ] \(lead)한 due:2026-01-02 국어
                - [ ] \(lead)#테스트 📅 2026-01-02
                  \(lead)(한국어)
                - [ ] \(lead)한국\u{FE0F}어
                ## DONE
                """.utf8))
            func found(_ text: String) -> [Int] {
                board.items.indices.filter { board.item(board.items[$0], contains: TextSearch(text, on: board)) }
            }
            #expect(found("한 국어") == [0], "at \(offset)")
            #expect(found("📅") == [], "at \(offset)")
            #expect(found("#테스트") == [1], "at \(offset)")
            #expect(found("(한국") == [1], "at \(offset)")
            #expect(found("국어") == [0, 1], "at \(offset)")
            #expect(found("한국") == [1], "at \(offset)")
            #expect(found(lead + "한") == (lead.isEmpty ? [0, 1, 2] : [0, 2]), "at \(offset)")
        }
    }

    /// A query whose first scalar the text repeats is compared at each of them only up to a budget, then searched for
    /// once (helper-69: a million `✅` and a query of twenty thousand took 2 s): found and not found as before.
    @Test func caselessSearchesOnRepeatingTextFindWhatStringsFind() {
        let board = Board(parsing: Array(("## TODO\n- [ ] " + String(repeating: "✅", count: 2_000) + "📅 x\n- [ ] "
            + String(repeating: "가", count: 2_000) + "\n").utf8))
        func found(_ text: String) -> [Int] {
            board.items.indices.filter { board.item(board.items[$0], contains: TextSearch(text, on: board)) }
        }
        #expect(found(String(repeating: "✅", count: 500) + "📅") == [0])
        #expect(found(String(repeating: "✅", count: 500) + "🚀") == [])
        #expect(found(String(repeating: "가", count: 2_000)) == [1])
        #expect(found(String(repeating: "가", count: 500) + "각") == [])
    }

    /// A search whose scalars stand alone is compared on the lowercased bytes of text whose scalars stand alone too;
    /// text with a scalar that extends the one before it (a skin tone, a variation selector) is compared as a
    /// string, where `👍🏽` is one character that holds no `👍`.
    @Test func searchesOnBytesFindWhatStringsFind() {
        let board = Board(parsing: Array("""
            ## TODO
            - [ ] 👍🏽 테스트 ok
            - [ ] 👍 테스트 OK
            - [ ] ✅\u{FE0F} Été
              🚀 body ÉTÉ
            - [ ] e\u{301}te\u{301} ✅
            - [ ] 테스트
            ## DONE
            """.utf8))
        func found(_ text: String) -> [Int] {
            board.items.indices.filter { board.item(board.items[$0], contains: TextSearch(text, on: board)) }
        }
        #expect(found("👍") == [1])
        #expect(found("👍 테스트 ok") == [1])
        #expect(found("테스트") == [0, 1, 4])
        #expect(found("✅") == [3])
        #expect(found("été") == [2, 3])
        #expect(found("🚀 BODY été") == [2])
        #expect(found("e\u{301}te\u{301}") == [2, 3])
        // Refs alike: a whole title wins over titles that hold it.
        func lines(_ ref: String) -> [Int] {
            switch board.item(matching: ref) {
            case .none: return []
            case .one(let item): return [item.line]
            case .many(let items): return items.map(\.line)
            }
        }
        #expect(lines("👍") == [2])
        #expect(lines("👍 테스트 ok") == [2])
        #expect(lines("테스트") == [6])
        #expect(lines("테스트 O") == [1, 2])
        #expect(lines("✅") == [5])
        #expect(lines("ÉTÉ") == [3, 5])
    }
}

/// U+212A KELVIN SIGN lowercases to ASCII `k`: an ASCII query is searched for on the file's bytes, where the sign is
/// no `k`, and an item titled with it was found by no ref, not even its whole title as `{name}` prints it.
@Suite struct KelvinSignTests {
    let board = Board(parsing: Array("## TODO\n- [ ] Kelvin \u{212A} here\n- [ ] other\n## DOING\n- [ ] kelvin\n## DONE\n".utf8))

    func lines(_ match: ItemMatch) -> [Int] {
        switch match {
        case .none: return []
        case .one(let item): return [item.line]
        case .many(let items): return items.map(\.line)
        }
    }

    @Test func refsAndSearchesFindTheSignAsK() {
        for ref in ["Kelvin \u{212A} here", "kelvin k here", "KELVIN K HERE", "vin \u{212A} h"] {
            #expect(lines(board.item(matching: ref)) == [1], "\(ref.debugDescription)")
            var index = TitleIndex(board)
            #expect(lines(board.item(matching: ref, in: &index)) == [1], "\(ref.debugDescription)")
        }
        #expect(lines(board.item(matching: "kelvin")) == [4])
        func found(_ text: String) -> [Int] {
            board.items.indices.filter { board.item(board.items[$0], contains: TextSearch(text, on: board)) }
        }
        #expect(found("n k h") == [0])
        #expect(found("K") == [0, 2])
        #expect(found("\u{212A}") == [0, 2])
        #expect(found("other") == [1])
    }

    /// The sign is the one scalar beyond ASCII whose lowercase is ASCII alone, in all of Unicode: the only one an
    /// ASCII query can equal (`İ` lowercases to `i` and a combining dot, one character that is no `i`).
    @Test func theSignIsTheOneScalarLowercasingToASCII() {
        var found: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), String(scalar).lowercased().utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            found.append(value)
        }
        #expect(found == [0x212A])
        #expect(Board(parsing: Array("a \u{212A}".utf8)).mayHoldLowercased(asciiQuery: "k".utf8))
        #expect(!Board(parsing: Array("\u{2129}\u{212B}\u{E2}".utf8)).mayHoldLowercased(asciiQuery: "k".utf8))
    }
}

/// Refs and searches beyond ASCII compare as strings only the items whose text, lowercased, holds the query's
/// anchor: the longest run of scalars NFC leaves alone. They must find what comparing every title and body line as
/// strings finds, with text that only looks alike: decomposed accents (a query `o` with a combining diaeresis is
/// `ö`), letters whose lowercase is longer (`İ`), final sigma, emoji sequences, ideographic spaces. (The Kelvin
/// sign, which lowercases to ASCII `k`, has a test of its own.)
@Suite struct NonASCIIAnchorTests {
    static let pieces = ["a", "B", "é", "É", "e\u{301}", "E\u{301}", "ß", "ẞ", "İ", "i", "ı", "Σ", "σ", "ς", "ж", "Ж", "한", "テ", "中",
                         "🚀", "👨\u{200D}👩", "🇰🇷", "\u{FE0F}", "\u{AD}", "ǅ", "ﬀ", "k", " ", "  ", "\t", "Ö", "ö",
                         "o\u{308}", "\u{1100}", "각", "\u{3000}", "👍", "🏽",
                         // Kana with a voiced sound mark, composed and not; a compatibility ideograph and its own.
                         "か", "\u{3099}", "が", "\u{F900}", "\u{8C48}", "\u{1161}", "\u{11A8}",
                         // Greek and Cyrillic: a precomposed letter and its parts, and the Greek question mark.
                         "Ά", "Α\u{301}", "ά", ";", "\u{37E}", "Й", "И\u{306}", "й", "\u{483}"]

    static func text(_ count: Int, _ rng: inout SeededGenerator) -> String {
        let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
        return text.trimmingSpacesAndTabs.isEmpty ? "z" : text.trimmingSpacesAndTabs
    }

    /// Whether `text` holds `part` as the standard library's `contains` finds it, character by character (this
    /// module sees Foundation's too, which also finds a part that starts inside a character).
    static func holds(_ text: String, _ part: String) -> Bool {
        let (text, part) = (Array(text), Array(part))
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }

    @Test func anchoredRefsAndSearchesFindWhatStringsFind() {
        var rng = SeededGenerator(seed: 0xA4C0)
        var compared = 0
        for _ in 0..<600 {
            let titles = (0..<Int.random(in: 1...10, using: &rng)).map { _ in Self.text(Int.random(in: 1...7, using: &rng), &rng) }
            var lines = ["## TODO"]
            for title in titles {
                lines.append("- [ ] \(title)" + (Bool.random(using: &rng) ? "" : " due:2026-01-02 " + Self.text(2, &rng)))
                if Int.random(in: 0..<3, using: &rng) == 0 { lines.append("  " + Self.text(Int.random(in: 1...5, using: &rng), &rng)) }
            }
            let board = Board(parsing: Array((lines + ["## DOING", "## DONE", ""]).joined(separator: "\n").utf8))
            for _ in 0..<4 {
                let title = titles[Int.random(in: 0..<titles.count, using: &rng)]
                let query = Bool.random(using: &rng) ? Self.text(Int.random(in: 1...3, using: &rng), &rng)
                    : String(title.unicodeScalars.dropFirst(Int.random(in: 0...1, using: &rng)).map(Character.init))
                // An ASCII query is searched for on the bytes (TextSearchTests): only one beyond ASCII has an anchor.
                guard !query.trimmingSpacesAndTabs.isEmpty, !query.hasPrefix(":"), query.utf8.contains(where: { $0 >= 0x80 }) else { continue }
                let lowered = query.lowercased().streamSafe
                let search = TextSearch(query, on: board)
                for item in board.items {
                    let expected = Self.holds(board.title(of: item).lowercased().streamSafe, lowered)
                        || board.bodyLines(of: item).contains { Self.holds($0.lowercased().streamSafe, lowered) }
                    #expect(board.item(item, contains: search) == expected, "\(query.debugDescription) in \(board.title(of: item).debugDescription)")
                }
                let exact = board.items.filter { board.title(of: $0).lowercased().streamSafe == lowered }
                let expected = exact.isEmpty ? board.items.filter { Self.holds(board.title(of: $0).lowercased().streamSafe, lowered) } : exact
                let found: [Item]
                switch board.item(matching: query) {
                case .none: found = []
                case .one(let item): found = [item]
                case .many(let items): found = items
                }
                #expect(found.map(\.line) == expected.map(\.line), "\(query.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    /// A scalar's spellings are looked for below U+0530 only: every scalar from there on that NFC leaves alone must
    /// lowercase to itself, in all of Unicode.
    @Test func everySpellingOfAScalarLiesBelowU0530() {
        var outside: [UInt32] = []
        for value in UInt32(0x530)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), TitleOrder.isLeftAloneByNFC(scalar) else { continue }
            if scalar.properties.lowercaseMapping.unicodeScalars.elementsEqual([scalar]) == false { outside.append(value) }
        }
        #expect(outside.isEmpty)
        #expect(TitleOrder.spellings(lowercasingTo: "é") == [0xE9, 0xC9])
        // Lowercasing never makes a final sigma: `Σ` lowercases to `σ` wherever it stands.
        #expect(Set(TitleOrder.spellings(lowercasingTo: "σ")) == [0x3C3, 0x3A3])
        #expect(TitleOrder.spellings(lowercasingTo: "ς") == [0x3C2])
        #expect(Set(TitleOrder.spellings(lowercasingTo: "ж")) == [0x436, 0x416])
        // `ẞ` (U+1E9E) lies outside the blocks NFC leaves alone: text that holds it is compared as a string anyway.
        #expect(TitleOrder.spellings(lowercasingTo: "ß") == [0xDF])
    }

    /// Every scalar that stands alone is one character beside ASCII letters, Hangul, emoji, itself and a combining
    /// mark's base: searches and `html` read text of them on its bytes.
    @Test func aScalarThatStandsAloneJoinsNoNeighbour() {
        var joined: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), TitleOrder.standsAlone(scalar) else { continue }
            let text = String(Character(scalar))
            if ["a", "가", "👍", "e", text].contains(where: { ($0 + text).count != 2 || (text + $0).count != 2 }) { joined.append(value) }
        }
        #expect(joined.isEmpty, "\(joined.prefix(10).map { String($0, radix: 16) })")
        #expect(!TitleOrder.standsAlone("\u{FE0F}") && !TitleOrder.standsAlone("\u{1F3FD}") && !TitleOrder.standsAlone("\u{301}"))
    }

    @Test func theAnchorStopsBeforeAScalarThatMayJoinItsLastOne() {
        #expect(Board.anchor(of: "o\u{308}").bytes == [])
        #expect(Board.anchor(of: "café au lait").bytes == Array("café".utf8))
        #expect(Board.anchor(of: "ab\u{301}cd").bytes == Array("cd".utf8))
        #expect(Board.anchor(of: "한글\u{11A8} 배포").bytes == Array("배포".utf8))
        #expect(Board.anchor(of: "жук").bytes == Array("жук".utf8))
        #expect(Board.anchor(of: "ж\u{483}ук").bytes == Array("ук".utf8))  // a Cyrillic combining mark
        #expect(Board.anchor(of: "ab\u{37E}cde").bytes == Array("cde".utf8))  // the Greek question mark, which NFC makes `;`
        // A run beyond ASCII is rarer in titles than a longer one of ASCII.
        #expect(Board.anchor(of: "x 배포 tests flow migrate").bytes == Array("배포".utf8))
    }

    /// A caseless anchor is looked for as it is, in text NFC leaves alone: no text is lowercased to tell.
    @Test func onlyAnchorsWithoutLettersOfACasedScriptAreCaseless() {
        #expect(Board.anchor(of: "릴리스-2 🚀").isCaseless)
        #expect(Board.anchor(of: "テスト").isCaseless)
        #expect(!Board.anchor(of: "릴리스a").isCaseless)
        #expect(!Board.anchor(of: "é").isCaseless)
        #expect(!Board.anchor(of: "ж").isCaseless)
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

private extension String {
    /// The text without the spaces and tabs at its ends, as a title is read.
    var trimmingSpacesAndTabs: String {
        let scalars = unicodeScalars
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
