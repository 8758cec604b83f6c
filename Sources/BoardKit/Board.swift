/// One of the three board sections, or the archive (FORMAT.md §3), whose items are off the board.
public enum SectionKind: Int, CaseIterable, Comparable, Sendable {
    case todo, doing, done, archive

    /// The three sections of the board, in canonical order: the archive is not one of them.
    public static let allCases: [SectionKind] = [.todo, .doing, .done]

    /// The canonical heading text: `TODO`, `DOING`, `DONE`, `Archive`.
    public var name: String {
        switch self {
        case .todo: "TODO"
        case .doing: "DOING"
        case .done: "DONE"
        case .archive: "Archive"
        }
    }

    /// Parses a command-line section name (`todo`, `doing`, `done`, any case).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "todo": self = .todo
        case "doing": self = .doing
        case "done": self = .done
        default: return nil
        }
    }

    public static func < (lhs: SectionKind, rhs: SectionKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One line of the file as byte offsets: `start..<contentEnd` is its text,
/// `contentEnd..<end` its line ending (LF, CRLF, or nothing on a last line).
public struct Line: Equatable, Sendable {
    // Stored as 32-bit offsets to keep a large board's line table small: `Board.maximumSize` bounds them.
    private let storedStart: UInt32
    private let storedContentEnd: UInt32
    private let storedEnd: UInt32

    public var start: Int { Int(storedStart) }
    public var contentEnd: Int { Int(storedContentEnd) }
    public var end: Int { Int(storedEnd) }

    public init(start: Int, contentEnd: Int, end: Int) {
        storedStart = UInt32(truncatingIfNeeded: start)
        storedContentEnd = UInt32(truncatingIfNeeded: contentEnd)
        storedEnd = UInt32(truncatingIfNeeded: end)
    }

    /// True when the line has a line ending.
    public var hasEnding: Bool { end > contentEnd }
}

/// A checklist line outside every section, which no command sees.
public struct StrayChecklist: Equatable, Sendable {
    // Eight bytes, as a pasted file can hold a hundred thousand: the line indices in 32 bits, `UInt32.max` for none.
    private let storedLine: UInt32
    private let storedHeadingLine: UInt32

    /// Line index, 0-based.
    public var line: Int { Int(storedLine) }
    /// The line index of the heading it stands under; nil before the first heading.
    public var headingLine: Int? { storedHeadingLine == .max ? nil : Int(storedHeadingLine) }

    init(line: Int, headingLine: Int?) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedHeadingLine = headingLine.map { UInt32(truncatingIfNeeded: $0) } ?? .max
    }
}

/// A part of the file that never holds board structure (FORMAT.md §2).
public struct Region: Equatable, Sendable {
    public enum Kind: Sendable { case frontMatter, fencedCode, htmlComment }
    public let kind: Kind
    /// Line indices, 0-based.
    public let lines: Range<Int>
    /// False for a fence or comment that runs to the end of the file because it never closes.
    public var isClosed = true
}

/// A section: its heading line and the lines up to the next section or shallower heading.
public struct Section: Equatable, Sendable {
    public let kind: SectionKind
    // Sixteen bytes, as a pasted file can hold a hundred thousand headings: the level, the line indices in 32
    // bits (as every offset), and the limit (below a billion) with `UInt32.max` for none.
    private let storedLevel: UInt8
    private let storedStart: UInt32
    private let storedEnd: UInt32
    private let storedLimit: UInt32
    /// An off-board section of `Board(parsing:offBoardSections:)`: under a heading that names no section, or
    /// before the first heading.
    let namesNoSection: Bool

    init(kind: SectionKind, level: Int, lines: Range<Int>, limit: Int?, namesNoSection: Bool = false) {
        self.kind = kind
        self.namesNoSection = namesNoSection
        storedLevel = UInt8(truncatingIfNeeded: level)
        storedStart = UInt32(truncatingIfNeeded: lines.lowerBound)
        storedEnd = UInt32(truncatingIfNeeded: lines.upperBound)
        storedLimit = limit.map { UInt32(truncatingIfNeeded: $0) } ?? .max
    }

    /// The number of `#` of its heading.
    public var level: Int { Int(storedLevel) }
    /// Line indices, 0-based, from the heading line on.
    public var lines: Range<Int> { Int(storedStart)..<Int(storedEnd) }
    /// The WIP limit of a heading ending in `(N)`: at most N items (FORMAT.md §3).
    public var limit: Int? { storedLimit == .max ? nil : Int(storedLimit) }

    /// The heading's line index, 0-based.
    public var headingLine: Int { lines.lowerBound }
}

/// How a due date is spelled on an item line.
public enum DueStyle: Sendable {
    /// `due:2026-12-01` (todo.txt)
    case todoTxt
    /// `📅 2026-12-01` (Obsidian Tasks)
    case obsidianTasks
    /// `@{2026-12-01}` (Obsidian Kanban)
    case obsidianKanban
}

/// A due-date token on an item line, valid or not.
public struct DueToken: Equatable, Sendable {
    // Twelve bytes, as every item holds two: the start, the end, and in one word the style (bits 24–25), whether
    // the date is real (bit 23) and the date (`CivilDate.packed`), with bit 31 always set: all-zero words
    // are no token (`none`).
    private let storedStart: UInt32
    private let storedEnd: UInt32
    private let packed: UInt32

    /// How the token is spelled.
    public var style: DueStyle {
        switch packed >> 24 & 3 {
        case 0: .todoTxt
        case 1: .obsidianTasks
        default: .obsidianKanban
        }
    }

    /// The date, or nil when the text is not a real calendar date.
    public var date: CivilDate? {
        guard packed & 1 << 23 != 0 else { return nil }
        return CivilDate(packed: packed)
    }

    /// Byte offsets of the whole token in the file.
    public var range: Range<Int> { Int(storedStart)..<Int(storedEnd) }

    init(style: DueStyle, range: Range<Int>, date: CivilDate?) {
        storedStart = UInt32(truncatingIfNeeded: range.lowerBound)
        storedEnd = UInt32(truncatingIfNeeded: range.upperBound)
        let styleBits: UInt32 = switch style {
        case .todoTxt: 0
        case .obsidianTasks: 1
        case .obsidianKanban: 2
        }
        var packed = 1 << 31 | styleBits << 24
        if let date { packed |= 1 << 23 | date.packed }
        self.packed = packed
    }

    private init() {
        (storedStart, storedEnd, packed) = (0, 0, 0)
    }

    /// No token: what an item without one holds in its place.
    static let none = DueToken()

    /// False for `none`.
    var isToken: Bool { packed != 0 }

    /// Byte offsets of the date text inside the token.
    public var dateRange: Range<Int> {
        switch style {
        case .todoTxt: (range.lowerBound + 4)..<range.upperBound
        case .obsidianKanban: (range.lowerBound + 2)..<(range.upperBound - 1)
        case .obsidianTasks: (range.upperBound - 10)..<range.upperBound
        }
    }
}

/// A done-date token on an item line (FORMAT.md §5): `done:YYYY-MM-DD`, or `✅ YYYY-MM-DD` (Obsidian Tasks). Only
/// text shaped like a date makes one (`done:soon` is title text); an impossible date leaves `date` nil.
public struct DoneToken: Equatable, Sendable {
    // Eight bytes, as every item holds one: the start, and packed in one word the token's length (bits 25–31), the
    // spelling (bit 24), whether the date is real (bit 23) and the date (`CivilDate.packed`).
    let storedStart: UInt32
    let packed: UInt32

    /// Nil for a token longer than 127 bytes (many blanks between `✅` and its date): not read as one.
    init?(isObsidianTasks: Bool, range: Range<Int>, date: CivilDate?) {
        guard range.count < 128 else { return nil }
        storedStart = UInt32(truncatingIfNeeded: range.lowerBound)
        var packed = UInt32(range.count) << 25 | (isObsidianTasks ? 1 << 24 : 0)
        if let date { packed |= 1 << 23 | date.packed }
        self.packed = packed
    }

    init(storedStart: UInt32, packed: UInt32) {
        self.storedStart = storedStart
        self.packed = packed
    }

    /// True for `✅ YYYY-MM-DD`, false for `done:YYYY-MM-DD`.
    public var isObsidianTasks: Bool { packed & 1 << 24 != 0 }

    /// Byte offsets of the whole token in the file.
    public var range: Range<Int> { Int(storedStart)..<(Int(storedStart) + Int(packed >> 25)) }

    /// The date, or nil when the text is not a real calendar date.
    public var date: CivilDate? {
        guard packed & 1 << 23 != 0 else { return nil }
        return CivilDate(packed: packed)
    }

    /// Byte offsets of the date text inside the token.
    public var dateRange: Range<Int> { (range.upperBound - 10)..<range.upperBound }
}

/// A board item: a checklist line inside a section, and its indented body.
public struct Item: Equatable, Sendable {
    // Offsets are stored in 32 bits and every field is a plain value, so a board of 100,000 items keeps
    // its item table small (56 bytes an item) and copies it without reference counting.
    private let storedLine: UInt32
    private let storedBodyEnd: UInt32
    private let storedSection: UInt32
    private let storedCheckboxOffset: UInt32
    private let storedTextStart: UInt32
    // The done token's two words (`DoneToken`); a zero second word is none.
    private var storedDoneStart: UInt32 = 0
    private var storedDonePacked: UInt32 = 0
    // The due tokens, `DueToken.none` for none.
    private var storedFirstDue = DueToken.none
    private var storedDue = DueToken.none
    // The indentation (bits 0–1), the bullet (bits 2–3: `-`, `*`, `+`), checked (bit 4), other due tokens (bit 5),
    // a possible near-miss date (bit 6).
    private var flags: UInt8

    /// `-`, `*` or `+`.
    public var bullet: UInt8 {
        switch flags >> 2 & 3 {
        case 0: UInt8(ascii: "-")
        case 1: UInt8(ascii: "*")
        default: UInt8(ascii: "+")
        }
    }
    public var checked: Bool { flags & 1 << 4 != 0 }
    // The parser sets the due-token fields in a pass of its own, after the line loop.
    /// True when the line has due tokens after the first; `Board.otherDueTokens(of:)` lists them.
    public internal(set) var hasOtherDueTokens: Bool {
        get { flags & 1 << 5 != 0 }
        set { flags = newValue ? flags | 1 << 5 : flags & ~(1 << 5) }
    }
    /// The first due token on the line, valid or not.
    public internal(set) var firstDueToken: DueToken? {
        get { storedFirstDue.isToken ? storedFirstDue : nil }
        set { storedFirstDue = newValue ?? .none }
    }
    /// The first token holding a real date: the item's due date.
    public internal(set) var dueToken: DueToken? {
        get { storedDue.isToken ? storedDue : nil }
        set { storedDue = newValue ?? .none }
    }
    /// The first done-date token on the line, valid or not.
    public internal(set) var doneToken: DoneToken? {
        get { storedDonePacked == 0 ? nil : DoneToken(storedStart: storedDoneStart, packed: storedDonePacked) }
        set {
            storedDoneStart = newValue?.storedStart ?? 0
            storedDonePacked = newValue?.packed ?? 0
        }
    }
    /// True when the line has done tokens after the first, which `check` reports: only the first is read.
    public internal(set) var hasOtherDoneTokens: Bool {
        get { flags & 1 << 7 != 0 }
        set { flags = newValue ? flags | 1 << 7 : flags & ~(1 << 7) }
    }
    /// True when the line has a word that may be a misspelt due date (`Due:…`, `due: …`); validation looks closer.
    public internal(set) var mayHaveNearMissDate: Bool {
        get { flags & 1 << 6 != 0 }
        set { flags = newValue ? flags | 1 << 6 : flags & ~(1 << 6) }
    }

    /// `indent` is 0–3 and `bullet` one of `-*+`, as the parser finds them.
    init(line: Int, bodyEnd: Int, section: Int, indent: Int, bullet: UInt8, checkboxOffset: Int, checked: Bool,
         textStart: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedBodyEnd = UInt32(truncatingIfNeeded: bodyEnd)
        storedSection = UInt32(truncatingIfNeeded: section)
        storedCheckboxOffset = UInt32(truncatingIfNeeded: checkboxOffset)
        storedTextStart = UInt32(truncatingIfNeeded: textStart)
        let bulletBits: UInt8 = bullet == UInt8(ascii: "*") ? 1 : bullet == UInt8(ascii: "+") ? 2 : 0
        flags = UInt8(truncatingIfNeeded: indent) & 3 | bulletBits << 2 | (checked ? 1 << 4 : 0)
    }

    /// The item line's index, 0-based.
    public var line: Int { Int(storedLine) }
    /// The body's line indices (possibly empty), 0-based.
    public var body: Range<Int> { (line + 1)..<Int(storedBodyEnd) }
    /// Index into `Board.sections`.
    public var section: Int { Int(storedSection) }
    /// The spaces before the bullet (0–3).
    public var indent: Int { Int(flags & 3) }
    /// Byte offset of the `[` of the checkbox.
    public var checkboxOffset: Int { Int(storedCheckboxOffset) }
    /// Byte offset where the text after `[ ] ` starts (the line's content end when there is none).
    public var textStart: Int { Int(storedTextStart) }
    /// The item's due date, if it has a valid one.
    public var due: CivilDate? { dueToken?.date }
    /// The item's done date, if it has a valid one.
    public var done: CivilDate? { doneToken?.date }
    /// The item line and its body.
    public var lines: Range<Int> { line..<body.upperBound }
}

/// A parsed `board.md`: the original bytes plus structure that points into them.
/// Printing it gives back the bytes exactly; every byte sequence parses.
public struct Board: Sendable {
    /// The largest file a board holds: offsets are stored in 32 bits.
    public static let maximumSize = Int(UInt32.max)

    /// The file's bytes, unchanged.
    public let bytes: [UInt8]
    public let lines: [Line]
    public let regions: [Region]
    public let sections: [Section]
    public let items: [Item]
    /// Line indices of list items inside a section that have no checkbox.
    public var plainListItems: LazyMapCollection<[UInt32], Int> { plainListLines.lazy.map { Int($0) } }
    /// `plainListItems`, in 32 bits each: a pasted list can hold a million.
    private let plainListLines: [UInt32]
    /// Line indices of lines inside a section that start like an item but are not one (`[ ] x`, `-[ ] x`).
    public let nearMissItemLines: [Int]
    /// Checklist lines outside every section and the archive: work no command sees.
    public let strayChecklists: [StrayChecklist]
    /// Line indices of merge conflict markers (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`) outside code fences.
    public let conflictMarkers: [Int]

    /// True for a file saved as UTF-16 (Notepad's "Unicode", PowerShell 5's `>`). Read as UTF-8 it holds no board,
    /// and UTF-8 lines written into it would ruin it.
    public var isUTF16: Bool { Self.isUTF16(bytes) }

    /// True for bytes of UTF-16 text: they start with its byte-order mark, FF FE or FE FF, and nothing follows (an
    /// empty file saved as UTF-16), or the next 64 bytes hold a NUL (ASCII text in UTF-16 has one every other byte)
    /// or are no UTF-8 (CJK text in UTF-16). Those marks followed by UTF-8 are not UTF-16. Without a mark, as git
    /// writes a file for `working-tree-encoding=UTF-16LE` (helper-73: one with conflict markers passed `check`),
    /// where its first characters are mostly ones up to U+00FF, a NUL beside each (`isASCIIInUTF16WithoutMark`).
    public static func isUTF16(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) else {
            return isASCIIInUTF16WithoutMark(bytes)
        }
        return bytes.withUnsafeBufferPointer { b in
            var index = 2
            while index < min(b.count, 66) {
                if b[index] == 0 { return true }
                // A sequence cut off by the file's end is no UTF-8 either; one cut off by the 64 bytes is read whole.
                guard b[index] >= 0x80 else { index += 1; continue }
                guard let length = UTF8Sequence.length(in: b, at: index) else { return true }
                index += length
            }
            return b.count == 2
        }
    }

    /// `isUTF16` without a byte-order mark: an even number of bytes, whose first pairs (32 at most, 2 at least) hold
    /// no NUL character (two NULs), and at least half of which have a NUL on the same side, as characters up to U+00FF
    /// have in UTF-16 (`# Café` too, helper-75), starting with the first. Text in UTF-8 has no such run of NULs.
    private static func isASCIIInUTF16WithoutMark(_ bytes: [UInt8]) -> Bool {
        let pairs = min(bytes.count, 64) / 2
        guard pairs >= 2, bytes.count % 2 == 0, bytes[0] == 0 || bytes[1] == 0 else { return false }
        let nulSide = bytes[0] == 0 ? 0 : 1
        var withNUL = 0
        for pair in 0..<pairs {
            let (first, second) = (bytes[2 * pair], bytes[2 * pair + 1])
            guard first != 0 || second != 0 else { return false }
            if (nulSide == 0 ? first : second) == 0 { withNUL += 1 }
        }
        return withNUL * 2 >= pairs
    }

    init(bytes: [UInt8], lines: [Line], regions: [Region], sections: [Section], items: [Item], plainListItems: [UInt32],
         nearMissItemLines: [Int], strayChecklists: [StrayChecklist], conflictMarkers: [Int]) {
        self.bytes = bytes
        self.lines = lines
        self.regions = regions
        self.sections = sections
        self.items = items
        self.plainListLines = plainListItems
        self.nearMissItemLines = nearMissItemLines
        self.strayChecklists = strayChecklists
        self.conflictMarkers = conflictMarkers
    }

    /// Parses any bytes; never fails.
    public init(parsing bytes: [UInt8]) {
        self = Parser.parse(bytes)
    }

    /// Parses a file as the merge reads it: the lines outside the sections and the archive stand in off-board
    /// sections (kind `.archive`, `namesNoSection`), one from the file's start and one under each heading there, so
    /// their checklist lines are items too, bodies and all. A side that renames `## DOING` to `## Review` keeps
    /// its items as items, off the board, and a removal or an edit the other side made to one of them applies.
    init(parsing bytes: [UInt8], offBoardSections: Bool) {
        self = Parser.parse(bytes, offBoardSections: offBoardSections)
    }

    /// Parses a string's UTF-8.
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// The file's bytes, printed from the lines' spans; spans that follow each other are copied as one run.
    public func serialized() -> [UInt8] {
        var file = PrintedFile(source: bytes)
        for line in lines { file.append(source: line.start..<line.end) }
        return file.bytes
    }

    /// The text of a line, without its ending (invalid UTF-8 repaired with U+FFFD).
    public func text(ofLine index: Int) -> String {
        let line = lines[index]
        return String(decoding: bytes[line.start..<line.contentEnd], as: UTF8.self)
    }

    /// The byte range of a line's text, after a byte-order mark on the first line.
    func content(ofLine index: Int) -> Range<Int> {
        let line = lines[index]
        let start = index == 0 && Bytes.hasBOM(bytes) ? min(3, line.contentEnd) : line.start
        return start..<line.contentEnd
    }

    /// The item's title: the text after the checkbox with its due and done dates taken out, the whitespace where
    /// they stood one space, trimmed.
    public func title(of item: Item) -> String {
        withTitleBytes(of: item) { String(decoding: UnsafeBufferPointer(rebasing: $0[$1]), as: UTF8.self) }
    }

    /// The byte ranges the title is made of (`titleParts(of:)`).
    public struct TitleParts: Sendable {
        /// Up to three parts, in line order: the text around at most two tokens.
        public private(set) var ranges: (Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0)
        public private(set) var count = 0

        mutating func append(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            switch count {
            case 0: ranges.0 = range
            case 1: ranges.1 = range
            default: ranges.2 = range
            }
            count += 1
        }

        public var isEmpty: Bool { count == 0 }

        /// Calls `body` with each part in order.
        public func forEach(_ body: (Range<Int>) throws -> Void) rethrows {
            if count > 0 { try body(ranges.0) }
            if count > 1 { try body(ranges.1) }
            if count > 2 { try body(ranges.2) }
        }
    }

    /// The parts of the item line the title is made of: the text after the checkbox with the due token and the
    /// done token taken out (those holding a real date; any other stays title text), each part trimmed, empty
    /// parts left out, in line order. The title is these parts joined by one space.
    public func titleParts(of item: Item) -> TitleParts {
        let end = lines[item.line].contentEnd
        var parts = TitleParts()
        guard item.dueToken != nil || item.doneToken != nil else {
            parts.append(Bytes.trimmed(bytes, item.textStart..<end))
            return parts
        }
        var cuts = (item.dueToken?.range, item.doneToken.flatMap { $0.date == nil ? nil : $0.range })
        if let first = cuts.0, let second = cuts.1, second.lowerBound < first.lowerBound { cuts = (second, first) }
        var start = item.textStart
        func cut(_ token: Range<Int>?) {
            guard let token, token.lowerBound >= start else { return }
            parts.append(Bytes.trimmed(bytes, start..<token.lowerBound))
            start = token.upperBound
        }
        cut(cuts.0)
        cut(cuts.1)
        parts.append(Bytes.trimmed(bytes, start..<end))
        return parts
    }

    /// The bytes of the item line from the title's first part to its last (due and done tokens between them
    /// included); nil for an empty title.
    public func titleSpan(of item: Item) -> Range<Int>? {
        var first: Int?, last = 0
        titleParts(of: item).forEach { part in
            first = first ?? part.lowerBound
            last = part.upperBound
        }
        return first.map { $0..<last }
    }

    /// Calls `body` with the title's bytes as a buffer and their range in it: the file's own bytes when the title
    /// is one run of them (nearly always), else its parts joined by one space.
    public func withTitleBytes<R>(of item: Item, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try withTitleBytes(of: item, in: $0, body) }
    }

    /// `withTitleBytes(of:_:)` for a caller that holds the file's bytes as a buffer already (`b`): a command that
    /// writes every title lends the buffer once.
    public func withTitleBytes<R>(of item: Item, in b: UnsafeBufferPointer<UInt8>,
                           _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> R) rethrows -> R {
        try withTitleBytes(titleParts(of: item), of: item, in: b, body)
    }

    /// `withTitleBytes(of:in:_:)` for a caller that has the item's `titleParts` at hand already.
    func withTitleBytes<R>(_ parts: TitleParts, of item: Item, in b: UnsafeBufferPointer<UInt8>,
                           _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> R) rethrows -> R {
        if parts.count <= 1 { return try body(b, parts.isEmpty ? item.textStart..<item.textStart : parts.ranges.0) }
        var joined: [UInt8] = []
        parts.forEach { part in
            if !joined.isEmpty { joined.append(Bytes.space) }
            joined += bytes[part]
        }
        return try joined.withUnsafeBufferPointer { try body($0, 0..<$0.count) }
    }

    /// The due tokens on the item's line after the first, valid or not, in line order.
    public func otherDueTokens(of item: Item) -> [DueToken] {
        var tokens: [DueToken] = []
        forEachOtherDueToken(of: item) { tokens.append($0) }
        return tokens
    }

    /// Calls `body` with each done token on the item's line after the first, in line order.
    func forEachOtherDoneToken(of item: Item, _ body: (DoneToken) -> Void) {
        guard item.hasOtherDoneTokens else { return }
        Parser.forEachOtherDoneToken(in: bytes, item.textStart, lines[item.line].contentEnd, body)
    }

    /// Calls `body` with each of `otherDueTokens(of:)`, without gathering them.
    func forEachOtherDueToken(of item: Item, _ body: (DueToken) -> Void) {
        guard item.hasOtherDueTokens else { return }
        Parser.forEachOtherDueToken(in: bytes, item.textStart, lines[item.line].contentEnd, body)
    }

    /// The item's body lines, each without the indentation it shares with the others.
    public func bodyLines(of item: Item) -> [String] {
        var lines: [String] = []
        forEachBodyLine(of: item) { lines.append(String(decoding: bytes[$0], as: UTF8.self)) }
        return lines
    }

    /// Calls `body` with the bytes of each of the item's body lines, as `bodyLines(of:)` gives them.
    public func forEachBodyLine(of item: Item, _ body: (Range<Int>) throws -> Void) rethrows {
        guard !item.body.isEmpty else { return }
        let indent = sharedIndent(of: item)
        // The bytes and the lines read in place: a body of a million lines checked every index of each line twice.
        try bytes.withUnsafeBufferPointer { b in
            try lines.withUnsafeBufferPointer { l in
                for line in item.body { try body(Self.bodyText(of: l[line], in: b, indent: indent)) }
            }
        }
    }

    /// The bytes of the item's first body line holding more than whitespace, as `bodyLines(of:)` gives it (without
    /// the indentation the body shares); nil when none does.
    public func firstBodyLine(of item: Item) -> Range<Int>? {
        guard !item.body.isEmpty else { return nil }
        let indent = sharedIndent(of: item)
        for index in item.body {
            let text = bodyText(ofLine: index, indent: indent)
            if Bytes.holdsMoreThanWhitespace(bytes, text) { return text }
        }
        return nil
    }

    /// A body line's bytes without `indent`, the indentation the body shares (`sharedIndent(of:)`); empty for a
    /// blank line.
    func bodyText(ofLine index: Int, indent: Range<Int>?) -> Range<Int> {
        bytes.withUnsafeBufferPointer { Self.bodyText(of: lines[index], in: $0, indent: indent) }
    }

    /// `bodyText(ofLine:indent:)` of a line of the file `b`.
    private static func bodyText(of line: Line, in b: UnsafeBufferPointer<UInt8>, indent: Range<Int>?) -> Range<Int> {
        if Bytes.isBlank(b, line.start..<line.contentEnd) { return line.contentEnd..<line.contentEnd }
        var count = 0
        if let indent {
            while count < indent.count, line.start + count < line.contentEnd,
                  b[line.start + count] == b[indent.lowerBound + count] { count += 1 }
        } else {
            while count < 2, line.start + count < line.contentEnd, b[line.start + count] == Bytes.space { count += 1 }
        }
        return (line.start + count)..<line.contentEnd
    }

    /// The indentation a new body written in place of the item's takes (two spaces when it has no line that is not
    /// blank): the first such line's, as far as each other one has the same bytes; a line that shares none of it (a
    /// tab among spaces) leaves it as it is.
    public func bodyIndent(of item: Item) -> [UInt8] {
        sharedIndent(of: item, keepingTheFirstLines: true).map { Array(bytes[$0]) } ?? Array("  ".utf8)
    }

    /// The indentation the item's body lines share, as the file's bytes (nil when no line holds text), which each
    /// line loses where the body is read (`bodyLines(of:)`: `list --json`, `html`, `ics`): the first non-blank line's,
    /// as far as each other one has the same bytes. A line that shares none of it keeps its own; where that line is
    /// no deeper (a tab counting four columns), none is shared, so that no line passes another's depth (helper-79,
    /// helper-80). With `keepingTheFirstLines`, `bodyIndent(of:)`'s: the first line's stays (helper-81: a new body
    /// under `    x` above `\ty` got two spaces).
    func sharedIndent(of item: Item, keepingTheFirstLines: Bool = false) -> Range<Int>? {
        var shared: Range<Int>?
        bytes.withUnsafeBufferPointer { b in
            lines.withUnsafeBufferPointer { l in
                for index in item.body {
                    let line = l[index]
                    let textStart = Bytes.skipWhitespace(b, line.start..<line.contentEnd)
                    if textStart == line.contentEnd { continue }  // blank
                    guard let indent = shared else {
                        shared = line.start..<textStart
                        continue
                    }
                    var count = 0
                    while count < indent.count, line.start + count < textStart,
                          b[line.start + count] == b[indent.lowerBound + count] { count += 1 }
                    if count > 0 {
                        shared = indent.lowerBound..<(indent.lowerBound + count)
                    } else if !keepingTheFirstLines,
                              BodyRule.indentation(b, line.start..<textStart).columns <= BodyRule.indentation(b, indent).columns {
                        // A line that shares none of it, no deeper than it (spaces under a tab): no line loses any, or
                        // the line would stand deeper than those it stood beside (helper-79, helper-80).
                        shared = indent.lowerBound..<indent.lowerBound
                    }
                }
            }
        }
        return shared
    }

    /// The 1-based column of a byte offset on a line, counted in Unicode scalars
    /// as the text `check` prints has them (each U+FFFD that stands for invalid UTF-8 counts as one; a byte-order
    /// mark does not count).
    public func column(ofOffset offset: Int, onLine index: Int) -> Int {
        var start = lines[index].start
        if index == 0, Bytes.hasBOM(bytes) { start = min(3, offset) }
        // Most findings are at the line's start (a bullet, a heading's `#`).
        guard offset > start else { return 1 }
        return 1 + bytes.withUnsafeBufferPointer { Bytes.scalarCount($0, start..<offset) }
    }

    /// The first section of a kind, if the board has one.
    public func firstSection(_ kind: SectionKind) -> Int? {
        sections.firstIndex { $0.kind == kind }
    }

    /// The line ending new lines should use: the first line's, LF when it has none.
    public var lineEnding: [UInt8] {
        guard let first = lines.first, first.hasEnding else { return [0x0A] }
        return Array(bytes[first.contentEnd..<first.end])
    }
}
