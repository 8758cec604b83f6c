#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes being written for output, in a buffer that grows: what `list`, `show` and `check --json` build a line or
/// more of per item. An append costs the copy of its bytes and little more; an `Array`'s `append(contentsOf:)` of a
/// short literal costs about ten times that, which on a large board was most of what those commands took.
public struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// Where this writer hands on what it holds once that is `drainSize` bytes or more (`drainIfFull`): set while it
    /// writes at the head of a stream, whose earlier bytes are out already, so what it writes may go out as it
    /// comes. An item whose text grows as it is escaped (a 50 MB title of control characters is 250 MB shown) is
    /// then never whole in memory. Nil for a writer whose bytes must wait their turn.
    public var drain: ((UnsafeBufferPointer<UInt8>) -> Void)?

    public init(capacity: Int = 1 << 12) {
        self.capacity = max(16, capacity)
        base = Self.reallocate(nil, self.capacity)
    }

    /// An empty buffer of at least `capacity` bytes in whole huge pages (`Memory.allocateHugePages`), for a large
    /// piece written on one core while another streams: filled, it has faulted in one page per 2 MiB.
    public init(hugePagesFor capacity: Int) {
        let size = max(16, (capacity + Memory.hugePage - 1) / Memory.hugePage * Memory.hugePage)
        if let pointer = Memory.allocateHugePages(size) {
            self.capacity = size
            base = pointer.assumingMemoryBound(to: UInt8.self)
        } else {
            self.capacity = max(16, capacity)
            base = Self.reallocate(nil, self.capacity)
        }
    }

    deinit { free(base) }

    /// The C allocator's `realloc`: a large buffer grows by having its pages mapped anew, without a copy and
    /// without holding the old and the new buffer at once (which would double a command's peak memory on a
    /// 50 MB title).
    private static func reallocate(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = realloc(pointer, count) else { fatalError("out of memory (\(count) bytes)") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// What a writer with a `drain` holds at most, but for the last append.
    public static let drainSize = 1 << 20

    /// Hands what is written so far to `drain`, and starts afresh, when it is `drainSize` bytes or more and there
    /// is a drain. Called by the writers of text that grows as it is escaped, between escapes; a caller that
    /// takes back what it wrote (`truncate(to:)`) must not call it in between.
    @inlinable @inline(__always)
    public mutating func drainIfFull() {
        if written >= Self.drainSize { drainNow() }
    }

    @usableFromInline
    mutating func drainNow() {
        guard let drain else { return }
        drain(UnsafeBufferPointer(start: base, count: written))
        written = 0
    }

    /// How many bytes have been written.
    public var count: Int { written }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    public mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    /// Grows the buffer to twice its capacity, or to `needed` bytes if more. A large buffer (a piece holding one
    /// item of a million body lines) is sized and advised for huge pages, as `Memory` lays buffers out: `realloc`
    /// moves its pages (`mremap`) and the pages added fault in one per 2 MiB, not one per 4 KiB.
    @usableFromInline
    mutating func grow(_ needed: Int) {
        capacity = Memory.hugeCapacity(max(needed, capacity * 2), of: UInt8.self)
        base = Self.reallocate(base, capacity)
        Memory.adviseHugePages(base, count: capacity)
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: start, count: bytes.count)
        written += bytes.count
    }

    /// Appends a literal's UTF-8 bytes.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes.
    public mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `byte` `count` times.
    @inlinable
    public mutating func append(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats)
        (base + count).initialize(repeating: byte, count: repeats)
        written += repeats
    }

    /// Appends a number's decimal digits, with leading zeros to `width` digits.
    public mutating func appendNumber(_ value: Int, width: Int = 1) {
        let magnitude = value.magnitude
        // The digits: from the number of bits (each is log10(2) = 1233/4096 of a digit), one fewer below the
        // power of ten that many digits start at.
        let bits = UInt.bitWidth - (magnitude | 1).leadingZeroBitCount
        var digits = (bits &* 1233) >> 12 + 1
        if magnitude | 1 < Self.powersOfTen[digits - 1] { digits -= 1 }
        if value < 0 { append(UInt8(ascii: "-")) }
        if width > digits { append(UInt8(ascii: "0"), count: width - digits) }
        // Written from the last digits back, two at a time from a table of the pairs "00" to "99".
        reserve(digits)
        let pairs = Self.digitPairs.utf8Start
        var rest = magnitude
        var position = written + digits
        while rest >= 10 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            position -= 2
            base[position] = pairs[pair]
            base[position + 1] = pairs[pair + 1]
        }
        if position > written { base[position - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest) }
        written += digits
    }

    /// For an escaper reading `bytes` a run at a time: appends the run `bytes[run..<index]`, then U+FFFD for the
    /// ill-formed sequence at `index` (as `String(decoding:as:)` reads it), and returns where reading goes on.
    public mutating func appendReplacingIllFormed(_ bytes: UnsafeBufferPointer<UInt8>, run: Int, at index: Int) -> Int {
        append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
        append("\u{FFFD}")
        drainIfFull()
        return index + UTF8Sequence.illFormedLength(in: bytes, at: index)
    }

    /// Appends a number's hexadecimal digits, in capitals, without leading zeros (`1B`, `202E`).
    public mutating func appendHex(_ value: UInt32) {
        let digits: StaticString = "0123456789ABCDEF"
        var shift: UInt32 = 28
        while shift > 0 && value >> shift == 0 { shift -= 4 }
        while true {
            append(digits.utf8Start[Int(value >> shift & 0xF)])
            guard shift > 0 else { break }
            shift -= 4
        }
    }

    /// 10^0 to 10^19.
    private static let powersOfTen: [UInt] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The last byte written, if any.
    public var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// Takes back the bytes written after the first `count`.
    public mutating func truncate(to count: Int) {
        written = min(written, max(0, count))
    }

    /// Calls `body` with the bytes written so far.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written so far, as an array.
    public var bytes: [UInt8] { withBytes { Array($0) } }
}
