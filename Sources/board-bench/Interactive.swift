import BoardDisplay
import BoardKit

/// Issue 24's figure: `board ui` on a 10,000-item board, from the bytes read to the first screen drawn, and from a
/// key to the next screen (a selection move, and a done: the new file made and parsed, as after its write).
/// Target: 50 ms each.
func runInteractive(items: Int = 10_000, presses: Int = 30) {
    var generator = BoardGenerator()
    let bytes = generator.board(items: items)
    let today = CivilDate(year: 2026, month: 11, day: 23) ?? CivilDate(daysSinceEpoch: 0)
    var state = InteractiveBoard(board: Board(parsing: bytes), title: "board.md", width: 120, height: 40, today: today, color: true)
    var open = Double.infinity
    for _ in 0..<5 {
        open = min(open, best(1) {
            state = InteractiveBoard(board: Board(parsing: bytes), title: "board.md", width: 120, height: 40, today: today, color: true)
            _ = state.screen()
        })
    }
    func median(_ key: Key) -> Double {
        var times: [Double] = []
        for _ in 0..<presses {
            times.append(best(1) {
                if case .write(let file)? = state.press(key) { state.written(Board(parsing: file)) }
                _ = state.screen()
            })
        }
        return times.sorted()[times.count / 2]
    }
    let select = median(.down)
    // A jump to the end of the column and back: only what shows is laid out.
    var jumps: [Double] = []
    for index in 0..<presses { jumps.append(best(1) { _ = state.press(index % 2 == 0 ? .end : .home); _ = state.screen() }) }
    let jump = jumps.sorted()[jumps.count / 2]
    let done = median(.character("d"))
    print("")
    print("board ui on a \(items)-item board (\(bytes.count / 1024) KB), 120x40, medians of \(presses) keys:")
    print("  [\(verdict(open <= 50))] opened: parsed and first screen drawn in \(format(open)) ms (target <= 50 ms)")
    print("  [\(verdict(select <= 50))] ↓ to the next screen: \(format(select)) ms (target <= 50 ms)")
    print("  [\(verdict(jump <= 50))] End or Home (a jump over the whole column) to the next screen: \(format(jump)) ms (target <= 50 ms)")
    print("  [\(verdict(done <= 50))] d (the file made and parsed, as after its write) to the next screen: \(format(done)) ms (target <= 50 ms)")
}
