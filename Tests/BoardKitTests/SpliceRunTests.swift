@testable import BoardKit
import Testing

/// A splice of many items keeps the board lines it places in a row as one run: a line each took 16 bytes a line
/// beside the board (archive of 400,000 items with bodies went over its memory limit by that).
@Suite struct SpliceRunTests {
    let board = Board(parsing: Array("## DONE\n- [x] a\n  body\n- [x] b\n- [x] c\n## Archive\n".utf8))

    @Test func boardLinesInARowJoin() {
        var lines: [Board.NewLine] = []
        for line in 1..<5 { Board.appendJoining(.board(lines: line..<(line + 1)), to: &lines) }
        #expect(lines.count == 1)
        guard case .board(let range)? = lines.first else { Issue.record("not a run of board lines"); return }
        #expect(range == 1..<5)
        #expect(Array(board.content(of: lines[0])) == Array("- [x] a\n  body\n- [x] b\n- [x] c".utf8))
    }

    @Test func backwardsTheyJoinFromTheEnd() {
        var lines: [Board.NewLine] = []
        for line in (1..<5).reversed() { Board.appendJoining(.board(lines: line..<(line + 1)), to: &lines, backwards: true) }
        #expect(lines.count == 1)
        guard case .board(let range)? = lines.first else { Issue.record("not a run of board lines"); return }
        #expect(range == 1..<5)
    }

    @Test func aGapOrNewTextKeepsThemApart() {
        var lines: [Board.NewLine] = []
        Board.appendJoining(.board(lines: 1..<2), to: &lines)
        Board.appendJoining(.board(lines: 3..<4), to: &lines)
        Board.appendJoining(Board.NewLine(content: Array("x".utf8), ending: [0x0A]), to: &lines)
        Board.appendJoining(.board(lines: 4..<5), to: &lines)
        #expect(lines.count == 4)
        // Backwards, a line that comes after the last one is not joined to it.
        var backwards: [Board.NewLine] = [.board(lines: 1..<2)]
        Board.appendJoining(.board(lines: 2..<3), to: &backwards, backwards: true)
        #expect(backwards.count == 2)
    }

    /// Archiving every DONE item of a board prints the board's own bytes, in a few pieces, in the archive's order.
    @Test func archivingItemsInARowPrintsTheBoardsBytes() throws {
        let items = (0..<500).map { "- [x] Item \($0)\n  body \($0)\n" }.joined()
        let large = Board(parsing: Array(("## DONE\n\n" + items + "\n## Archive\n\n- [x] old\n").utf8))
        let done = large.items.filter { large.kind(of: $0) == .done }
        let file = try large.archived(done)
        // Before the removed run, the placed run, after it.
        #expect(file.withPieces { $0.count } <= 4)
        #expect(file.bytes == Array(("## DONE\n\n## Archive\n\n" + items + "- [x] old\n").utf8))
    }
}
