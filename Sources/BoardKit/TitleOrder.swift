#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Titles as `list --sort title` orders them: lowercased, in the order Swift gives strings (their NFC forms' Unicode
/// scalars). Lowercased scalar by scalar, as `String.lowercased()` does, without a string made for each. A title every
/// scalar of which NFC leaves alone (ASCII, Latin letters, kana, CJK, Hangul syllables, symbols, emoji) is compared
/// by its UTF-8 bytes, which is that order; any other is compared as a string, which normalizes it on every
/// comparison and costs a hundred times more. The lowercased titles lie one after another in one buffer: an array
/// each took more memory than the board's items.
public struct TitleOrder: Sendable {
    /// Every title's lowercased UTF-8, one after another.
    private var bytes: [UInt8] = []
    /// Where each title's bytes end.
    private var ends: [Int] = []
    /// The lowercased titles NFC would change, by their number (nil for the others); empty while there is none.
    private var texts: [String?] = []

    public init() {}

    /// How many titles there are.
    public var count: Int { ends.count }

    /// Adds a title's UTF-8 bytes. A title that is not well-formed UTF-8 is lowercased as the string it decodes to.
    public mutating func append(utf8 title: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        if let isLeftAlone = Self.appendLowercased(utf8: title, to: &bytes) {
            if !isLeftAlone { setText(String(decoding: bytes[start...], as: UTF8.self).streamSafe) }
        } else {
            bytes.removeSubrange(start...)
            let lowered = String(decoding: title, as: UTF8.self).lowercased()
            bytes += lowered.utf8
            if !lowered.unicodeScalars.allSatisfy(Self.isLeftAloneByNFC) { setText(lowered.streamSafe) }
        }
        ends.append(bytes.count)
        if !texts.isEmpty, texts.count < count { texts.append(nil) }
    }

    /// Keeps the title being added as a string, to be compared as one (`streamSafe`).
    private mutating func setText(_ text: String) {
        if texts.isEmpty { texts = [String?](repeating: nil, count: count) }
        texts.append(text)
    }

    /// Title `index` as a string, when it is compared as one.
    private func text(_ index: Int) -> String? { texts.isEmpty ? nil : texts[index] }

    /// Adds a title.
    public mutating func append(_ title: String) {
        var title = title
        title.withUTF8 { append(utf8: $0) }
    }

    /// Appends the UTF-8 of `title` lowercased, as `String.lowercased()` lowercases it: ASCII letters lowered by
    /// their byte, scripts without case left as they are, any other scalar replaced by its lowercase mapping. Whether
    /// NFC leaves every scalar of it alone; nil, with part of it or none appended, when `title` is not well-formed UTF-8.
    public static func appendLowercased(utf8 title: UnsafeBufferPointer<UInt8>, to lowered: inout [UInt8]) -> Bool? {
        var isLeftAlone = true
        // Bytes from `runStart` on are ASCII and scalars without case: copied in one piece when a cased scalar or the
        // end comes, then their capitals lowered where they landed (no byte of a longer sequence is one).
        var runStart = 0
        var index = 0
        func copyRun() {
            guard index > runStart else { return }
            let start = lowered.count
            lowered.append(contentsOf: UnsafeBufferPointer(rebasing: title[runStart..<index]))
            lowered.withUnsafeMutableBufferPointer { all in
                for position in start..<all.count where all[position] &- UInt8(ascii: "A") < 26 { all[position] |= 0x20 }
            }
        }
        while index < title.count {
            guard title[index] >= 0x80 else {
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: title, at: index),
                  let scalar = Unicode.Scalar(UTF8Sequence.scalar(in: title, at: index, length: length)) else { return nil }
            if Self.hasNoCase(scalar) {
                isLeftAlone = isLeftAlone && Self.isLeftAloneByNFC(scalar)
            } else {
                copyRun()
                for mapped in scalar.properties.lowercaseMapping.unicodeScalars {
                    isLeftAlone = isLeftAlone && Self.isLeftAloneByNFC(mapped)
                    lowered.append(contentsOf: mapped.utf8)
                }
                runStart = index + length
            }
            index += length
        }
        copyRun()
        return isLeftAlone
    }

    /// `scalar` and each other scalar NFC leaves alone whose lowercase mapping holds it (`É` for `é`, `Σ` for `σ`).
    static func spellings(lowercasingTo scalar: Unicode.Scalar) -> [UInt32] {
        [scalar.value] + (otherSpellings[scalar.value] ?? [])
    }

    /// For each scalar some other scalar NFC leaves alone lowercases to text holding, those others, made once. Every
    /// such scalar beyond ASCII lies below U+0530: the others NFC leaves alone are in scripts without case
    /// (`hasNoCase`), which lowercasing leaves as they are.
    private static let otherSpellings: [UInt32: [UInt32]] = {
        var spellings: [UInt32: [UInt32]] = [:]
        for value in UInt32(0x80)..<0x530 {
            guard let scalar = Unicode.Scalar(value), isLeftAloneByNFC(scalar) else { continue }
            for lowered in scalar.properties.lowercaseMapping.unicodeScalars where lowered.value != value {
                spellings[lowered.value, default: []].append(value)
            }
        }
        return spellings
    }()

    /// Scalars NFC leaves alone that never join the scalar before them or after them into one character: all but
    /// the variation selectors and the skin tones, which extend what comes before them. Text of these and ASCII
    /// (without CR LF) is a character per scalar.
    public static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        isLeftAloneByNFC(scalar) && !(0xFE00...0xFE0F).contains(scalar.value) && !(0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// Scalars of scripts without case, which lowercasing leaves as they are.
    public static func hasNoCase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2600..<0x27C0, 0x3040..<0x3100, 0x4E00..<0xA000, 0xAC00..<0xD7A4, 0xFE00..<0xFE10, 0x1F300..<0x1FB00: true
        default: false
        }
    }

    /// Scalars in blocks whose every character NFC leaves as it is and none of which combines with a neighbour.
    public static func isLeftAloneByNFC(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300,          // ASCII, Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
             // Greek, but for the three that NFC turns into other characters (U+0374, U+037E, U+0387)
             0x370..<0x374, 0x375..<0x37E, 0x37F..<0x387, 0x388..<0x400,
             0x400..<0x483,      // Cyrillic, before its combining marks
             0x48A..<0x530,      // Cyrillic and its supplement, after them
             0x2600..<0x27C0,    // symbols and dingbats (✅)
             0x3040..<0x3099,    // hiragana, before the combining voiced sound marks
             0x309B..<0x3100,    // kana marks and katakana
             0x4E00..<0xA000,    // CJK unified ideographs
             0xAC00..<0xD7A4,    // Hangul syllables (not the jamo they are made of)
             0xFE00..<0xFE10,    // variation selectors (emoji presentation)
             0x1F300..<0x1FB00:  // pictographs and emoji
            true
        default:
            false
        }
    }

    /// Negative, zero or positive as title `a` comes before, with, or after title `b`.
    public func compare(_ a: Int, _ b: Int) -> Int {
        let (x, y) = (text(a), text(b))
        if x != nil || y != nil {
            let left = x ?? String(decoding: lowercased(a), as: UTF8.self)
            let right = y ?? String(decoding: lowercased(b), as: UTF8.self)
            return left < right ? -1 : right < left ? 1 : 0
        }
        return bytes.withUnsafeBufferPointer { all in
            let (x, y) = (range(a), range(b))
            let common = min(x.count, y.count)
            if common > 0, let base = all.baseAddress {
                let order = memcmp(base + x.lowerBound, base + y.lowerBound, common)
                if order != 0 { return Int(order) }
            }
            return x.count - y.count
        }
    }

    /// Title `index`'s lowercased UTF-8.
    public func lowercased(_ index: Int) -> ArraySlice<UInt8> { bytes[range(index)] }

    private func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// The titles' numbers in their order, equal ones in the order they were added. Most pairs differ in their first
    /// eight bytes: those are compared as one number each, held apart from the titles, which are read only for the rest.
    public func order() -> [Int] {
        // The first eight bytes, big-endian and padded with zeros, of each title compared by its bytes; `compared`
        // marks those compared as strings (no UTF-8 holds the byte 0xFF).
        var heads = [UInt64](repeating: 0, count: count)
        let compared = UInt64.max
        for index in 0..<count {
            guard text(index) == nil else {
                heads[index] = compared
                continue
            }
            let title = range(index)
            var head: UInt64 = 0
            for offset in 0..<8 { head = head << 8 | UInt64(offset < title.count ? bytes[title.lowerBound + offset] : 0) }
            heads[index] = head
        }
        return (0..<count).sorted { a, b in
            let (x, y) = (heads[a], heads[b])
            if x != y, x != compared, y != compared { return x < y }
            let order = compare(a, b)
            return order != 0 ? order < 0 : a < b
        }
    }
}
