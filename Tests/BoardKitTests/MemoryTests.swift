import BoardKit
import Testing

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
}
