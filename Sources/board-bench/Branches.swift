import BoardKit

/// `bytes` with " <suffix>" added to the end of every `step`-th item line from `offset` on, `limit` of them.
func retitled(_ bytes: [UInt8], suffix: String, offset: Int, step: Int, limit: Int) -> [UInt8] {
    let board = Board(parsing: bytes)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + limit * (suffix.utf8.count + 1))
    var done = 0
    var next = 0
    for (number, item) in board.items.enumerated() where number >= offset && (number - offset) % step == 0 && done < limit {
        let line = board.lines[item.line]
        out += bytes[next..<line.contentEnd]
        out += Array((" " + suffix).utf8)
        next = line.contentEnd
        done += 1
    }
    out += bytes[next...]
    return out
}

/// A generated board and two branches of it, each retitling 1,000 items spread over the board.
func branches(items count: Int) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
    var generator = BoardGenerator()
    let base = generator.board(items: count)
    let spread = max(1, count / 2_000)
    return (base, retitled(base, suffix: "ours", offset: 0, step: spread * 2, limit: 1_000),
            retitled(base, suffix: "theirs", offset: spread, step: spread * 2, limit: 1_000))
}
