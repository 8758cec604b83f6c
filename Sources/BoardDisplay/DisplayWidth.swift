import BoardKit

/// How many terminal cells text takes: East Asian wide and fullwidth characters (Hangul, CJK, kana) and
/// emoji take two, combining marks and format characters none, everything else one.
/// Counted per grapheme cluster, so a Hangul syllable spelled in jamo or an emoji sequence counts once.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { of(utf8: $0) }
    }

    /// The width of text given as its UTF-8 bytes (bytes that are not UTF-8 count as U+FFFD would).
    public static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        plainWidth(utf8: bytes) ?? String(decoding: bytes, as: UTF8.self).reduce(0) { $0 + of($1) }
    }

    /// The width of well-formed text made only of scalars no neighbour can join, counted scalar by scalar (finding
    /// characters is the slow part): printable ASCII and Latin, Hangul syllables, kana, CJK ideographs, emoji
    /// without modifiers. Nil for any other text — which includes all text `escaped` would change.
    public static func plainWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var index = 0
        while index < bytes.count {
            let printable = UTF8Sequence.printableASCIIEnd(in: bytes, from: index)
            total += printable - index
            index = printable
            guard index < bytes.count else { break }
            guard bytes[index] >= 0x80 else { return nil }
            // Hangul syllables from U+B000 and CJK ideographs from U+5000 (their lead byte says so), two cells
            // each: a word of them is counted without working out each scalar.
            while index + 2 < bytes.count, bytes[index] == 0xEB || bytes[index] == 0xEC || (0xE5...0xE9).contains(bytes[index]),
                  bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                total += 2
                index += 3
            }
            guard index < bytes.count else { break }
            guard bytes[index] >= 0x80 else { continue }
            guard let length = UTF8Sequence.commonLength(in: bytes, at: index) ?? UTF8Sequence.length(in: bytes, at: index)
            else { return nil }
            let byte = bytes[index]
            var value = UInt32(byte) & (0xFF >> (length + 1))
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            switch value {
            case 0xA0..<0x300 where value != 0xAD: total += 1  // not the soft hyphen, which `escaped` shows
            // Not U+3099 and U+309A, the combining voiced sound marks among the kana.
            case 0x3041...0x3098, 0x309B...0x33FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1F3FA, 0x1F400...0x1F64F,
                 0x1F680...0x1F6C5, 0x1F900...0x1F9FF:
                total += 2
            // The symbols before U+2C00 that are drawn as emoji (Unicode's emoji data): ✅, ⭐, ❌ and the like,
            // without the property lookups below.
            case 0x231A...0x231B, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
                 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
                 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0,
                 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55:
                total += 2
            case 0x2000...0x1F1E5, 0x1F200...0x1F3FA, 0x1F400...0x10FFFF:
                // Other emoji drawn as emoji (🚀, ✅) are symbols no neighbour joins, as long as what follows is
                // not a joiner, selector or modifier (which is not counted here); regional indicators pair up and
                // skin tones join, so neither is taken here.
                guard isLoneEmoji(value) else { return nil }
                total += 2
            default:
                // A control, mark, joiner, variation selector, modifier or anything else that may join: count by
                // characters.
                return nil
            }
            index += length
        }
        return total
    }

    /// A symbol drawn as an emoji. Out of line: the property lookups make every call of the function they are in
    /// set up room for Unicode's property types first, even when no lookup is made.
    @inline(never)
    private static func isLoneEmoji(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isEmojiPresentation && scalar.properties.generalCategory == .otherSymbol
    }

    public static func of(_ character: Character) -> Int {
        // `asciiValue` first compares the character with "\r\n", which normalizes it: a letter with 64,000 accents
        // of two classes took seconds. Only a character of one or two bytes can be ASCII.
        if character.utf8.count <= 2, let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Cheap range checks first: looking up Unicode properties is the slow part.
        if wide.contains(where: { $0.contains(first.value) }) { return 2 }
        if first.value < 0x300 && !scalars.contains("\u{FE0F}") { return first.value < 0x20 || (0x7F...0x9F).contains(first.value) ? 0 : 1 }
        // A text-style emoji turned into an emoji by VS16 (U+FE0F), as in "❤️" or "1️⃣".
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return first.properties.isEmojiPresentation ? 2 : 1
        }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, UAX #11) not already covered by emoji presentation.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x303E,    // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,    // CJK extension A
        0x4E00...0x9FFF,    // CJK unified ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo extended A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FFF,  // ideographic symbols and punctuation
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1B000...0x1B2FF,  // kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x1F300...0x1F64F,  // pictographs and emoticons
        0x1F900...0x1F9FF,  // supplemental symbols and pictographs
        0x20000...0x3FFFD,  // CJK extensions B and later
    ]
}
