@testable import BoardKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Capacities for large buffers: never less than asked, and whole 2 MiB pages once headers are added.
@Suite struct MemoryTests {
    struct Twelve { let a: UInt32, b: UInt32, c: UInt32 }

    @Test(arguments: [0, 1, 4_095, 1 << 20 - 1, 1 << 20, 2 << 20 - 4_096, 2 << 20, 8_227_383, 82_433_006])
    func bytesGetWholeHugePages(count: Int) {
        let capacity = Memory.hugeCapacity(count, of: UInt8.self)
        #expect(capacity >= count)
        if count >= 1 << 20 {
            // The allocation's headers (under a page) and the rounding to pages fill whole 2 MiB pages.
            #expect((capacity + 4_096) % (2 << 20) == 0)
            #expect(capacity - count < 2 << 20)
        } else {
            #expect(capacity == count)
        }
    }

    @Test(arguments: [87_381, 87_382, 161_614, 1_619_930])
    func elementsOfTwelveBytesFillTheHugePagesTheyNeed(count: Int) {
        let capacity = Memory.hugeCapacity(count, of: Twelve.self)
        #expect(capacity >= count)
        guard count * 12 >= 1 << 20 else {
            #expect(capacity == count)
            return
        }
        let bytes = { (elements: Int) in elements * 12 + 4_096 }
        let pages = (bytes(count) + (2 << 20) - 1) / (2 << 20)
        #expect(bytes(capacity) <= pages * (2 << 20))
        #expect(bytes(capacity + 1) > pages * (2 << 20))
    }

    /// A table built by appending (the lines of a pasted list, its plain list items, its sections) keeps every
    /// element, and each time it grows past 1 MiB its new storage fills whole 2 MiB pages, as `reserve` lays it out.
    @Test func appendingGrowsIntoWholeHugePages() {
        var table: [Twelve] = []
        var capacities: Set<Int> = []
        for index in 0..<400_000 {
            Memory.append(Twelve(a: UInt32(index), b: 1, c: 2), to: &table)
            capacities.insert(table.capacity)
        }
        #expect(table.count == 400_000)
        #expect(table.indices.allSatisfy { table[$0].a == UInt32($0) })
        let large = capacities.filter { $0 * 12 >= 1 << 20 }
        #expect(!large.isEmpty)
        // Whole 2 MiB pages, but for the allocation's headers (under a page).
        for capacity in large { #expect((2 << 20) - capacity * 12 % (2 << 20) <= 4_096, "capacity \(capacity)") }
    }

    #if os(Linux)
    /// Growing a table copies it into storage that has had the huge-page advice: copied in first, its pages would
    /// be faulted in as 4 KiB pages, one fault each (growing to 16 MB: six thousand, against thirteen hundred with
    /// the advice first, most of them while the table is under 1 MiB). Counted on this thread only, where the
    /// system gives huge pages on advice, and gives them now: on a busy machine whose memory is in pieces it may
    /// give 4 KiB pages instead for a while (the bound leaves room for some).
    @Test func growingATableFaultsItsPagesInAsHugePages() throws {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard mode.contains("[madvise]") || mode.contains("[always]") else { return }
        func faults() -> Int {
            var usage = rusage()
            getrusage(1, &usage)  // RUSAGE_THREAD, which Glibc's module does not name
            return usage.ru_minflt
        }
        // Whether the system gives huge pages at this moment: 8 MiB with the advice, touched, faults in 4 pages.
        if let probe = Memory.allocateHugePages(8 << 20) {
            let start = faults()
            for offset in stride(from: 0, to: 8 << 20, by: 4_096) { probe.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
            let probeFaults = faults() - start
            free(probe)
            guard probeFaults < 256 else { return }
        }
        let before = faults()
        var table: [UInt64] = []
        for index in 0..<2_000_000 { Memory.append(UInt64(index), to: &table) }
        let taken = faults() - before
        #expect(table.count == 2_000_000 && table[1_999_999] == 1_999_999)
        #expect(taken < 4_500, "\(taken) page faults for \(table.count * 8 / 4_096) pages")
    }
    #endif

    /// A writer in huge pages starts with whole 2 MiB of room on a 2 MiB boundary, keeps what is written, and grows
    /// past its room as any writer does.
    @Test func aWriterInHugePagesKeepsWhatIsWrittenAndGrows() {
        var writer = ByteWriter(hugePagesFor: (1 << 20) + (1 << 16))
        #expect(writer.capacity == 2 << 20)
        #expect(Int(bitPattern: writer.base) % (2 << 20) == 0)
        for index in 0..<(3 << 20) { writer.append(UInt8(truncatingIfNeeded: index &* 7)) }
        #expect(writer.count == 3 << 20)
        writer.withBytes { bytes in
            #expect(bytes.indices.allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 7) })
        }
    }

    /// Pages faulted in ahead of a writer, on another core, keep every byte the writer put there: the advice maps
    /// pages and never clears one already written. A writer that runs ahead of the advice, and one that it overtakes,
    /// both end with their own bytes.
    @Test(arguments: [3, 4_096])
    func pagesFaultedInAheadKeepWhatIsWritten(stride: Int) {
        let count = 5 << 20 + 123
        let written = [UInt8](unsafeUninitializedCapacity: Memory.hugeCapacity(count, of: UInt8.self)) { bytes, initialized in
            Memory.adviseHugePages(bytes.baseAddress, count: bytes.count)
            var ahead = PagesAhead(UnsafeRawPointer(bytes.baseAddress), count: bytes.count)
            ahead.reached(0)
            var position = 0
            while position < count {
                let end = min(count, position + stride)
                for index in position..<end { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 12) }
                position = end
                ahead.reached(position)
            }
            initialized = count
        }
        #expect(written.count == count)
        #expect(written.indices.allSatisfy { written[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) })
    }
}
