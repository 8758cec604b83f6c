import Foundation
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
    @Test func movingSeveralToTheTopIsMovingThemOneAtATimeFromTheLast() {
        Self.expectSeveralMovesAreOneAtATime(atTop: true, seed: 0x70B5)
    }

    /// Several moves (not to the top) give what moving them one at a time in file order gives, into sections that
    /// are there, empty, missing or behind an unclosed fence: where the first splice cannot place them, one goes
    /// alone and the rest in one splice once its target holds it.
    @Test func movingSeveralIsMovingThemOneAtATimeInFileOrder() {
        Self.expectSeveralMovesAreOneAtATime(atTop: false, seed: 0x70B6)
    }

    /// Moves two to four items of 2,000 random boards to one target in one call and one at a time (to the top from
    /// the last, else in file order), and expects the same file wherever no single move refuses.
    static func expectSeveralMovesAreOneAtATime(atTop: Bool, seed: UInt64) {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: seed))
        let today = CivilDate(year: 2026, month: 11, day: 21)
        var compared = 0
        for run in 0..<2000 {
            var board = TidyTests.randomBoard(&rng, items: Int.random(in: 2...25, using: &rng))
            // DONE empty before an unclosed fence: no splice can place an item there until one is in it.
            if !atTop, run % 4 == 0 { board = Board(parsing: board.bytes + Array("\n## DONE\n```\n".utf8)) }
            let target = [SectionKind.todo, .doing, .done][run % 3]
            // Not to the top, an item in the target already only gets its checkbox, as a command does: left out.
            let chosen = Self.someItems(board, &rng).filter { board.kind(of: $0) != .archive && (atTop || board.kind(of: $0) != target) }
            guard chosen.count > 1, Set(chosen.map { board.title(of: $0) }).count == chosen.count else { continue }
            var expected = board
            var refused = false
            for item in atTop ? chosen.reversed() : chosen {
                guard let now = expected.items.first(where: { expected.title(of: $0) == board.title(of: item) }),
                      let next = try? expected.moving(now, to: target, atTop: atTop, doneOn: today) else { refused = true; break }
                expected = next
            }
            let moved = try? board.moving(chosen.map { ($0, target) }, atTop: atTop, doneOn: today)
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

    /// The case an adversarial run found: to the top of a target that keeps no item (or is missing), X moved alone
    /// first would leave Y in the body of P, and was refused; P goes too, so they go in file order, as without `--top`.
    @Test func toTheTopOfATargetWithNoItemTheyGoInFileOrderWhereFromTheLastIsRefused() throws {
        let text = "## TODO\n- [ ] P\n - [ ] X\n  - [ ] Y\n\n## DONE\n"
        let board = Board(parsing: Array(text.utf8))
        let chosen = Array(board.items.prefix(2))
        #expect(throws: EditError.self) { try board.moving(chosen[1], to: .done, atTop: true) }
        for (kind, expected) in [(SectionKind.done, "## TODO\n  - [ ] Y\n\n## DONE\n- [x] P\n - [x] X\n"),
                                 (.doing, "## TODO\n  - [ ] Y\n\n## DOING\n\n- [ ] P\n - [ ] X\n\n## DONE\n")] {
            let moved = try board.moving(chosen.map { ($0, kind) }, atTop: true)
            #expect(String(decoding: moved.bytes, as: UTF8.self) == expected)
            #expect(moved.bytes == (try board.moving(chosen.map { ($0, kind) })).bytes)
        }
        // Items in a second DOING section go to the top of the first, which without `--top` they would not: still
        // refused (in file order, they stayed where they were, exit 0; found by the meaning property test).
        let second = Board(parsing: "## In Progress\n## DOING\n- [ ] P\n - [ ] X\n  - [ ] Y\n")
        #expect(throws: EditError.self) { try second.moving(Array(second.items.prefix(2)).map { ($0, .doing) }, atTop: true) }
        // Archived, into a missing archive and an empty one.
        for (text, expected) in [("## DONE\n- [x] P\n - [x] X\n  - [ ] Y\n", "## DONE\n  - [ ] Y\n\n## Archive\n\n- [x] P\n - [x] X\n"),
                                 ("## DONE\n- [x] P\n - [x] X\n  - [ ] Y\n## Archive\n", "## DONE\n  - [ ] Y\n## Archive\n- [x] P\n - [x] X\n")] {
            let board = Board(parsing: Array(text.utf8))
            #expect(String(decoding: try board.archived(Array(board.items.prefix(2))).bytes, as: UTF8.self) == expected)
        }
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

    /// Into a missing archive in one splice: the heading's blank line goes with an item that goes from right before
    /// it (X, with a blank line above it, as archiving L first and then X does); the heading goes before a settings
    /// block, and before a fence that never closes.
    @Test func archivingIntoAMissingArchiveMakesTheHeadingInTheSameSplice() throws {
        let cases = [
            ("## DONE\n\n- [x] X\n- [x] L\n", "## DONE\n\n## Archive\n\n- [x] X\n- [x] L\n"),
            ("## DONE\n- [x] X\n- [x] L\n", "## DONE\n\n## Archive\n\n- [x] X\n- [x] L\n"),
            ("## DONE\r\n- [x] X\r\n- [x] L\r\n\n%% kanban:settings\n",
             "## DONE\r\n\n## Archive\r\n\r\n- [x] X\r\n- [x] L\r\n\r\n%% kanban:settings\n"),
            ("## DONE\n- [x] X\n- [x] L\n```\nopen", "## DONE\n\n## Archive\n\n- [x] X\n- [x] L\n\n```\nopen"),
        ]
        for (text, expected) in cases {
            let board = Board(parsing: Array(text.utf8))
            #expect(String(decoding: try board.archived(board.items).bytes, as: UTF8.self) == expected)
            #expect(Self.archivedInTwoSteps(board, board.items) == "file:" + expected)
        }
    }

    /// `archive A B C` as it was written before it made a missing (or filled an empty) archive in one splice: the
    /// last moved there alone (which makes the heading, on the board parsed without it), the board parsed again, then
    /// the others before it in one splice. Each result is the file, or the refusal's message.
    static func archivedInTwoSteps(_ board: Board, _ chosen: [Item]) -> String {
        func outcome(_ make: () throws -> [UInt8]) -> String {
            do { return "file:" + String(decoding: try make(), as: UTF8.self) } catch { return "refused:\(error)" }
        }
        // Refused part way, on a board whose lines are not the file's: the refusal of removing them all from the
        // file, where that is refused too.
        // Refused, they go in file order, as to any target that keeps no item; where that is refused too, the refusal
        // of removing them all, or else its own.
        func twoSteps(_ make: () throws -> [UInt8]) -> String {
            do { return "file:" + String(decoding: try make(), as: UTF8.self) } catch {
                do { return "file:" + String(decoding: try board.moving(chosen.map { ($0, .archive) }).bytes, as: UTF8.self) } catch {
                    do { _ = try board.removing(chosen) } catch { return "refused:\(error)" }
                    return "refused:\(error)"
                }
            }
        }
        guard let last = chosen.last, let lastIndex = board.items.firstIndex(where: { $0.line == last.line }) else {
            return outcome { board.bytes }
        }
        if let archive = board.firstSection(.archive), board.items.contains(where: { $0.section == archive }) {
            return outcome { try board.archived(chosen).bytes }
        }
        return twoSteps {
            let moved = try board.moving(last, to: .archive, atTop: true)
            guard let archive = moved.firstSection(.archive),
                  let placed = moved.items.firstIndex(where: { $0.section == archive }),
                  moved.items.count == board.items.count else {
                throw EditError.wouldChangeMeaning(line: last.line, "the archive cannot be placed where \"\(board.title(of: last))\" would stay an item; add a '## Archive' heading at the end of the file, then run the command again")
            }
            // The n-th item other than the one moved is the n-th other one before.
            let rest = chosen.dropLast().compactMap { item in board.items.firstIndex { $0.line == item.line } }.map { index in
                let other = index < lastIndex ? index : index - 1
                return moved.items[other < placed ? other : other + 1]
            }
            return try moved.archived(rest).bytes
        }
    }

    /// A random board for archiving: often without an `Archive` heading or with an empty one at the end, and often
    /// ending in a settings block, a fence or comment that never closes, or text; some CRLF, some without a final
    /// newline.
    static func archivingBoard(_ rng: inout SeededGenerator) -> Board {
        let board = TidyTests.randomBoard(&rng, items: Int.random(in: 1...20, using: &rng))
        var lines = String(decoding: board.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let crlf = lines.contains { $0.hasSuffix("\r") }
        let noNewline = lines.last.map { !$0.isEmpty } ?? false
        if noNewline { lines.append("") }
        // Most lose their Archive headings.
        if Int.random(in: 0..<4, using: &rng) != 0 {
            lines.removeAll { $0.trimmingCharacters(in: .whitespaces).lowercased().hasSuffix("archive") && $0.contains("#") }
        }
        let tails = ["", "", "", "\n", "\n\n", "## Archive\n", "\n## Archive\n\n", "# archive\ntext\n", "text\n", "  body line\n",
                     "\n%% kanban:settings\n```\n{\"kanban-plugin\":\"board\"}\n```\n%%\n", "%% kanban:settings\n",
                     "```\n- [x] fenced\n", "  ```\nx\n", "<!-- open\n", "\n<!-- open\n", "## Notes\n", "   - [x] deep\n"]
        var text = lines.dropLast().map { $0 + "\n" }.joined() + (tails.randomElement(using: &rng) ?? "")
        if crlf, Bool.random(using: &rng) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if noNewline || Int.random(in: 0..<4, using: &rng) == 0 {
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        }
        return Board(parsing: Array(text.utf8))
    }

    /// Archiving into a missing or empty archive in one splice gives the file (or the refusal) the two steps gave.
    @Test func archivingIntoANewArchiveIsArchivingTheLastFirst() throws {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0xA4C1))
        let runs = Int(ProcessInfo.processInfo.environment["BOARD_PROPERTY_RUNS"] ?? "") ?? 3000
        var (compared, newArchive, refused) = (0, 0, 0)
        for run in 0..<runs {
            let board = Self.archivingBoard(&rng)
            let open = board.items.filter { board.kind(of: $0) != .archive }
            guard !open.isEmpty else { continue }
            // Half the runs take the last items, the others any.
            let count = Int.random(in: 1...min(4, open.count), using: &rng)
            let chosen = Bool.random(using: &rng) ? Array(open.suffix(count))
                : Array(open.shuffled(using: &rng).prefix(count)).sorted { $0.line < $1.line }
            let expected = Self.archivedInTwoSteps(board, chosen)
            let archived: String
            do { archived = "file:" + String(decoding: try board.archived(chosen).bytes, as: UTF8.self) } catch {
                archived = "refused:\(error)"
            }
            #expect(archived == expected, "run \(run): \(chosen.map { board.title(of: $0) }) of \(Self.text(board).debugDescription)")
            if archived != expected { return }
            compared += 1
            if board.firstSection(.archive).map({ archive in !board.items.contains { $0.section == archive } }) ?? true { newArchive += 1 }
            if expected.hasPrefix("refused:") { refused += 1 }
        }
        print("compared \(compared), into a new or empty archive \(newArchive), refused \(refused)")
        #expect(compared > runs / 2 && newArchive > compared / 2)
    }
}

/// A title ref looked up in a `TitleIndex` names what it names without one: random boards of repeated titles in
/// every case, in scripts case mapping changes and ones it leaves alone, canonically equivalent spellings, due and
/// done tokens inside titles, archived items; refs that are whole titles, parts of them, or nothing.
@Suite struct TitleIndexTests {
    static let words = ["Fix", "fix", "FIX", "login", "café", "cafe\u{301}", "CAFÉ", "\u{212A}", "k", "한글", "\u{1112}\u{1161}\u{11AB}",
                        "🚀", "a", "Straße", "STRASSE", "ǅ", "İ", "Ω", "\u{2126}", "due:2026-01-02", "done:2026-02-03", "#tag"]

    @Test func aRefInTheIndexNamesWhatItNamesAlone() {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x717E))
        for _ in 0..<300 {
            let titles = (0..<Int.random(in: 1...20, using: &rng)).map { _ in
                (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.words.randomElement(using: &rng) ?? "" }.joined(separator: " ")
            }
            var text = "## TODO\n"
            for (position, title) in titles.enumerated() {
                if position == titles.count * 2 / 3 { text += "## Archive\n" }
                text += "- [ ] \(title)\n"
            }
            let board = Board(parsing: text)
            var index = TitleIndex(board)
            for _ in 0..<10 {
                let title = titles.randomElement(using: &rng) ?? ""
                let ref = switch Int.random(in: 0..<4, using: &rng) {
                case 0: title
                case 1: title.uppercased()
                case 2: Self.words.randomElement(using: &rng) ?? ""
                default: String(title.prefix(Int.random(in: 1...4, using: &rng)))
                }
                #expect(board.item(matching: ref, in: &index) == board.item(matching: ref), "\(ref) in \(text)")
            }
        }
    }
}
