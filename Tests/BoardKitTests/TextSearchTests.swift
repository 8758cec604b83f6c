import BoardKit
import Testing

/// `list --search` runs on the file's bytes for ASCII text: it must find exactly what the lowercased title and body
/// lines contain.
@Suite struct TextSearchTests {
    static func slow(_ board: Board, _ item: Item, _ text: String) -> Bool {
        let needle = text.lowercased()
        return needle.isEmpty || board.title(of: item).lowercased().contains(needle)
            || board.bodyLines(of: item).contains { $0.lowercased().contains(needle) }
    }

    @Test func findsWhatTheTitleAndBodyLinesContainIgnoringCase() {
        let board = Board(parsing: Array("## TODO\n- [ ] Ship IT due:2026-12-01 now\n  Notes About\n- [ ] Other\n".utf8))
        let (ship, other) = (board.items[0], board.items[1])
        #expect(board.item(ship, contains: TextSearch("it now")))  // across the removed due token
        #expect(!board.item(ship, contains: TextSearch("due:")))  // the due token is not title
        #expect(board.item(ship, contains: TextSearch("notes about")))
        #expect(!board.item(other, contains: TextSearch("notes")))
        #expect(board.item(other, contains: TextSearch("")))
    }

    @Test func agreesWithTheStringDefinitionOnHandEditedBoards() {
        var rng = SeededGenerator(seed: 0x5EA2C4)
        let needles = ["a", "review", "PR", "it", "ship it", "📅", "한국어", "due", "  ", "x ", "notes about", "#12", "@ana"]
        var compared = 0
        for _ in 0..<1_000 {
            let board = Board(parsing: HandEditedBoard.random(&rng))
            for item in board.items {
                for needle in needles {
                    #expect(board.item(item, contains: TextSearch(needle)) == Self.slow(board, item, needle),
                            "\(needle) in \(board.title(of: item).debugDescription)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }
}
