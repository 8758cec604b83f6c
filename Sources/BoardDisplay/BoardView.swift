import BoardKit
import Dispatch

/// `board show`: the board as three columns side by side (one under another below 60 cells), each headed by
/// its section's name and item count. Each item shows its checkbox and title, its due date and the first line
/// of its body, wrapped to the column.
public struct BoardView: Sendable {
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
        render(width: width) { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }

    /// The board laid out in `width` terminal cells, row by row, handed to `emit` in pieces of about 1 MiB: a
    /// large board has hundreds of thousands of rows, and only the rows being printed are ever built. The bytes
    /// are lent for the call.
    public func render(width: Int, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Each column's items, with room for all of them from the start, laid out for huge pages, rather than
        // grown into fresh pages.
        var columns = SectionKind.allCases.map { kind in
            var indices: [Int] = []
            Memory.reserve(&indices, board.items.count)
            for index in board.items.indices where board.kind(of: board.items[index]) == kind { indices.append(index) }
            return indices
        }
        var hidden = [0, 0, 0]
        if let doneLimit, columns[2].count > doneLimit {
            hidden[2] = columns[2].count - doneLimit
            columns[2] = mostRecent(columns[2], doneLimit)
        }
        // A large board's output fills the piece: in huge pages, it faults in one page rather than 256, on the core
        // that puts the columns together.
        let capacity = Self.pieceSize + (1 << 16)
        var out = board.bytes.count < Self.pieceSize ? ByteWriter(capacity: capacity) : ByteWriter(hugePagesFor: capacity)
        if width < Self.minimumSideBySide {
            for (kind, items) in zip(SectionKind.allCases, columns) {
                if kind != .todo { out.append(UInt8(ascii: "\n")) }
                var rows = ColumnRows(view: self, kind: kind, items: items, hidden: hidden[kind.rawValue], width: width)
                while rows.next() {
                    let start = out.count
                    rows.current { text, _ in out.append(text) }
                    Self.endLine(startingAt: start, in: &out, emit)
                }
            }
            out.withBytes(emit)
            return
        }
        // Three columns that fill the width exactly: the cells left over from an even split go to the first ones.
        let room = width - 2 * DisplayWidth.of(Self.separator)
        let widths = (0..<3).map { room / 3 + ($0 < room % 3 ? 1 : 0) }
        func column(_ index: Int) -> ColumnRows {
            ColumnRows(view: self, kind: SectionKind.allCases[index], items: columns[index], hidden: hidden[index], width: widths[index])
        }
        var todo = column(0), doing = column(1), done = column(2)
        var row = 0
        while true {
            let present = (todo.next(), doing.next(), done.next())
            if !present.0 && !present.1 && !present.2 { break }
            let start = out.count
            let separator: StaticString = row == 1 ? "─┼─" : " │ "
            Self.cell(todo, present: present.0, padded: true, to: &out)
            out.append(separator)
            Self.cell(doing, present: present.1, padded: true, to: &out)
            out.append(separator)
            Self.cell(done, present: present.2, padded: false, to: &out)
            Self.endLine(startingAt: start, in: &out, emit)
            row += 1
        }
        out.withBytes(emit)
    }

    // `render`'s steps, as functions of their own rather than nested ones: the variables a nested function
    // captures are checked at run time on every access.

    /// Ends the line started at `start` in `out` (its trailing spaces dropped), and hands `out` to `emit` once it
    /// holds a piece.
    private static func endLine(startingAt start: Int, in out: inout ByteWriter, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var end = out.count
        while end > start, out.last == UInt8(ascii: " ") {
            end -= 1
            out.truncate(to: end)
        }
        out.append(UInt8(ascii: "\n"))
        if out.count >= pieceSize {
            out.withBytes(emit)
            out.truncate(to: 0)
        }
    }

    /// Appends a column's current row (if it has one), padded to the column's width unless it is the last.
    private static func cell(_ rows: borrowing ColumnRows, present: Bool, padded: Bool, to out: inout ByteWriter) {
        var cellWidth = 0
        if present {
            rows.current { text, width in
                out.append(text)
                cellWidth = width
            }
        }
        if padded { out.append(UInt8(ascii: " "), count: rows.width - cellWidth) }
    }

    /// Rows of a column written one after another into one buffer, each with its width in cells.
    struct RowBuffer: ~Copyable {
        var bytes = ByteWriter(capacity: 1 << 10)
        private var ends: [Int] = []
        private var widths: [Int] = []

        var count: Int { ends.count }

        /// Ends the row being written (what was written since the last row ended): it takes `width` cells.
        mutating func endRow(width: Int) {
            ends.append(bytes.count)
            widths.append(width)
        }

        /// Appends a whole row.
        mutating func append(_ cell: Cell) {
            bytes.append(string: cell.text)
            endRow(width: cell.width)
        }

        /// Calls `body` with row `index`'s bytes and width.
        func row(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
            let start = index == 0 ? 0 : ends[index - 1]
            bytes.withBytes { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]]), widths[index]) }
        }

        mutating func removeAll() {
            bytes.truncate(to: 0)
            ends.removeAll(keepingCapacity: true)
            widths.removeAll(keepingCapacity: true)
        }
    }

    /// One core's room for making rows: the rows of its run of items, a date line, a line being filled with words.
    struct RowMaker: ~Copyable {
        var rows = RowBuffer()
        var date = ByteWriter(capacity: 1 << 6), line = ByteWriter(capacity: 1 << 8)

        mutating func write(_ item: Item, of view: BoardView, width: Int) {
            view.writeRows(of: item, width: width, to: &rows, date: &date, line: &line)
        }
    }

    /// A column's rows, made as they are printed: the heading, its rule, then each item's rows (or "(empty)").
    /// Items' rows are made a run at a time; a long column's runs are made by every core at once, each into its
    /// own `RowMaker`, and read in order. While one run is read, the next is made in the background into a second
    /// set of makers: the rows of three columns are put together on one core, and the others need not wait for it.
    struct ColumnRows: ~Copyable {
        /// Items whose rows a core makes in one go.
        static let itemsPerShare = 1024

        let view: BoardView
        let kind: SectionKind
        /// The column's items, as indices in the board's items.
        let items: [Int]
        /// Items of the section left out: a `+K more` row ends the column.
        let hidden: Int
        let width: Int
        /// Two sets of `cores` makers: the run being read, and the next one.
        private let makers: UnsafeMutablePointer<RowMaker>
        private let cores: Int
        private var set = 0
        /// How many makers hold rows of the current run, which of them is being read, and its row being read.
        private var filled = 1
        private var share = 0
        private var nextPending = 0
        private var nextItem = 0
        private var started = false
        /// The run being made in the background into the other set, if one is.
        private var ahead: Run?
        private let making = DispatchGroup()

        /// `count` items from `start`, made in `shares` shares.
        struct Run {
            let start: Int
            let count: Int
            let shares: Int
        }

        init(view: BoardView, kind: SectionKind, items: [Int], hidden: Int, width: Int, cores: Int = Shares.cores) {
            self.view = view
            self.kind = kind
            self.items = items
            self.hidden = hidden
            self.width = width
            self.cores = max(1, cores)
            makers = .allocate(capacity: 2 * self.cores)
            for index in 0..<(2 * self.cores) { (makers + index).initialize(to: RowMaker()) }
        }

        deinit {
            making.wait()
            makers.deinitialize(count: 2 * cores)
            makers.deallocate()
        }

        /// The makers of the run being read.
        private var reading: UnsafeMutablePointer<RowMaker> { makers + set * cores }

        /// Moves to the column's next row; false past its last.
        mutating func next() -> Bool {
            if !started {
                started = true
                reading[0].rows.append(view.heading(kind, count: items.count + hidden, width: width))
                reading[0].rows.append(Cell(text: String(repeating: "─", count: width), width: width))
                if items.isEmpty, hidden == 0 { reading[0].rows.append(view.styled("(empty)", "2")) }
                return true
            }
            nextPending += 1
            while nextPending >= reading[share].rows.count {
                if share + 1 < filled {
                    share += 1
                    nextPending = 0
                    continue
                }
                if nextItem == items.count, hidden > 0 {
                    reading[0].rows.removeAll()
                    reading[0].rows.append(view.styled("+\(hidden) more", "2"))
                    (filled, share, nextPending) = (1, 0, 0)
                    nextItem += 1
                    break
                }
                guard nextItem < items.count else { return false }
                makeRows()
            }
            return true
        }

        /// The run of items from `start`: a share per core when enough are left, else one.
        private func run(from start: Int) -> Run {
            let left = items.count - start
            let shares = left >= 2 * Self.itemsPerShare ? cores : 1
            return Run(start: start, count: min(left, shares * Self.itemsPerShare), shares: shares)
        }

        /// Makes the rows of the next run of items (or takes those made in the background), then starts on the run
        /// after it in the background when it is long enough to share.
        private mutating func makeRows() {
            if let made = ahead, made.start == nextItem {
                making.wait()
                set = 1 - set
                ahead = nil
                (filled, share, nextPending) = (made.shares, 0, 0)
                nextItem += made.count
            } else {
                let current = run(from: nextItem)
                let make = maker(of: current, into: reading)
                if current.shares == 1 { make(0) } else { DispatchQueue.concurrentPerform(iterations: current.shares, execute: make) }
                (filled, share, nextPending) = (current.shares, 0, 0)
                nextItem += current.count
            }
            let following = run(from: nextItem)
            guard following.shares > 1 else { return }
            let make = maker(of: following, into: makers + (1 - set) * cores)
            for index in 0..<following.shares { DispatchQueue.global().async(group: making) { make(index) } }
            ahead = following
        }

        /// Makes share `index` of `run` into `target[index]`. Each share writes only its own maker, moved out into a
        /// variable of its own while it writes: the makers lie side by side, and writing one in place would take
        /// the cache line it shares with the next from the core working on that one. The view and the items are
        /// only read.
        private func maker(of run: Run, into target: UnsafeMutablePointer<RowMaker>) -> @Sendable (Int) -> Void {
            let (view, items, width) = (view, items, width)
            nonisolated(unsafe) let target = target
            return { index in
                var maker = (target + index).move()
                maker.rows.removeAll()
                for position in (run.start + run.count * index / run.shares)..<(run.start + run.count * (index + 1) / run.shares) {
                    maker.write(view.board.items[items[position]], of: view, width: width)
                }
                (target + index).initialize(to: maker)
            }
        }

        /// Calls `body` with the current row's bytes and width.
        func current(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
            reading[share].rows.row(nextPending, body)
        }
    }

    /// One display row of a column: its text (which may hold ANSI styles) and the cells it takes.
    struct Cell {
        var text: String
        var width: Int
        static let empty = Cell(text: "", width: 0)
    }

    /// An item's rows, as `writeRows` makes them.
    func rows(of item: Item, width: Int) -> [Cell] {
        var rows = RowBuffer()
        var date = ByteWriter(), line = ByteWriter()
        writeRows(of: item, width: width, to: &rows, date: &date, line: &line)
        return (0..<rows.count).map { index in
            var cell = Cell.empty
            rows.row(index) { cell = Cell(text: String(decoding: $0, as: UTF8.self), width: $1) }
            return cell
        }
    }

    /// `[ ] Title`, then the due date, the done date (`done YYYY-MM-DD`, DONE only) and the first body line, each
    /// wrapped under the title.
    /// `date` and `line` are room for a date line and for a line being filled with words.
    func writeRows(of item: Item, width: Int, to rows: inout RowBuffer, date: inout ByteWriter, line: inout ByteWriter) {
        let indent: StaticString = "    "
        let textWidth = max(1, width - indent.utf8CodeUnitCount)
        /// `text` wrapped, each line after `lead` (the first line's) or the indent, styled.
        func wrapped(_ text: UnsafeBufferPointer<UInt8>, width: Int? = nil, lead: StaticString = "    ", style: StaticString? = nil,
                     labels: Bool = false) {
            var first = true
            Self.wrap(text, width: textWidth, textWidth: width, scratch: &line) { line, lineWidth in
                rows.bytes.append(first ? lead : indent)
                first = false
                if color, let style {
                    rows.bytes.append("\u{1B}[")
                    rows.bytes.append(style)
                    rows.bytes.append(UInt8(ascii: "m"))
                }
                if color && labels && (line.contains(Labels.tag) || line.contains(Labels.person)) {
                    Self.appendDimmingLabels(line, to: &rows.bytes)
                } else {
                    rows.bytes.append(line)
                }
                if color, style != nil { rows.bytes.append("\u{1B}[0m") }
                rows.endRow(width: indent.utf8CodeUnitCount + lineWidth)
            }
        }
        /// Text from the file, escaped when it needs to be (plain text never does).
        func wrappedFromFile(_ text: UnsafeBufferPointer<UInt8>, lead: StaticString = "    ", style: StaticString? = nil, labels: Bool = false) {
            if let width = DisplayWidth.plainWidth(utf8: text) {
                return wrapped(text, width: width, lead: lead, style: style, labels: labels)
            }
            guard needsEscaping(text) else { return wrapped(text, lead: lead, style: style, labels: labels) }
            var safe = ByteWriter(capacity: text.count + 16)
            Self.appendEscapedWords(text, to: &safe)
            safe.withBytes { wrapped($0, lead: lead, style: style, labels: labels) }
        }
        board.withTitleBytes(of: item) { bytes, range in
            wrappedFromFile(UnsafeBufferPointer(rebasing: bytes[range]), lead: item.checked ? "[x] " : "[ ] ", labels: true)
        }
        if let due = item.due {
            let style: StaticString?
            date.truncate(to: 0)
            if board.isOverdue(item, today: today) {
                date.append("! ")
                due.append(to: &date)
                date.append(" overdue")
                style = "1;31"
            } else if due == today && board.kind(of: item) != .done {
                due.append(to: &date)
                date.append(" today")
                style = "33"
            } else {
                due.append(to: &date)
                style = nil
            }
            date.withBytes { wrapped($0, style: style) }
        }
        if let done = board.doneDate(of: item) {
            date.truncate(to: 0)
            date.append("done ")
            done.append(to: &date)
            date.withBytes { wrapped($0) }
        }
        if let body = board.firstBodyLine(of: item) {
            board.bytes.withUnsafeBufferPointer { wrappedFromFile(UnsafeBufferPointer(rebasing: $0[body]), style: "2") }
        }
    }

    /// The `count` most recently done of these items (indices in the board's items), in file order: the latest
    /// done dates, an undated item older than any dated one, and of two alike the later in the file.
    func mostRecent(_ items: [Int], _ count: Int) -> [Int] {
        let ranked = items.sorted { a, b in
            switch (board.items[a].done, board.items[b].done) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a > b
            }
        }
        return ranked.prefix(count).sorted()
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

    /// `heading` in at most `width` cells: too wide (a long limit, or over it without color), it keeps the count and
    /// the limit, `DOING (12/1)`, and past that is cut and ends in `…`.
    func heading(_ kind: SectionKind, count: Int, width: Int) -> Cell {
        let full = heading(kind, count: count)
        guard full.width > width else { return full }
        let limit = board.firstSection(kind).flatMap { board.sections[$0].limit }
        let short = "\(kind.name) (\(count)\(limit.map { "/\($0)" } ?? ""))"
        let style = color && limit.map({ count > $0 }) == true ? "1;31" : "1"
        guard DisplayWidth.of(short) > width else { return styled(short, style) }
        return Array(short.utf8).withUnsafeBufferPointer { styled(Self.cut($0, width: width).0, style) }
    }

    /// Appends the text with its tags and people dimmed (each word between spaces that is a label), so the title
    /// around them stays readable. Written as bytes, not through a string for each row and a `Cell` for each label
    /// (whose display width was worked out, and never used).
    static func appendDimmingLabels(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        var start = 0
        while start <= text.count {
            let end = text[start...].firstIndex(of: UInt8(ascii: " ")) ?? text.count
            let word = UnsafeBufferPointer(rebasing: text[start..<end])
            if Labels.sigil(ofLabel: word) != nil {
                out.append("\u{1B}[2m")
                out.append(word)
                out.append("\u{1B}[0m")
            } else {
                out.append(word)
            }
            if end < text.count { out.append(UInt8(ascii: " ")) }
            start = end + 1
        }
    }

    func styled(_ text: String, _ style: String) -> Cell {
        Cell(text: color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text, width: DisplayWidth.of(text))
    }

    /// Words (split at spaces and tabs) filled greedily into lines of at most `width` cells; a word wider than a
    /// line is cut and ends in `…`. `text` is UTF-8 safe to print; each line goes to `line` with its width.
    /// `textWidth` is the text's width when it is known already.
    /// Bytes of a word past which `appendEscapedWords` cuts it: far more than a row shows.
    static let longWord = 1 << 16

    /// `text` escaped as `appendEscaped` escapes it, each word (between spaces and tabs) of more than `longWord` bytes
    /// cut to its first `longWord` (whole characters) and `…`: `wrap` shows no more of a word wider than a row than
    /// the row, and a long title of control characters, escaped whole, took five times its size in memory.
    static func appendEscapedWords(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        var index = 0
        while index < text.count {
            var end = index
            while end < text.count && text[end] != 0x20 && text[end] != 0x09 { end += 1 }
            if end - index > longWord {
                var cut = index + longWord
                while cut > index && text[cut] & 0xC0 == 0x80 { cut -= 1 }
                appendEscaped(utf8: UnsafeBufferPointer(rebasing: text[index..<cut]), to: &out)
                out.append("…")
            } else {
                appendEscaped(utf8: UnsafeBufferPointer(rebasing: text[index..<end]), to: &out)
            }
            index = end
            while index < text.count && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
            out.append(UnsafeBufferPointer(rebasing: text[end..<index]))
        }
    }

    static func wrap(_ text: UnsafeBufferPointer<UInt8>, width: Int, textWidth: Int? = nil, scratch current: inout ByteWriter,
                     _ line: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        // Most titles already fit and are single-spaced: nothing to split.
        let whole = textWidth ?? DisplayWidth.of(utf8: text)
        if whole <= width && isSingleSpaced(text) { return line(text, whole) }
        current.truncate(to: 0)
        var filled = (width: 0, lines: 0)
        // Split at ASCII spaces and tabs by byte: asking each Character whether it is whitespace is slow.
        var end = 0
        while end < text.count {
            while end < text.count && (text[end] == 0x20 || text[end] == 0x09) { end += 1 }
            let start = end
            end = blankOrEnd(text, from: end)
            guard start < end else { break }
            let word = UnsafeBufferPointer(rebasing: text[start..<end])
            // A word of ASCII is printable (the text is safe to print, and words hold no tabs): a cell a byte.
            let wordWidth = whole == text.count || isASCII(word) ? word.count : DisplayWidth.of(utf8: word)
            guard wordWidth > width else {
                add(word, wordWidth, width: width, to: &current, &filled, line)
                continue
            }
            var (piece, pieceWidth) = cut(word, width: width)
            piece.withUTF8 { add($0, pieceWidth, width: width, to: &current, &filled, line) }
        }
        if filled.width > 0 || filled.lines == 0 { current.withBytes { line($0, filled.width) } }
    }

    /// Adds a word of `wrap` to the line being filled (`current`, `filled.width` cells wide), or hands that line on
    /// and starts the next with it. Not a nested function: the variables one captures are checked at run time on
    /// every access.
    private static func add(_ piece: UnsafeBufferPointer<UInt8>, _ pieceWidth: Int, width: Int, to current: inout ByteWriter,
                            _ filled: inout (width: Int, lines: Int), _ line: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        if filled.width > 0 && filled.width + 1 + pieceWidth > width {
            let lineWidth = filled.width
            current.withBytes { line($0, lineWidth) }
            filled = (0, filled.lines + 1)
        }
        if filled.width == 0 {
            current.truncate(to: 0)
            current.append(piece)
            filled.width = pieceWidth
        } else {
            current.append(UInt8(ascii: " "))
            current.append(piece)
            filled.width += 1 + pieceWidth
        }
    }

    /// True when every byte is ASCII: eight bytes at a time.
    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= text.count {
            high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < text.count {
            high |= UInt64(text[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The high bit of each of a word's eight bytes that equals `byte`, and no other bit.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let value = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((value & low7) &+ low7) | value | low7)
    }

    /// The index of the first space or tab at or after `index`, or the end: eight bytes at a time.
    private static func blankOrEnd(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        if let base = text.baseAddress {
            while index + 8 <= text.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
                let blanks = bytes(equalTo: 0x20, in: word) | bytes(equalTo: 0x09, in: word)
                if blanks != 0 { return index + blanks.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < text.count, text[index] != 0x20, text[index] != 0x09 { index += 1 }
        return index
    }

    /// No tab, no leading or trailing space, no two spaces in a row: splitting into words and joining
    /// them with single spaces gives the same text. Read eight bytes at a time, each word overlapping the last by a
    /// byte so that a pair across two words is seen.
    static func isSingleSpaced(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, let first = text.first, let last = text.last else { return true }
        if first == 0x20 || last == 0x20 { return false }
        var index = 0
        while index + 8 <= text.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
            let spaces = bytes(equalTo: 0x20, in: word)
            if bytes(equalTo: 0x09, in: word) != 0 || spaces & (spaces >> 8) != 0 { return false }
            index += 7
        }
        var previous = index > 0 ? text[index - 1] : 0
        for byte in UnsafeBufferPointer(rebasing: text[index...]) {
            if byte == 0x09 || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return true
    }

    /// The longest start of the word `bytes` that fits in `width - 1` cells, then `…`, and its width. Only a start
    /// of a long word is decoded (a 50 MB title was made a string whole for its first line), longer each time
    /// until the cut comes before the start's last character: the bytes after a start can change its last
    /// character, never the ones before.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> (String, Int) {
        var length = 16 * max(1, width)
        while true {
            let isWhole = length >= bytes.count
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(length)), as: UTF8.self)
            var out = ""
            var used = 0
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                if next == text.endIndex && !isWhole { break }
                let cells = DisplayWidth.of(text[index])
                if used + cells > width - 1 { return (out + "…", used + 1) }
                out.append(text[index])
                used += cells
                index = next
            }
            if isWhole { return (out + "…", used + 1) }
            length *= 4
        }
    }
}
