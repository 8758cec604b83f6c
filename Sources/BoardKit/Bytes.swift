#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small byte-level helpers shared by the parser and the editor. Whitespace is space and tab only.
enum Bytes {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The high bit of each of `word`'s eight bytes (the first lowest) that is `byte`, and no other bit: exact for
    /// every byte, as no carry passes from one byte to the next.
    @inline(__always)
    static func marks(of byte: UInt8, in word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let value = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((value & low7) &+ low7) | value | low7)
    }

    static func hasBOM<C: RandomAccessCollection<UInt8>>(_ bytes: C) -> Bool where C.Index == Int {
        bytes.count >= 3 && bytes[bytes.startIndex] == 0xEF && bytes[bytes.startIndex + 1] == 0xBB
            && bytes[bytes.startIndex + 2] == 0xBF
    }

    /// The first offset in `range` that is not a space or tab.
    static func skipWhitespace<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> Int where C.Index == Int {
        var position = range.lowerBound
        while position < range.upperBound, isWhitespace(bytes[position]) { position += 1 }
        return position
    }

    /// `range` without leading and trailing spaces and tabs.
    static func trimmed<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> Range<Int> where C.Index == Int {
        let start = skipWhitespace(bytes, range)
        var end = range.upperBound
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    static func isBlank<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> Bool where C.Index == Int {
        skipWhitespace(bytes, range) == range.upperBound
    }

    /// How many leading bytes of `range` equal `prefix`'s.
    /// True when `bytes[range]` holds a character that is not whitespace (`Character.isWhitespace`): a byte scan,
    /// and the characters looked at only when all that is there is whitespace and something not ASCII.
    static func holdsMoreThanWhitespace<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> Bool where C.Index == Int {
        var ascii = true
        for index in range {
            let byte = bytes[index]
            if byte >= 0x80 {
                ascii = false
            } else if byte != space && !(0x09...0x0D).contains(byte) {
                return true
            }
        }
        return !ascii && String(decoding: bytes[range], as: UTF8.self).contains { !$0.isWhitespace }
    }

    /// The length in bytes of the space beyond ASCII (a no-break space U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F,
    /// U+3000) that ends at `end`, not before `start`; 0 when there is none. No token starts or ends at one, though it
    /// looks like a space, as word processors write one.
    static func otherSpaceLength<C: RandomAccessCollection<UInt8>>(_ bytes: C, endingAt end: Int, from start: Int) -> Int
    where C.Index == Int {
        if end - start >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xA0 { return 2 }
        guard end - start >= 3 else { return 0 }
        return isOtherSpace(bytes[end - 3], bytes[end - 2], bytes[end - 1]) ? 3 : 0
    }

    /// `otherSpaceLength(_:endingAt:from:)` for the space that starts at `start`, ending before `end`.
    static func otherSpaceLength<C: RandomAccessCollection<UInt8>>(_ bytes: C, startingAt start: Int, before end: Int) -> Int
    where C.Index == Int {
        if end - start >= 2, bytes[start] == 0xC2, bytes[start + 1] == 0xA0 { return 2 }
        guard end - start >= 3 else { return 0 }
        return isOtherSpace(bytes[start], bytes[start + 1], bytes[start + 2]) ? 3 : 0
    }

    private static func isOtherSpace(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        switch (first, second) {
        case (0xE1, 0x9A): third == 0x80
        case (0xE2, 0x80): (0x80...0x8A).contains(third) || third == 0xAF
        case (0xE2, 0x81): third == 0x9F
        case (0xE3, 0x80): third == 0x80
        default: false
        }
    }

    static func hasPrefix<C: RandomAccessCollection<UInt8>>(_ bytes: C, at offset: Int, end: Int, _ prefix: StaticString) -> Bool where C.Index == Int {
        let count = prefix.utf8CodeUnitCount
        guard end - offset >= count else { return false }
        let pointer = prefix.utf8Start
        for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
        return true
    }

    /// Splits bytes into lines: a line ends at LF, a CR right before the LF belongs to the ending,
    /// and a last line may have no ending. An empty input has no lines. A large file is split in one share
    /// per core: each counts the lines that start in its part, then writes them into its place in one table of
    /// exactly that many lines. A table grown as lines were found faulted in more than twice its size in fresh
    /// pages, and was copied at each step.
    static func splitLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        // The shares only read `bytes`.
        nonisolated(unsafe) let bytes = bytes
        let parts = Shares.mapBytes(bytes.count) { part in (part: part, lines: lineCount(startingIn: part, of: bytes)) }
        let total = parts.reduce(0) { $0 + $1.lines }
        return [Line](unsafeUninitializedCapacity: Memory.hugeCapacity(total, of: Line.self)) { table, initialized in
            Memory.adviseHugePages(UnsafeRawPointer(table.baseAddress), count: table.count * MemoryLayout<Line>.stride)
            // Each share writes only its own lines' places.
            nonisolated(unsafe) let table = table
            Shares.run(parts.count, minimum: 1, most: parts.count) { shares in
                for share in shares {
                    let first = parts[..<share].reduce(0) { $0 + $1.lines }
                    writeLines(startingIn: parts[share].part, of: bytes,
                               to: UnsafeMutableBufferPointer(rebasing: table[first..<(first + parts[share].lines)]))
                }
            }
            initialized = total
        }
    }

    /// How many lines start in `part` of `bytes`: the first line at 0, every other one after an LF. The LFs are
    /// counted 32 bytes at a time, in vector registers.
    private static func lineCount(startingIn part: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, !part.isEmpty else { return 0 }
        // A line starts after each LF that precedes a byte of the part.
        var position = max(part.lowerBound - 1, 0)
        let end = part.upperBound - 1
        var count = part.lowerBound == 0 ? 1 : 0
        let feeds = SIMD32<UInt8>(repeating: lf)
        while position + 32 * 255 <= end {
            // Up to 255 blocks are counted in bytes, one lane for each of the 32 places in a block.
            var lanes = SIMD32<UInt8>.zero
            for _ in 0..<255 {
                let block = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD32<UInt8>.self)
                lanes &-= unsafeBitCast(block .== feeds, to: SIMD32<UInt8>.self)
                position += 32
            }
            count += lanes.indices.reduce(0) { $0 + Int(lanes[$1]) }
        }
        while position < end {
            if bytes[position] == lf { count += 1 }
            position += 1
        }
        return count
    }

    /// Writes the lines that start in `part` of `bytes` into `table`, which has room for exactly them. Each LF is
    /// found with `memchr`, or, when the part's lines are under 16 bytes on average (a pasted list, a long body of
    /// short lines), the LFs of eight bytes at a time: there a call per line cost more than the line's scan.
    private static func writeLines(startingIn part: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>,
                                   to table: UnsafeMutableBufferPointer<Line>) {
        guard let base = bytes.baseAddress, var next = table.baseAddress else { return }
        let limit = next + table.count
        let count = bytes.count
        var start = part.lowerBound
        if start > 0 && bytes[start - 1] != lf {
            guard let found = memchr(base + start, Int32(lf), count - start) else { return }
            start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        @inline(__always) func write(endingAt position: Int) {
            let contentEnd = position > start && bytes[position - 1] == cr ? position - 1 : position
            next.initialize(to: Line(start: start, contentEnd: contentEnd, end: position + 1))
            next += 1
            start = position + 1
        }
        if 16 * table.count > part.count {
            var position = start
            while start < part.upperBound, next < limit, position < count {
                guard position + 8 <= count else {
                    if bytes[position] == lf { write(endingAt: position) }
                    position += 1
                    continue
                }
                var feeds = marks(of: lf, in: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian)
                while feeds != 0, start < part.upperBound, next < limit {
                    write(endingAt: position + feeds.trailingZeroBitCount / 8)
                    feeds &= feeds - 1
                }
                position += 8
            }
        } else {
            while start < part.upperBound, next < limit {
                guard let found = memchr(base + start, Int32(lf), count - start) else { break }
                write(endingAt: base.distance(to: found.assumingMemoryBound(to: UInt8.self)))
            }
        }
        // A last line without a line feed.
        if start < part.upperBound, start < count, next < limit {
            next.initialize(to: Line(start: start, contentEnd: count, end: count))
        }
    }

    /// True when `haystack[range]`, its ASCII letters lowercased, contains `needle`, which is not empty and holds no
    /// uppercase ASCII letter (bytes of other scripts compare as they are). The places where the needle's first byte
    /// stands (in either case) are found eight bytes at a time; only those are compared.
    static func containsFoldingASCII(_ haystack: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                     _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, needle.count <= range.count, let base = haystack.baseAddress else { return false }
        // The bytes compared past a first byte, counted: a needle whose beginning recurs in the text (`aaa…b` in
        // `aaa…`) would make this scan take the text's length times the needle's; past a budget of a few times
        // the text, the rest is searched with a table of the needle's own repeats, in time linear in the text.
        var compared = 0
        let budget = 4 * range.count + 64
        @inline(__always) func matches(at position: Int) -> Bool {
            var offset = 1
            while offset < needle.count, lowercasedASCII(haystack[position + offset]) == needle[offset] { offset += 1 }
            compared += offset
            return offset == needle.count
        }
        let other = first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") ? first - 0x20 : first
        var position = range.lowerBound
        let last = range.upperBound - needle.count
        while position + 8 <= last + 1 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            var starts = marks(of: first, in: word) | marks(of: other, in: word)
            while starts != 0 {
                if matches(at: position + starts.trailingZeroBitCount / 8) { return true }
                starts &= starts - 1
            }
            if compared > budget { return containsFoldingASCIIByPrefixTable(haystack, position..<range.upperBound, needle) }
            position += 8
        }
        while position <= last {
            if lowercasedASCII(haystack[position]) == first, matches(at: position) { return true }
            if compared > budget { return containsFoldingASCIIByPrefixTable(haystack, position..<range.upperBound, needle) }
            position += 1
        }
        return false
    }

    /// The byte with an ASCII capital letter lowercased.
    @inline(__always) private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `containsFoldingASCII` by Knuth, Morris and Pratt's method: each byte of the text is looked at a bounded number
    /// of times on average, whatever the needle. `needle` is lowercase.
    static func containsFoldingASCIIByPrefixTable(_ haystack: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                                  _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        // For each prefix of the needle, the length of its longest proper prefix that is also its suffix.
        var border = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = border[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            border[index] = length
        }
        var matched = 0
        for position in range {
            let byte = lowercasedASCII(haystack[position])
            while matched > 0, byte != needle[matched] { matched = border[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// True when `bytes[range]` holds `byte`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
    }

    /// How many Unicode scalars `bytes[range]` decodes to, as `String(decoding:as:)` decodes it: a column, as the
    /// text `check` prints counts it. A well-formed sequence is one, and so is each part of an ill-formed one that
    /// becomes a U+FFFD. Eight ASCII bytes at a time.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var position = range.lowerBound
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position < range.upperBound {
            let left = range.upperBound - position
            if left >= 8, UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian & highs == 0 {
                count &+= 8
                position += 8
                continue
            }
            // Fewer than eight left, in a range of eight or more: read as the range's last eight, the bytes counted
            // already shifted out.
            if left < 8, range.count >= 8,
               UnsafeRawPointer(base + range.upperBound - 8).loadUnaligned(as: UInt64.self).littleEndian >> UInt64(8 * (8 - left)) & highs == 0 {
                return count &+ left
            }
            count &+= 1
            position += bytes[position] < 0x80 ? 1
                : UTF8Sequence.length(in: bytes, at: position) ?? UTF8Sequence.illFormedLength(in: bytes, at: position)
        }
        return count
    }

    /// True when two runs of one buffer's bytes are equal (`memcmp`): for callers holding the file's bytes as a
    /// buffer, where slices of the array would count references to it for each comparison.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }

    /// True when `bytes` holds all of `other` from `start` on (`memcmp`).
    static func holds(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start >= 0, start + other.count <= bytes.count else { return false }
        guard let base = bytes.baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base + start, otherBase, other.count) == 0
    }

    /// True when two byte runs are equal (`memcmp`; the generic comparison goes byte by byte).
    static func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}

/// Sixteen bytes of a buffer compared at once, in the processor's vector registers: a comparison for equality (and
/// masks) costs one operation for the sixteen, where an eight-byte word takes several per byte sought. (Order
/// comparisons are left out: the compiler makes them a loop over the bytes.)
enum SixteenBytes {
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// The lanes a comparison holds true, as two words of eight lanes, the first lane lowest: the high bit of each
    /// byte set where its lane is true, and no other bit (the masks the eight-byte scans make).
    @inline(__always)
    static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let highs: UInt64 = 0x8080_8080_8080_8080
        return (words[0].littleEndian & highs, words[1].littleEndian & highs)
    }
}
