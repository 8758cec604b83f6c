import BoardKit
import Testing

/// `rm A B …` and `archive A B …` give the file taking the items out, or archiving them, one at a time gives: `rm`
/// in file order, `archive` from the last (each goes to the top of the archive, so the first ends up first). Each
/// is one splice, refused only where a line that stays would change meaning once they are all gone.
@Suite struct SeveralRefsTests {
    static func text(_ board: Board) -> String { String(decoding: board.bytes, as: UTF8.self) }

    /// A random subset of two to four of the board's items, in file order.
    static func someItems(_ board: Board, _ rng: inout SeededGenerator) -> [Item] {
        let count = min(board.items.count, Int.random(in: 2...4, using: &rng))
        return Array(board.items.shuffled(using: &rng).prefix(count)).sorted { $0.line < $1.line }
    }

    /// The item of `board` that was the `index`-th of the board before some were taken out (they keep their order).
    static func current(_ item: Item, in original: Board, _ board: Board, without gone: [Item]) -> Item? {
        guard let index = original.items.firstIndex(where: { $0.line == item.line }) else { return nil }
        let before = gone.filter { gone in original.items.firstIndex { $0.line == gone.line }.map { $0 < index } ?? false }.count
        return board.items.indices.contains(index - before) ? board.items[index - before] : nil
    }

    @Test func removingSeveralIsRemovingThemOneAtATimeInFileOrder() throws {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x5E7E))
        var compared = 0
        for run in 0..<400 {
            let board = TidyTests.randomBoard(&rng, items: Int.random(in: 2...25, using: &rng))
            let chosen = Self.someItems(board, &rng)
            var expected = board
            var gone: [Item] = []
            var refused = false
            for item in chosen {
                guard let now = Self.current(item, in: board, expected, without: gone),
                      let next = try? expected.removing(now) else { refused = true; break }
                expected = next
                gone.append(item)
            }
            guard !refused else { continue }
            let removed = Board(parsing: try board.removing(chosen).bytes)
            #expect(Self.text(removed) == Self.text(expected), "run \(run): \(Self.text(board))")
            compared += 1
        }
        #expect(compared > 200)
    }

    /// The case an adversarial run found: B's removal alone would make C part of A's body, but A goes too.
    @Test func removingAnItemWithTheOneAboveItTakesNeitherBodyAlong() throws {
        let board = Board(parsing: "## TODO\n- [ ] A\n - [ ] B\n  - [ ] C\n")
        #expect(String(decoding: try board.removing(Array(board.items.prefix(2))).bytes, as: UTF8.self) == "## TODO\n  - [ ] C\n")
        // B alone is still refused.
        #expect(throws: EditError.self) { try board.removing([board.items[1]]) }
    }

    /// `move A B C doing --top` (and `done`, `start` with `--top`) gives the file moving them one at a time from the
    /// last gives, items already in the section going to its top too.
    @Test func movingSeveralToTheTopIsMovingThemOneAtATimeFromTheLast() throws {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x70B5))
        let today = CivilDate(year: 2026, month: 11, day: 21)
        var compared = 0
        for run in 0..<2000 {
            let board = TidyTests.randomBoard(&rng, items: Int.random(in: 2...25, using: &rng))
            let chosen = Self.someItems(board, &rng).filter { board.kind(of: $0) != .archive }
            let target = [SectionKind.todo, .doing, .done][run % 3]
            guard chosen.count > 1, Set(chosen.map { board.title(of: $0) }).count == chosen.count else { continue }
            var expected = board
            var refused = false
            for item in chosen.reversed() {
                guard let now = expected.items.first(where: { expected.title(of: $0) == board.title(of: item) }),
                      let next = try? expected.moving(now, to: target, atTop: true, doneOn: today) else { refused = true; break }
                expected = next
            }
            let moved = try? board.moving(chosen.map { ($0, target) }, atTop: true, doneOn: today)
            guard !refused else { continue }
            #expect(moved.map { String(decoding: $0.bytes, as: UTF8.self) } == Self.text(expected), "run \(run): \(Self.text(board))")
            compared += 1
        }
        #expect(compared > 300)
    }

    /// Moved one at a time from the last, each goes before the first item its target has then. When that item goes
    /// too (it is first in the target, and an item after it in the file goes there), the ones placed before it stay
    /// where it was: above the fence between it and the first item that stays, and the blank line after it stays
    /// (it had the last of them above it when it went, not a blank line). These are found by the property test above,
    /// but rarely: it failed in about 19 of 600 runs with the splice placing them before the first item that stays.
    @Test func movedToTheTopTheyStayWhereTheTargetsFirstItemWas() throws {
        let day = CivilDate(year: 2026, month: 11, day: 21)
        let cases = [
            ("## DOING\n- [ ] a\n```\n- [x] fenced\n```\n- [ ] b\n## TODO\n- [ ] c\n",
             "## DOING\n- [ ] a\n- [ ] c\n```\n- [x] fenced\n```\n- [ ] b\n## TODO\n"),
            ("## DOING\n\n- [ ] a\n\n- [ ] b\n## TODO\n- [ ] c\n",
             "## DOING\n\n- [ ] a\n- [ ] c\n\n- [ ] b\n## TODO\n"),
            // In a file without a final newline, a ends it once c and the blank line left at the end are gone: it takes
            // the file's ending, as c does.
            ("## DOING\r\n- [ ] a\n\n- [ ] c", "## DOING\r\n- [ ] a\r\n- [ ] c"),
        ]
        for (text, expected) in cases {
            let board = Board(parsing: Array(text.utf8))
            let chosen = board.items.filter { board.title(of: $0) != "b" }
            let moved = try board.moving(chosen.map { ($0, .doing) }, atTop: true, doneOn: day)
            #expect(String(decoding: moved.bytes, as: UTF8.self) == expected)
            var oneByOne = board
            for item in chosen.reversed() {
                let now = try #require(oneByOne.items.first { oneByOne.title(of: $0) == board.title(of: item) })
                oneByOne = try oneByOne.moving(now, to: .doing, atTop: true, doneOn: day)
            }
            #expect(Self.text(oneByOne) == expected)
        }
    }

    /// Into a section that is missing, the last makes it before the others go: c's DOING heading comes between b and
    /// the indented DONE heading, which would otherwise join a's body once b is gone. Not refused, as one at a time.
    @Test func movedToTheTopOfAMissingSectionTheLastMakesItFirst() throws {
        let board = Board(parsing: "## TODO\n- [ ] a\n - [ ] b\n  ## DONE\n- [x] c\n")
        let moved = try board.moving(Array(board.items.suffix(2)).map { ($0, .doing) }, atTop: true)
        var oneByOne = board
        for item in board.items.suffix(2).reversed() {
            let now = try #require(oneByOne.items.first { oneByOne.title(of: $0) == board.title(of: item) })
            oneByOne = try oneByOne.moving(now, to: .doing, atTop: true)
        }
        #expect(String(decoding: moved.bytes, as: UTF8.self) == Self.text(oneByOne))
    }

    @Test func archivingSeveralIsArchivingThemOneAtATimeFromTheLast() throws {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0xA7C4))
        var compared = 0
        for run in 0..<600 {
            let board = TidyTests.randomBoard(&rng, items: Int.random(in: 2...25, using: &rng))
            // Every third run takes the last items: at the end of a file without a final newline, each would be
            // the last line when archived.
            let some = run % 3 == 0 ? Array(board.items.suffix(Int.random(in: 2...3, using: &rng))) : Self.someItems(board, &rng)
            let chosen = some.filter { board.kind(of: $0) != .archive }
            guard chosen.count > 1 else { continue }
            // From the last, each found by its title (every one is different).
            var expected = board
            var refused = false
            for item in chosen.reversed() {
                guard let now = expected.items.first(where: { expected.title(of: $0) == board.title(of: item) }),
                      let next = try? Board(parsing: expected.archived([now]).bytes) else { refused = true; break }
                expected = next
            }
            let archived = try? board.archived(chosen)
            guard !refused else { continue }
            #expect(archived.map { String(decoding: $0.bytes, as: UTF8.self) } == Self.text(expected), "run \(run): \(Self.text(board))")
            compared += 1
        }
        #expect(compared > 300)
    }

    /// At the end of a file without a final newline and with mixed line endings, the items before the last take the
    /// file's ending, as each would, archived from the last, once the ones after it were gone (found by a helper's
    /// fuzzing: B kept its own LF).
    @Test func archivedItemsFromTheEndOfAFileWithoutANewlineTakeTheFilesEnding() throws {
        let board = Board(parsing: "## Archive\r\n- [x] Z\n## DONE\n- [x] B\n- [x] C")
        #expect(String(decoding: try board.archived(Array(board.items.suffix(2))).bytes, as: UTF8.self)
            == "## Archive\r\n- [x] B\r\n- [x] C\r\n- [x] Z\n## DONE")
    }

    /// The cases an adversarial run found: an item indented 3 placed above one at the margin keeps its
    /// indentation, and the item above it takes it (as archiving C, then B, then A does); and archiving into a
    /// new archive an item whose indentation the ones placed above it must take is not refused.
    @Test func archivedItemsAreFittedToTheOnePlacedBelowThem() throws {
        let board = Board(parsing: "## DONE\n- [x] A\ny\n   - [x] B\n- [x] C\n")
        #expect(String(decoding: try board.archived(board.items).bytes, as: UTF8.self)
            == "## DONE\ny\n\n## Archive\n\n   - [x] A\n   - [x] B\n- [x] C\n")
        let mixed = Board(parsing: "## DONE\n- [x] A\n- [x] B\n## TODO\n   - [ ] C\n")
        #expect(String(decoding: try mixed.archived(mixed.items).bytes, as: UTF8.self)
            == "## DONE\n## TODO\n\n## Archive\n\n   - [x] A\n   - [x] B\n   - [ ] C\n")
    }
}
