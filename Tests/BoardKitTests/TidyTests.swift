import BoardKit
import Testing

/// `tidy` moves every tick made in an editor as moving the items one by one, in file order, would; in as few
/// splices as it can, so that a board with thousands of ticks is not parsed again for each.
@Suite struct TidyTests {
    static let headings = ["## TODO", "## To Do", "## DOING", "## In Progress", "## DONE", "### Done ##", "## Notes",
                           "### Group", "# Archive", "## Archive", "  ## DONE", " ## TODO"]
    static let others = ["", "", "text", "  body line", "    deep body", "- plain", "```\n- [x] fenced\n```", "<!-- c -->"]

    /// A board of repeated and empty sections, ticks everywhere, bodies, blank lines and indented items.
    static func randomBoard(_ rng: inout SeededGenerator, items: Int) -> Board {
        var text = ""
        for index in 0..<items {
            if Int.random(in: 0..<4, using: &rng) == 0 { text += (headings.randomElement(using: &rng) ?? "") + "\n" }
            if Int.random(in: 0..<4, using: &rng) == 0 { text += (others.randomElement(using: &rng) ?? "") + "\n" }
            let indent = String(repeating: " ", count: [0, 0, 0, 1, 2, 3].randomElement(using: &rng) ?? 0)
            let box = Bool.random(using: &rng) ? "[x]" : "[ ]"
            text += "\(indent)- \(box) item \(index)\n"
            if Int.random(in: 0..<5, using: &rng) == 0 { text += "\(indent)  body of \(index)\n" }
        }
        // Some boards mix CRLF lines in, and some end without a final newline.
        if Int.random(in: 0..<3, using: &rng) == 0 {
            text = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Bool.random(using: &rng) ? $0 + "\r" : $0 }.joined(separator: "\n")
            text = String(text.dropLast(text.hasSuffix("\r") ? 1 : 0))
        }
        if Bool.random(using: &rng), text.hasSuffix("\n") { text.removeLast() }
        return Board(parsing: Array(text.utf8))
    }

    static func oneByOne(_ board: Board) throws -> Board {
        var board = board
        while let item = board.items.first(where: { $0.checked != (board.kind(of: $0) == .done) && board.kind(of: $0) != .archive }) {
            board = try board.moving(item, to: item.checked ? .done : .todo, doneOn: CivilDate(year: 2026, month: 11, day: 25))
        }
        return board
    }

    @Test func tidyIsMovingTheTicksOneByOne() throws {
        var rng = SeededGenerator(seed: 0x71D1)
        var compared = 0
        for run in 0..<600 {
            let board = Self.randomBoard(&rng, items: Int.random(in: 1...40, using: &rng))
            // Where moving one by one refuses, tidy may refuse too, or find a splice that works.
            guard let expected = try? Self.oneByOne(board) else { continue }
            let tidied = try board.tidied(doneOn: CivilDate(year: 2026, month: 11, day: 25))
            #expect(String(decoding: tidied.file.bytes, as: UTF8.self) == String(decoding: expected.bytes, as: UTF8.self),
                    "run \(run): \(String(decoding: board.bytes, as: UTF8.self))")
            if tidied.file.bytes != expected.bytes { return }
            compared += 1
        }
        #expect(compared > 300)
    }

    /// Into a section that keeps no item, every tick goes in the same splice: the first where an item goes into an
    /// empty section, fitted to the line below as it would be alone (here an indented heading, which would take an
    /// item at the margin into its body... were it not a heading; the item takes its indentation), the others after it.
    @Test func ticksIntoSectionsThatKeepNoItemGoInOneSplice() throws {
        let day = CivilDate(year: 2026, month: 11, day: 25)
        for text in ["## DONE\n  ## TODO\n- [x] a\n- [x] b\n",
                     "## TODO\n## DONE\n- [ ] a\n- [x] b\n\n- [x] c\n",
                     "## TODO\n\nnotes\n\n## DOING\n- [ ] a\n## DONE\n\n- [ ] b\n  body\n\n- [ ] c\n\ntail\n"] {
            let board = Board(parsing: Array(text.utf8))
            let tidied = try board.tidied(doneOn: day)
            #expect(String(decoding: tidied.file.bytes, as: UTF8.self) == String(decoding: try Self.oneByOne(board).bytes, as: UTF8.self))
        }
        let indented = try Board(parsing: "## DONE\n  ## TODO\n- [x] a\n- [x] b\n").tidied(doneOn: day)
        #expect(String(decoding: indented.file.bytes, as: UTF8.self)
            == "## DONE\n  - [x] a done:2026-11-25\n  - [x] b done:2026-11-25\n  ## TODO\n")
    }

    /// Into the end of a file without a final newline, each tick moved alone would be the last line, lose its
    /// ending, and take the file's (the first line's) when the next came after it: not keep its own CRLF.
    @Test func ticksIntoTheEndOfAFileWithoutANewlineTakeTheFilesEnding() throws {
        let board = Board(parsing: "## TODO\n- [x] a\r\n- [x] b\r\n- [ ] c\n## DONE")
        let tidied = try board.tidied(doneOn: CivilDate(year: 2026, month: 11, day: 25))
        #expect(String(decoding: tidied.file.bytes, as: UTF8.self) == "## TODO\n- [ ] c\n## DONE\n- [x] a done:2026-11-25\n- [x] b done:2026-11-25")
        #expect(tidied.file.bytes == (try Self.oneByOne(board)).bytes)
    }

    /// Archived items go in before the archive's first item in one splice, each chained to the one before it; only
    /// the last stands next to that item and is fitted to it (an item placed at the top is never fitted to a line
    /// below the next one).
    @Test func archivedItemsAreFittedOnlyWhereTheyMeetTheArchivesFirstItem() throws {
        let board = Board(parsing: "## DONE\n- [x] a\n - [x] b\n## Archive\n  - [x] s\n")
        let archived = try board.archived(board.items.filter { board.kind(of: $0) == .done })
        #expect(String(decoding: archived.bytes, as: UTF8.self) == "## DONE\n## Archive\n- [x] a\n - [x] b\n  - [x] s\n")
    }

    /// The board an adversarial run found `tidy` taking 4 s on (354 KB): every first TODO and DONE section empty or
    /// left empty, thousands of ticks under thousands of headings. Its result is still that of one move at a time.
    @Test func manyTicksUnderManyHeadingsAreStillMovedOneByOne() throws {
        var text = "## TODO\n## In Progress\n"
        for index in 0..<300 {
            text += ["## DONE\n", "## To Do\n", "## Notes\n", "## In Progress\n", ""][index % 5]
            text += "- [\(index % 3 == 0 ? " " : "x")] t\(index)\n"
        }
        let board = Board(parsing: Array(text.utf8))
        let tidied = try board.tidied(doneOn: CivilDate(year: 2026, month: 11, day: 25))
        #expect(tidied.file.bytes == (try Self.oneByOne(board)).bytes)
        #expect(tidied.moves.count == board.tidyMoves().count)
    }
}
