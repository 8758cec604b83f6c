import BoardKit
import Testing

/// A title's tags and people are found by a scan for the sigils sixteen bytes at a time: it finds what reading the
/// title word by word finds, wherever the words fall and whatever the bytes around the title hold.
@Suite struct LabelScanTests {
    /// The names of the whitespace-delimited words of `bytes[range]`, read one word at a time.
    static func wordByWord(_ bytes: [UInt8], _ range: Range<Int>) -> (tags: [String], people: [String]) {
        var found: (tags: [String], people: [String]) = ([], [])
        for word in bytes[range].split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
            if let name = Labels.name(of: word, sigil: Labels.tag) { found.tags.append(name) }
            if let name = Labels.name(of: word, sigil: Labels.person) { found.people.append(name) }
        }
        return found
    }

    @Test func theScanFindsWhatAWordByWordReadingFinds() {
        let pieces = ["a", "word", " ", "\t", "#", "@", "#ops", "@ana", "x#y", "a@b", "#12", "#한글", "🚀", "#tag/sub", "@-", "  "]
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            // Sigils around the title too, which the scan must leave out.
            let before = Array(String(repeating: "#@", count: Int.random(in: 0...12, using: &generator)).utf8)
            let title = Array((0..<Int.random(in: 0...14, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined().utf8)
            let after = Array(String(repeating: "@#", count: Int.random(in: 0...3, using: &generator)).utf8)
            let bytes = before + title + after
            let range = before.count..<(before.count + title.count)
            let scanned = bytes.withUnsafeBufferPointer { Labels.names(in: $0, range) }
            let expected = Self.wordByWord(bytes, range)
            if scanned.tags != expected.tags || scanned.people != expected.people {
                mismatches.append(String(decoding: bytes, as: UTF8.self) + " @ \(range)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
}
