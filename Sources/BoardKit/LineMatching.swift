/// A longest common subsequence of two token sequences (Myers' O(ND) algorithm), as used by diff3.
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
        for (x, y) in middleMatches(middleA, middleB) { result[prefix + x] = prefix + y }
        return result
    }

    /// The matched index pairs of a shortest edit script from `a` to `b`.
    private static func middleMatches(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = n + m
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier before each round d, for walking back: rounds hold diagonals -d...d.
        var history: [[Int]] = []
        var rounds = 0
        search: for d in 0...limit {
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
        return pairs.reversed()
    }
}
