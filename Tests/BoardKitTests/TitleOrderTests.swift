import BoardKit
import Testing

/// `list --sort title` orders titles as Swift orders their lowercased strings, comparing bytes where that gives
/// the same order: random titles from scripts NFC leaves alone and from ones it changes (jamo, combining marks,
/// kana voicing marks, compatibility ideographs, the ohm sign) are ordered alike both ways.
@Suite struct TitleOrderTests {
    static let pieces = ["a", "B", "z", "é", "É", "E\u{301}", "\u{301}", "ß", "ẞ", "ǅ", "İ", "ﬀ", "가", "각", "\u{1100}", "\u{1161}",
                         "\u{11A8}", "か", "\u{3099}", "が", "カ", "漢", "\u{F900}", "\u{2126}", "Ω", "Ꭰ", "Ａ", "🚀", "👍🏽",
                         "✅", "\u{FE0F}", "☃", "\u{2000}", "\u{212B}", "Å", " ", "-", "1", "Σ", "ς", "\u{FFFD}"]

    @Test func titlesAreOrderedAsTheirLowercasedStrings() {
        var rng = SeededGenerator(seed: 0x717E)
        var titles: [String] = []
        for _ in 0..<400 {
            titles.append((0..<Int.random(in: 0...5, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined())
        }
        // Titles as a file holds them, one of them not well-formed UTF-8.
        var keys = TitleOrder()
        for title in titles { keys.append(title) }
        [UInt8]([0x41, 0xFF, 0x62]).withUnsafeBufferPointer { keys.append(utf8: $0) }
        titles.append("A\u{FFFD}b")
        // Sorted, they come in the strings' order, equal ones in the order they were given.
        let sorted = titles.indices.sorted { (titles[$0].lowercased(), $0) < (titles[$1].lowercased(), $1) }
        #expect(keys.order() == sorted)
        for i in titles.indices {
            #expect(String(decoding: keys.lowercased(i), as: UTF8.self) == titles[i].lowercased())
            for j in titles.indices {
                #expect((keys.compare(i, j) < 0) == (titles[i].lowercased() < titles[j].lowercased()),
                        "\(titles[i].unicodeScalars.map { $0.value }) vs \(titles[j].unicodeScalars.map { $0.value })")
            }
        }
    }
}

/// Text with a run of more than 30 combining scalars gets U+034F after every 30 of them, for comparing (Swift's
/// normalization sorts such a run in time in its square); any other text is left as it is.
@Suite struct StreamSafeTests {
    @Test func longRunsOfCombiningScalarsAreCutEveryThirty() {
        for text in ["", "plain", "café", "cafe\u{301}", "한글 🚀 e\u{301}\u{316}", "a" + String(repeating: "\u{301}", count: 30)] {
            #expect(Array(text.streamSafe.utf8) == Array(text.utf8))
        }
        let marks = String(repeating: "\u{301}\u{316}", count: 40)  // 80 scalars of two combining classes
        let safe = ("a" + marks + "b").streamSafe.unicodeScalars.map(\.value)
        #expect(safe.count == 1 + 80 + 2 + 1)
        #expect(safe.indices.filter { safe[$0] == 0x34F } == [31, 62])
        #expect(String(String.UnicodeScalarView(("a" + marks).streamSafe.unicodeScalars.filter { $0 != "\u{34F}" }))
                    .unicodeScalars.elementsEqual(("a" + marks).unicodeScalars))
        // A long run in canonical order needs no sorting: left as it is (normalizing it takes time in its length).
        let ordered = String(repeating: "\u{316}", count: 40) + String(repeating: "\u{301}", count: 40)
        #expect(Array(("a" + ordered).streamSafe.utf8) == Array(("a" + ordered).utf8))
    }

    /// A letter with 31 acute accents and the precomposed letter with 30 are one title to a ref: a run of one
    /// combining class is left as it is, so canonically equivalent spellings stay equal.
    @Test func equivalentSpellingsOfALongRunStayOneTitle() {
        let decomposed = "a" + String(repeating: "\u{301}", count: 31), precomposed = "\u{E1}" + String(repeating: "\u{301}", count: 30)
        #expect(decomposed.streamSafe == precomposed.streamSafe)
        let board = Board(parsing: "## TODO\n- [ ] \(decomposed)\n- [ ] \(precomposed)\n## DOING\n## DONE\n")
        #expect(board.item(matching: precomposed) == .many(board.items))
    }

    /// Titles alike but for case, each a letter and 64,000 accents of two classes: still one title twice for
    /// `check`, and one title for `list --sort title`, compared on their stream-safe forms.
    @Test func titlesOfLongAccentRunsAreStillComparedIgnoringCase() {
        let marks = String(repeating: "\u{301}\u{316}", count: 32_000)
        let board = Board(parsing: "## TODO\n- [ ] A\(marks)\n- [ ] a\(marks)\n## DOING\n## DONE\n")
        #expect(board.diagnostics().filter { $0.rule == .duplicateTitle }.map(\.line) == [3])
        var order = TitleOrder()
        order.append("A" + marks)
        order.append("a" + marks)
        order.append("b" + marks)
        #expect(order.compare(0, 1) == 0 && order.compare(1, 2) != 0 && order.compare(1, 2) == -order.compare(2, 1))
    }
}
