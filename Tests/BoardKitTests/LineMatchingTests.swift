@testable import BoardKit
import Testing

/// `LineMatching`: a common subsequence, longest unless the inputs are very different, in linear memory.
@Suite struct LineMatchingTests {
    /// The length of a longest common subsequence, by the plain O(nm) table.
    static func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var row = [0]
            for (j, y) in b.enumerated() { row.append(x == y ? previous[j] + 1 : max(previous[j + 1], row[j])) }
            previous = row
        }
        return previous[b.count]
    }

    /// The number of matches, after checking they form a common subsequence: equal tokens, strictly increasing.
    static func checkedLength(_ matches: [Int?], _ a: [Int], _ b: [Int]) -> Int {
        var lastY = -1, count = 0
        for (x, y) in matches.enumerated() {
            guard let y else { continue }
            #expect(y > lastY && y < b.count, "index \(x) of a matched out of order with \(y)")
            #expect(y >= 0 && y < b.count && a[x] == b[y], "index \(x) of a matched with an unequal token")
            lastY = y
            count += 1
        }
        return count
    }

    /// `middleMatches` as an array like `match` gives, for checking with `checkedLength`.
    static func middle(_ a: [Int], _ b: [Int], costLimit: Int? = nil) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        for (x, y) in LineMatching.middleMatches(a, b, costLimit: costLimit) {
            #expect(result[x] == nil, "index \(x) of a matched twice")
            result[x] = y
        }
        return result
    }

    static func random(_ count: Int, below alphabet: Int, _ generator: inout SeededGenerator) -> [Int] {
        (0..<count).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
    }

    @Test func smallInputsGetALongestCommonSubsequence() {
        var generator = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x6D79_6572_73))
        for _ in 0..<4000 {
            let alphabet = Int.random(in: 1...4, using: &generator)
            let a = Self.random(Int.random(in: 0...14, using: &generator), below: alphabet, &generator)
            let b = Self.random(Int.random(in: 0...14, using: &generator), below: alphabet, &generator)
            let expected = Self.lcsLength(a, b)
            #expect(Self.checkedLength(LineMatching.match(a, b), a, b) == expected, "a: \(a), b: \(b)")
            #expect(Self.checkedLength(Self.middle(a, b), a, b) == expected, "a: \(a), b: \(b)")
        }
    }

    /// A tiny cost limit makes almost every search settle for a good-enough split: still a common subsequence.
    @Test func aCappedSearchStillGivesACommonSubsequence() {
        var generator = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x6361_7070_6564))
        for _ in 0..<3000 {
            let alphabet = Int.random(in: 1...5, using: &generator)
            let a = Self.random(Int.random(in: 0...40, using: &generator), below: alphabet, &generator)
            let b = Self.random(Int.random(in: 0...40, using: &generator), below: alphabet, &generator)
            let limit = Int.random(in: 1...4, using: &generator)
            let length = Self.checkedLength(Self.middle(a, b, costLimit: limit), a, b)
            #expect(length <= Self.lcsLength(a, b), "a: \(a), b: \(b), limit \(limit)")
        }
    }

    /// Wholly different inputs of 60,000 tokens each: the old search kept a frontier per round, gigabytes here.
    @Test func aTotalRewriteIsCheap() {
        let a = Array(0..<60_000), b = Array(60_000..<120_000)
        #expect(LineMatching.match(a, b).allSatisfy { $0 == nil })
        // Every other line rewritten, blank lines between (a merge where ours rewrote every note).
        let notes = (0..<60_000).flatMap { [0, $0 + 1] }, rewritten = (0..<60_000).flatMap { [0, -$0 - 1] }
        let matches = LineMatching.match(notes, rewritten)
        #expect(Self.checkedLength(matches, notes, rewritten) == 60_000)
    }

    /// Long random inputs over a shared alphabet: far too many differences for an exact search (thousands, against a
    /// default limit of 256), so the cost limit is reached again and again; a long common block in the middle is
    /// still matched whole, with the default limit and with small ones.
    @Test func aCappedSearchKeepsALongCommonBlock() {
        var generator = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x626C_6F63_6B))
        for (size, limit) in [(6000, nil), (600, 8), (3000, 64)] as [(Int, Int?)] {
            let block = Array(1000..<(1000 + size / 3))
            let a = Self.random(size, below: 4, &generator) + block + Self.random(size, below: 4, &generator)
            let b = Self.random(size + 7, below: 4, &generator) + block + Self.random(size - 5, below: 4, &generator)
            let matches = Self.middle(a, b, costLimit: limit)
            #expect(Self.checkedLength(matches, a, b) >= block.count)
            #expect(block.indices.allSatisfy { matches[size + $0] == size + 7 + $0 }, "size \(size), limit \(String(describing: limit))")
        }
    }
}
