import BoardKit

/// `board show`: the board as three columns side by side (one under another below 60 cells), each headed by
/// its section's name and item count. Each item shows its checkbox and title, its due date and the first line
/// of its body, wrapped to the column.
public struct BoardView {
    /// Below this many cells the sections are stacked.
    static let minimumSideBySide = 60
    static let separator = " │ "

    public let board: Board
    public let today: CivilDate
    /// Whether to use ANSI styles: bold headings, overdue dates red and bold, dates due today yellow.
    public let color: Bool
    /// At most this many DONE items are shown (the most recent), then `+K more`.
    public var doneLimit: Int? = nil

    public init(board: Board, today: CivilDate, color: Bool) {
        self.board = board
        self.today = today
        self.color = color
    }

    /// Output is handed on in pieces of about this many bytes.
    public static let pieceSize = 1 << 20

    /// The board laid out in `width` terminal cells; each line ends with a newline.
    public func render(width: Int) -> String {
        var all: [UInt8] = []
        render(width: width) { all += $0 }
        return String(decoding: all, as: UTF8.self)
    }

    /// The board laid out in `width` terminal cells, row by row, handed to `emit` in pieces of about 1 MiB: a
    /// large board has hundreds of thousands of rows, and only the rows being printed are ever built.
    public func render(width: Int, emit: (inout [UInt8]) -> Void) {
        var columns = SectionKind.allCases.map { kind in board.items.filter { board.kind(of: $0) == kind } }
        var hidden = [0, 0, 0]
        if let doneLimit, columns[2].count > doneLimit {
            hidden[2] = columns[2].count - doneLimit
            columns[2] = Self.mostRecent(columns[2], doneLimit)
        }
        var out: [UInt8] = []
        out.reserveCapacity(Self.pieceSize + (1 << 16))
        func endLine(startingAt start: Int) {
            while out.count > start, out.last == UInt8(ascii: " ") { out.removeLast() }
            out.append(UInt8(ascii: "\n"))
            if out.count >= Self.pieceSize {
                emit(&out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if width < Self.minimumSideBySide {
            for (kind, items) in zip(SectionKind.allCases, columns) {
                if kind != .todo { out.append(UInt8(ascii: "\n")) }
                var rows = ColumnRows(view: self, kind: kind, items: items, hidden: hidden[kind.rawValue], width: width)
                while let cell = rows.next() {
                    let start = out.count
                    out += cell.text.utf8
                    endLine(startingAt: start)
                }
            }
            emit(&out)
            return
        }
        // Three columns that fill the width exactly: the cells left over from an even split go to the first ones.
        let room = width - 2 * DisplayWidth.of(Self.separator)
        let widths = (0..<3).map { room / 3 + ($0 < room % 3 ? 1 : 0) }
        var rows = zip(SectionKind.allCases, columns).enumerated().map { index, column in
            ColumnRows(view: self, kind: column.0, items: column.1, hidden: hidden[index], width: widths[index])
        }
        var row = 0
        while true {
            let cells = rows.indices.map { rows[$0].next() }
            if cells.allSatisfy({ $0 == nil }) { break }
            let start = out.count
            for (index, cell) in cells.enumerated() {
                let cell = cell ?? Cell.empty
                if index > 0 { out += (row == 1 ? "─┼─" : Self.separator).utf8 }
                out += cell.text.utf8
                if index < cells.count - 1 {
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, widths[index] - cell.width)))
                }
            }
            endLine(startingAt: start)
            row += 1
        }
        emit(&out)
    }

    /// A column's rows, made as they are printed: the heading, its rule, then each item's rows (or "(empty)").
    struct ColumnRows {
        let view: BoardView
        let kind: SectionKind
        let items: [Item]
        /// Items of the section left out: a `+K more` row ends the column.
        let hidden: Int
        let width: Int
        private var pending: [Cell] = []
        private var nextPending = 0
        private var nextItem = 0
        private var started = false

        init(view: BoardView, kind: SectionKind, items: [Item], hidden: Int, width: Int) {
            self.view = view
            self.kind = kind
            self.items = items
            self.hidden = hidden
            self.width = width
        }

        mutating func next() -> Cell? {
            if !started {
                started = true
                pending = [view.heading(kind, count: items.count + hidden), Cell(text: String(repeating: "─", count: width), width: width)]
                if items.isEmpty, hidden == 0 { pending.append(view.styled("(empty)", "2")) }
            }
            while nextPending == pending.count {
                if nextItem == items.count, hidden > 0 {
                    pending = [view.styled("+\(hidden) more", "2")]
                    nextPending = 0
                    nextItem += 1
                    break
                }
                guard nextItem < items.count else { return nil }
                pending = view.rows(of: items[nextItem], width: width)
                nextPending = 0
                nextItem += 1
            }
            nextPending += 1
            return pending[nextPending - 1]
        }
    }

    /// One display row of a column: its text (which may hold ANSI styles) and the cells it takes.
    struct Cell {
        var text: String
        var width: Int
        static let empty = Cell(text: "", width: 0)
    }

    /// `[ ] Title`, then the due date, the done date (`done YYYY-MM-DD`, DONE only) and the first body line, each
    /// wrapped under the title.
    func rows(of item: Item, width: Int) -> [Cell] {
        let indent = "    "
        let textWidth = max(1, width - indent.count)
        var cells: [Cell] = []
        for (index, line) in Self.wrap(escaped(board.title(of: item)), width: textWidth).enumerated() {
            let lead = index == 0 ? (item.checked ? "[x] " : "[ ] ") : indent
            cells.append(Cell(text: lead + (color ? dimmingLabels(line.text) : line.text), width: indent.count + line.width))
        }
        if let due = item.due {
            let (text, style): (String, String?) =
                board.isOverdue(item, today: today) ? ("! \(due) overdue", "1;31")
                : due == today && board.kind(of: item) != .done ? ("\(due) today", "33")
                : (due.description, nil)
            for line in Self.wrap(text, width: textWidth) {
                let cell = style.map { styled(line.text, $0) } ?? Cell(text: line.text, width: line.width)
                cells.append(Cell(text: indent + cell.text, width: indent.count + line.width))
            }
        }
        if let done = board.doneDate(of: item) {
            for line in Self.wrap("done \(done)", width: textWidth) {
                cells.append(Cell(text: indent + line.text, width: indent.count + line.width))
            }
        }
        if let body = board.firstBodyText(of: item) {
            for line in Self.wrap(escaped(body), width: textWidth) {
                cells.append(Cell(text: indent + styled(line.text, "2").text, width: indent.count + line.width))
            }
        }
        return cells
    }

    /// The `count` most recently done of these items, in file order: the latest done dates, an undated item older
    /// than any dated one, and of two alike the later in the file.
    static func mostRecent(_ items: [Item], _ count: Int) -> [Item] {
        let ranked = items.indices.sorted { a, b in
            switch (items[a].done, items[b].done) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a > b
            }
        }
        return ranked.prefix(count).sorted().map { items[$0] }
    }

    /// `TODO (3)`; under a WIP limit `DOING (2/3)`, and over it `DOING (4/3)` in red, or `DOING (4/3, over limit)`
    /// without color.
    func heading(_ kind: SectionKind, count: Int) -> Cell {
        guard let limit = board.firstSection(kind).flatMap({ board.sections[$0].limit }) else {
            return styled("\(kind.name) (\(count))", "1")
        }
        let text = "\(kind.name) (\(count)/\(limit))"
        guard count > limit else { return styled(text, "1") }
        return color ? styled(text, "1;31") : styled("\(kind.name) (\(count)/\(limit), over limit)", "1")
    }

    /// The text with its tags and people dimmed, so the title around them stays readable.
    func dimmingLabels(_ text: String) -> String {
        guard text.utf8.contains(Labels.tag) || text.utf8.contains(Labels.person) else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            Labels.sigil(ofLabel: word.utf8) != nil ? styled(String(word), "2").text : String(word)
        }.joined(separator: " ")
    }

    func styled(_ text: String, _ style: String) -> Cell {
        Cell(text: color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text, width: DisplayWidth.of(text))
    }

    /// Words (split at spaces and tabs) filled greedily into lines of at most `width` cells;
    /// a word wider than a line is cut and ends in `…`.
    static func wrap(_ text: String, width: Int) -> [Cell] {
        // Most titles already fit and are single-spaced: nothing to split.
        let whole = DisplayWidth.of(text)
        if whole <= width && isSingleSpaced(text) { return [Cell(text: text, width: whole)] }
        var lines: [Cell] = []
        var current = Cell.empty
        // Split at ASCII spaces and tabs by byte: asking each Character whether it is whitespace is slow.
        for bytes in text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
            let word = String(Substring(bytes))
            var piece = Cell(text: word, width: DisplayWidth.of(word))
            if piece.width > width { piece = cut(piece.text, width: width) }
            if current.width > 0 && current.width + 1 + piece.width > width {
                lines.append(current)
                current = .empty
            }
            current = current.width == 0 ? piece
                : Cell(text: current.text + " " + piece.text, width: current.width + 1 + piece.width)
        }
        if current.width > 0 || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// No tab, no leading or trailing space, no two spaces in a row: splitting into words and joining
    /// them with single spaces gives the same text.
    private static func isSingleSpaced(_ text: String) -> Bool {
        var previous = UInt8(ascii: " ")
        for byte in text.utf8 {
            if byte == 0x09 || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }

    /// The longest start of `text` that fits in `width - 1` cells, then `…`.
    private static func cut(_ text: String, width: Int) -> Cell {
        var out = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        return Cell(text: out + "…", width: used + 1)
    }
}
