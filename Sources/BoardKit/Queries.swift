/// The result of looking an item up by a REF (CLI.md): a title query or `:LINE`.
public enum ItemMatch: Equatable, Sendable {
    case one(Item)
    case none
    /// More than one item fits; nothing should change.
    case many([Item])
}

/// An item that `tidied()` moved.
public struct TidyMove: Equatable, Sendable {
    public let title: String
    public let from: SectionKind
    public let to: SectionKind

    public init(title: String, from: SectionKind, to: SectionKind) {
        self.title = title
        self.from = from
        self.to = to
    }
}

extension Board {
    /// The item a REF names: `:N` is the item whose item line is line N (1-based); otherwise the item whose
    /// title equals the query case-insensitively wins, else the items whose titles contain it.
    public func item(matching ref: String) -> ItemMatch {
        if ref.hasPrefix(":"), let number = Int(ref.dropFirst()) {
            return items.first { $0.line + 1 == number }.map { .one($0) } ?? .none
        }
        let query = ref.lowercased()
        let titled = items.map { ($0, title(of: $0).lowercased()) }
        let exact = titled.filter { $0.1 == query }.map(\.0)
        let found = exact.isEmpty ? titled.filter { $0.1.contains(query) }.map(\.0) : exact
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .many(found)
        }
    }

    /// The section kind an item is in.
    public func kind(of item: Item) -> SectionKind {
        sections[item.section].kind
    }

    /// Ticks made in an editor applied: checked items outside DONE move to DONE,
    /// unchecked items in DONE move to TODO, in file order.
    public func tidied() throws(EditError) -> (board: Board, moves: [TidyMove]) {
        var board = self
        var moves: [TidyMove] = []
        while let item = board.items.first(where: { ($0.checked) != (board.kind(of: $0) == .done) }) {
            let from = board.kind(of: item)
            let to: SectionKind = item.checked ? .done : .todo
            moves.append(TidyMove(title: board.title(of: item), from: from, to: to))
            board = try board.moving(item, to: to)
        }
        return (board, moves)
    }
}
