#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A title as `list --sort title` orders it: lowercased, in the order Swift gives strings (their NFC forms' Unicode
/// scalars). Lowercased scalar by scalar, as `String.lowercased()` does, without a string made for each. A title every
/// scalar of which NFC leaves alone (ASCII, Latin letters, kana, CJK, Hangul syllables, symbols, emoji) is compared
/// by its UTF-8 bytes, which is that order; any other is compared as a string, which normalizes it on every
/// comparison and costs a hundred times more.
public struct TitleOrderKey: Comparable, Sendable {
    /// The lowercased title's UTF-8.
    private let bytes: [UInt8]
    /// The lowercased title, for a title NFC would change; nil for one it would not.
    private let text: String?

    /// The key of a title's UTF-8 bytes: ASCII letters lowered by their byte, scripts without case left as they are,
    /// any other scalar replaced by its lowercase mapping. A title that is not well-formed UTF-8 is lowercased as the
    /// string it decodes to.
    public init(utf8 title: UnsafeBufferPointer<UInt8>) {
        var lowered: [UInt8] = []
        lowered.reserveCapacity(title.count)
        var isLeftAlone = true
        var index = 0
        while index < title.count {
            let byte = title[index]
            if byte < 0x80 {
                lowered.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: title, at: index),
                  let scalar = Unicode.Scalar(Self.scalarValue(title, at: index, length: length)) else {
                self.init(string: String(decoding: title, as: UTF8.self))
                return
            }
            if Self.hasNoCase(scalar) {
                isLeftAlone = isLeftAlone && Self.isLeftAloneByNFC(scalar)
                lowered.append(contentsOf: UnsafeBufferPointer(rebasing: title[index..<(index + length)]))
            } else {
                for mapped in scalar.properties.lowercaseMapping.unicodeScalars {
                    isLeftAlone = isLeftAlone && Self.isLeftAloneByNFC(mapped)
                    lowered.append(contentsOf: mapped.utf8)
                }
            }
            index += length
        }
        self.init(bytes: lowered, text: isLeftAlone ? nil : String(decoding: lowered, as: UTF8.self))
    }

    /// The key of a title.
    public init(_ title: String) {
        var title = title
        self = title.withUTF8 { Self(utf8: $0) }
    }

    /// The key of a string, lowercased as a whole.
    private init(string: String) {
        let lowered = string.lowercased()
        self.init(bytes: Array(lowered.utf8), text: lowered.unicodeScalars.allSatisfy(Self.isLeftAloneByNFC) ? nil : lowered)
    }

    private init(bytes: [UInt8], text: String?) {
        self.bytes = bytes
        self.text = text
    }

    /// The value of the well-formed sequence of `length` bytes at `index`.
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index]) & (0x7F >> length)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// Scalars of scripts without case, which lowercasing leaves as they are.
    static func hasNoCase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2600..<0x27C0, 0x3040..<0x3100, 0x4E00..<0xA000, 0xAC00..<0xD7A4, 0xFE00..<0xFE10, 0x1F300..<0x1FB00: true
        default: false
        }
    }

    /// Scalars in blocks whose every character NFC leaves as it is and none of which combines with a neighbour.
    static func isLeftAloneByNFC(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300,          // ASCII, Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
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

    /// Negative, zero or positive as `lhs` comes before, with, or after `rhs`.
    public static func compare(_ lhs: TitleOrderKey, _ rhs: TitleOrderKey) -> Int {
        if lhs.text != nil || rhs.text != nil {
            let left = lhs.text ?? String(decoding: lhs.bytes, as: UTF8.self)
            let right = rhs.text ?? String(decoding: rhs.bytes, as: UTF8.self)
            return left < right ? -1 : right < left ? 1 : 0
        }
        return lhs.bytes.withUnsafeBufferPointer { a in
            rhs.bytes.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return Int(order) }
                }
                return a.count - b.count
            }
        }
    }

    /// The indices of `keys` in their order, equal ones in index order. Most pairs differ in their first eight bytes:
    /// those are compared as one number each, held apart from the keys, which are read only for the rest.
    public static func order(_ keys: [TitleOrderKey]) -> [Int] {
        // The first eight bytes, big-endian and padded with zeros, of each key compared by its bytes; nil for a key
        // compared as a string.
        let heads: [UInt64?] = keys.map { key in
            guard key.text == nil else { return nil }
            var head: UInt64 = 0
            for index in 0..<8 { head = head << 8 | UInt64(index < key.bytes.count ? key.bytes[index] : 0) }
            return head
        }
        return keys.indices.sorted { a, b in
            if let x = heads[a], let y = heads[b], x != y { return x < y }
            let order = compare(keys[a], keys[b])
            return order != 0 ? order < 0 : a < b
        }
    }

    public static func < (lhs: TitleOrderKey, rhs: TitleOrderKey) -> Bool { compare(lhs, rhs) < 0 }

    public static func == (lhs: TitleOrderKey, rhs: TitleOrderKey) -> Bool { compare(lhs, rhs) == 0 }
}
