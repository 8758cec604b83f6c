import BoardKit
import Testing

/// Random command sequences on random messy boards, compared after each step with a simple model:
/// per section, the items' titles, due dates and bodies in order.
@Suite struct ModelTests {
    struct Record: Equatable, CustomStringConvertible {
        var title: String
        var due: CivilDate?
        var body: [String]
        var description: String { "\(title)|\(due?.description ?? "-")|\(body)" }
    }

    typealias Model = [SectionKind: [Record]]

    static let junk = [
        "Some free text.", "", "", "### Subheading", "```\n## TODO inside a fence\n- [ ] not an item\n```", "<!-- note -->",
        "<!--\n## DONE\n-->",
        "- a plain list item", "> a quote", "| a | table |", "   indented text", "한국어 메모", "+ [x] @{2026-11-30} kanban",
        "* [ ] due:soon odd", "- [X] checked here", "- [ ]", "- [ ] item 📅 2026-05-05", "  body text",
    ]
    static let words = ["fix", "write", "ship", "review", "테스트", "🚀", "docs", "the", "a", "# hash", "- dash", "[x]"]

    static func randomBoard(_ rng: inout SeededGenerator) -> [UInt8] {
        var text = Bool.random(using: &rng) ? "---\nowner: x\n---\n" : ""
        let headings = [["## TODO", "## To Do", "# todo"], ["## DOING", "## In Progress"], ["## DONE", "### Done ##"]]
        for kind in [0, 1, 2].shuffled(using: &rng) {
            if Int.random(in: 0..<4, using: &rng) == 0 { text += (junk.randomElement(using: &rng) ?? "") + "\n" }
            text += (headings[kind].randomElement(using: &rng) ?? "## TODO") + "\n"
            for _ in 0..<Int.random(in: 0...5, using: &rng) { text += (junk.randomElement(using: &rng) ?? "") + "\n" }
        }
        // A fence that never closes may end the file: nothing may be placed inside it.
        if Int.random(in: 0..<5, using: &rng) == 0 { text += "~~~\n- [ ] inside an unclosed fence\n" }
        let ending = Bool.random(using: &rng) ? "\r\n" : "\n"
        var result = text.replacingOccurrences(of: "\n", with: ending)
        if Bool.random(using: &rng) { result = String(result.dropLast()) }
        return Array(result.utf8)
    }

    static func model(of board: Board) -> Model {
        var model: Model = [.todo: [], .doing: [], .done: []]
        for item in board.items {
            model[board.kind(of: item), default: []].append(Record(
                title: board.title(of: item), due: item.due, body: board.bodyLines(of: item)))
        }
        return model
    }

    /// The lines that are neither items nor blank: these must never change.
    static func otherText(_ board: Board) -> [String] {
        let itemLines = Set(board.items.flatMap { Array($0.lines) })
        return board.lines.indices.filter { !itemLines.contains($0) }.map { board.text(ofLine: $0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static func randomText(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "x" }.joined(separator: " ")
    }

    static func randomDate(_ rng: inout SeededGenerator) -> CivilDate {
        CivilDate(daysSinceEpoch: Int.random(in: 20_000...21_000, using: &rng))
    }

    static func randomBody(_ rng: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in randomText(&rng) }
    }

    @Test func thousandRandomCommandSequencesMatchTheModel() throws {
        var rng = SeededGenerator(seed: 42)
        for run in 0..<1_000 {
            let start = Board(parsing: Self.randomBoard(&rng))
            var board = start
            var model = Self.model(of: start)
            let startText = Self.otherText(start)
            let endsWithoutNewline = start.lines.last.map { !$0.hasEnding } ?? false
            var log: [String] = []
            for _ in 0..<12 {
                let kinds = SectionKind.allCases
                let kind = kinds.randomElement(using: &rng) ?? .todo
                let target = kinds.randomElement(using: &rng) ?? .todo
                let atTop = Int.random(in: 0..<4, using: &rng) == 0
                let existing = model[kind] ?? []
                let operation = existing.isEmpty ? 0 : Int.random(in: 0..<5, using: &rng)
                let index = Int.random(in: 0..<max(existing.count, 1), using: &rng)
                let item = board.items.filter { board.kind(of: $0) == kind }.dropFirst(index).first
                switch operation {
                case 0:
                    let record = Record(title: Self.randomText(&rng), due: Bool.random(using: &rng) ? Self.randomDate(&rng) : nil,
                                        body: Bool.random(using: &rng) ? Self.randomBody(&rng) : [])
                    log.append("add \(record) to \(kind) top:\(atTop)")
                    board = try board.adding(title: record.title, due: record.due,
                                             body: record.body.isEmpty ? nil : record.body.joined(separator: "\n"),
                                             to: kind, atTop: atTop)
                    if atTop { model[kind, default: []].insert(record, at: 0) } else { model[kind, default: []].append(record) }
                case 1:
                    let item = try #require(item)
                    log.append("rm \(kind)[\(index)]")
                    board = try board.removing(item)
                    model[kind]?.remove(at: index)
                case 2:
                    let item = try #require(item)
                    log.append("move \(kind)[\(index)] to \(target) top:\(atTop)")
                    board = try board.moving(item, to: target, atTop: atTop && target != kind)
                    if target != kind {
                        let record = model[kind]?.remove(at: index)
                        if let record {
                            if atTop { model[target, default: []].insert(record, at: 0) } else { model[target, default: []].append(record) }
                        }
                    } else {
                        // Moving to the same section: remove then add at its end.
                        if let record = model[kind]?.remove(at: index) { model[kind, default: []].append(record) }
                    }
                    let moved = board.items.filter { board.kind(of: $0) == target }
                    let placed = try #require(atTop && target != kind ? moved.first : moved.last)
                    #expect(placed.checked == (target == .done), "run \(run): checkbox after \(log)")
                case 3:
                    let item = try #require(item)
                    let title = Self.randomText(&rng)
                    let due = Bool.random(using: &rng) ? DueChange.set(Self.randomDate(&rng)) : (Bool.random(using: &rng) ? .remove : .keep)
                    log.append("edit \(kind)[\(index)] title \(title) due \(due)")
                    board = try board.editing(item, title: title, due: due)
                    model[kind]?[index].title = title
                    switch due {
                    case .set(let date): model[kind]?[index].due = date
                    case .remove: model[kind]?[index].due = nil
                    case .keep: break
                    }
                default:
                    let item = try #require(item)
                    let body = Bool.random(using: &rng) ? Self.randomBody(&rng) : []
                    log.append("edit \(kind)[\(index)] body \(body)")
                    board = try board.editing(item, body: body.isEmpty ? .remove : .set(body.joined(separator: "\n")))
                    model[kind]?[index].body = body
                }
                let actual = Self.model(of: board)
                let text = Self.otherText(board)
                let ending = board.lines.last.map { !$0.hasEnding } ?? false
                let shown = "run \(run) from \(start.bytes) after \(log)\nboard:\n\(String(decoding: board.bytes, as: UTF8.self))"
                #expect(actual == model, "\(shown)")
                #expect(text == startText, "\(shown)")
                #expect(ending == endsWithoutNewline, "\(shown)")
                if actual != model || text != startText || ending != endsWithoutNewline { return }
            }
        }
    }
}
