@testable import BoardCLI
import BoardKit
import Testing

/// `ics` writes the calendar from the file's bytes: titles lowercased for UIDs and text escaped as the string-built
/// calendar had them, so an item keeps its UID across the change.
@Suite struct CalendarBytesTests {
    /// The UID hash: FNV-1a of `String.lowercased()` in its composed form (NFC).
    static func referenceHash(_ text: String) -> UInt64 {
        text.lowercased()._nfcCodeUnits.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// The old TEXT escaping, scalar by scalar over the decoded string (a lone CR a space since helper-79).
    static func referenceText(_ bytes: [UInt8]) -> String {
        var escaped = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\r": escaped += " "
            case "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static let pieces: [[UInt8]] = ["a", "Z", "Write", " ", "\\", ";", ",", "\n", "\t", "\r", "\u{1}", "\u{7F}", "\u{85}", "É", "é", "Σ",
                                    "ς", "İ", "ß", "\u{212A}", "Ⓐ", "Ⅻ", "→", "✅", "한", "릴리스", "검토", "漢", "カ", "🚀", "🄰", "\u{301}",
                                    "\u{202E}", "Ꙁ", "Ꝺ"].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x9F]]

    @Test func bytesHashAndEscapeAsTheirText() {
        var random = XorShift(seed: 0x1C5_1C5)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.next(16) { bytes += Self.pieces[random.next(Self.pieces.count)] }
            bytes.withUnsafeBufferPointer { buffer in
                var lowered: [UInt8] = []
                #expect(Calendar.lowercasedHash(buffer, 0..<buffer.count, &lowered) == Self.referenceHash(String(decoding: bytes, as: UTF8.self)),
                        "\(bytes)")
                var out = ByteWriter()
                Calendar.text(buffer, to: &out)
                #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == Self.referenceText(bytes), "\(bytes)")
            }
        }
    }

    /// The UID's hash and its hex digits, and the dates, are written without copies and from tables of digit pairs:
    /// each gives the text it always gave.
    @Test func hashesHexDigitsAndDatesAreWrittenAsBefore() throws {
        #expect(fnv1a("".utf8) == 0xCBF2_9CE4_8422_2325)
        #expect(fnv1a("a".utf8) == 0xAF63_DC4C_8601_EC8C)
        #expect(Calendar.hex(0x0123_4567_89AB_CDEF) == "0123456789abcdef")
        for byte in 0..<256 {
            let expected = String(byte, radix: 16).leftPadded(2) + "000000000000" + String(255 - byte, radix: 16).leftPadded(2)
            #expect(Calendar.hex(UInt64(byte) << 56 | UInt64(255 - byte)) == expected)
        }
        var random = XorShift(seed: 0xDA7E)
        for _ in 0..<2_000 {
            let (year, month, day) = (1 + random.next(9999), 1 + random.next(12), 1 + random.next(28))
            let date = try #require(CivilDate(year: year, month: month, day: day))
            #expect(Calendar.compact(date) == String(year).leftPadded(4) + String(month).leftPadded(2) + String(day).leftPadded(2))
        }
    }

    /// Titles that are one string to Swift though their bytes differ (a precomposed `é` and `e` with a combining
    /// accent; the Greek question mark and `;`; a compatibility ideograph and its ideograph) are counted as one title,
    /// as they were when titles were counted by their strings: the second takes the next place, and its UID.
    @Test func canonicallyEquivalentTitlesCountAsOne() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Café due:2026-12-01\n- [ ] Cafe\u{301} due:2026-12-02\n- [ ] a; due:2026-12-03\n"
            + "- [ ] a\u{37E} due:2026-12-04\n- [ ] \u{8C48} due:2026-12-05\n- [ ] \u{F900} due:2026-12-06\n- [ ] x due:2026-12-07\n")
        let uids = sandbox.run(["ics"]).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(uids.map { $0.prefix { $0 != "@" }.suffix(2) } == ["-0", "-1", "-0", "-1", "-0", "-1", "-0"], "\(uids)")
    }

    /// A lone CR in a title or a body is a space, as `html` has it (helper-79: the words either side were glued); other
    /// control characters, which TEXT does not allow, go.
    @Test func aLoneCarriageReturnIsASpace() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\rb\u{7} due:2026-12-01\n  first\rsecond\n")
        let ics = sandbox.run(["ics"]).stdout
        #expect(ics.contains("SUMMARY:a b\r\n") && ics.contains("DESCRIPTION:first second\r\n"), "\(ics)")
    }

    /// Two titles whose hashes collide are told apart by their place, as titles of one hash are, whatever else the
    /// board holds (helper-79: with a title not in normal form on the board, `İ`, places were counted by the titles'
    /// strings, and the two took one UID, which a calendar keeps one item of).
    @Test func titlesWhoseHashesCollideNeverShareAUID() {
        #expect(Self.referenceHash("hebijjmopfpicmnn") == Self.referenceHash("mnkckgnmdnhkpkmf"))
        let sandbox = Sandbox()
        let colliding = "## TODO\n- [ ] hebijjmopfpicmnn due:2026-12-01\n- [ ] mnkckgnmdnhkpkmf due:2026-12-02\n"
        for board in [colliding, colliding + "- [ ] \u{130} due:2026-12-03\n"] {
            sandbox.write("board.md", board)
            let uids = sandbox.run(["ics"]).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
            #expect(Set(uids).count == uids.count, "\(uids)")
            #expect(uids.prefix(2).map { $0.prefix { $0 != "@" }.suffix(2) } == ["-0", "-1"], "\(uids)")
        }
    }

    /// Titles that differ only in case share the UID's hash, told apart by their place; the hash is the lowercased
    /// title's, as it always was.
    @Test func titlesOfOneLowercaseShareTheHashAndCountUp() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Write Docs 🚀 due:2026-12-01\n- [ ] write docs 🚀 due:2026-12-02\n- [ ] Σ Écrire due:2026-12-03\n")
        let uids = sandbox.run(["ics"]).stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        let docs = Calendar.hex(Self.referenceHash("write docs 🚀")), other = Calendar.hex(Self.referenceHash("Σ Écrire"))
        #expect(uids.map { $0.prefix { $0 != "@" } } == ["UID:\(docs)-0", "UID:\(docs)-1", "UID:\(other)-0"])
    }
}

private extension String {
    /// This text after as many `0`s as bring it to `width` characters.
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
