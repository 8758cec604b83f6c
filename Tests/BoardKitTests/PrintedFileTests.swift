import BoardKit
import Testing

/// The file an edit prints, as pieces that commands write one after another.
@Suite struct PrintedFileTests {
    let board = Board(parsing: "# Board\n\n## TODO\n- [ ] one\n- [ ] two due:2026-01-02\n  body\n\n## DONE\n- [x] three\n")

    @Test func piecesFollowEachOtherAsTheBytes() throws {
        let printed = try board.printed(after: .add(title: "new", due: nil, body: "a\nb", to: .todo, atTop: true))
        let joined = printed.withPieces { pieces in pieces.flatMap { Array($0) } }
        let pieces = printed.withPieces { $0.count }
        #expect(pieces > 1)
        #expect(joined == printed.bytes)
        #expect(printed.count == joined.count)
        #expect(printed.bytes == (try board.adding(title: "new", body: "a\nb", to: .todo, atTop: true)).serialized())
    }

    /// The source's own buffer is not compared with itself, but every other buffer is compared byte by byte.
    @Test func equalsComparesEveryByteOfAnotherBuffer() throws {
        let unchanged = try board.printed(after: .fixCheckbox(board.items[0]))
        #expect(unchanged.equals(board.bytes))
        #expect(unchanged.equals(board.bytes.map { $0 }))
        for offset in [0, board.bytes.count / 2, board.bytes.count - 1] {
            var changed = board.bytes.map { $0 }
            changed[offset] ^= 0x20
            #expect(!unchanged.equals(changed))
        }
        #expect(!unchanged.equals(Array(board.bytes.dropLast())))

        // A move keeps the size and changes the order.
        let moved = try board.printed(after: .move(board.items[0], to: .done, atTop: false))
        #expect(moved.count == board.bytes.count)
        #expect(!moved.equals(board.bytes))
        #expect(moved.equals(moved.bytes))
    }

    @Test func aFileOfBytesIsThoseBytes() {
        let bytes = Array("- [ ] a\n".utf8)
        let file = PrintedFile(bytes)
        #expect(file.bytes == bytes)
        #expect(file.count == bytes.count)
        #expect(file.equals(bytes))
        #expect(PrintedFile([]).bytes.isEmpty)
        #expect(PrintedFile([]).equals([]))
    }
}
