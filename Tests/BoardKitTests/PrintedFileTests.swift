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

    /// How many of the file's bytes are not the board's own, read where they are: every piece outside its buffer.
    static func newBytes(_ file: PrintedFile, from board: Board) -> Int {
        board.bytes.withUnsafeBytes { source in
            file.withPieces { pieces in
                pieces.reduce(0) { total, piece in
                    guard let base = piece.baseAddress, let start = source.baseAddress,
                          base >= start, base + piece.count <= start + source.count else { return total + piece.count }
                    return total
                }
            }
        }
    }

    /// Lines an edit moves as they are are printed from the board's bytes, not copied: archiving 2,000 items with
    /// bodies made a copy of each line (a large archive held several times the file), and a move out of DONE writes
    /// only the checkbox byte it changes: the rest of each item line is printed from the board around it, a title of
    /// 50 MB not copied.
    @Test func linesMovedAsTheyAreAreNotCopied() throws {
        let items = (0..<2_000).map { "- [x] Item \($0) done:2026-01-02\n  body of item \($0)\n" }.joined()
        let board = Board(parsing: Array(("## TODO\n\n- [ ] open\n  its body\n\n## DONE\n\n" + items + "\n## Archive\n\n- [x] old\n").utf8))
        let done = board.items.filter { board.kind(of: $0) == .done }
        let archived = try board.archived(done)
        #expect(Self.newBytes(archived, from: board) == 0)

        let moved = try board.moving(done.prefix(1_000).map { ($0, SectionKind.todo) })
        // A space in each checkbox; the done date and the space before it are left out of what is printed.
        #expect(Self.newBytes(moved, from: board) == 1_000)
        #expect(moved.bytes == Array(("## TODO\n\n- [ ] open\n  its body\n" + (0..<1_000).map { "- [ ] Item \($0)\n  body of item \($0)\n" }.joined()
            + "\n## DONE\n\n" + (1_000..<2_000).map { "- [x] Item \($0) done:2026-01-02\n  body of item \($0)\n" }.joined()
            + "\n## Archive\n\n- [x] old\n").utf8))
    }

    /// A body copied off the board as one text (a move into a section the move makes) is cut into its lines again
    /// where it is re-indented: each line shifted, each keeping its own CRLF.
    @Test func aCopiedBodyIsReindentedLineByLine() throws {
        let text = "- [ ] item 0\n- [x] item 1\n  body of 1\n  ## DONE\n  - [ ] item 2\n   - [ ] item 3\n     body of 3\n"
            + "- [ ] item 4\n  ## DONE\n  - [x] item 5\n"
        func crlf(_ text: String) -> [UInt8] { text.utf8.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
        let board = Board(parsing: crlf(text))
        let item = try #require(board.items.first { board.title(of: $0) == "item 4" })
        let moved = try board.moving(item, to: .todo, atTop: true)
        let expected = "- [ ] item 0\n- [x] item 1\n  body of 1\n\n## TODO\n\n  - [ ] item 4\n    ## DONE\n    - [x] item 5\n\n"
            + "  ## DONE\n  - [ ] item 2\n   - [ ] item 3\n     body of 3\n"
        #expect(moved.bytes == crlf(expected))
    }

    /// A new due date alone is one edit of the item line: the new token (or ` due:DATE` added) is all that is new,
    /// the rest of the line printed from the board around it.
    @Test func aNewDueDateIsTheOnlyNewTextOfTheLine() throws {
        let title = String(repeating: "a", count: 10_000)
        let board = Board(parsing: Array("## TODO\n- [ ] \(title) 📅 2026-01-02\n- [ ] \(title)\n  body\n".utf8))
        let date = try #require(CivilDate(year: 2026, month: 12, day: 31))
        let redated = try board.printed(after: .edit(board.items[0], title: nil, due: .set(date), body: .keep))
        #expect(Self.newBytes(redated, from: board) == "📅 2026-12-31".utf8.count)
        #expect(redated.bytes == Array("## TODO\n- [ ] \(title) 📅 2026-12-31\n- [ ] \(title)\n  body\n".utf8))
        let dated = try board.printed(after: .edit(board.items[1], title: nil, due: .set(date), body: .keep))
        #expect(Self.newBytes(dated, from: board) == " due:2026-12-31".utf8.count)
        #expect(dated.bytes == Array("## TODO\n- [ ] \(title) 📅 2026-01-02\n- [ ] \(title) due:2026-12-31\n  body\n".utf8))
    }
}
