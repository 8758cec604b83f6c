/// A longest common subsequence of two token sequences (Myers' O(ND) algorithm; in linear space past a thousand
/// differences), as used by diff3.
enum LineMatching {
    /// For each index of `a`, the index of `b` it is matched with, or nil when it is not in the common part.
    static func match(_ a: [Int], _ b: [Int]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] {
            result[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            result[a.count - 1 - suffix] = b.count - 1 - suffix
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        let middle = forwardMatches(middleA, middleB, maximumDifferences: 1_000) ?? middleMatches(middleA, middleB)
        for (x, y) in middle { result[prefix + x] = prefix + y }
        return result
    }

    /// The matched index pairs of the shortest edit script Myers' forward search finds, which keeps each round's
    /// frontier to walk back through: the alignment diff3 merges of ordinary edits are built on (of several equally
    /// long, the one `git merge-file` also takes in the cases tested). Nil when it needs more than
    /// `maximumDifferences` edits, as its memory grows with their square (8 MB at a thousand).
    static func forwardMatches(_ a: [Int], _ b: [Int], maximumDifferences: Int) -> [(Int, Int)]? {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = n + m
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier before each round d, for walking back: rounds hold diagonals -d...d.
        var history: [[Int]] = []
        var rounds: Int?
        search: for d in 0...min(limit, maximumDifferences) {
            history.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    rounds = d
                    break search
                }
            }
        }
        guard let rounds else { return nil }
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: rounds, through: 0, by: -1) {
            let before = history[d]
            func at(_ k: Int) -> Int { before[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : at(previousK)
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            if d > 0 {
                x = previousX
                y = previousY
            }
        }
        return pairs
    }

    /// The matched index pairs (in no particular order) of a longest common subsequence of `a` and `b`. When the
    /// inputs differ so much that a search reaches `costLimit` (by default about √(n + m), at least 256), it settles
    /// for a good split instead of the best one, so the result is then a common subsequence, not always a longest.
    ///
    /// Tokens found on one side only can never be matched, so they are set aside first (as GNU diff and xdiff do):
    /// a rewritten stretch then costs nothing to search.
    static func middleMatches(_ a: [Int], _ b: [Int], costLimit: Int? = nil) -> [(Int, Int)] {
        let inA = Set(a), inB = Set(b)
        let keptA = a.indices.filter { inB.contains(a[$0]) }, keptB = b.indices.filter { inA.contains(b[$0]) }
        let n = keptA.count, m = keptB.count
        guard n > 0, m > 0 else { return [] }
        let limit = costLimit ?? max(256, Int(Double(n + m).squareRoot()))
        var search = SnakeSearch(keptA.map { a[$0] }, keptB.map { b[$0] }, costLimit: max(1, limit))
        return search.pairs().map { (keptA[$0.0], keptB[$0.1]) }
    }
}

/// Linear-space Myers (Myers 1986, section 4b, as in GNU diff and xdiff): a box of the edit graph is split where a
/// shortest path through it crosses its middle, found by searching from both corners at once, and each half is
/// matched the same way. Only two frontiers are kept, so memory is O(n + m) whatever the number of differences.
///
/// The cost limit bounds the time: a search that has not met its other half within `costLimit` rounds splits at the
/// point furthest along either search instead (`split`), so very different inputs take about O((n + m) · limit)
/// steps rather than O((n + m) · D).
private struct SnakeSearch {
    /// A part of the edit graph still to match: `a[x]` against `b[y]`.
    struct Box {
        var x: Range<Int>, y: Range<Int>
        /// True when a shortest path through the box is known to be short, so it is searched with no cost limit.
        var minimal: Bool
    }

    /// Where to cut a box in two, and whether each half may be searched with no cost limit.
    struct Split {
        var x: Int, y: Int
        var minimalBefore: Bool, minimalAfter: Bool
    }

    let a: [Int], b: [Int]
    let costLimit: Int
    /// The furthest x reached on each diagonal k = x - y (at `k + offset`), from a box's top-left corner forward and
    /// from its bottom-right corner backward; one cell to spare on each side of the diagonals -b.count...a.count.
    var forward: [Int], backward: [Int]
    let offset: Int

    init(_ a: [Int], _ b: [Int], costLimit: Int) {
        self.a = a
        self.b = b
        self.costLimit = costLimit
        offset = b.count + 1
        forward = [Int](repeating: 0, count: a.count + b.count + 3)
        backward = forward
    }

    /// The matched index pairs, box by box: the matches a box starts and ends with, then its two halves.
    mutating func pairs() -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var boxes = [Box(x: 0..<a.count, y: 0..<b.count, minimal: false)]
        while let box = boxes.popLast() {
            var (x0, x1, y0, y1) = (box.x.lowerBound, box.x.upperBound, box.y.lowerBound, box.y.upperBound)
            while x0 < x1, y0 < y1, a[x0] == b[y0] {
                pairs.append((x0, y0))
                (x0, y0) = (x0 + 1, y0 + 1)
            }
            while x0 < x1, y0 < y1, a[x1 - 1] == b[y1 - 1] {
                (x1, y1) = (x1 - 1, y1 - 1)
                pairs.append((x1, y1))
            }
            guard x0 < x1, y0 < y1 else { continue }
            let cut = split(x0..<x1, y0..<y1, minimal: box.minimal)
            // A box that neither starts nor ends with a match needs at least two edits, so its cut is strictly
            // inside; should it not be, the box is left unmatched rather than searched again forever.
            guard (cut.x, cut.y) != (x0, y0), (cut.x, cut.y) != (x1, y1) else { continue }
            boxes.append(Box(x: cut.x..<x1, y: cut.y..<y1, minimal: cut.minimalAfter))
            boxes.append(Box(x: x0..<cut.x, y: y0..<cut.y, minimal: cut.minimalBefore))
        }
        return pairs
    }

    /// Where a shortest path through a box that neither starts nor ends with a match crosses its middle, or, when
    /// the box is not `minimal` and that takes `costLimit` rounds, the point furthest along either search.
    mutating func split(_ xs: Range<Int>, _ ys: Range<Int>, minimal: Bool) -> Split {
        let (x0, x1, y0, y1) = (xs.lowerBound, xs.upperBound, ys.lowerBound, ys.upperBound)
        let (minK, maxK) = (x0 - y1, x1 - y0)
        let (forwardK, backwardK) = (x0 - y0, x1 - y1)
        // When the corners' diagonals differ by an odd number, the searches can meet during a forward round only.
        let odd = (forwardK - backwardK) & 1 != 0
        var (fLow, fHigh, bLow, bHigh) = (forwardK, forwardK, backwardK, backwardK)
        forward[forwardK + offset] = x0
        backward[backwardK + offset] = x1
        var cost = 0
        while true {
            cost += 1
            // One more edit forward: the diagonals reached widen by one each side while inside the box, with a
            // cell outside the range that never wins.
            if fLow > minK { fLow -= 1; forward[fLow - 1 + offset] = -1 } else { fLow += 1 }
            if fHigh < maxK { fHigh += 1; forward[fHigh + 1 + offset] = -1 } else { fHigh -= 1 }
            for k in stride(from: fHigh, through: fLow, by: -2) {
                let left = forward[k - 1 + offset], right = forward[k + 1 + offset]
                var x = left >= right ? left + 1 : right
                var y = x - k
                while x < x1, y < y1, a[x] == b[y] { (x, y) = (x + 1, y + 1) }
                forward[k + offset] = x
                if odd, bLow <= k, k <= bHigh, backward[k + offset] <= x {
                    return Split(x: x, y: y, minimalBefore: true, minimalAfter: true)
                }
            }
            // One more edit backward, the same way from the other corner.
            if bLow > minK { bLow -= 1; backward[bLow - 1 + offset] = Int.max } else { bLow += 1 }
            if bHigh < maxK { bHigh += 1; backward[bHigh + 1 + offset] = Int.max } else { bHigh -= 1 }
            for k in stride(from: bHigh, through: bLow, by: -2) {
                let left = backward[k - 1 + offset], right = backward[k + 1 + offset]
                var x = left < right ? left : right - 1
                var y = x - k
                while x > x0, y > y0, a[x - 1] == b[y - 1] { (x, y) = (x - 1, y - 1) }
                backward[k + offset] = x
                if !odd, fLow <= k, k <= fHigh, x <= forward[k + offset] {
                    return Split(x: x, y: y, minimalBefore: true, minimalAfter: true)
                }
            }
            if minimal || cost < costLimit { continue }
            // Too costly: cut at the point that got furthest (largest x + y forward, smallest backward), kept inside
            // the box; of equally far points, the one nearest the diagonal of the other corner, or the cuts would
            // drift to one side and skip a common stretch. The part a search covered has a path of at most `cost`
            // edits, so it may be searched minimally.
            var best = (x: x0, y: y0)
            for k in stride(from: fHigh, through: fLow, by: -2) {
                var x = min(forward[k + offset], x1), y = x - k
                if y > y1 { (x, y) = (y1 + k, y1) }
                if x + y > best.x + best.y || x + y == best.x + best.y && abs(k - backwardK) < abs(best.x - best.y - backwardK) {
                    best = (x, y)
                }
            }
            var bestBack = (x: x1, y: y1)
            for k in stride(from: bHigh, through: bLow, by: -2) {
                var x = max(backward[k + offset], x0), y = x - k
                if y < y0 { (x, y) = (y0 + k, y0) }
                if x + y < bestBack.x + bestBack.y
                    || x + y == bestBack.x + bestBack.y && abs(k - forwardK) < abs(bestBack.x - bestBack.y - forwardK) {
                    bestBack = (x, y)
                }
            }
            if (x1 + y1) - (bestBack.x + bestBack.y) < (best.x + best.y) - (x0 + y0) {
                return Split(x: best.x, y: best.y, minimalBefore: true, minimalAfter: false)
            }
            return Split(x: bestBack.x, y: bestBack.y, minimalBefore: false, minimalAfter: true)
        }
    }
}
