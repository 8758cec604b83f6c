#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advice to the kernel about large buffers: a hint only, never a change in behaviour.
public enum Memory {
    /// Asks for the whole 2 MiB pages inside `count` bytes at `start` to be backed by huge pages before they
    /// are touched: filling 8 MB then costs 4 page faults instead of 2,000, which is most of the time a fresh
    /// buffer costs. Does nothing for a small buffer, on a system without them, or when refused.
    public static func adviseHugePages(_ start: UnsafeRawPointer?, count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        guard let start, count >= huge else { return }
        let first = (Int(bitPattern: start) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: start) + count) & ~(huge - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }

    /// `reserveCapacity(capacity)`, then the huge-page advice for the whole reserved storage.
    static func reserve<Element>(_ array: inout [Element], _ capacity: Int) {
        array.reserveCapacity(capacity)
        // The storage's address, for the advice only: nothing is read or written through it.
        let start = array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        adviseHugePages(start, count: capacity * MemoryLayout<Element>.stride)
    }
}
