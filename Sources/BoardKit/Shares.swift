#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Work on a large board cut into shares that the cores take in turn.
public enum Shares {
    /// Items per share of work done item by item (finding due tokens, validation).
    public static let itemsPerShare = 8_192

    /// Bytes per share of work done over a file's bytes (reading, splitting into lines, printing, comparing).
    public static let bytesPerShare = 2 << 20

    /// The cores this process can run on.
    public static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// Calls `body` with consecutive ranges that together cover `0..<count`, in parallel: one range when
    /// `count` is under twice `minimum` (less is not worth a thread), else up to `most`. Each call must write
    /// only what its own range owns.
    ///
    /// Work bound by the processor gains from many shares, which even out a busy core. Work over a file's
    /// bytes is bound by memory and goes through `mapBytes`.
    public static func run(_ count: Int, minimum: Int, most: Int = 16, _ body: @Sendable (Range<Int>) -> Void) {
        _ = map(count, minimum: minimum, most: most, body)
    }

    /// `run`, returning what each share's call returns, in the order of the ranges.
    public static func map<Result: Sendable>(_ count: Int, minimum: Int, most: Int = 16,
                                             _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let shares = max(1, min(most, count / max(1, minimum)))
        if shares == 1 { return [body(0..<count)] }
        return [Result](unsafeUninitializedCapacity: shares) { results, initialized in
            // Each share initializes its own element, and only that.
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: shares) { share in
                results.initializeElement(at: share, to: body((count * share / shares)..<(count * (share + 1) / shares)))
            }
            initialized = shares
        }
    }

    /// `map` over `count` bytes, for work bound by memory (copying into fresh pages, reading a file): shares of
    /// `bytesPerShare` at least, one per core at most. With more shares than cores, two threads fault in the same
    /// huge page and one waits while the other clears it.
    public static func mapBytes<Result: Sendable>(_ count: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        map(count, minimum: bytesPerShare, most: cores, body)
    }
}
