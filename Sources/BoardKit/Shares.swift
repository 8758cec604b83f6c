import Dispatch

/// Work on a large board cut into shares that the cores take in turn.
enum Shares {
    /// Calls `body` with consecutive ranges that together cover `0..<count`, in parallel: one range when
    /// `count` is under twice `minimum` (less is not worth a thread), else up to 16. Each call must write only
    /// what its own range owns.
    static func run(_ count: Int, minimum: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let shares = max(1, min(16, count / minimum))
        if shares == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            body((count * share / shares)..<(count * (share + 1) / shares))
        }
    }
}
