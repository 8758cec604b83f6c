/// How many terminal cells text takes: East Asian wide and fullwidth characters (Hangul, CJK, kana) and
/// emoji take two, combining marks and format characters none, everything else one.
/// Counted per grapheme cluster, so a Hangul syllable spelled in jamo or an emoji sequence counts once.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Scalar by scalar while each is one no neighbour can join (finding characters is the slow part): printable
        // ASCII and Latin, Hangul syllables, kana, CJK ideographs, emoji without modifiers.
        var total = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0x300: total += 1
            case 0x3041...0x33FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F900...0x1F9FF:
                total += 2
            default:
                // A mark, joiner, variation selector, modifier or anything else that may join: count by characters.
                return text.reduce(0) { $0 + of($1) }
            }
        }
        return total
    }

    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
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
