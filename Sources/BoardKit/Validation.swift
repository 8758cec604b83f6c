/// A problem `board check` reports, at a 1-based line and column (in Unicode scalars).
public struct Diagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The rule a diagnostic reports: a stable code, for editors and scripts (`board lsp` sends it).
    public enum Rule: String, CaseIterable, Sendable {
        case impossibleDate = "impossible-date"
        case secondDueDate = "second-due-date"
        case secondDoneDate = "second-done-date"
        case doneDateOutsideDone = "done-date-outside-done"
        case nearMissDate = "near-miss-date"
        case emptyTitle = "empty-title"
        case uncheckedInDone = "unchecked-in-done"
        case checkedOutsideDone = "checked-outside-done"
        case duplicateTitle = "duplicate-title"
        case plainListItem = "plain-list-item"
        case nearMissItem = "near-miss-item"
        case strayChecklist = "stray-checklist"
        case conflictMarker = "conflict-marker"
        case secondSection = "second-section"
        case overLimit = "over-limit"
        case missingSection = "missing-section"
        /// A file saved as UTF-16 (it starts with that byte-order mark): its text is none of the board's.
        case utf16 = "utf-16"
        /// A file `check` could not read (not found from a board's text).
        case unreadable = "unreadable"
    }

    /// The line, the column and the span's bounds, in 32 bits each (a pasted list can make a million diagnostics),
    /// as one 16-byte value: `move` writes them with one store, which the reader's copy of them takes straight from
    /// the store. Four 4-byte stores made each read wait for them to reach the cache (a tenth of `check`'s time on
    /// a million plain list items).
    private var place: SIMD4<UInt32>
    public let severity: Severity
    public let rule: Rule
    public let message: String

    public var line: Int { Int(place[0]) }
    public var column: Int { Int(place[1]) }

    /// The bytes of the file the problem is about: the token, the checkbox, the heading; empty at the start of the
    /// file for what is missing.
    public var span: Range<Int> { Int(place[2])..<Int(place[3]) }

    public init(line: Int, column: Int, severity: Severity, rule: Rule, span: Range<Int>, message: String) {
        self.place = Self.place(line: line, column: column, span: span)
        self.severity = severity
        self.rule = rule
        self.message = message
    }

    /// Moves the finding to another place: one value handed on for each of a million findings with one message,
    /// where making each anew would count a reference to the message up and down.
    mutating func move(line: Int, column: Int, span: Range<Int>) {
        place = Self.place(line: line, column: column, span: span)
    }

    private static func place(line: Int, column: Int, span: Range<Int>) -> SIMD4<UInt32> {
        SIMD4(UInt32(truncatingIfNeeded: line), UInt32(truncatingIfNeeded: column),
              UInt32(truncatingIfNeeded: span.lowerBound), UInt32(truncatingIfNeeded: span.upperBound))
    }
}

extension Board {
    /// Everything wrong with the board (FORMAT.md §3–§5), in line and column order.
    public func diagnostics() -> [Diagnostic] {
        var all: [Diagnostic] = []
        forEachDiagnostic { all.append($0) }
        return all
    }

    /// The first error `check` reports (warnings aside), nil when there is none.
    public var firstError: Diagnostic? {
        var first: Diagnostic?
        forEachDiagnostic { if first == nil, $0.severity == .error { first = $0 } }
        return first
    }

    /// Everything wrong with the board, in line and column order, handed to `body` one at a time: a pasted list
    /// can hold a million findings. Each finding about a plain list item, a repeated section heading or an item is
    /// made only when its turn comes, and none is kept; the rest, far fewer, are made first and sorted.
    public func forEachDiagnostic(_ body: (Diagnostic) -> Void) {
        // Read as UTF-8, a UTF-16 file has no line of the board's; every other finding would be noise.
        if isUTF16 {
            return body(Diagnostic(line: 1, column: 1, severity: .error, rule: .utf16, span: 0..<min(2, bytes.count),
                                   message: "the file is UTF-16 (\(bytes[0] >= 0xFE ? "it starts with that byte-order mark" : "a NUL byte beside most of its first characters")); board reads UTF-8: save it as UTF-8"))
        }
        var others = MergedFindings(few: FewFindings(board: self), headings: RepeatedHeadings(board: self),
                                    items: ItemFindings(board: self))
        var sectionIndex = 0
        // One message string per section kind, shared by every finding, and one finding moved from line to line.
        var plainListMessages = [String?](repeating: nil, count: SectionKind.archive.rawValue + 1)
        var finding = Diagnostic(line: 0, column: 0, severity: .warning, rule: .plainListItem, span: 0..<0, message: "")
        var findingKind: SectionKind?
        var nearMissMessages = RepeatedMessages()
        // The file's bytes are read in place, once: a million lines would count a reference to them for each.
        bytes.withUnsafeBufferPointer { b in
            for line in plainListItems {
                // What comes before the line goes first; a line that is almost an item has that finding instead. Nothing
                // else is ever found on a plain list item's line.
                if others.nextLine <= line { others.emit(before: line, to: body) }
                let (start, end) = (lines[line].start, lines[line].contentEnd)
                let bullet = Bytes.skipWhitespace(b, start..<end)
                if let nearMiss = nearMissItem(line, textStart: bullet, in: b, &nearMissMessages) {
                    body(nearMiss)
                    continue
                }
                // The section holding the line is found walking forward: both are in line order.
                while sectionIndex + 1 < sections.count, sections[sectionIndex + 1].headingLine <= line { sectionIndex += 1 }
                let kind = sections.isEmpty ? .todo : sections[sectionIndex].kind
                if kind != findingKind {
                    let message = plainListMessages[kind.rawValue]
                        ?? "list item in \(kind.name) has no checkbox, so it is not a board item; write '- [ ] …' to make it one"
                    plainListMessages[kind.rawValue] = message
                    finding = Diagnostic(line: 0, column: 0, severity: .warning, rule: .plainListItem, span: 0..<0, message: message)
                    findingKind = kind
                }
                finding.move(line: line + 1, column: bullet == start ? 1 : column(ofOffset: bullet, onLine: line),
                             span: bullet..<(bullet + 1))
                body(finding)
            }
        }
        others.emit(before: Int.max, to: body)
    }

    /// The few findings (`FewFindings`), merged with the repeated headings' and the items' ones.
    private struct MergedFindings {
        var few: FewFindings
        var nextFew: Diagnostic?
        var headings: RepeatedHeadings
        var nextHeading: Diagnostic?
        var items: ItemFindings

        init(few: FewFindings, headings: RepeatedHeadings, items: ItemFindings) {
            self.few = few
            self.headings = headings
            self.items = items
            nextFew = self.few.next()
            nextHeading = self.headings.next()
            findNextLine()
        }

        /// The line (1-based) of the next finding to hand on, `Int.max` when none is left: asked before each plain
        /// list item, of which there may be a million, `emit` is called only when it has something to hand on.
        private(set) var nextLine = Int.max

        private mutating func findNextLine() {
            nextLine = min(nextFew?.line ?? Int.max, nextHeading?.line ?? Int.max, items.nextLine)
        }

        /// Hands on, in line and column order, those on lines before `line` (0-based; diagnostics count from 1): at
        /// one place, a repeated heading's before a sorted one. An item's line holds no finding but the item's own:
        /// the items' come in by line alone.
        mutating func emit(before line: Int, to body: (Diagnostic) -> Void) {
            while nextLine <= line {
                let heading = nextHeading.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
                if items.nextLine == nextLine, nextLine < nextFew?.line ?? Int.max, nextLine < heading.0 {
                    items.emit(to: body)
                } else if let found = nextFew, (found.line, found.column) < heading {
                    body(found)
                    nextFew = few.next()
                } else if let heading = nextHeading {
                    body(heading)
                    nextHeading = headings.next()
                } else {
                    return
                }
                findNextLine()
            }
        }
    }

    /// The findings on item lines, item by item in line order: each item's own, and the warning for a title an
    /// earlier item has. Only the items a first look found may have any are visited: on most boards, a few.
    private struct ItemFindings {
        let board: Board
        private let items: [Item]
        /// The items that may have findings of their own, by index, in order.
        private var suspects: [UInt32] = []
        private var nextSuspect = 0
        /// The items whose title an earlier item has, with the first such item, in order.
        private var repeats: [(index: UInt32, earlier: UInt32)] = []
        private var nextRepeat = 0
        private var repeatFindings = RepeatedTitleFindings()

        init(board: Board) {
            self.board = board
            items = board.items
            // An item's findings and its title's key depend on its own line only, so a large board's items are
            // looked at in shares, each once while its line is at hand. One item has no title to share: its key
            // (a pass over a title that may be a megabyte long) is not made.
            let comparesTitles = items.count > 1
            let shares = Shares.map(items.count, minimum: Shares.itemsPerShare) { share in
                board.bytes.withUnsafeBufferPointer { buffer in
                    var suspects: [UInt32] = []
                    var keys: [UInt64] = []
                    if comparesTitles { Memory.reserve(&keys, share.count) }
                    for index in share {
                        let item = board.items[index]
                        let parts = board.titleParts(of: item)
                        if board.mayHaveFindings(item, titleParts: parts) {
                            Memory.append(UInt32(truncatingIfNeeded: index), to: &suspects)
                        }
                        if comparesTitles { keys.append(board.titleKey(of: item, parts: parts, in: buffer)) }
                    }
                    return (suspects, keys)
                }
            }
            // Taken whole when one share holds them all; else copied whole, one share after another.
            var keys: [UInt64] = []
            if shares.count == 1, let only = shares.first {
                (suspects, keys) = only
            } else {
                Memory.reserve(&suspects, shares.reduce(0) { $0 + $1.0.count })
                Memory.reserve(&keys, items.count)
                for (shareSuspects, shareKeys) in shares {
                    suspects += shareSuspects
                    keys += shareKeys
                }
            }
            if comparesTitles { repeats = board.repeatedTitles(keys: keys) }
            advance()
        }

        /// The line (1-based) of the next item with findings to hand on, `Int.max` when none is left; and its index.
        private(set) var nextLine = Int.max
        private var nextIndex = Int.max

        /// Finds the next item with findings to hand on.
        private mutating func advance() {
            let suspect = nextSuspect < suspects.count ? Int(suspects[nextSuspect]) : Int.max
            let repeated = nextRepeat < repeats.count ? Int(repeats[nextRepeat].index) : Int.max
            nextIndex = min(suspect, repeated)
            nextLine = nextIndex == Int.max ? Int.max : items[nextIndex].line + 1
        }

        /// Hands on the next item's findings.
        mutating func emit(to body: (Diagnostic) -> Void) {
            let index = nextIndex
            guard index != Int.max else { return }
            let isSuspect = nextSuspect < suspects.count && suspects[nextSuspect] == index
            if isSuspect { nextSuspect += 1 }
            var repeated: Diagnostic?
            if nextRepeat < repeats.count, repeats[nextRepeat].index == index {
                repeated = repeatFindings.finding(index, earlier: Int(repeats[nextRepeat].earlier), in: board)
                nextRepeat += 1
            }
            advance()
            // An item with no finding of its own (a title pasted a million times) has the repeated title's alone.
            guard isSuspect else {
                if let repeated { body(repeated) }
                return
            }
            let item = items[index]
            board.forEachItemDiagnostic(of: item, titleParts: board.titleParts(of: item), repeatedTitle: repeated, body)
        }
    }

    /// The error at each heading of a section kind after its first, in line order, made one at a time. The board's
    /// tables are held apart, once: read through the board on each call, each would have its references counted.
    private struct RepeatedHeadings: IteratorProtocol {
        let board: Board
        private let bytes: [UInt8]
        private let lines: [Line]
        private let sections: [Section]
        private var index = 0
        private var firstHeading = [Int?](repeating: nil, count: SectionKind.archive.rawValue + 1)
        private var messages = [String?](repeating: nil, count: SectionKind.archive.rawValue + 1)  // shared by every repeat

        init(board: Board) {
            self.board = board
            (bytes, lines, sections) = (board.bytes, board.lines, board.sections)
        }

        mutating func next() -> Diagnostic? {
            while index < sections.count {
                let section = sections[index]
                index += 1
                let kind = section.kind.rawValue
                guard section.kind != .archive else { continue }
                let line = section.headingLine
                guard let first = firstHeading[kind] else {
                    firstHeading[kind] = line
                    continue
                }
                if messages[kind] == nil {
                    messages[kind] = "second \(section.kind.name) section (the first is at line \(first + 1)); merge them into one"
                }
                let content = lines[line].start..<lines[line].contentEnd
                let hash = Bytes.skipWhitespace(bytes, content)
                return Diagnostic(line: line + 1, column: board.column(ofOffset: hash, onLine: line), severity: .error,
                                  rule: .secondSection, span: Bytes.trimmed(bytes, board.content(ofLine: line)),
                                  message: messages[kind] ?? "")
            }
            return nil
        }
    }

    /// The findings about sections (but repeated headings), near-miss item lines, stray checklists and conflict
    /// markers, in line and column order: on any board but a hostile one, few. Each is made when its turn comes and
    /// none is kept, as a hostile file can hold a million (8 MB of near-miss lines took 222 MB as a list).
    private struct FewFindings: IteratorProtocol {
        let board: Board
        /// The sections' findings (a handful), sorted.
        private let sectionFindings: [Diagnostic]
        /// Where each kind of finding has got to: sections, near-miss lines, strays, conflict markers.
        private var taken = (section: 0, nearMiss: 0, stray: 0, marker: 0)
        /// The next finding of each kind, made ahead, in that order.
        private var ahead: [Diagnostic?] = [nil, nil, nil, nil]
        /// One message for the strays under one heading, made once: they come in line order, and a long heading's
        /// excerpt made for each of a pasted list's items was quadratic.
        private var strayMessage: (heading: Int?, text: String)?
        /// The last conflict marker's message, shared by the markers alike.
        private var markerMessage: (marker: ArraySlice<UInt8>, text: String)?
        /// The messages of near-miss lines alike.
        private var nearMissMessages = RepeatedMessages()
        /// The columns a checklist line must be indented to nest under the last stray one said.
        private var strayParent: Int?

        init(board: Board) {
            self.board = board
            sectionFindings = board.sectionDiagnostics().sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            for kind in ahead.indices { ahead[kind] = make(kind) }
        }

        mutating func next() -> Diagnostic? {
            var first: Int?
            for kind in ahead.indices {
                guard let found = ahead[kind] else { continue }
                if let best = first.flatMap({ ahead[$0] }), (best.line, best.column) <= (found.line, found.column) { continue }
                first = kind
            }
            guard let kind = first else { return nil }
            defer { ahead[kind] = make(kind) }
            return ahead[kind]
        }

        /// The next finding of a kind (0 to 3, as `ahead`), nil when it has no more.
        private mutating func make(_ kind: Int) -> Diagnostic? {
            switch kind {
            case 0:
                guard taken.section < sectionFindings.count else { return nil }
                defer { taken.section += 1 }
                return sectionFindings[taken.section]
            case 1:
                return board.bytes.withUnsafeBufferPointer { b in
                    while taken.nearMiss < board.nearMissItemLines.count {
                        let line = board.nearMissItemLines[taken.nearMiss]
                        taken.nearMiss += 1
                        let start = Bytes.skipWhitespace(b, board.lines[line].start..<board.lines[line].contentEnd)
                        if let nearMiss = board.nearMissItem(line, textStart: start, in: b, &nearMissMessages) { return nearMiss }
                    }
                    return nil
                }
            case 2:
                // A checklist nested under the last stray one said (indented 2 deeper, as is every line from the stray
                // before it) is part of it: its body, were it an item.
                while taken.stray > 0, taken.stray < board.strayChecklists.count, let parent = strayParent,
                      board.isIndented(board.strayChecklists[taken.stray - 1].line + 1...board.strayChecklists[taken.stray].line,
                                       atLeast: parent) {
                    taken.stray += 1
                }
                guard taken.stray < board.strayChecklists.count else { return nil }
                let stray = board.strayChecklists[taken.stray]
                taken.stray += 1
                strayParent = BodyRule.indentation(board.bytes, board.lines[stray.line].start..<board.lines[stray.line].contentEnd).columns + 2
                let (bytes, lines) = (board.bytes, board.lines)
                let start = Bytes.skipWhitespace(bytes, lines[stray.line].start..<lines[stray.line].contentEnd)
                if strayMessage == nil || strayMessage?.heading != stray.headingLine {
                    let under = stray.headingLine.map { heading in
                        " (under '\(Board.excerpt(Array(bytes[Bytes.trimmed(bytes, board.content(ofLine: heading))])))')"
                    } ?? ""
                    strayMessage = (stray.headingLine, "checklist item outside the TODO, DOING and DONE sections\(under), so no command sees it; move it into a section")
                }
                let end = lines[stray.line].contentEnd
                let boxEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? end
                return Diagnostic(line: stray.line + 1, column: board.column(ofOffset: start, onLine: stray.line), severity: .warning,
                                  rule: .strayChecklist, span: start..<boxEnd, message: strayMessage?.text ?? "")
            default:
                guard taken.marker < board.conflictMarkers.count else { return nil }
                let line = board.conflictMarkers[taken.marker]
                taken.marker += 1
                let markerBytes = board.bytes[board.content(ofLine: line)].prefix(7)
                if markerMessage.map({ !$0.marker.elementsEqual(markerBytes) }) ?? true {
                    let marker = String(decoding: markerBytes, as: UTF8.self)
                    markerMessage = (markerBytes, "merge conflict marker '\(marker)': the merge is not resolved; keep the right lines, delete the markers")
                }
                return Diagnostic(line: line + 1, column: 1, severity: .error, rule: .conflictMarker, span: markerBytes.indices,
                                  message: markerMessage?.text ?? "")
            }
        }
    }

    // MARK: - Work that would be invisible (FORMAT.md §7)

    /// A warning for a line in a section that is almost an item (`-[ ] x`, `[ ] x`, `- [] x`, `- [ ]x`), with the
    /// spelling that would work; nil when the line has none of these shapes.
    /// `start` is where the line's text starts, past its indentation; `b` the file's bytes, read in place (a slice
    /// of them would count a reference to them for each of a million lines). Inlined: it is asked of every plain
    /// list item, and nearly every one is settled by the look for a box.
    /// `messages` keeps the messages of lines alike (a pasted list).
    @inline(__always)
    private func nearMissItem(_ line: Int, textStart start: Int, in b: UnsafeBufferPointer<UInt8>,
                              _ messages: inout RepeatedMessages) -> Diagnostic? {
        // Every near-miss shape has a box: a line without `[` (nearly every plain list item) is none.
        guard Bytes.contains(b, start..<lines[line].contentEnd, UInt8(ascii: "[")) else { return nil }
        // An item line indented 4 columns or by a tab (the parser lists those in a section among the near misses).
        if start - lines[line].start > 3 || Bytes.contains(b, lines[line].start..<start, Bytes.tab) {
            let text = Array(b[start..<lines[line].contentEnd])
            return Diagnostic(line: line + 1, column: column(ofOffset: start, onLine: line), severity: .warning, rule: .nearMissItem,
                              span: start..<lines[line].contentEnd,
                              message: "'\(Self.excerpt(text))' is not read as a board item: an item line is indented 3 spaces or fewer (4 columns or a tab make it code)")
        }
        return nearMissFinding(line, textStart: start, in: b, &messages)
    }

    /// `nearMissItem` for a line that has a box.
    private func nearMissFinding(_ line: Int, textStart start: Int, in b: UnsafeBufferPointer<UInt8>,
                                 _ messages: inout RepeatedMessages) -> Diagnostic? {
        let end = lines[line].contentEnd
        let message = messages.message(for: start..<end, in: b) { text in
            let text = Array(text)
            return Self.itemSpelling(ofNearMiss: text).map { "'\(Self.excerpt(text))' is not read as a board item; write '\(Self.excerpt($0))'" }
        }
        return message.map {
            Diagnostic(line: line + 1, column: column(ofOffset: start, onLine: line), severity: .warning, rule: .nearMissItem,
                       span: start..<end, message: $0)
        }
    }

    /// The item line a near-miss line means: `-[ ] x`, `[ ] x`, `- [] x` and `- [ ]x` all mean `- [ ] x`.
    static func itemSpelling(ofNearMiss text: [UInt8]) -> [UInt8]? {
        func isBox(_ at: Int) -> Bool {
            at + 2 < text.count && text[at] == UInt8(ascii: "[") && text[at + 2] == UInt8(ascii: "]")
                && [Bytes.space, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(text[at + 1])
        }
        func item(bullet: UInt8, box: [UInt8], rest: ArraySlice<UInt8>) -> [UInt8] {
            let title = rest.drop { Bytes.isWhitespace($0) }
            return [bullet, Bytes.space] + box + (title.isEmpty ? [] : [Bytes.space] + title)
        }
        guard let first = text.first else { return nil }
        let isBullet = first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
        if isBox(0), text.count == 3 || Bytes.isWhitespace(text[3]) {  // [ ] x (not a link reference `[x]: url`)
            return item(bullet: UInt8(ascii: "-"), box: Array(text[0..<3]), rest: text[3...])
        }
        guard isBullet, text.count > 1 else { return nil }
        if isBox(1) { return item(bullet: first, box: Array(text[1..<4]), rest: text[4...]) }  // -[ ] x
        let at = text[1...].firstIndex { !Bytes.isWhitespace($0) } ?? text.count
        guard at > 1, at + 1 < text.count else { return nil }
        if text[at] == UInt8(ascii: "["), text[at + 1] == UInt8(ascii: "]") {  // - [] x
            return item(bullet: first, box: Array("[ ]".utf8), rest: text[(at + 2)...])
        }
        if isBox(at), at + 3 < text.count, text[at + 3] != Bytes.space {  // - [ ]x, or a tab after the box
            return item(bullet: first, box: Array(text[at..<(at + 3)]), rest: text[(at + 3)...])
        }
        return nil
    }

    /// True when every non-blank line of `range` is indented at least `columns` columns.
    func isIndented(_ range: ClosedRange<Int>, atLeast columns: Int) -> Bool {
        range.allSatisfy { index in
            let (depth, textStart) = BodyRule.indentation(bytes, lines[index].start..<lines[index].contentEnd)
            return textStart == lines[index].contentEnd || depth >= columns
        }
    }

    /// The warning at an item whose title another item has: that one's line (0-based) when it is said.
    static func repeatedTitleMessage(_ title: String, line: Int?) -> String {
        "another item has the title '\(excerpt(Array(title.utf8)))'\(line.map { " (line \($0 + 1))" } ?? ""); refs and merges cannot tell them apart, so make the titles differ"
    }

    /// At most 60 scalars of a line, for a message.
    static func excerpt(_ text: [UInt8]) -> String {
        let string = String(decoding: text, as: UTF8.self)
        return string.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(string.unicodeScalars.prefix(59))) + "…" : string
    }

    /// A warning at every item after the first with the same title (compared as refs compare them, ignoring case):
    /// refs and merges cannot tell such items apart. Titles are keyed by a hash of their bytes, ASCII case folded,
    /// so a large board makes no string per item (a title with letters of another cased script is lowercased as a
    /// string first); a hit is confirmed by comparing the titles.
    /// A hash of the item's title as refs compare titles, ignoring case: the key duplicate titles are found by.
    private func titleKey(of item: Item, parts: TitleParts, in buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (hash, foldedEnough) = withTitleBytes(parts, of: item, in: buffer) { Self.foldedHash($0, $1) }
        return foldedEnough ? hash : Array(title(of: item).lowercased().utf8).withUnsafeBufferPointer { Self.foldedHash($0, 0..<$0.count).0 }
    }

    /// The items (but archived ones) whose title's key an earlier item's has, each with the first such item, in
    /// order. `keys` holds each item's `titleKey`; `RepeatedTitleFindings` confirms that the titles are the same.
    func repeatedTitles(keys: [UInt64]) -> [(index: UInt32, earlier: UInt32)] {
        // The keys are hashes already: an open-addressing table of item numbers (index + 1) probes them without
        // hashing again, and is small enough to stay in the cache.
        var size = 1
        while size < keys.count * 2 { size <<= 1 }
        var table: [UInt32] = []
        Memory.reserve(&table, size)
        table += repeatElement(0, count: size)
        var repeats: [(index: UInt32, earlier: UInt32)] = []
        let hasArchive = sections.contains { $0.kind == .archive }
        // Titles made so that their keys share places in the table (a hostile file) would make the probing take
        // the square of their number: past a budget of steps, a dictionary seeded anew in each process takes over.
        var steps = 0
        let budget = 8 * keys.count + 1_024
        for (index, key) in keys.enumerated() where !hasArchive || sections[items[index].section].kind != .archive {
            var probe = Int(truncatingIfNeeded: key) & (size - 1)
            while table[probe] != 0, keys[Int(table[probe]) - 1] != key {
                probe = (probe + 1) & (size - 1)
                steps += 1
            }
            if steps > budget { return repeatedTitlesBySeededHash(keys: keys) }
            if table[probe] != 0 {
                Memory.append((UInt32(truncatingIfNeeded: index), table[probe] - 1), to: &repeats)
            } else {
                table[probe] = UInt32(truncatingIfNeeded: index + 1)
            }
        }
        return repeats
    }

    /// `repeatedTitles` with a dictionary, whose hashing is seeded anew in each process, so that no file can choose
    /// titles that collide in it.
    func repeatedTitlesBySeededHash(keys: [UInt64]) -> [(index: UInt32, earlier: UInt32)] {
        var first: [UInt64: UInt32] = [:]
        var repeats: [(index: UInt32, earlier: UInt32)] = []
        let hasArchive = sections.contains { $0.kind == .archive }
        for (index, key) in keys.enumerated() where !hasArchive || sections[items[index].section].kind != .archive {
            if let earlier = first[key] {
                repeats.append((UInt32(truncatingIfNeeded: index), earlier))
            } else {
                first[key] = UInt32(truncatingIfNeeded: index)
            }
        }
        return repeats
    }

    /// The warning at an item whose title an earlier item has (compared as refs compare them, ignoring case): refs
    /// and merges cannot tell such items apart. A title pasted a million times has one earlier item: its title is
    /// made once, and a finding whose title has the bytes of the last one's, with the same earlier item, is made
    /// without making a string and shares its message.
    private struct RepeatedTitleFindings {
        private var earlierTitle: (index: Int, text: String)?
        /// The last finding's earlier item (-1 before the first), its title's bytes, and its message: held apart, as
        /// reading them out of one optional value would copy them for each finding.
        private var lastEarlier = -1
        private var lastTitle: [UInt8] = []
        private var lastMessage = ""

        /// The warning at `items[index]`, whose title's key `items[earlier]`'s has; nil when the titles differ.
        mutating func finding(_ index: Int, earlier: Int, in board: Board) -> Diagnostic? {
            let item = board.items[index]
            let message: String
            if lastEarlier == earlier, lastTitle.withUnsafeBufferPointer({ last in
                board.bytes.withUnsafeBufferPointer { b in
                    board.withTitleBytes(of: item, in: b) { title, range in
                        range.count == last.count && title[range].elementsEqual(last)
                    }
                }
            }) {
                message = lastMessage
            } else {
                let title = board.title(of: item)
                if earlierTitle?.index != earlier { earlierTitle = (earlier, board.title(of: board.items[earlier])) }
                // Equal titles are the same; only titles that differ are lowered to be compared. Both `streamSafe`.
                guard let earlierText = earlierTitle?.text,
                      title.streamSafe == earlierText.streamSafe
                        || title.lowercased().streamSafe == earlierText.lowercased().streamSafe else { return nil }
                message = Board.repeatedTitleMessage(title, line: board.items[earlier].line)
                (lastEarlier, lastTitle, lastMessage) = (earlier, Array(title.utf8), message)
            }
            // From the checkbox, where the column is, to the title's end: `board lsp` marked the title alone, at
            // another column than `check` gave (helper-45).
            let span = item.checkboxOffset..<max(item.checkboxOffset + 3, board.titleSpan(of: item)?.upperBound ?? 0)
            return Diagnostic(line: item.line + 1, column: board.column(ofOffset: item.checkboxOffset, onLine: item.line),
                              severity: .warning, rule: .duplicateTitle, span: span, message: message)
        }
    }

    /// The hash of `range`'s bytes (a title's, in duplicate detection) with ASCII letters folded to lower case,
    /// eight bytes at a time; and whether that is all the folding they need: false when they may hold a letter of a
    /// cased script other than ASCII (CJK, Hangul, symbols and emoji have no case).
    private static func foldedHash(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, Bool) {
        guard let base = b.baseAddress else { return (0, true) }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(range.count)
        var foldedEnough = true
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        var position = range.lowerBound
        while position < range.upperBound {
            var word: UInt64
            let count = min(8, range.upperBound - position)
            if count == 8 {
                word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
            } else if position + 8 <= b.count {
                // The last few bytes, read as one word where the buffer goes on (a title nearly always ends
                // before the file does), the bytes past them cleared.
                word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
                    & ((1 << UInt64(8 * count)) - 1)
            } else {
                word = 0
                for index in 0..<count { word |= UInt64(b[position + index]) << UInt64(8 * index) }
            }
            // The bytes with both top bits set start a character beyond ASCII: only those are looked at.
            var leads = word & (word << 1) & highs
            while foldedEnough, leads != 0 {
                let at = position + leads.trailingZeroBitCount / 8
                if needsUnicodeFolding(b[at], at + 1 < b.count ? b[at + 1] : 0) { foldedEnough = false }
                leads &= leads - 1
            }
            // Bytes 'A'...'Z' (high bit clear) get 0x20 added.
            let low = word & ~highs
            let atLeastA = (low &+ ones &* (0x80 - 0x41)) & highs
            let aboveZ = (low &+ ones &* (0x80 - 0x5B)) & highs
            word |= (atLeastA & ~aboveZ & ~word) >> 2
            mix(word)
            position += count
        }
        return (hash, foldedEnough)
    }

    /// True for the first byte (and the next) of a UTF-8 letter that may have a lowercase other than itself: Latin
    /// beyond ASCII, Greek, Cyrillic and the other cased scripts, letterlike and enclosed letters, fullwidth Latin.
    private static func needsUnicodeFolding(_ byte: UInt8, _ next: UInt8) -> Bool {
        switch (byte, next) {
        case (0xE2, 0x84...0x86), (0xE2, 0x92...0x93), (0xE2, 0xB0...0xB4), (0xEA, 0x99...0x9F),
             (0xEA, 0xAC...0xAD), (0xEF, 0xBC...0xBD):
            return true
        case (0xE2...0xED, _), (0xEF, _), (0xF0, 0x9F): return false
        default: return true
        }
    }

    /// What to do about a section over its WIP limit, for its kind (helper-78: DONE was told to finish items).
    static func overLimitAdvice(_ kind: SectionKind) -> String {
        switch kind {
        case .todo: "start, finish or remove items before adding more"
        case .doing: "finish or move items before starting more"
        case .done, .archive: "archive items ('board archive') or raise the limit"
        }
    }

    /// The findings about sections but the repeated headings (`repeatedSectionDiagnostics`): a section over its
    /// limit, and a section missing.
    private func sectionDiagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        var hasHeading = [Bool](repeating: false, count: SectionKind.archive.rawValue + 1)
        for section in sections where section.kind != .archive && !hasHeading[section.kind.rawValue] {
            let line = section.headingLine
            hasHeading[section.kind.rawValue] = true
            if let message = overLimitMessage(section.kind) {
                let hash = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
                found.append(Diagnostic(line: line + 1, column: column(ofOffset: hash, onLine: line), severity: .warning,
                                        rule: .overLimit, span: Bytes.trimmed(bytes, content(ofLine: line)), message: message + "; " + Self.overLimitAdvice(section.kind)))
            }
        }
        if sections.isEmpty {
            found.append(Diagnostic(line: 1, column: 1, severity: .warning, rule: .missingSection, span: 0..<0,
                                    message: "no TODO, DOING or DONE section; this file holds no board items"))
        } else {
            for kind in SectionKind.allCases where !hasHeading[kind.rawValue] {
                found.append(Diagnostic(line: 1, column: 1, severity: .warning, rule: .missingSection, span: 0..<0,
                                        message: "no \(kind.name) section; a command that needs it will create it"))
            }
        }
        return found
    }

    /// The findings on one item line, each with its column counted on from the last one asked for: a line with many
    /// tokens is read once, not once each. Findings at places after the due tokens' are held until the tokens before
    /// them are handed on. A struct rather than nested functions, whose captured variables Swift checks for
    /// exclusive access at run time on every access.
    private struct LineFindings {
        let line: Int
        let lineStart: Int
        var counted: (offset: Int, column: Int)
        /// Findings held back, by place.
        var held: [(severity: Diagnostic.Severity, rule: Diagnostic.Rule, span: Range<Int>, message: String)] = []
        var nextHeld = 0

        init(_ board: Board, line: Int) {
            self.line = line
            lineStart = board.lines[line].start
            counted = (lineStart, 1)
        }

        /// `bytes` are the file's: passed rather than held, as holding them would count a reference to them for each
        /// item, from every core at once.
        mutating func finding(_ severity: Diagnostic.Severity, _ rule: Diagnostic.Rule, at span: Range<Int>, _ message: String,
                              in bytes: [UInt8]) -> Diagnostic {
            Diagnostic(line: line + 1, column: column(of: span.lowerBound, in: bytes), severity: severity, rule: rule,
                       span: span, message: message)
        }

        mutating func column(of offset: Int, in bytes: [UInt8]) -> Int {
            if offset < counted.offset { counted = (lineStart, 1) }
            counted.column += bytes.withUnsafeBufferPointer { Bytes.scalarCount($0, counted.offset..<offset) }
            counted.offset = offset
            return counted.column
        }

        /// Hands on the findings held back that stand before `offset`.
        mutating func emitHeld(before offset: Int, in bytes: [UInt8], to body: (Diagnostic) -> Void) {
            while nextHeld < held.count, held[nextHeld].span.lowerBound < offset {
                let (severity, rule, span, message) = held[nextHeld]
                body(finding(severity, rule, at: span, message, in: bytes))
                nextHeld += 1
            }
        }
    }

    /// The error for a due token whose date is not a real one, with the spelling that works when there is one.
    private func impossibleDateMessage(_ token: DueToken) -> String? {
        guard token.date == nil else { return nil }
        let hint = Self.isoSpelling(ofDate: Array(bytes[token.dateRange])).map { date in
            "; write '\(String(decoding: bytes[token.range.lowerBound..<token.dateRange.lowerBound], as: UTF8.self))\(date)\(String(decoding: bytes[token.dateRange.upperBound..<token.range.upperBound], as: UTF8.self))'"
        } ?? " (write YYYY-MM-DD)"
        let spelling = String(decoding: bytes[token.range], as: UTF8.self)
        // A space no token ends at (a no-break space, as a word processor writes one) looks like one: shown as
        // what it is, the date running on past it is seen.
        guard let space = spelling.unicodeScalars.first(where: Self.isOtherSpace) else {
            return "'\(spelling)' is not a real calendar date\(hint)"
        }
        return "'\(Self.showingOtherSpaces(spelling))' is not a real calendar date: the token runs on past \(Self.showingOtherSpaces(String(space))), which is not a space; write a space there"
    }

    /// Whitespace beyond ASCII, at which no token starts or ends.
    private static func isOtherSpace(_ scalar: Unicode.Scalar) -> Bool { !scalar.isASCII && scalar.properties.isWhitespace }

    /// `text` with each space beyond ASCII written `\u{A0}`, so a message shows it apart from a space.
    static func showingOtherSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isOtherSpace) else { return text }
        return text.unicodeScalars.map { isOtherSpace($0) ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : String($0) }.joined()
    }

    /// False when the item surely has no finding of its own (`forEachItemDiagnostic`'s, a repeated title aside).
    /// `parts` are the item's `titleParts`.
    private func mayHaveFindings(_ item: Item, titleParts parts: TitleParts) -> Bool {
        let kind = sections[item.section].kind
        guard kind != .archive else { return false }
        let dueFinding = item.hasOtherDueTokens || item.firstDueToken.map { $0.date == nil } ?? false
        let doneFinding = item.hasOtherDoneTokens || item.doneToken.map { $0.date == nil || kind != .done } ?? false
        return dueFinding || doneFinding || item.mayHaveNearMissDate || parts.isEmpty || item.checked != (kind == .done)
    }

    /// The findings on the item's line, in column order, handed to `body`: those at its checkbox (an empty title, a
    /// checkbox its section disagrees with, then `repeatedTitle`), then those at its due and done tokens and words
    /// almost due dates, by place. `parts` are the item's `titleParts`.
    func forEachItemDiagnostic(of item: Item, titleParts parts: TitleParts, repeatedTitle: Diagnostic? = nil,
                               _ body: (Diagnostic) -> Void) {
        let kind = sections[item.section].kind
        // Archived items are off the board: nothing about them is worth a warning.
        if kind == .archive { return }
        var line = LineFindings(self, line: item.line)
        let checkbox = item.checkboxOffset..<(item.checkboxOffset + 3)
        if parts.isEmpty {
            body(line.finding(.error, .emptyTitle, at: checkbox, "item has an empty title", in: bytes))
        }
        if kind == .done, !item.checked {
            body(line.finding(.warning, .uncheckedInDone, at: checkbox, "unchecked item in DONE; run 'board tidy' to move it to TODO", in: bytes))
        } else if kind != .done, item.checked {
            body(line.finding(.warning, .checkedOutsideDone, at: checkbox, "checked item in \(kind.name); run 'board tidy' to move it to DONE", in: bytes))
        }
        if let repeatedTitle { body(repeatedTitle) }
        // The done token's finding and those of words almost due dates, few, are held to go in among the due
        // tokens' by place.
        if let done = item.doneToken {
            func impossible(_ spelling: String) -> String { "'\(spelling)' is not a real calendar date (write YYYY-MM-DD)" }
            let spelling = String(decoding: bytes[done.range], as: UTF8.self)
            if done.date == nil {
                line.held.append((.error, .impossibleDate, done.range, impossible(spelling)))
            } else if kind != .done {
                line.held.append((.warning, .doneDateOutsideDone, done.range, "done date '\(spelling)' on an item in \(kind.name); remove it, or move the item to DONE"))
            }
            // Only the first done token is read: a second is an error, as a second due date is (a move out of DONE
            // takes the first away and would leave the other as the item's done date).
            if item.hasOtherDoneTokens {
                let firstColumn = column(ofOffset: done.range.lowerBound, onLine: item.line)
                forEachOtherDoneToken(of: item) { token in
                    let spelling = String(decoding: bytes[token.range], as: UTF8.self)
                    if token.date == nil { line.held.append((.error, .impossibleDate, token.range, impossible(spelling))) }
                    line.held.append((.error, .secondDoneDate, token.range, "second done date '\(spelling)' on one item (the first is at column \(firstColumn))"))
                }
            }
        }
        if item.mayHaveNearMissDate {
            let present = item.dueToken.map { String(decoding: bytes[$0.range], as: UTF8.self) }
            forEachNearMissDate(item) { span, written, meant in
                // With a due date on the line already, the spelling that works would be a second one.
                let advice = present.map { "the item's due date is '\($0)'" } ?? "write '\(meant)'"
                line.held.append((.warning, .nearMissDate, span, "'\(written)' is not read as a due date; \(advice)"))
            }
        }
        // By place; at one place (a token's impossible date and its being a second one) as they were found.
        if line.held.count > 1 {
            line.held = line.held.enumerated().sorted { ($0.element.span.lowerBound, $0.offset) < ($1.element.span.lowerBound, $1.offset) }.map(\.element)
        }
        if let first = item.firstDueToken {
            line.emitHeld(before: first.range.lowerBound, in: bytes, to: body)
            if let message = impossibleDateMessage(first) { body(line.finding(.error, .impossibleDate, at: first.range, message, in: bytes)) }
            let firstColumn = item.hasOtherDueTokens ? line.column(of: first.range.lowerBound, in: bytes) : 0
            // A line of one token repeated (pasted) shares one message, made again only when the token differs, and
            // one finding moved from token to token; a line of a few tokens over and over, one message per spelling.
            var previous = 0..<0
            var finding = Diagnostic(line: 0, column: 0, severity: .error, rule: .secondDueDate, span: 0..<0, message: "")
            var messages = RepeatedMessages()
            forEachOtherDueToken(of: item) { token in
                line.emitHeld(before: token.range.lowerBound, in: bytes, to: body)
                if let message = impossibleDateMessage(token) { body(line.finding(.error, .impossibleDate, at: token.range, message, in: bytes)) }
                if previous.isEmpty || !bytes.withUnsafeBufferPointer({ Bytes.equal($0, previous, token.range) }) {
                    let message = bytes.withUnsafeBufferPointer { b in
                        messages.message(for: token.range, in: b) { spelling in
                            "second due date '\(String(decoding: spelling, as: UTF8.self))' on one item (the first is at column \(firstColumn))"
                        }
                    }
                    finding = Diagnostic(line: 0, column: 0, severity: .error, rule: .secondDueDate, span: 0..<0, message: message ?? "")
                }
                previous = token.range
                finding.move(line: item.line + 1, column: line.column(of: token.range.lowerBound, in: bytes), span: token.range)
                body(finding)
            }
        }
        line.emitHeld(before: Int.max, in: bytes, to: body)
    }

    /// Calls `found` with each word on the item line that was surely meant as a due date but is not read as one
    /// (`Due:2026-12-01`, `due: 2026-12-01`, `📅2026-12-01`): its bytes, its text, and the spelling that works.
    /// Only a colon, or the 📅's first byte, is looked at closely.
    func forEachNearMissDate(_ item: Item, _ found: (Range<Int>, String, String) -> Void) {
        let lineStart = item.textStart
        let end = lines[item.line].contentEnd
        bytes.withUnsafeBufferPointer { b in
            // A word here ends at a space beyond ASCII too: `a<NBSP>due:2026-12-01<NBSP>b` holds one near miss.
            func wordEnd(_ from: Int) -> Int {
                var position = from
                while position < end, !Bytes.isWhitespace(b[position]), Bytes.otherSpaceLength(b, startingAt: position, before: end) == 0 {
                    position += 1
                }
                return position
            }
            // A space beyond ASCII before the word (a no-break space, as word processors write one) keeps it from
            // being a token: the span starts at it, shown as what it is, and the spelling that works has a space.
            func text(_ range: Range<Int>) -> String { Self.showingOtherSpaces(String(decoding: b[range], as: UTF8.self)) }
            func otherSpace(before position: Int) -> Int { Bytes.otherSpaceLength(b, endingAt: position, from: lineStart) }
            // A date with a mark of punctuation after it (`📅 2026-12-01,`) is one too: a token ends at a space, and the
            // mark kept it from being one without a word (helper-78).
            func date(_ range: Range<Int>) -> String? {
                if let iso = Self.isoSpelling(ofDate: Array(b[range])) { return iso }
                guard range.count > 1, let last = range.last, ",.;:!?)".utf8.contains(b[last]) else { return nil }
                return Self.isoSpelling(ofDate: Array(b[range.dropLast()]))
            }
            var position = lineStart
            while position < end {
                let byte = b[position]
                if byte != UInt8(ascii: ":") && byte != 0xF0 {
                    position += 1
                    continue
                }
                let next = wordEnd(position)
                defer { position = next }
                if byte == 0xF0 {
                    // `📅2026-12-01` or `📅 2026/12/01`, with or without the emoji's variation selector
                    let spaceBefore = otherSpace(before: position)
                    guard position == lineStart || Bytes.isWhitespace(b[position - 1]) || spaceBefore > 0,
                          Bytes.hasPrefix(b, at: position, end: end, "\u{1F4C5}") else { continue }
                    let (start, prefix) = (position - spaceBefore, spaceBefore > 0 ? " " : "")
                    var dateStart = position + 4
                    if Bytes.hasPrefix(b, at: dateStart, end: end, "\u{FE0F}") { dateStart += 3 }
                    if next > dateStart, let iso = date(dateStart..<next) {
                        found(start..<next, text(start..<next), prefix + "\u{1F4C5} \(iso)")
                    } else if next == dateStart {
                        // `📅 2026/12/01`, or `📅` then a no-break space then the date
                        let spaceAfter = Bytes.otherSpaceLength(b, startingAt: dateStart, before: end)
                        let wordStart = Bytes.skipWhitespace(b, (next + spaceAfter)..<end)
                        let wordEnd = wordEnd(wordStart)
                        if wordStart > next, let iso = date(wordStart..<wordEnd),
                           spaceBefore > 0 || spaceAfter > 0 || !b[wordStart..<wordEnd].elementsEqual(iso.utf8) {
                            found(start..<wordEnd, text(start..<wordEnd), prefix + "\u{1F4C5} \(iso)")
                        }
                    }
                    continue
                }
                let word = position - 3
                guard word >= lineStart, b[word] | 0x20 == UInt8(ascii: "d"), b[word + 1] | 0x20 == UInt8(ascii: "u"),
                      b[word + 2] | 0x20 == UInt8(ascii: "e") else { continue }
                let spaceBefore = otherSpace(before: word)
                guard word == lineStart || Bytes.isWhitespace(b[word - 1]) || spaceBefore > 0 else { continue }
                let (start, prefix) = (word - spaceBefore, spaceBefore > 0 ? " " : "")
                if next > position + 1 {
                    // `Due:2026-12-01` (a lowercase `due:` word after a space is a due token, checked as one)
                    let isLowercase = b[word] == UInt8(ascii: "d") && b[word + 1] == UInt8(ascii: "u") && b[word + 2] == UInt8(ascii: "e")
                    if !isLowercase || spaceBefore > 0, let iso = date((position + 1)..<next) {
                        found(start..<next, text(start..<next), prefix + "due:\(iso)")
                    }
                } else {
                    // `due: 2026-12-01`
                    let dateStart = Bytes.skipWhitespace(b, next..<end)
                    let dateEnd = wordEnd(dateStart)
                    if let iso = date(dateStart..<dateEnd) { found(start..<dateEnd, text(start..<dateEnd), prefix + "due:\(iso)") }
                }
            }
        }
    }

    /// `YYYY-MM-DD` for text that is a real date written with `-`, `/` or `.` between its parts; nil otherwise.
    static func isoSpelling(ofDate text: [UInt8]) -> String? {
        guard text.count == 10, [4, 7].allSatisfy({ [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")].contains(text[$0]) }),
              text[4] == text[7] else { return nil }
        var iso = text
        iso[4] = UInt8(ascii: "-")
        iso[7] = UInt8(ascii: "-")
        guard CivilDate(iso: iso) != nil else { return nil }
        return String(decoding: iso, as: UTF8.self)
    }
}

/// Messages made from runs of the file's bytes (a token's spelling, a line's text): those of the first 64 different
/// runs are kept, so that runs alike (a pasted list, due tokens cycling through a few dates) share one string, made
/// once, which `check` then counts by its address with nothing hashed. A run is found by a hash of its bytes (seeded
/// in each process) and confirmed on them. Past 64 runs none of which came twice, runs are taken to differ and are no
/// longer looked up.
struct RepeatedMessages {
    private var made: [Int: (run: Range<Int>, message: String?)] = [:]
    private var repeats = false

    /// The message for `run` of `bytes`: made from the run's bytes by `make` (nil for none), unless a run of the same
    /// bytes made it before. (`make` is handed the bytes rather than reading the board's: a closure over the board
    /// copies it, every array of it counted up and down, on each call.)
    mutating func message(for run: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                          _ make: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
        let text = UnsafeBufferPointer(rebasing: bytes[run])
        guard repeats || made.count < 64 else { return make(text) }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        let hash = hasher.finalize()
        if let kept = made[hash], Bytes.equal(bytes, kept.run, run) {
            repeats = true
            return kept.message
        }
        let message = make(text)
        if made.count < 64 { made[hash] = (run, message) }
        return message
    }
}
