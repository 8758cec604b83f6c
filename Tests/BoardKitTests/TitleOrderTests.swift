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
