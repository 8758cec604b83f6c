#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Large buffers laid out for huge pages. On this project's machine a fresh 4 KiB page costs about 4 µs to fault
/// in, and a fresh 2 MiB page about 150 µs: ten times less per byte. Advice and sizes only, never a change in
/// behaviour.
public enum Memory {
    static let hugePage = 2 << 20
    /// The size of a small memory page, and of a page of a file in the cache.
    public static let page = 4096
    /// Buffers from this size on are laid out for huge pages: one costs less than the 4 KiB pages of half of it.
    static let largeBuffer = 1 << 20
    /// `MADV_COLLAPSE` (Linux 6.1 and later), which Glibc's module does not name.
    static let adviceCollapse: Int32 = 25
    /// `MADV_POPULATE_WRITE` (Linux 5.14 and later), which Glibc's module does not name either.
    static let advicePopulateWrite: Int32 = 23

    /// A capacity of at least `count` elements for a buffer of 1 MiB or more, chosen so that its allocation fills
    /// whole 2 MiB pages: glibc maps such a buffer on its own, Linux (6.7 and later) places a mapping of whole
    /// 2 MiB pages on a 2 MiB boundary, and then every page of the buffer, its first and last included, can be a
    /// huge page. Untouched capacity costs no memory; the last huge page touched counts whole.
    public static func hugeCapacity<Element>(_ count: Int, of _: Element.Type) -> Int {
        let stride = MemoryLayout<Element>.stride
        guard count * stride >= largeBuffer else { return count }
        // The allocation adds a few dozen bytes of headers and is rounded up to whole pages.
        let bytes = (count * stride + page + hugePage - 1) / hugePage * hugePage - page
        return bytes / stride
    }

    /// Asks for huge pages for the `count` bytes at `start` before they are touched, from the 4 KiB page the buffer
    /// starts in to the one it ends in: with a buffer sized by `hugeCapacity`, that is its whole mapping. Does
    /// nothing for a small buffer, on a system without huge pages, or when refused.
    public static func adviseHugePages(_ start: UnsafeRawPointer?, count: Int) {
        #if os(Linux)
        guard let start, count >= largeBuffer else { return }
        let first = Int(bitPattern: start) & ~(page - 1)
        let end = (Int(bitPattern: start) + count + page - 1) & ~(page - 1)
        guard let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pages, end - first, MADV_HUGEPAGE)
        // The allocator wrote its header into the first page before this advice, so that page is a small one, and
        // the rest of its 2 MiB would be faulted in as small pages too (512 faults instead of 1). When the buffer
        // starts a 2 MiB page, that page is made one huge page now.
        if first % hugePage == 0, end - first >= hugePage {
            _ = madvise(pages, hugePage, adviceCollapse)
        }
        #endif
    }

    /// `count` bytes or more (whole 2 MiB pages) from the C allocator, on a 2 MiB boundary and with the huge-page
    /// advice given before any of them is touched: the first write to each 2 MiB faults in one huge page (on the
    /// thread that writes), not 512 small ones. Nil when refused; `free` releases it.
    public static func allocateHugePages(_ count: Int) -> UnsafeMutableRawPointer? {
        let size = max(1, (count + hugePage - 1) / hugePage) * hugePage
        var pointer: UnsafeMutableRawPointer?
        guard posix_memalign(&pointer, hugePage, size) == 0, let pointer else { return nil }
        #if os(Linux)
        _ = madvise(pointer, size, MADV_HUGEPAGE)
        #endif
        return pointer
    }

    /// Appends an element, growing a full array to twice its capacity with `reserve`: a table built by appending
    /// (a million plain list items, a hundred thousand sections) then faults its pages in as huge pages each time it
    /// grows, where `append` would lay the larger copy out in 4 KiB pages, a fault each.
    @inline(__always)
    static func append<Element>(_ element: Element, to array: inout [Element]) {
        if array.count == array.capacity { reserve(&array, 2 * array.capacity + 16) }
        array.append(element)
    }

    /// Reserves a `hugeCapacity` for at least `capacity` elements, with the huge-page advice for all of it given
    /// before the elements are copied in: pages the copy touches first would be faulted in as 4 KiB pages.
    public static func reserve<Element>(_ array: inout [Element], _ capacity: Int) {
        guard capacity > array.capacity else { return }
        var grown: [Element] = []
        grown.reserveCapacity(hugeCapacity(capacity, of: Element.self))
        // The storage's address, for the advice only: nothing is read or written through it.
        let start = grown.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        adviseHugePages(start, count: grown.capacity * MemoryLayout<Element>.stride)
        grown += array
        array = grown
    }
}

/// Faults in the pages of a large buffer on another core, a step ahead of one thread that fills the buffer from its
/// start: that thread then finds its pages in place instead of stopping while each is cleared (150 µs for 2 MiB). At
/// most two steps of pages beyond what the writer reported are faulted in. The pages' contents never change: the
/// kernel only maps them (`MADV_POPULATE_WRITE`, Linux 5.14 and later; elsewhere nothing is done).
struct PagesAhead: ~Copyable {
    /// Bytes faulted in per request: one huge page.
    static let step = Memory.hugePage
    private let start: Int
    private let count: Int
    private var requested = 0
    private let group = DispatchGroup()

    /// For the `count` bytes at `start`; a buffer under `Memory.largeBuffer` is left alone.
    init(_ start: UnsafeRawPointer?, count: Int) {
        self.start = Int(bitPattern: start)
        self.count = start == nil || count < Memory.largeBuffer ? 0 : count
    }

    /// Tells that the writer has written the buffer's first `written` bytes: when fewer than a step are faulted in
    /// beyond them, the next step is asked for.
    @inline(__always)
    mutating func reached(_ written: Int) {
        if written &+ Self.step / 2 > requested, requested < count { requestNextStep() }
    }

    private mutating func requestNextStep() {
        #if os(Linux)
        // Whole small pages, from the one the step starts in to the one it ends in.
        let first = (start + requested) & ~(Memory.page - 1)
        requested = min(count, requested + Self.step)
        let length = ((start + requested + Memory.page - 1) & ~(Memory.page - 1)) - first
        DispatchQueue.global().async(group: group) {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: first), length, Memory.advicePopulateWrite)
        }
        #else
        requested = count
        #endif
    }

    deinit { group.wait() }
}
