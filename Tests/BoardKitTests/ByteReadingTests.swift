@testable import BoardKit
import Testing

/// `UTF8Sequence.length` reads UTF-8 as the standard library's decoder does: the same sequences are well formed,
/// with the same lengths, whatever follows them and wherever the bytes end.
@Suite struct UTF8SequenceTests {
    /// The length of the scalar the standard library decodes at the start of `bytes`, nil where it finds an error.
    static func reference(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return Unicode.UTF8.width(scalar)
        case .emptyInput, .error: return nil
        }
    }

    @Test func everyLeadByteWithEveryBoundaryOfTheBytesAfterIt() {
        // The edges of the ranges the rules of well-formed UTF-8 name, and bytes that are no continuation.
        let followers: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var differences: [[UInt8]] = []
        for lead in UInt8.min...UInt8.max {
            for second in followers {
                for third in followers {
                    for fourth in followers {
                        let sequence = [lead, second, third, fourth]
                        for count in 1...4 {
                            let bytes = Array(sequence.prefix(count))
                            let found = bytes.withUnsafeBufferPointer { UTF8Sequence.length(in: $0, at: 0) }
                            if found != Self.reference(bytes) { differences.append(bytes) }
                        }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, the first: \(differences.first ?? [])")
    }
}

/// The parser reads a due token's date digit by digit: it must take exactly the real dates `YYYY-MM-DD` spells, as
/// building the date from its three numbers does.
@Suite struct ISODateReadingTests {
    static func read(_ text: String) -> CivilDate? {
        Array(text.utf8).withUnsafeBufferPointer { CivilDate(iso: $0, 0..<$0.count) }
    }

    @Test func everyMonthAndDayOfYearsAroundTheLeapRules() {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        for year in [0, 1, 4, 99, 100, 400, 1900, 2000, 2023, 2024, 2100, 9996, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    let text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
                    #expect(Self.read(text) == CivilDate(year: year, month: month, day: day), "\(text)")
                }
            }
        }
    }

    @Test func anythingButDigitsAndDashesInTheirPlacesIsNoDate() {
        let valid = Array("2024-02-29".utf8)
        #expect(Self.read("2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
        for position in valid.indices {
            for byte: UInt8 in [0x00, 0x2D, 0x2F, 0x3A, 0x41, 0x80, 0xFF] where byte != valid[position] {
                var text = valid
                text[position] = byte
                let date = text.withUnsafeBufferPointer { CivilDate(iso: $0, 0..<$0.count) }
                #expect(date == nil, "\(text)")
            }
        }
        for text in ["2024-02-2", "2024-02-290", "", "2024/02/29"] { #expect(Self.read(text) == nil, "\(text)") }
    }
}

/// Columns are counted in scalars eight bytes at a time: the count must be that of the text `check` prints, the
/// bytes decoded as `String(decoding:as:)` decodes them (U+FFFD for each ill-formed part), for every range of
/// bytes of every kind, ill-formed UTF-8 included (an overlong `C0 AF`, a surrogate `ED A0 80`, a value past
/// U+10FFFF `F4 90 80 80`, a cut-off `E2 82`).
@Suite struct ScalarCountTests {
    @Test func countsEveryRangeAsTheDecodedText() {
        var rng = SeededGenerator(seed: 0xC01)
        let pieces: [[UInt8]] = [[0x41], [0x20], [0xC3, 0xA9], [0xE2, 0x9C, 0x85], [0xF0, 0x9F, 0x93, 0x85], [0x80], [0xBF],
                                 [0xFF], [0xC0], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
                                 [0xF0, 0x9F, 0x93], [0xF0, 0x9F], [0xE0, 0x80, 0x80], [0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48]]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            while bytes.count < 40 { bytes += pieces.randomElement(using: &rng) ?? [] }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0..<buffer.count {
                    for end in start...buffer.count {
                        let expected = String(decoding: buffer[start..<end], as: UTF8.self).unicodeScalars.count
                        #expect(Bytes.scalarCount(buffer, start..<end) == expected, "\(Array(buffer[start..<end]))")
                    }
                }
            }
        }
    }
}

/// The scans' shortcut for kana, CJK, Hangul and emoji takes only sequences `length` takes, with the same length.
@Suite struct CommonSequenceTests {
    @Test func everyCommonSequenceIsWellFormedWithTheSameLength() {
        let followers: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var differences: [[UInt8]] = []
        for lead in UInt8(0x80)...UInt8.max {
            for second in followers {
                for third in followers {
                    for fourth in followers {
                        for count in 1...4 {
                            let bytes = Array([lead, second, third, fourth].prefix(count))
                            bytes.withUnsafeBufferPointer { buffer in
                                guard let common = UTF8Sequence.commonLength(in: buffer, at: 0) else { return }
                                if common != UTF8Sequence.length(in: buffer, at: 0) { differences.append(bytes) }
                            }
                        }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, the first: \(differences.first ?? [])")
        // And it does take Hangul and emoji.
        for text in ["한", "🚀", "漢"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { UTF8Sequence.commonLength(in: $0, at: 0) } == bytes.count)
        }
    }

    /// A run of them ends at the first byte that starts no common sequence: ASCII, a bidi override, a surrogate, a
    /// sequence cut short by the end.
    @Test func aRunOfCommonSequencesEndsAtTheFirstOtherByte() {
        func runEnd(_ bytes: [UInt8], from index: Int = 0) -> Int {
            bytes.withUnsafeBufferPointer { UTF8Sequence.commonRunEnd(in: $0, from: index) }
        }
        #expect(runEnd(Array("한글🚀 x".utf8)) == 10)
        #expect(runEnd(Array("테스트\u{202E}".utf8)) == 9)
        #expect(runEnd(Array("漢".utf8) + [0xED, 0xA0, 0x80]) == 3)
        #expect(runEnd(Array("한".utf8) + [0xED, 0x9F]) == 3)
        #expect(runEnd(Array("a한".utf8)) == 0)
        #expect(runEnd(Array("a한".utf8), from: 1) == 4)
    }
}

/// The runs of printable ASCII that the scans copy whole end where looking at each byte says, from every offset,
/// for buffers of every length around a word of eight.
@Suite struct PrintableRunTests {
    @Test func endsWhereTheBytesOneByOneSay() {
        var rng = SeededGenerator(seed: 0xA5C11)
        let bytes: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x27, 0x2C, 0x3B, 0x3C, 0x3E, 0x41, 0x5C, 0x7E, 0x7F, 0x80,
                              0xC3, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &rng)
            // Mostly printable, as text is, so long runs occur.
            let text = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? bytes.randomElement(using: &rng) ?? 0 : UInt8.random(in: 0x20...0x7E, using: &rng)
            }
            text.withUnsafeBufferPointer { buffer in
                for (json, markup, textValue) in [(false, false, false), (true, false, false), (false, true, false), (false, false, true)] {
                    for start in 0...count {
                        var expected = start
                        while expected < count, (0x20..<0x7F).contains(buffer[expected]),
                              !json || (buffer[expected] != 0x22 && buffer[expected] != 0x5C),
                              !markup || !Array("&<>\"'".utf8).contains(buffer[expected]),
                              !textValue || !Array("\\;,".utf8).contains(buffer[expected]) { expected += 1 }
                        #expect(UTF8Sequence.printableASCIIEnd(in: buffer, from: start, json: json, markup: markup, textValue: textValue)
                                    == expected, "\(text) from \(start), json \(json), markup \(markup), text value \(textValue)")
                    }
                }
            }
        }
    }
}

/// `Bytes.splitLines` must find the lines a byte-by-byte reading finds: short and long lines, CRs in every place
/// (alone, before an LF, at the start), bytes one bit away from an LF, with or without a last line feed.
@Suite struct LineSplitTests {
    /// The lines read byte by byte: each ends at an LF, a CR just before the LF belongs to the ending.
    static func reference(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            let contentEnd = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            lines.append(Line(start: start, contentEnd: contentEnd, end: index + 1))
            start = index + 1
        }
        if start < bytes.count { lines.append(Line(start: start, contentEnd: bytes.count, end: bytes.count)) }
        return lines
    }

    @Test func findsTheLinesOfAByteByByteReading() {
        var rng = SeededGenerator(seed: 0x5EED_11E5)
        // LF and CR are likely; 0x0B and 0x8A differ from LF by one bit, where a borrow would show.
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0D, 0x0B, 0x8A, 0x09, 0x41, 0x20, 0x00, 0xFF]
        var mismatches: [[UInt8]] = []
        for round in 0..<4_000 {
            var bytes: [UInt8] = []
            let lineCount = Int.random(in: 0...12, using: &rng)
            for _ in 0..<lineCount {
                // Short lines, lines around 32 bytes, and some long ones.
                let length = [Int.random(in: 0...9, using: &rng), Int.random(in: 28...42, using: &rng),
                              Int.random(in: 0...200, using: &rng)][round % 3]
                for _ in 0..<length { bytes.append(alphabet[Int.random(in: 2..<alphabet.count, using: &rng)]) }
                bytes.append(alphabet[Int.random(in: 0...2, using: &rng)])
            }
            if Bool.random(using: &rng), !bytes.isEmpty { bytes.removeLast() }
            let found = bytes.withUnsafeBufferPointer { Bytes.splitLines($0) }
            if found != Self.reference(bytes) { mismatches.append(bytes) }
        }
        #expect(mismatches.count == 0, "the first that differs: \(mismatches.first ?? [])")
    }

    /// Files large enough to be split in shares and counted in whole vector blocks (255 of 32 bytes), with an LF,
    /// a CR or both on each side of the point where the shares meet.
    @Test func findsTheLinesOfALargeFileSplitInShares() {
        var rng = SeededGenerator(seed: 0x5EED_11E6)
        for round in 0..<9 {
            let count = 2 * Shares.bytesPerShare + round
            var bytes = [UInt8](repeating: 0x41, count: count)
            // Lines of 0 to 80 bytes, long stretches without any LF, and short lines (found eight bytes at a time).
            var index = 0
            while index < count {
                index += [Int.random(in: 0...80, using: &rng), Int.random(in: 0...20_000, using: &rng),
                          Int.random(in: 0...12, using: &rng)][round % 3]
                if index < count { bytes[index] = Bool.random(using: &rng) ? 0x0A : 0x0D }
                index += 1
            }
            let middle = count / 2
            let ends: [[UInt8]] = [[0x0A, 0x41], [0x41, 0x0A], [0x0D, 0x0A], [0x0A, 0x0A], [0x41, 0x41], [0x0D, 0x41]]
            bytes[middle - 1] = ends[round % 6][0]
            bytes[middle] = ends[round % 6][1]
            let found = bytes.withUnsafeBufferPointer { Bytes.splitLines($0) }
            let expected = Self.reference(bytes)
            // Compared apart: a failed expectation would print both tables of tens of thousands of lines.
            let same = found == expected
            #expect(same, "round \(round): \(found.count) lines, \(expected.count) read byte by byte")
        }
    }

    /// Runs of empty lines of every length up to 200, then a last line without a line feed.
    @Test func keepsEveryLineOfALongRunOfEmptyOnes() {
        for count in 0..<200 {
            let bytes = [UInt8](repeating: 0x0A, count: count) + [0x41]
            #expect(bytes.withUnsafeBufferPointer { Bytes.splitLines($0) } == Self.reference(bytes))
        }
    }
}

@Suite struct FoldedSearchTests {
    /// The plain answer: some place in `text` where `needle` (lowercase) starts, comparing letters ignoring case.
    static func reference(_ text: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        guard needle.count <= range.count else { return false }
        return (range.lowerBound...(range.upperBound - needle.count)).contains { start in
            needle.indices.allSatisfy { folded(text[start + $0]) == needle[$0] }
        }
    }

    /// Both searches give the plain answer on texts and needles made of few letters, which repeat the needle's
    /// beginning often; the long needles (a run of one letter, then another) send the scan to its table part.
    @Test func bothSearchesFindWhatThePlainSearchFinds() {
        var generator = SeededGenerator(seed: 0x5EA)
        let letters = Array("aAbB".utf8)
        for round in 0..<3_000 {
            let length = Int.random(in: 0...300, using: &generator)
            var text = (0..<length).map { _ in letters[Int.random(in: 0..<(round % 3 == 0 ? 2 : 4), using: &generator)] }
            var needle: [UInt8]
            if round % 2 == 0 {
                needle = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Array("ab".utf8)[Int.random(in: 0...1, using: &generator)] }
            } else {
                let run = Int.random(in: 1...120, using: &generator)
                needle = [UInt8](repeating: UInt8(ascii: "a"), count: run) + [UInt8(ascii: "b")]
                if round % 5 == 1 { text += [UInt8](repeating: UInt8(ascii: "A"), count: run) + [UInt8(ascii: "B")] }
            }
            let start = Int.random(in: 0...text.count, using: &generator)
            let range = start..<Int.random(in: start...text.count, using: &generator)
            let expected = Self.reference(text, range, needle)
            text.withUnsafeBufferPointer { haystack in
                needle.withUnsafeBufferPointer { needle in
                    #expect(Bytes.containsFoldingASCII(haystack, range, needle) == expected, "round \(round)")
                    #expect(Bytes.containsFoldingASCIIByPrefixTable(haystack, range, needle) == expected, "round \(round)")
                }
            }
        }
    }
}
