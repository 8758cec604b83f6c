/// The stretches of a three-way merge of token sequences, as `diff3` finds them: stretches all three versions
/// share, and stretches where at least one side differs from the base.
enum Diff3 {
    struct Stretch {
        /// True when base, ours and theirs hold the same tokens here.
        let isStable: Bool
        let base: Range<Int>
        let ours: Range<Int>
        let theirs: Range<Int>
    }

    /// The stretches of `ours` and `theirs` against `base`, in order, covering all three sequences.
    static func stretches(base b: [Int], ours o: [Int], theirs t: [Int]) -> [Stretch] {
        stretches(counts: (b.count, o.count, t.count), toOurs: LineMatching.match(b, o), toTheirs: LineMatching.match(b, t))
    }

    /// The stretches of sequences of these lengths, as the base's tokens match ours' and theirs' (in order, as
    /// `LineMatching.match` gives them).
    static func stretches(counts: (base: Int, ours: Int, theirs: Int), toOurs: [Int?], toTheirs: [Int?]) -> [Stretch] {
        let (b, o, t) = counts
        var result: [Stretch] = []
        var (i, j, k) = (0, 0, 0)
        while i < b || j < o || k < t {
            if i < b, toOurs[i] == j, toTheirs[i] == k {
                let start = (i, j, k)
                while i < b, toOurs[i] == j, toTheirs[i] == k { (i, j, k) = (i + 1, j + 1, k + 1) }
                result.append(Stretch(isStable: true, base: start.0..<i, ours: start.1..<j, theirs: start.2..<k))
                continue
            }
            var next = i
            while next < b, toOurs[next] == nil || toTheirs[next] == nil { next += 1 }
            let oursEnd = next < b ? toOurs[next] ?? o : o
            let theirsEnd = next < b ? toTheirs[next] ?? t : t
            result.append(Stretch(isStable: false, base: i..<next, ours: j..<oursEnd, theirs: k..<theirsEnd))
            (i, j, k) = (next, oursEnd, theirsEnd)
        }
        return result
    }
}
