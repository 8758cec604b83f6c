import BoardKit
import Foundation
import Testing

/// FORMAT.md §6, "nothing untouched changes meaning", checked on random hand-edited boards × every editing command:
/// after each command every line the command did not write keeps its bytes, its role and its section; every item
/// it did not touch keeps its title, date, checkbox and body; the touched item is where the contract puts it; and
/// `add` then `rm` gives back the original bytes.
@Suite struct MeaningPreservationTests {
    /// `BOARD_PROPERTY_RUNS` raises the count (`.ci/run` sets 20,000).
    static let applications = ProcessInfo.processInfo.environment["BOARD_PROPERTY_RUNS"].flatMap(Int.init) ?? 4_000
    static let seed = SeededGenerator.propertySeed(else: 0x15_2026)

    @Test func randomCommandsOnHandEditedBoardsChangeNoOtherLinesMeaning() throws {
        var rng = SeededGenerator(seed: Self.seed)
        var applied = 0
        var refused = 0
        var roundTrips = 0
        var run = 0
        while applied + refused < Self.applications {
            run += 1
            var board = Board(parsing: HandEditedBoard.random(&rng))
            for step in 0..<Int.random(in: 1...4, using: &rng) {
                let command = Command.random(for: board, &rng)
                let context = "run \(run) step \(step): \(command) on\n\(String(decoding: board.bytes, as: UTF8.self).debugDescription)"
                let after: Board
                do {
                    after = try command.apply(to: board)
                } catch EditError.wouldChangeMeaning {
                    refused += 1
                    continue
                } catch {
                    Issue.record("\(context): unexpected \(error)")
                    return
                }
                applied += 1
                let problems = MeaningCheck.problems(before: board, after: after, command: command)
                if !problems.isEmpty {
                    Issue.record("\(context)\ngave\n\(String(decoding: after.bytes, as: UTF8.self).debugDescription)\n\(problems.joined(separator: "\n"))")
                    return
                }
                if case .add = command, MeaningCheck.addKeptItsPlace(before: board, after: after, command: command),
                   let added = MeaningCheck.placedItem(before: board, after: after, command: command) {
                    roundTrips += 1
                    let removed = try after.removing(added)
                    if removed.bytes != board.bytes {
                        Issue.record("\(context): add then rm gave\n\(String(decoding: removed.bytes, as: UTF8.self).debugDescription)")
                        return
                    }
                }
                board = after
            }
        }
        // A refusal is the contract's answer only where no indentation keeps a neighbour's meaning: rare.
        #expect(refused * 100 < applied, "refused \(refused) of \(applied + refused)")
        #expect(roundTrips * 10 > applied, "only \(roundTrips) add/rm round trips")
    }
}

// MARK: - Random hand-edited boards

enum HandEditedBoard {
    static let titles = ["Write docs", "Ship it", "Review PR", "review pr", "한국어 제목", "🚀 launch", "a", "Fix #12 @ana"]
    static let headings = [
        "## TODO", "## DOING", "## DONE", "## To Do", "## In Progress", "# DONE", "### TODO", " ## DOING", "  ## DONE",
        "   ## TODO", "## REVIEW", "## Backlog", "### Frontend", "# Release 2.4", "#### Notes", "## Archive",
        "## DOING (3)", "## TODO (2)", "### archive",
    ]

    static func random(_ rng: inout SeededGenerator) -> [UInt8] {
        var lines: [String] = []
        if Int.random(in: 0..<6, using: &rng) == 0 { lines += ["---", "owner: team", "---"] }
        for _ in 0..<Int.random(in: 0...22, using: &rng) { lines += fragment(&rng) }
        let endings = ["\n", "\n", "\n", "\r\n"]
        let ending = endings.randomElement(using: &rng) ?? "\n"
        let mixed = Int.random(in: 0..<5, using: &rng) == 0
        var text = Int.random(in: 0..<8, using: &rng) == 0 ? "\u{FEFF}" : ""
        for (index, line) in lines.enumerated() {
            text += line
            let isLast = index == lines.count - 1
            if isLast, Int.random(in: 0..<5, using: &rng) == 0 { break }
            text += mixed ? (endings.randomElement(using: &rng) ?? "\n") : ending
        }
        if Int.random(in: 0..<12, using: &rng) == 0 { text += "trailing\r" }
        return Array(text.utf8)
    }

    static func fragment(_ rng: inout SeededGenerator) -> [String] {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0...2: return [headings.randomElement(using: &rng) ?? "## TODO"]
        case 3...8: return item(&rng)
        case 9, 10: return Array(repeating: "", count: Int.random(in: 1...3, using: &rng))
        case 11:
            let indent = String(repeating: " ", count: Int.random(in: 0...3, using: &rng))
            let fence = Bool.random(using: &rng) ? "```" : "~~~~"
            let body = ["- [ ] in code", "## DONE", "  - [ ] x"].randomElement(using: &rng) ?? ""
            return Int.random(in: 0..<4, using: &rng) == 0 ? [indent + fence, body] : [indent + fence, body, indent + fence]
        case 12:
            let indent = String(repeating: " ", count: Int.random(in: 0...3, using: &rng))
            return Int.random(in: 0..<4, using: &rng) == 0 ? [indent + "<!--", "- [ ] hidden"] : [indent + "<!-- note -->"]
        case 13: return ["Some notes about the board."]
        case 14: return [String(repeating: " ", count: Int.random(in: 0...3, using: &rng)) + "- plain list item"]
        case 15: return [["-[ ] near miss", "[ ] near miss", "- [] near", "* * *", "1. first"].randomElement(using: &rng) ?? ""]
        case 16: return ["\t- [ ] tabbed", "\ttext after a tab"].randomElement(using: &rng).map { [$0] } ?? []
        case 17: return ["    indented four", "  lazy text", "  ## indented heading", "  ```"].randomElement(using: &rng).map { [$0] } ?? []
        case 18:
            // The settings block Obsidian Kanban keeps last, which fragments may follow (helper-63).
            return Bool.random(using: &rng) ? ["%% kanban:settings", "```", "{}", "```", "%%"] : ["%% kanban:settings"]
        default: return item(&rng)
        }
    }

    static func item(_ rng: inout SeededGenerator) -> [String] {
        let indent = String(repeating: " ", count: [0, 0, 0, 0, 1, 2, 2, 3].randomElement(using: &rng) ?? 0)
        let bullet = ["-", "-", "*", "+"].randomElement(using: &rng) ?? "-"
        let box = ["[ ]", "[ ]", "[x]", "[X]"].randomElement(using: &rng) ?? "[ ]"
        var line = "\(indent)\(bullet) \(box) \(titles.randomElement(using: &rng) ?? "a")"
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: line += " due:2026-12-01"
        case 1: line += " 📅 2026-11-20"
        case 2: line += " @{2026-02-30}"
        case 3: line = "\(indent)\(bullet) \(box) due:soon \(titles.randomElement(using: &rng) ?? "a")"
        case 4: line += " done:2026-11-20"
        case 5: line += " ✅ 2026-11-19 due:2026-12-01"
        case 6: line = "\(indent)\(bullet) \(box) done:2026-02-30 \(titles.randomElement(using: &rng) ?? "a") #ops @ana  "
        default: break
        }
        var lines = [line]
        let bodyIndents = [indent + "  ", indent + "    ", "  ", "\t", indent + "   "]
        for _ in 0..<[0, 0, 0, 1, 1, 2, 3].randomElement(using: &rng, default: 0) {
            let deeper = bodyIndents.randomElement(using: &rng) ?? "  "
            lines.append(["\(deeper)body text", "\(deeper)- [ ] nested", "\(deeper)## not a heading", "",
                          "\(deeper)```", "\(deeper)> quote"].randomElement(using: &rng) ?? "")
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension Array {
    func randomElement<G: RandomNumberGenerator>(using rng: inout G, default fallback: Element) -> Element {
        randomElement(using: &rng) ?? fallback
    }
}

// MARK: - Commands

enum Command: CustomStringConvertible {
    case add(title: String, due: CivilDate?, body: String?, to: SectionKind, atTop: Bool)
    case remove(line: Int)
    case move(line: Int, to: SectionKind, atTop: Bool)
    case edit(line: Int, title: String?, due: DueChange, body: BodyChange)
    case tidy
    /// `board archive`: every DONE item to the top of the archive.
    case archive
    /// `board move A B C SECTION [--top]`: several items at once, resolved against one version of the file.
    case moveSeveral(lines: [Int], to: SectionKind, atTop: Bool)
    /// One place up (-1) or down (1) in its section (`board ui`'s K and J).
    case reorder(line: Int, step: Int)

    /// Whether an add or a move goes to the top.
    var atTop: Bool {
        switch self {
        case let .add(_, _, _, _, atTop), let .move(_, _, atTop): atTop
        default: false
        }
    }

    /// The date moves into DONE record.
    static let today = CivilDate(year: 2026, month: 11, day: 23)

    /// The items a several-ref move places, in file order: with `--top` all of them, else those not already in
    /// the target (an item already there only gets its checkbox set).
    static func placedBySeveral(_ board: Board, _ command: Command) -> [Item] {
        guard case let .moveSeveral(lines, to, atTop) = command else { return [] }
        return board.items.filter { lines.contains($0.line) && (atTop || board.kind(of: $0) != to) }
    }

    /// The items `archive` moves: every one in DONE.
    static func archiving(_ board: Board) -> [Item] {
        board.items.filter { board.kind(of: $0) == .done }
    }

    var description: String {
        switch self {
        case let .add(title, due, body, to, atTop): "add '\(title)' due \(due.map(\.description) ?? "-") body \(body ?? "-") to \(to) top \(atTop)"
        case let .remove(line): "rm :\(line + 1)"
        case let .move(line, to, atTop): "move :\(line + 1) \(to) top \(atTop)"
        case let .edit(line, title, due, body): "edit :\(line + 1) title \(title ?? "-") due \(due) body \(body)"
        case .tidy: "tidy"
        case .archive: "archive"
        case let .moveSeveral(lines, to, atTop): "move \(lines.map { ":\($0 + 1)" }.joined(separator: " ")) \(to) top \(atTop)"
        case let .reorder(line, step): "reorder :\(line + 1) by \(step)"
        }
    }

    static func random(for board: Board, _ rng: inout SeededGenerator) -> Command {
        let kind = SectionKind.allCases.randomElement(using: &rng) ?? .todo
        guard let item = board.items.randomElement(using: &rng), Int.random(in: 0..<10, using: &rng) > 2 else {
            let body = [nil, nil, "a body line", "- [ ] looks like an item\n## looks like a heading"].randomElement(using: &rng) ?? nil
            let title = HandEditedBoard.titles.randomElement(using: &rng) ?? "a"
            // Unique, so the line pairing cannot mistake the new item for an old one with the same text.
            return .add(title: title + " new \(Int.random(in: 0..<1_000_000, using: &rng))", due: Bool.random(using: &rng) ? CivilDate("2026-12-24") : nil, body: body,
                        to: kind, atTop: Int.random(in: 0..<3, using: &rng) == 0)
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1: return .remove(line: item.line)
        case 2...5: return .move(line: item.line, to: kind, atTop: Int.random(in: 0..<3, using: &rng) == 0)
        case 6:
            let due: DueChange = [.keep, .remove, .set(CivilDate("2026-12-31") ?? CivilDate(daysSinceEpoch: 0))]
                .randomElement(using: &rng, default: .keep)
            return .edit(line: item.line, title: Bool.random(using: &rng) ? "Renamed" : nil, due: due, body: .keep)
        case 7:
            let body: BodyChange = [.remove, .set("new body\n\n- [ ] nested\n## heading")].randomElement(using: &rng, default: .remove)
            return .edit(line: item.line, title: nil, due: .keep, body: body)
        case 8: return .archive
        case 10: return .reorder(line: item.line, step: Bool.random(using: &rng) ? 1 : -1)
        case 9:
            let lines = Set((0..<3).compactMap { _ in board.items.randomElement(using: &rng)?.line }).sorted()
            return .moveSeveral(lines: lines, to: kind, atTop: Bool.random(using: &rng))
        default: return .tidy
        }
    }

    func apply(to board: Board) throws -> Board {
        func item(_ line: Int) throws -> Item { try #require(board.items.first { $0.line == line }) }
        switch self {
        case let .add(title, due, body, to, atTop):
            return try board.adding(title: title, due: due, body: body, to: to, atTop: atTop)
        case let .remove(line):
            return try board.removing(item(line))
        case let .move(line, to, atTop):
            let moved = try item(line)
            if board.kind(of: moved) == to { return board.fixingCheckbox(moved) }
            return try board.moving(moved, to: to, atTop: atTop, doneOn: Command.today)
        case let .edit(line, title, due, body):
            return try board.editing(item(line), title: title, due: due, body: body)
        case .tidy:
            return Board(parsing: try board.tidied(doneOn: Command.today).file.bytes)
        case .archive:
            return Board(parsing: try board.archived(Command.archiving(board)).bytes)
        case let .moveSeveral(lines, to, atTop):
            let items = try lines.map { try item($0) }
            return Board(parsing: try board.moving(items.map { ($0, to) }, atTop: atTop, doneOn: Command.today).bytes)
        case let .reorder(line, step):
            return try board.reordered(item(line), by: step).map { Board(parsing: $0.bytes) } ?? board
        }
    }
}

// MARK: - The check

/// What a line is, as the parse sees it.
enum Role: Equatable, CustomStringConvertible {
    case frontMatter, fencedCode, comment, heading, itemLine, plainListItem, blank, text
    /// A body line, and the line of the item it belongs to.
    case body(owner: Int)

    var description: String {
        switch self {
        case .frontMatter: "front matter"
        case .fencedCode: "fenced code"
        case .comment: "comment"
        case .heading: "heading"
        case .itemLine: "item line"
        case .plainListItem: "plain list item"
        case .blank: "blank"
        case .text: "text"
        case .body(let owner): "body of :\(owner + 1)"
        }
    }
}

enum MeaningCheck {
    /// The lines of the settings block Obsidian Kanban keeps last, which a section a command makes goes before (it
    /// takes them in): its `%% kanban:settings` line and every line after it, when those are only its code (closed),
    /// its closing `%%` and blank lines; none otherwise.
    static func settingsBlock(_ board: Board) -> Set<Int> {
        let text = { (index: Int) in String(decoding: content(board, index), as: UTF8.self).trimmingCharacters(in: .whitespaces) }
        guard let start = board.lines.indices.last(where: { text($0).hasPrefix("%% kanban:settings") }) else { return [] }
        let block = start..<board.lines.count
        let isBlock = block.dropFirst().allSatisfy { index in
            text(index).isEmpty || text(index) == "%%" || board.regions.contains { $0.isClosed && $0.lines.contains(index) }
        }
        return isBlock ? Set(block) : []
    }

    static func roles(_ board: Board) -> [Role] {
        var roles = board.lines.indices.map { index -> Role in
            let line = board.lines[index]
            var start = line.start
            if index == 0, board.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, line.contentEnd) }
            let text = board.bytes[start..<line.contentEnd]
            let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty { return .blank }
            if text.prefix(4).prefix(while: { $0 == 0x20 }).count <= 3, isHeading(Array(trimmed)),
               text.first != 0x09 { return .heading }
            return .text
        }
        for region in board.regions {
            for index in region.lines {
                roles[index] = switch region.kind {
                case .frontMatter: .frontMatter
                case .fencedCode: .fencedCode
                case .htmlComment: .comment
                }
            }
        }
        for index in board.plainListItems { roles[index] = .plainListItem }
        for item in board.items {
            roles[item.line] = .itemLine
            // A blank line is body only when a body line follows, which is checked on that line; and blank lines
            // are alike, so the pairing may swap them.
            for index in item.body where roles[index] != .blank { roles[index] = .body(owner: item.line) }
        }
        return roles
    }

    static func isHeading(_ text: [UInt8]) -> Bool {
        let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
        return (1...6).contains(hashes) && (text.count == hashes || text[hashes] == 0x20 || text[hashes] == 0x09)
    }

    /// The heading line of the section each line is in, or nil.
    static func sectionHeadings(_ board: Board) -> [Int?] {
        var result = [Int?](repeating: nil, count: board.lines.count)
        for section in board.sections { for index in section.lines { result[index] = section.headingLine } }
        return result
    }

    /// A line's text; the first line's without a byte-order mark, which stays the file's first bytes.
    static func content(_ board: Board, _ index: Int) -> ArraySlice<UInt8> {
        let text = board.bytes[board.lines[index].start..<board.lines[index].contentEnd]
        return index == 0 && text.starts(with: [0xEF, 0xBB, 0xBF]) ? text.dropFirst(3) : text
    }

    /// Pairs of (old line, new line) with equal text, in order: a longest common subsequence, non-blank lines first;
    /// the `written` old lines match nothing.
    static func matchedLines(_ before: Board, _ after: Board, written: Set<Int>, writtenNew: Set<Int>) -> [(Int, Int)] {
        let old = before.lines.indices.map { written.contains($0) ? [0xFF, 0xFE] + content(before, $0) : content(before, $0) }
        let new = after.lines.indices.map { writtenNew.contains($0) ? [0xFF, 0xFD] + content(after, $0) : content(after, $0) }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                // A non-blank line outweighs any run of blank ones, which are alike and may be paired either way.
                let weight = a[i].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? 1 : 1_000
                let skip = max(table[i + 1][j], table[i][j + 1])
                table[i][j] = a[i] == b[j] ? max(table[i + 1][j + 1] + weight, skip) : skip
            }
        }
        var pairs = (0..<prefix).map { ($0, $0) }
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let weight = a[i].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? 1 : 1_000
            if a[i] == b[j], table[i][j] == table[i + 1][j + 1] + weight {
                pairs.append((prefix + i, prefix + j))
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        pairs += (0..<suffix).map { (old.count - suffix + $0, new.count - suffix + $0) }
        return pairs
    }

    /// The lines a command may rewrite: the touched item's lines (and the blank after them), for tidy every item
    /// it moves.
    static func writable(_ before: Board, _ command: Command) -> Set<Int> {
        func lines(of line: Int) -> Set<Int> {
            guard let item = before.items.first(where: { $0.line == line }) else { return [] }
            let next = item.lines.upperBound
            let blankAfter = next < before.lines.count && content(before, next).allSatisfy { $0 == 0x20 || $0 == 0x09 }
            return Set(item.lines).union(blankAfter ? [next] : [])
        }
        switch command {
        case .add: return []
        case .remove(let line), .move(let line, _, _), .edit(let line, _, _, _), .reorder(let line, _): return lines(of: line)
        case .tidy:
            return before.items.filter { $0.checked != (before.kind(of: $0) == .done) && !before.isArchived($0) }
                .reduce(into: Set<Int>()) { $0.formUnion(lines(of: $1.line)) }
        case .archive:
            return Command.archiving(before).reduce(into: Set<Int>()) { $0.formUnion(lines(of: $1.line)) }
        case .moveSeveral(let moved, _, _):
            return moved.reduce(into: Set<Int>()) { $0.formUnion(lines(of: $1)) }
        }
    }

    static func problems(before: Board, after: Board, command: Command) -> [String] {
        var problems: [String] = []
        let writable = writable(before, command)
        let placed = placedItems(before: before, after: after, command: command)
        let staying = stayingItems(before: before, after: after, command: command)
        let pairs = matchedLines(before, after, written: writable, writtenNew: Set((placed + staying).flatMap { Array($0.lines) }))
        let matchedOld = Set(pairs.map(\.0))
        // A file without a final newline cannot end in a blank line: blank lines left at its end by a removal go.
        let endsWithoutNewline = before.lines.last.map { !$0.hasEnding } ?? false
        var trailingBlanks = Set<Int>()
        for index in before.lines.indices.reversed() where endsWithoutNewline {
            if writable.contains(index) { continue }
            guard content(before, index).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { break }
            trailingBlanks.insert(index)
        }
        for index in before.lines.indices where !matchedOld.contains(index) && !writable.contains(index)
            && !trailingBlanks.contains(index) {
            problems.append("line \(index + 1) was not the command's to change, and it is gone or changed")
        }
        // Its line ending too, but where the file's last line gets one, or a line left last loses its own. (Blank
        // lines are alike, and the pairing may swap them.)
        func ending(_ board: Board, _ index: Int) -> ArraySlice<UInt8> {
            board.bytes[board.lines[index].contentEnd..<board.lines[index].end]
        }
        for (old, new) in pairs where !writable.contains(old) && !content(before, old).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            let (was, now) = (ending(before, old), ending(after, new))
            if !was.isEmpty, !now.isEmpty, was != now {
                problems.append("line \(old + 1) (now \(new + 1)) changed its line ending")
            }
        }
        let oldRoles = roles(before)
        let newRoles = roles(after)
        let oldSections = sectionHeadings(before)
        let newSections = sectionHeadings(after)
        let newLineOf = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        let createdSection = after.sections.count > before.sections.count
        let unclosed = Set(before.regions.filter { !$0.isClosed }.flatMap { Array($0.lines) })
        let settings = createdSection ? settingsBlock(before) : []
        for (old, new) in pairs where !writable.contains(old) {
            var expected = oldRoles[old]
            if case .body(let owner) = expected { expected = .body(owner: newLineOf[owner] ?? -1) }
            if newRoles[new] != expected {
                problems.append("line \(old + 1) (now \(new + 1)) was \(oldRoles[old]), is \(newRoles[new])")
            }
            let section = oldSections[old].map { newLineOf[$0] ?? -1 }
            // Blank lines are alike, so the pairing may swap them; only a non-blank line's section is its own.
            if section != newSections[new], oldRoles[old] != .blank, !(createdSection && unclosed.contains(old)),
               !settings.contains(old) {
                problems.append("line \(old + 1) (now \(new + 1)) changed section")
            }
        }
        // Untouched items keep their fields.
        for item in before.items where !writable.contains(item.line) {
            guard let line = newLineOf[item.line], let moved = after.items.first(where: { $0.line == line }) else { continue }
            if after.title(of: moved) != before.title(of: item) || moved.due != item.due || moved.checked != item.checked
                || after.bodyLines(of: moved) != before.bodyLines(of: item) {
                problems.append("untouched item :\(item.line + 1) changed its fields")
            }
        }
        problems += touchedItemProblems(before: before, after: after, command: command, newLineOf: newLineOf)
        return problems
    }

    /// The item an add or a move to another section wrote, where the contract puts it: first or last in the first
    /// section of its kind.
    static func placedItem(before: Board, after: Board, command: Command) -> Item? {
        let kind: SectionKind
        let atTop: Bool
        switch command {
        case let .add(_, _, _, to, top): (kind, atTop) = (to, top)
        case let .move(line, to, top):
            guard let item = before.items.first(where: { $0.line == line }), before.kind(of: item) != to else { return nil }
            (kind, atTop) = (to, top)
        default: return nil
        }
        let peers = after.items.filter { $0.section == after.firstSection(kind) }
        return atTop ? peers.first : peers.last
    }

    /// The items a command placed: the one an add or a move wrote; for tidy, the last items of each target (the
    /// first TODO and DONE sections), as many as it moved there.
    static func placedItems(before: Board, after: Board, command: Command) -> [Item] {
        if case .archive = command {
            let count = Command.archiving(before).count
            return Array(after.items.filter { $0.section == after.firstSection(.archive) }.prefix(count))
        }
        if case let .moveSeveral(_, to, atTop) = command {
            let count = Command.placedBySeveral(before, command).count
            let peers = after.items.filter { $0.section == after.firstSection(to) }
            return Array(atTop ? peers.prefix(count) : peers.suffix(count))
        }
        if case let .reorder(line, step) = command {
            guard let (item, index) = Self.reorderPlace(before, line, step) else { return [] }
            let peers = after.items.filter { after.kind(of: $0) == before.kind(of: item) && after.isArchived($0) == before.isArchived(item) && $0.section == item.section }
            return peers.indices.contains(index) ? [peers[index]] : []
        }
        guard case .tidy = command else { return placedItem(before: before, after: after, command: command).map { [$0] } ?? [] }
        let moving = before.items.filter { $0.checked != (before.kind(of: $0) == .done) && !before.isArchived($0) }
        return [SectionKind.todo, .done].flatMap { kind -> [Item] in
            let count = moving.filter { ($0.checked ? SectionKind.done : .todo) == kind }.count
            return Array(after.items.filter { $0.section == after.firstSection(kind) }.suffix(count))
        }
    }

    /// The items `move A B C SECTION` (not to the top) leaves where they are, already in a section of that kind: each
    /// at its place among its section's items, which only gains items after them. Their lines may be written in place
    /// (a checkbox). (Left out, the line matching paired an untouched line with a line alike above it: `  - [ ] nested`
    /// twice, property seed 125.)
    static func stayingItems(before: Board, after: Board, command: Command) -> [Item] {
        guard case let .moveSeveral(lines, to, false) = command else { return [] }
        return before.items.filter { lines.contains($0.line) && before.kind(of: $0) == to }.compactMap { item in
            let (old, new) = (before.items.filter { $0.section == item.section }, after.items.filter { $0.section == item.section })
            guard let index = old.firstIndex(where: { $0.line == item.line }), new.indices.contains(index) else { return nil }
            return new[index]
        }
    }

    /// The item a reorder moves and the index it gets among the items of its section; nil when it stays.
    static func reorderPlace(_ board: Board, _ line: Int, _ step: Int) -> (Item, Int)? {
        guard let item = board.items.first(where: { $0.line == line }) else { return nil }
        let peers = board.items.filter { $0.section == item.section }
        guard let index = peers.firstIndex(where: { $0.line == line }), peers.indices.contains(index + step) else { return nil }
        return (item, index + step)
    }

    /// True when the add neither created a section nor had to re-indent the item: then `rm` must undo it exactly.
    static func addKeptItsPlace(before: Board, after: Board, command: Command) -> Bool {
        guard case let .add(_, _, _, kind, atTop) = command, let section = before.firstSection(kind),
              let added = placedItem(before: before, after: after, command: command) else { return false }
        let inSection = before.items.filter { $0.section == section }
        let neighbour = atTop ? inSection.first : inSection.last
        return added.indent == (neighbour?.indent ?? 0)
    }

    static func touchedItemProblems(before: Board, after: Board, command: Command, newLineOf: [Int: Int]) -> [String] {
        func item(_ line: Int) -> Item? { before.items.first { $0.line == line } }
        switch command {
        case let .add(title, due, body, kind, _):
            guard let added = placedItem(before: before, after: after, command: command) else { return ["add wrote no item"] }
            if after.items.count != before.items.count + 1 { return ["add did not write exactly one item"] }
            // The item where the contract puts it has the new, unique title: so it is the new item.
            var problems: [String] = []
            if after.title(of: added) != title || added.due != due || added.checked != (kind == .done) {
                problems.append("the new item has the wrong fields")
            }
            let expectedBody = body.map { $0.components(separatedBy: "\n") } ?? []
            if after.bodyLines(of: added) != expectedBody { problems.append("the new item's body is \(after.bodyLines(of: added))") }
            // `add` says where the item went: that line.
            let said = try? before.addedFile(title: title, due: due, body: body, to: kind, atTop: command.atTop).line
            if said != added.line { problems.append("add said line \(String(describing: said)), the item is at \(added.line)") }
            return problems
        case .remove:
            return after.items.count == before.items.count - 1 ? [] : ["rm did not remove exactly one item"]
        case let .move(line, kind, atTop):
            guard let old = item(line) else { return ["no item to move"] }
            if before.kind(of: old) == kind {
                guard let new = newLineOf[line].flatMap({ l in after.items.first { $0.line == l } }) ?? after.items.first(where: { $0.line == line })
                else { return ["the checked item is gone"] }
                return new.checked == (kind == .done) ? [] : ["the checkbox does not match \(kind.name)"]
            }
            let section = after.firstSection(kind)
            let peers = after.items.filter { $0.section == section }
            guard let moved = atTop ? peers.first : peers.last else { return ["the moved item is not in \(kind.name)"] }
            var problems: [String] = []
            if after.title(of: moved) != before.title(of: old) || moved.due != old.due || moved.checked != (kind == .done)
                || after.bodyLines(of: moved).filter({ !$0.isEmpty }).count != before.bodyLines(of: old).filter({ !$0.isEmpty }).count {
                problems.append("the moved item lost its fields or is not at the \(atTop ? "top" : "end") of \(kind.name)")
            }
            if after.items.count != before.items.count { problems.append("the item count changed") }
            let expectedDone = kind == .done ? (old.doneToken == nil ? Command.today : old.done) : nil
            if moved.done != expectedDone || (kind != .done && moved.doneToken?.date != nil) {
                problems.append("the moved item's done date is \(String(describing: moved.done))")
            }
            return problems
        case let .edit(line, title, due, body):
            guard let old = item(line), let new = after.items.first(where: { $0.line == line }) else { return ["the edited item moved"] }
            var problems: [String] = []
            if let title, after.title(of: new) != title { problems.append("the title is \(after.title(of: new))") }
            switch due {
            case .keep: if new.due != old.due { problems.append("the date changed") }
            case .remove: if new.firstDueToken != nil { problems.append("a due token is left") }
            case .set(let date): if new.due != date { problems.append("the date is \(String(describing: new.due))") }
            }
            switch body {
            case .keep: if after.bodyLines(of: new) != before.bodyLines(of: old) { problems.append("the body changed") }
            case .remove: if !new.body.isEmpty { problems.append("the body is left") }
            case .set(let text): if after.bodyLines(of: new) != text.components(separatedBy: "\n") { problems.append("the body is \(after.bodyLines(of: new))") }
            }
            return problems
        case .tidy:
            var problems: [String] = []
            if !after.items.allSatisfy({ $0.checked == (after.kind(of: $0) == .done) || after.isArchived($0) }) {
                problems.append("tidy left a tick out of place")
            }
            if after.items.count != before.items.count { problems.append("tidy changed the number of items") }
            // The moved items, in file order, end each target.
            let moving = before.items.filter { $0.checked != (before.kind(of: $0) == .done) && !before.isArchived($0) }
            for kind in [SectionKind.todo, .done] {
                let expected = moving.filter { ($0.checked ? SectionKind.done : .todo) == kind }.map { before.title(of: $0) }
                let peers = after.items.filter { $0.section == after.firstSection(kind) }
                if peers.suffix(expected.count).map({ after.title(of: $0) }) != expected {
                    problems.append("the items tidy moved to \(kind.name) are not at its end in file order")
                }
            }
            return problems
        case let .reorder(line, step):
            guard let old = item(line) else { return ["no item to reorder"] }
            let titles = { (board: Board, section: Int) in board.items.filter { $0.section == section }.map { board.title(of: $0) } }
            var expected = titles(before, old.section)
            guard let (_, index) = Self.reorderPlace(before, line, step) else {
                return after.bytes == before.bytes ? [] : ["an item first (or last) in its section moved"]
            }
            expected.swapAt(index, index - step)
            if after.items.count != before.items.count { return ["the reorder changed the number of items"] }
            if titles(after, old.section) != expected { return ["the section's items are \(titles(after, old.section)), not \(expected)"] }
            guard let moved = placedItems(before: before, after: after, command: command).first ?? newLineOf[line].flatMap({ l in after.items.first { $0.line == l } })
            else { return ["the reordered item is gone"] }
            if moved.due != old.due || moved.checked != old.checked || moved.done != old.done
                || after.bodyLines(of: moved).filter({ !$0.isEmpty }).count != before.bodyLines(of: old).filter({ !$0.isEmpty }).count {
                return ["the reordered item lost its fields"]
            }
            return []
        case let .moveSeveral(lines, to, _):
            // The moved items where they go, in file order, each with the checkbox and done date of its target.
            let moving = Command.placedBySeveral(before, command)
            let placed = placedItems(before: before, after: after, command: command)
            var problems: [String] = []
            if after.items.count != before.items.count { problems.append("the move changed the number of items") }
            if placed.map({ after.title(of: $0) }) != moving.map({ before.title(of: $0) }) {
                problems.append("the moved items are not where they go, in file order")
            }
            // Of the items in the target with a checkbox that does not match it, only the untouched ones are left.
            func mismatched(_ board: Board, _ skipping: Set<Int>) -> Int {
                board.items.filter { board.kind(of: $0) == to && $0.checked != (to == .done) && !skipping.contains($0.line) }.count
            }
            if mismatched(after, []) != mismatched(before, Set(lines)) {
                problems.append("an item already in \(to.name) kept a checkbox that does not match it")
            }
            for (old, new) in zip(moving, placed) {
                let done = to == .done ? (old.doneToken == nil ? Command.today : old.done) : nil
                if new.checked != (to == .done) || new.done != done { problems.append("a moved item's checkbox or done date is wrong") }
            }
            return problems
        case .archive:
            // Every DONE item at the top of the archive, in file order, each line as it was.
            let moving = Command.archiving(before)
            let placed = placedItems(before: before, after: after, command: command)
            var problems: [String] = []
            if after.items.count != before.items.count { problems.append("archive changed the number of items") }
            if after.items.contains(where: { after.kind(of: $0) == .done }) { problems.append("an item is left in DONE") }
            if placed.map({ after.title(of: $0) }) != moving.map({ before.title(of: $0) })
                || placed.map(\.checked) != moving.map(\.checked) || placed.map(\.done) != moving.map(\.done) {
                problems.append("the archived items are not at the top of the archive as they were")
            }
            return problems
        }
    }
}
