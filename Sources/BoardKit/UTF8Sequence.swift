/// Reading UTF-8 straight from a file's bytes, so text can be printed without first being made a `String`.
public enum UTF8Sequence {
    /// The length of the well-formed UTF-8 sequence that starts at `index`, or nil where there is none: a stray
    /// continuation byte, a cut-off sequence, an overlong form, a surrogate or a value past U+10FFFF — each a
    /// place `String(decoding:as:)` would put U+FFFD.
    @inlinable @inline(__always)
    public static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let count = bytes.count
        // A byte past the end reads as 0, which is no continuation byte.
        @inline(__always) func byte(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
        let second = byte(1)
        switch lead {
        case 0xC2...0xDF:
            return second & 0xC0 == 0x80 ? 2 : nil
        case 0xE0...0xEF:
            return secondBytes(after: lead).contains(second) && byte(2) & 0xC0 == 0x80 ? 3 : nil
        case 0xF0...0xF4:
            return secondBytes(after: lead).contains(second) && byte(2) & 0xC0 == 0x80 && byte(3) & 0xC0 == 0x80 ? 4 : nil
        default:
            return nil
        }
    }

    /// The bytes that may come second in a well-formed sequence led by `lead` (E0 to F4): E0 would be overlong below
    /// A0, ED a surrogate from A0 on; F0 overlong below 90, F4 past U+10FFFF from 90 on.
    @inlinable @inline(__always)
    static func secondBytes(after lead: UInt8) -> ClosedRange<UInt8> {
        switch lead {
        case 0xE0: 0xA0...0xBF
        case 0xED: 0x80...0x9F
        case 0xF0: 0x90...0xBF
        case 0xF4: 0x80...0x8F
        default: 0x80...0xBF
        }
    }

    /// Where `length` is nil: the length of the ill-formed part at `index` that `String(decoding:as:)` puts one
    /// U+FFFD in place of: the longest start of a well-formed sequence there, or the one byte.
    public static func illFormedLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let count = bytes.count
        func byte(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
        let second = byte(1)
        switch lead {
        case 0xE0...0xEF:
            return secondBytes(after: lead).contains(second) ? 2 : 1
        case 0xF0...0xF4:
            guard secondBytes(after: lead).contains(second) else { return 1 }
            return byte(2) & 0xC0 == 0x80 ? 3 : 2
        default:
            return 1
        }
    }

    /// The length of the sequence at `index` when it is one of the common kinds that nothing reads specially: three
    /// bytes led by E3 to ED (kana, CJK, Hangul) or four led by F0 then 90 to BF (emoji, CJK beyond the first plane),
    /// but for 9D (U+1D000 to U+1DFFF, where the musical format controls are, which show nothing), the shorthand
    /// format controls (U+1BCA0 to U+1BCA3, F0 9B B2 A0 to A3) and the two noncharacters that end each plane
    /// (U+1FFFE, U+1FFFF, …), well formed. Nil for anything else, which the caller
    /// reads with `length`. Inlined, for the scans over titles of those scripts.
    @inlinable @inline(__always)
    public static func commonLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        // ED goes on to the surrogates from A0: below them it leads the last Hangul syllables.
        if lead >= 0xE3, lead <= 0xED, index + 2 < bytes.count, bytes[index + 1] & 0xC0 == 0x80,
           lead != 0xED || bytes[index + 1] <= 0x9F, bytes[index + 2] & 0xC0 == 0x80 {
            return 3
        }
        if lead == 0xF0, index + 3 < bytes.count, bytes[index + 1] >= 0x90, bytes[index + 1] <= 0xBF, bytes[index + 1] != 0x9D,
           bytes[index + 2] & 0xC0 == 0x80, bytes[index + 3] & 0xC0 == 0x80,
           !(bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE),
           !(bytes[index + 1] == 0x9B && bytes[index + 2] == 0xB2 && bytes[index + 3] >= 0xA0 && bytes[index + 3] <= 0xA3) {
            return 4
        }
        return nil
    }

    /// The end of the run of common sequences (`commonLength`) that starts at `index`: `index` itself when none
    /// does. A word of Hangul or kana is read in one call, not one scan of printable ASCII per character.
    @inlinable @inline(__always)
    public static func commonRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] >= 0xE3, let length = commonLength(in: bytes, at: end) { end += length }
        return end
    }

    /// The value of the scalar whose well-formed sequence of `length` bytes (`length(in:at:)`) starts at `index`.
    @inlinable
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        @inline(__always) func low(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        switch length {
        case 1: return lead
        case 2: return (lead & 0x1F) << 6 | low(1)
        case 3: return (lead & 0x0F) << 12 | low(1) << 6 | low(2)
        default: return (lead & 0x07) << 18 | low(1) << 12 | low(2) << 6 | low(3)
        }
    }

    /// True when `bytes` is well-formed UTF-8 whose every scalar beyond ASCII passes `test`. ASCII is skipped eight
    /// bytes at a time.
    public static func scalarsBeyondASCII(in bytes: UnsafeBufferPointer<UInt8>, allSatisfy test: (Unicode.Scalar) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < bytes.count {
            guard bytes[index] >= 0x80 else {
                index += 1
                while index + 8 <= bytes.count,
                      UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            guard let length = length(in: bytes, at: index), let scalar = Unicode.Scalar(scalar(in: bytes, at: index, length: length)),
                  test(scalar) else { return false }
            index += length
        }
        return true
    }

    /// The index of the first byte at or after `index` that is not printable ASCII (0x20 to 0x7E), or the end:
    /// eight bytes at a time, as nearly all of a board's text is, the first stop in a word found from its mask. With
    /// `json`, a quote or a backslash ends the run too: the bytes a JSON string holds as they are. With `markup`,
    /// `&`, `<`, `>`, a quote or an apostrophe does: the bytes HTML holds as they are, in content or an attribute.
    /// With `textValue`, a backslash, a semicolon or a comma does: the bytes an iCalendar TEXT value holds as they are.
    @inlinable
    public static func printableASCIIEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int, json: Bool = false,
                                         markup: Bool = false, textValue: Bool = false) -> Int {
        let from = index
        var index = index
        if let base = bytes.baseAddress, bytes.count >= 8 {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            // The high bit of each byte that ends the run. A borrow only carries upward, from a byte that ends the
            // run itself, so the lowest bit set is always a byte that does.
            @inline(__always) func stops(at offset: Int) -> UInt64 {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self).littleEndian
                let belowSpace = (word &- 0x20 &* ones) & ~word & highs
                var stops = (word & highs) | belowSpace | zeroBytes(word ^ (0x7F &* ones))
                if json { stops |= zeroBytes(word ^ (0x22 &* ones)) | zeroBytes(word ^ (0x5C &* ones)) }
                if markup {
                    stops |= zeroBytes(word ^ (0x26 &* ones)) | zeroBytes(word ^ (0x3C &* ones)) | zeroBytes(word ^ (0x3E &* ones))
                        | zeroBytes(word ^ (0x22 &* ones)) | zeroBytes(word ^ (0x27 &* ones))
                }
                if textValue {
                    stops |= zeroBytes(word ^ (0x5C &* ones)) | zeroBytes(word ^ (0x3B &* ones)) | zeroBytes(word ^ (0x2C &* ones))
                }
                return stops
            }
            while index + 8 <= bytes.count {
                let found = stops(at: index)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
            guard index < bytes.count else { return index }
            // The last eight bytes, when those before `index` were read already: none of them is a stop, so none
            // carries a borrow into the rest.
            if bytes.count - 8 >= from {
                let seen = 8 - (bytes.count - index)
                let found = stops(at: bytes.count - 8) & (~0 << UInt64(8 * seen))
                return found != 0 ? bytes.count - 8 + found.trailingZeroBitCount / 8 : bytes.count
            }
        }
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x7F,
              !json || (bytes[index] != 0x22 && bytes[index] != 0x5C),
              !markup || !(bytes[index] == 0x26 || bytes[index] == 0x3C || bytes[index] == 0x3E || bytes[index] == 0x22
                           || bytes[index] == 0x27),
              !textValue || (bytes[index] != 0x5C && bytes[index] != 0x3B && bytes[index] != 0x2C) {
            index += 1
        }
        return index
    }
}

/// What a text from a file is compared by, to tell whether a side changed it: its runs of UTF-8 as `streamSafe`
/// strings, so that the same text spelt in other scalars alike is no change, and each byte that is not UTF-8 as it
/// is, since decoded every ill-formed spelling is U+FFFD alike (`Caf\xE9` and `Caf\xE8`, from a Latin-1 editor, were
/// one title). A title holding such a byte and an `é` respelt in two scalars is unchanged too (helper-75).
struct TextIdentity: Equatable {
    enum Piece: Equatable {
        case text(String)
        case byte(UInt8)
    }

    let pieces: [Piece]

    init(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var pieces: [Piece] = []
        var run = 0
        var index = 0
        bytes.withUnsafeBufferPointer { b in
            func endRun() {
                if run < index { pieces.append(.text(String(decoding: b[run..<index], as: UTF8.self).streamSafe)) }
            }
            while index < b.count {
                if b[index] < 0x80 {
                    index += 1
                } else if let length = UTF8Sequence.length(in: b, at: index) {
                    index += length
                } else {
                    endRun()
                    pieces.append(.byte(b[index]))
                    index += 1
                    run = index
                }
            }
            endRun()
        }
        self.pieces = pieces
    }
}

extension String {
    /// This text as comparing, hashing and searching strings may take it: the same text, unless it holds a run of
    /// more than 30 scalars that combine with the one before them, out of their canonical order. Normalizing such a
    /// run, as every comparison, hash and search of a `String` does, sorts it in time in the square of its length in
    /// Swift's library: a title of 64,000 alternating accents took `check` 7.5 s. Such a run gets U+034F COMBINING
    /// GRAPHEME JOINER after every 30 of its scalars, as Unicode's stream-safe text format has it (UAX #15): two
    /// texts alike but for the order of such a run are then told apart. A run already in order needs no sorting and
    /// is left as it is, so text of precomposed and decomposed letters compares as before.
    public var streamSafe: String {
        var run = Run()
        guard !unicodeScalars.contains(where: { run.add(Self.combiningClass($0)) }) else { return safe }
        return self
    }

    /// The text with U+034F after every 30 scalars of each long run out of order.
    private var safe: String {
        var result = String.UnicodeScalarView()
        var pending: [Unicode.Scalar] = []
        var run = Run()
        func flush() {
            for (position, scalar) in pending.enumerated() {
                if run.isLong, position > 0, position % 30 == 0 { result.append("\u{34F}") }
                result.append(scalar)
            }
            pending.removeAll(keepingCapacity: true)
        }
        for scalar in unicodeScalars {
            let combiningClass = Self.combiningClass(scalar)
            if combiningClass == 0 {
                flush()
                run = Run()
                result.append(scalar)
            } else {
                _ = run.add(combiningClass)
                pending.append(scalar)
            }
        }
        flush()
        return String(result)
    }

    /// A run of scalars that combine with the one before them, as it is read.
    private struct Run {
        private var count = 0
        private var last: UInt8 = 0
        private var outOfOrder = false
        /// True once the run is longer than 30 and out of canonical order.
        private(set) var isLong = false

        /// Reads the next scalar's canonical combining class (0, a starter, ends the run); true when the run is now
        /// long and out of order.
        mutating func add(_ combiningClass: UInt8) -> Bool {
            guard combiningClass != 0 else {
                self = Run()
                return false
            }
            count += 1
            if combiningClass < last { outOfOrder = true }
            last = combiningClass
            isLong = isLong || (count > 30 && outOfOrder)
            return isLong
        }
    }

    /// A scalar's canonical combining class; Unicode's property is looked up only past the blocks that hold none
    /// (below U+0300, Hangul syllables, CJK ideographs, emoji).
    private static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
        switch scalar.value {
        case ..<0x300, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF: 0
        default: scalar.properties.canonicalCombiningClass.rawValue
        }
    }
}
