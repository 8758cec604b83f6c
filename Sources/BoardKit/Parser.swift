import Dispatch

/// One pass over the lines of a file, building the structure of FORMAT.md §2–§5.
struct Parser {
    private let b: UnsafeBufferPointer<UInt8>
    private let lines: [Line]
    private var regions: [Region] = []
    private var sections: [Section] = []
    /// The item table, filled in place: it never moves while the due tokens are found behind the line loop.
    private var items = UnsafeMutableBufferPointer<Item>(start: nil, count: 0)
    private var itemCount = 0
    private var plainListItems: [UInt32] = []
    private var nearMissItemLines: [Int] = []
    private var strayChecklists: [StrayChecklist] = []
    private var conflictMarkers: [Int] = []
    /// See `Board(parsing:offBoardSections:)`.
    private let offBoardSections: Bool

    private init(bytes: UnsafeBufferPointer<UInt8>, lines: [Line], offBoardSections: Bool = false) {
        self.b = bytes
        self.lines = lines
        self.offBoardSections = offBoardSections
    }

    static func parse(_ bytes: [UInt8], offBoardSections: Bool = false) -> Board {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, lines: Bytes.splitLines(buffer), offBoardSections: offBoardSections)
            // Room for an item per line, laid out for huge pages: untouched capacity costs no memory (its pages are
            // never faulted in), and growing would copy every item.
            let capacity = Memory.hugeCapacity(parser.lines.count, of: Item.self)
            let items = [Item](unsafeUninitializedCapacity: capacity) { storage, initialized in
                Memory.adviseHugePages(UnsafeRawPointer(storage.baseAddress), count: storage.count * MemoryLayout<Item>.stride)
                parser.items = storage
                parser.run()
                initialized = parser.itemCount
                parser.items = UnsafeMutableBufferPointer(start: nil, count: 0)
            }
            return Board(bytes: bytes, lines: parser.lines, regions: parser.regions, sections: parser.sections,
                         items: items, plainListItems: parser.plainListItems,
                         nearMissItemLines: parser.nearMissItemLines,
                         strayChecklists: parser.strayChecklists, conflictMarkers: parser.conflictMarkers)
        }
    }

    // MARK: - The line loop

    private struct OpenItem {
        let line: Int
        var bodyEnd: Int
        let section: Int
        let indent: Int
        let bullet: UInt8
        let checkboxOffset: Int
        let checked: Bool
        let textStart: Int
    }

    private struct OpenSection {
        let kind: SectionKind
        let level: Int
        let headingLine: Int
        let limit: Int?
        var namesNoSection = false
    }

    private enum Block {
        case none
        case fence(char: UInt8, length: Int, start: Int)
        case comment(start: Int)
    }

    private mutating func run() {
        var first = 0
        if let end = frontMatterEnd() {
            regions.append(Region(kind: .frontMatter, lines: 0..<(end + 1)))
            first = end + 1
            for index in 0..<first where conflictMarker(index).map({ $0 != UInt8(ascii: "=") || !conflictMarkers.isEmpty }) == true {
                conflictMarkers.append(index)
            }
        }
        // Off-board sections: one from the start, and one at each heading outside the sections.
        var section = offBoardSections && first < lines.count
            ? OpenSection(kind: .archive, level: 0, headingLine: first, limit: nil, namesNoSection: true) : nil
        var item: OpenItem?
        // Past the last line of a fence or comment an off-board item's body takes whole (`offBoardBodyTakes`).
        var wholeBlockEnd = 0
        var block = Block.none
        var lastHeading: Int?
        // The items are written one after another into the room made for them, their pages faulted in and their
        // due tokens found on another core, behind the line loop.
        let itemStride = MemoryLayout<Item>.stride
        var itemPages = PagesAhead(UnsafeRawPointer(items.baseAddress), count: items.count * itemStride)
        itemPages.reached(0)
        let dueTokens = DueTokenWork(finder: Parser(bytes: b, lines: lines), items: items)
        defer { dueTokens.finish(itemCount: itemCount) }

        for index in first..<lines.count {
            let (start, end) = content(index)

            // Body continuation comes before every other rule.
            if let open = item {
                let (columns, textStart) = BodyRule.indentation(b, start..<end)
                if textStart == end { continue }  // blank: body only if a body line follows
                if BodyRule.continuesBody(b, columns: columns, textStart: textStart, end: end, itemIndent: open.indent),
                   !offBoardSections || section?.namesNoSection != true || index < wholeBlockEnd
                    || offBoardBodyTakes(index, itemIndent: open.indent, until: &wholeBlockEnd) {
                    item?.bodyEnd = index + 1  // in place: the open item is not copied out and back for each line
                    continue
                }
                finish(open)
                itemPages.reached(itemCount &* itemStride)
                if itemCount % DueTokenWork.chunk == 0 { dueTokens.hand(itemCount: itemCount) }
                item = nil
            }

            // Conflict markers start at column 0, so they never continue a body; only code fences hide them. A
            // line of `=` is a marker only after a `<<<<<<<` one: alone, it underlines a (setext) heading.
            if case .fence = block {} else if let char = conflictMarker(index),
                                               char != UInt8(ascii: "=") || !conflictMarkers.isEmpty {
                Memory.append(index, to: &conflictMarkers)
            }

            switch block {
            case .fence(let char, let length, let openLine):
                if closesFence(start, end, char: char, length: length) {
                    Memory.append(Region(kind: .fencedCode, lines: openLine..<(index + 1)), to: &regions)
                    block = .none
                }
                continue
            case .comment(let openLine):
                if contains(start, end, "-->") {
                    Memory.append(Region(kind: .htmlComment, lines: openLine..<(index + 1)), to: &regions)
                    block = .none
                }
                continue
            case .none:
                break
            }

            let indentEnd = Bytes.skipWhitespace(b, start..<end)
            let spaces = leadingSpaces(start, end)
            // Blank, indented 4+ or by a tab: text. An item line so indented in a section is no item, which `check`
            // says: it looks like one.
            guard indentEnd < end, spaces <= 3, indentEnd == start + spaces else {
                if indentEnd < end, isBullet(b[indentEnd]), let open = section, open.kind != .archive,
                   itemLine(index, start, indentEnd, end) != nil {
                    Memory.append(index, to: &nearMissItemLines)
                }
                continue
            }
            let at = indentEnd

            if let (char, length) = fenceOpening(at, end) {
                block = .fence(char: char, length: length, start: index)
                continue
            }
            if b[at] == UInt8(ascii: "<"), Bytes.hasPrefix(b, at: at, end: end, "<!--") {
                // `<!-->` and `<!--->` close on their own line: the `-->` may share the opener's dashes.
                if contains(at + 2, end, "-->") {
                    Memory.append(Region(kind: .htmlComment, lines: index..<(index + 1)), to: &regions)
                } else {
                    block = .comment(start: index)
                }
                continue
            }
            // Each call out of the loop copies the parser to pass it: most lines are not headings, so they skip it.
            if b[at] == UInt8(ascii: "#"), let (level, textRange) = heading(at, end) {
                lastHeading = index
                let (nameRange, limit) = wipLimit(textRange)
                if let kind = sectionKind(nameRange) {
                    closeSection(section, at: index)
                    section = OpenSection(kind: kind, level: level, headingLine: index, limit: limit)
                } else if let open = section, level <= open.level || open.namesNoSection {
                    closeSection(open, at: index)
                    section = offBoardSections
                        ? OpenSection(kind: .archive, level: level, headingLine: index, limit: nil, namesNoSection: true) : nil
                }
                continue
            }
            guard section != nil else {
                if itemLine(index, start, at, end) != nil {
                    Memory.append(StrayChecklist(line: index, headingLine: lastHeading), to: &strayChecklists)
                }
                continue
            }
            if let opened = itemLine(index, start, at, end) {
                item = opened
            } else if section?.kind == .archive {
                continue  // the archive is off the board: its other lines are not worth a warning
            } else if isListItem(at, end) {
                Memory.append(UInt32(truncatingIfNeeded: index), to: &plainListItems)
            } else if b[at] == UInt8(ascii: "[") || (isBullet(b[at]) && at + 1 < end && b[at + 1] == UInt8(ascii: "[")) {
                Memory.append(index, to: &nearMissItemLines)
            }
        }

        if let open = item { finish(open) }
        switch block {
        case .fence(_, _, let openLine):
            regions.append(Region(kind: .fencedCode, lines: openLine..<lines.count, isClosed: false))
        case .comment(let openLine):
            regions.append(Region(kind: .htmlComment, lines: openLine..<lines.count, isClosed: false))
        case .none: break
        }
        closeSection(section, at: lines.count)
    }

    private mutating func closeSection(_ open: OpenSection?, at index: Int) {
        guard let open else { return }
        Memory.append(Section(kind: open.kind, level: open.level, lines: open.headingLine..<index, limit: open.limit,
                              namesNoSection: open.namesNoSection), to: &sections)
    }

    private mutating func finish(_ open: OpenItem) {
        guard let base = items.baseAddress, itemCount < items.count else { return }  // never: an item per line at most
        (base + itemCount).initialize(to: Item(
            line: open.line, bodyEnd: open.bodyEnd, section: open.section, indent: open.indent, bullet: open.bullet,
            checkboxOffset: open.checkboxOffset, checked: open.checked, textStart: open.textStart))
        itemCount += 1
    }

    // MARK: - The due-token pass

    /// Finds the items' due tokens while the line loop goes on: each item's tokens depend on its own line only. The
    /// loop hands over each run of `chunk` finished items, which another core takes from the front; at the loop's
    /// end the rest are shared, the loop's core taking them from the back. A board of fewer than `chunk` items has
    /// them all found at the end, on the loop's core: starting a thread would cost more.
    private final class DueTokenWork: @unchecked Sendable {
        static let chunk = 4096
        /// A parser holding only the file's bytes and lines, which nothing writes meanwhile.
        private let finder: Parser
        /// The item table. Each run of items is written by one core at a time: the loop before it hands the run
        /// over, the core that takes it after.
        private let items: UnsafeMutableBufferPointer<Item>
        /// Guards `handed`, `front` and `back`.
        private let claims = DispatchQueue(label: "board.due-tokens")
        /// Items handed over so far; runs `front..<back` are handed over and not yet taken.
        private var handed = 0
        private var front = 0
        private var back = 0
        /// The runs other cores are finding.
        private let taking = DispatchGroup()

        init(finder: Parser, items: UnsafeMutableBufferPointer<Item>) {
            self.finder = finder
            self.items = items
        }

        /// Hands over the items before `itemCount`, a multiple of `chunk`, to another core.
        func hand(itemCount: Int) {
            guard Shares.cores > 1 else { return }
            claims.sync {
                handed = itemCount
                back = itemCount / Self.chunk
            }
            DispatchQueue.global().async { self.takeFromFront() }
        }

        /// After the line loop: hands over the last items, takes runs from the back until none are left, and waits
        /// for the runs other cores took. A task that has not started by then never will take one, so it is not
        /// waited for: the parse never waits for a thread to be free.
        func finish(itemCount: Int) {
            claims.sync {
                handed = itemCount
                back = (itemCount + Self.chunk - 1) / Self.chunk
            }
            while let run = claims.sync(execute: { () -> Range<Int>? in
                guard front < back else { return nil }
                back -= 1
                return run(back)
            }) {
                find(run)
            }
            taking.wait()
        }

        private func takeFromFront() {
            while let run = claims.sync(execute: { () -> Range<Int>? in
                guard front < back else { return nil }
                front += 1
                taking.enter()
                return run(front - 1)
            }) {
                find(run)
                taking.leave()
            }
        }

        /// The items of run `index` handed over so far. Called on `claims`.
        private func run(_ index: Int) -> Range<Int> {
            (index * Self.chunk)..<min(handed, (index + 1) * Self.chunk)
        }

        private func find(_ run: Range<Int>) {
            for index in run { finder.setDueTokens(of: &items[index]) }
        }
    }

    private func setDueTokens(of item: inout Item) {
        var first: DueToken?
        var valid: DueToken?
        var hasOthers = false
        var nearMiss = false
        var done: DoneToken?
        var hasOtherDone = false
        forEachDueToken(item.textStart, lines[item.line].contentEnd, nearMiss: { nearMiss = true },
                        doneToken: { if done == nil { done = $0 } else { hasOtherDone = true } }) { token in
            if first == nil { first = token } else { hasOthers = true }
            if valid == nil, token.date != nil { valid = token }
        }
        item.doneToken = done
        item.firstDueToken = first
        item.dueToken = valid
        item.hasOtherDueTokens = hasOthers
        item.hasOtherDoneTokens = hasOtherDone
        item.mayHaveNearMissDate = nearMiss
    }

    // MARK: - Line classification

    /// The content range of a line; on the first line, after a byte-order mark.
    @inline(__always)
    private func content(_ index: Int) -> (Int, Int) {
        let line = lines[index]
        if index == 0, Bytes.hasBOM(b) { return (min(3, line.contentEnd), line.contentEnd) }
        return (line.start, line.contentEnd)
    }

    /// Whether an item of an off-board section takes the line at `index`, which continues its body by `BodyRule`, as
    /// body, so that reading items there changes no section or block the file has: not a heading; a fence or a
    /// comment only whole, when every line up to its closing one continues the body (`until` becomes the line after
    /// the closing one), as any item's body takes it; any other line.
    private func offBoardBodyTakes(_ index: Int, itemIndent: Int, until: inout Int) -> Bool {
        let (start, end) = content(index)
        let at = start + leadingSpaces(start, end)
        guard at < end, at - start <= 3 else { return true }
        if heading(at, end) != nil { return false }
        let close: Int?
        if let (char, length) = fenceOpening(at, end) {
            close = ((index + 1)..<lines.count).first { closesFence(content($0).0, content($0).1, char: char, length: length) }
        } else if Bytes.hasPrefix(b, at: at, end: end, "<!--") {
            close = contains(at + 2, end, "-->") ? index : ((index + 1)..<lines.count).first { contains(content($0).0, content($0).1, "-->") }
        } else {
            return true
        }
        guard let close, ((index + 1)..<(close + 1)).allSatisfy({ line in
            let (lineStart, lineEnd) = content(line)
            let (columns, textStart) = BodyRule.indentation(b, lineStart..<lineEnd)
            return textStart == lineEnd || BodyRule.continuesBody(b, columns: columns, textStart: textStart, end: lineEnd, itemIndent: itemIndent)
        }) else { return false }
        until = close + 1
        return true
    }

    private func leadingSpaces(_ start: Int, _ end: Int) -> Int {
        var position = start
        while position < end, b[position] == Bytes.space, position - start < 4 { position += 1 }
        return position - start
    }

    private func contains(_ start: Int, _ end: Int, _ needle: StaticString) -> Bool {
        var position = start
        while position < end {
            if Bytes.hasPrefix(b, at: position, end: end, needle) { return true }
            position += 1
        }
        return false
    }

    /// The index of the closing `---`/`...` line when the file starts with front matter.
    private func frontMatterEnd() -> Int? {
        guard !lines.isEmpty else { return nil }
        let (start, end) = content(0)
        guard isOnly(start, end, "---") else { return nil }
        for index in 1..<lines.count {
            let (start, end) = content(index)
            if isOnly(start, end, "---") || isOnly(start, end, "...") { return index }
        }
        return nil
    }

    /// The line is exactly `text`, then trailing spaces.
    private func isOnly(_ start: Int, _ end: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard Bytes.hasPrefix(b, at: start, end: end, text) else { return false }
        var position = start + count
        while position < end, b[position] == Bytes.space { position += 1 }
        return position == end
    }

    /// Inlined: it is asked of every line that is not body, and a call would copy the parser.
    @inline(__always)
    private func fenceOpening(_ at: Int, _ end: Int) -> (UInt8, Int)? {
        guard at < end, b[at] == UInt8(ascii: "`") || b[at] == UInt8(ascii: "~") else { return nil }
        let char = b[at]
        var position = at
        while position < end, b[position] == char { position += 1 }
        return position - at >= 3 ? (char, position - at) : nil
    }

    private func closesFence(_ start: Int, _ end: Int, char: UInt8, length: Int) -> Bool {
        let spaces = leadingSpaces(start, end)
        guard spaces <= 3 else { return false }
        var position = start + spaces
        let runStart = position
        while position < end, b[position] == char { position += 1 }
        guard position - runStart >= length else { return false }
        while position < end, Bytes.isWhitespace(b[position]) { position += 1 }
        return position == end
    }

    /// An ATX heading's level and text range (whitespace and a closing `#` run removed).
    @inline(__always)
    private func heading(_ at: Int, _ end: Int) -> (Int, Range<Int>)? {
        var position = at
        while position < end, b[position] == UInt8(ascii: "#") { position += 1 }
        let level = position - at
        guard (1...6).contains(level), position == end || Bytes.isWhitespace(b[position]) else { return nil }
        var text = Bytes.trimmed(b, position..<end)
        var closing = text.upperBound
        while closing > text.lowerBound, b[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
        if closing == text.lowerBound || Bytes.isWhitespace(b[closing - 1]) {
            text = Bytes.trimmed(b, text.lowerBound..<closing)
        }
        return (level, text)
    }

    /// A heading text ending in `(N)` (FORMAT.md §3, a WIP limit): the name before it, trimmed, and N; else the
    /// text as it is and nil.
    @inline(__always)
    private func wipLimit(_ range: Range<Int>) -> (name: Range<Int>, limit: Int?) {
        guard range.count >= 3, b[range.upperBound - 1] == UInt8(ascii: ")") else { return (range, nil) }
        var position = range.upperBound - 1
        var limit = 0
        var scale = 1
        while position > range.lowerBound, b[position - 1] >= UInt8(ascii: "0"), b[position - 1] <= UInt8(ascii: "9") {
            position -= 1
            guard scale <= 100_000_000 else { return (range, nil) }
            limit += Int(b[position] - UInt8(ascii: "0")) * scale
            scale *= 10
        }
        guard scale > 1, position > range.lowerBound, b[position - 1] == UInt8(ascii: "(") else { return (range, nil) }
        let name = Bytes.trimmed(b, range.lowerBound..<(position - 1))
        return name.isEmpty ? (range, nil) : (name, limit)
    }

    /// The section a heading text names, compared case-insensitively with inner whitespace collapsed (FORMAT.md
    /// §3), the text at most 24 bytes. Its first letter leaves one to three names to compare, each in place: a file of
    /// many headings would otherwise gather each text into a name and look it up.
    private func sectionKind(_ range: Range<Int>) -> SectionKind? {
        guard let first = range.first, range.count <= 24 else { return nil }
        // `| 0x20` lowers an ASCII letter; only the letter itself and its capital give these four.
        switch b[first] | 0x20 {
        case UInt8(ascii: "t"): return names(range, "todo") || names(range, "to do") || names(range, "to-do") ? .todo : nil
        case UInt8(ascii: "d"): return names(range, "doing") ? .doing : names(range, "done") ? .done : nil
        case UInt8(ascii: "i"): return names(range, "in progress") ? .doing : nil
        case UInt8(ascii: "a"): return names(range, "archive") ? .archive : nil
        default: return nil
        }
    }

    /// True when the heading text is `name` (lower case, words one space apart): its letters in either case, each
    /// space a run of spaces and tabs. Inlined, so that each name's bytes are constants.
    @inline(__always)
    private func names(_ range: Range<Int>, _ name: StaticString) -> Bool {
        var position = range.lowerBound
        let (bytes, count) = (name.utf8Start, name.utf8CodeUnitCount)
        for index in 0..<count {
            let expected = bytes[index]
            guard position < range.upperBound else { return false }
            let byte = b[position]
            if expected == Bytes.space {
                guard Bytes.isWhitespace(byte) else { return false }
                position = Bytes.skipWhitespace(b, position..<range.upperBound)
                continue
            }
            // A lower-case letter matches itself and its capital (which differs in bit 0x20 alone); `-` only itself.
            guard expected >= UInt8(ascii: "a") ? byte | 0x20 == expected : byte == expected else { return false }
            position += 1
        }
        return position == range.upperBound
    }

    /// A merge conflict marker (FORMAT.md §7): seven or more `<`, `|`, `=` or `>` at the line's start; `=` alone on
    /// the line (but for trailing whitespace), the others followed by whitespace or the line's end.
    /// Its character when the line is one.
    @inline(__always)
    private func conflictMarker(_ index: Int) -> UInt8? {
        let (start, end) = content(index)
        return Self.conflictMarker(b, start, end)
    }

    /// The marker character when the text `bytes[start..<end]` of a line is a conflict marker (FORMAT §7): seven or
    /// more of `<`, `|` or `>`, then whitespace or nothing, or seven or more `=` alone.
    static func conflictMarker<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ start: Int, _ end: Int) -> UInt8? where C.Index == Int {
        guard end - start >= 7 else { return nil }
        let char = bytes[start]
        guard char == UInt8(ascii: "<") || char == UInt8(ascii: "|") || char == UInt8(ascii: "=") || char == UInt8(ascii: ">")
        else { return nil }
        var position = start
        while position < end, bytes[position] == char { position += 1 }
        guard position - start >= 7 else { return nil }
        if char == UInt8(ascii: "=") { return Bytes.isBlank(bytes, position..<end) ? char : nil }
        return position == end || Bytes.isWhitespace(bytes[position]) ? char : nil
    }

    private func isBullet(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
    }

    /// `- [ ] title`: bullet, spaces, checkbox, then a space and the title or the line's end. Inlined: most lines
    /// are items, and a call would copy the parser.
    @inline(__always)
    private func itemLine(_ index: Int, _ start: Int, _ at: Int, _ end: Int) -> OpenItem? {
        guard at < end, isBullet(b[at]) else { return nil }
        var position = at + 1
        while position < end, b[position] == Bytes.space { position += 1 }
        guard position > at + 1, end - position >= 3, b[position] == UInt8(ascii: "["),
              b[position + 2] == UInt8(ascii: "]") else { return nil }
        let mark = b[position + 1]
        guard mark == Bytes.space || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X") else { return nil }
        let afterBox = position + 3
        let textStart: Int
        if afterBox == end {
            textStart = end
        } else if b[afterBox] == Bytes.space {
            textStart = afterBox + 1
        } else {
            return nil
        }
        return OpenItem(line: index, bodyEnd: index + 1, section: sections.count, indent: at - start, bullet: b[at],
                        checkboxOffset: position, checked: mark != Bytes.space, textStart: textStart)
    }

    /// A bullet followed by whitespace or the line's end, and not a thematic break (`* * *`). Inlined: a call would
    /// copy the parser.
    @inline(__always)
    private func isListItem(_ at: Int, _ end: Int) -> Bool {
        guard at < end, isBullet(b[at]), at + 1 == end || Bytes.isWhitespace(b[at + 1]) else { return false }
        var marks = 0
        for position in at..<end {
            if b[position] == b[at] {
                marks += 1
            } else if !Bytes.isWhitespace(b[position]) {
                return true
            }
        }
        return marks < 3
    }

    // MARK: - Due tokens

    /// Calls `body` with each due token after the first on an item line, in order (validation reports them; they are
    /// rare, but a pasted line can hold a hundred thousand).
    static func forEachOtherDueToken(in bytes: [UInt8], _ start: Int, _ end: Int, _ body: (DueToken) -> Void) {
        var first = true
        bytes.withUnsafeBufferPointer {
            Parser(bytes: $0, lines: []).forEachDueToken(start, end) { token in
                if first { first = false } else { body(token) }
            }
        }
    }

    /// Calls `body` with each done token after the first on an item line, in order (validation reports them).
    static func forEachOtherDoneToken(in bytes: [UInt8], _ start: Int, _ end: Int, _ body: (DoneToken) -> Void) {
        var first = true
        bytes.withUnsafeBufferPointer {
            Parser(bytes: $0, lines: []).forEachDueToken(start, end, doneToken: { token in
                if first { first = false } else { body(token) }
            }) { _ in }
        }
    }

    /// Calls `found` with every due token among the whitespace-delimited words of `start..<end`, in order, and
    /// `doneToken` with every done token. A token can only start where `due:` or `done:` has its colon, `@{` its
    /// brace, or 📅 (F0 9F 93 85) or ✅ (E2 9C 85) its first byte, so the line is read sixteen bytes at a time (then
    /// eight) and only the colons, braces and 0x85 bytes, found by a mask, are looked at closely. The emoji are found
    /// by their last byte, which few other characters share, rather than by their first, which every emoji and many
    /// symbols share.
    @inline(__always)
    private func forEachDueToken(_ start: Int, _ end: Int, nearMiss: () -> Void = {},
                                 doneToken: (DoneToken) -> Void = { _ in }, _ found: (DueToken) -> Void) {
        guard let base = b.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        func look(at trigger: Int) {
            var hit = trigger
            if b[hit] == 0x85 {
                // The last byte of 📅 or ✅: the token starts at the emoji's first byte.
                if hit - 3 >= start, b[hit - 3] == 0xF0, b[hit - 2] == 0x9F, b[hit - 1] == 0x93 {
                    hit -= 3
                } else if hit - 2 >= start, b[hit - 2] == 0xE2, b[hit - 1] == 0x9C {
                    hit -= 2
                } else {
                    return
                }
            }
            if let token = dueToken(at: hit, trigger: b[hit], lineStart: start, lineEnd: end) {
                found(token)
            } else if let token = self.doneToken(at: hit, lineStart: start, lineEnd: end) {
                doneToken(token)
            } else if mayBeNearMissDate(at: hit, lineStart: start, lineEnd: end) {
                nearMiss()
            }
        }
        // Looks at each byte a mask marks (its high bit set), the mask's lowest byte at `offset`.
        @inline(__always) func look(atEach hits: UInt64, from offset: Int) {
            var hits = hits
            while hits != 0 {
                look(at: offset + hits.trailingZeroBitCount / 8)
                hits &= hits - 1
            }
        }
        var position = start
        // Sixteen bytes at a time first, compared as a vector.
        let colons = SIMD16<UInt8>(repeating: UInt8(ascii: ":")), braces = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
        let lastBytes = SIMD16<UInt8>(repeating: 0x85)
        while end - position >= 16 {
            let run = SixteenBytes.load(base, at: position)
            let lanes = SixteenBytes.lanes((run .== colons) .| (run .== braces) .| (run .== lastBytes))
            look(atEach: lanes.low, from: position)
            look(atEach: lanes.high, from: position + 8)
            position += 16
        }
        while end - position >= 8 {
            look(atEach: Self.triggerMask(raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian), from: position)
            position += 8
        }
        if position < end, end - start >= 8 {
            // The last word of eight ends at the line's end; its bytes before `position` were seen already.
            let seen = 8 - (end - position)
            look(atEach: Self.triggerMask(raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self).littleEndian)
                & (~0 << UInt64(8 * seen)), from: end - 8)
            return
        }
        while position < end {
            let byte = b[position]
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "{") || byte == 0x85 { look(at: position) }
            position += 1
        }
    }

    /// True when the `:` or 📅 byte at `hit` may end a word validation warns is almost a due date (`Due:…`,
    /// `due: …`, `📅2026-…`): a cheap look at its neighbours; validation works out the message.
    @inline(__always)
    private func mayBeNearMissDate(at hit: Int, lineStart: Int, lineEnd: Int) -> Bool {
        if b[hit] == 0xF0 {
            // `📅2026-12-01`, or `📅 2026/12/01`: validation decides
            return hit + 4 < lineEnd && b[hit + 1] == 0x9F && b[hit + 2] == 0x93 && b[hit + 3] == 0x85
        }
        let start = hit - 3
        guard b[hit] == UInt8(ascii: ":"), start >= lineStart, b[start] | 0x20 == UInt8(ascii: "d"),
              b[start + 1] | 0x20 == UInt8(ascii: "u"), b[start + 2] | 0x20 == UInt8(ascii: "e") else { return false }
        // `due:2026-12-01` after a no-break space
        if Bytes.otherSpaceLength(b, endingAt: start, from: lineStart) > 0 { return true }
        guard isWordStart(start, lineStart: lineStart) else { return false }
        let isLowercase = b[start] == UInt8(ascii: "d") && b[start + 1] == UInt8(ascii: "u") && b[start + 2] == UInt8(ascii: "e")
        return !isLowercase || hit + 1 == lineEnd || Bytes.isWhitespace(b[hit + 1])
    }

    /// The high bit of each of the eight bytes (first byte lowest) that is `:`, `{` or 0x85, and no other bit.
    @inline(__always)
    private static func triggerMask(_ word: UInt64) -> UInt64 {
        Bytes.marks(of: UInt8(ascii: ":"), in: word) | Bytes.marks(of: UInt8(ascii: "{"), in: word) | Bytes.marks(of: 0x85, in: word)
    }

    /// The due token whose colon, brace or 📅 first byte stands at `hit`, if there is one.
    @inline(__always)
    private func dueToken(at hit: Int, trigger: UInt8, lineStart: Int, lineEnd: Int) -> DueToken? {
        switch trigger {
        case UInt8(ascii: ":"):
            let wordStart = hit - 3
            guard wordStart >= lineStart, b[wordStart] == UInt8(ascii: "d"), b[wordStart + 1] == UInt8(ascii: "u"),
                  b[wordStart + 2] == UInt8(ascii: "e"), isWordStart(wordStart, lineStart: lineStart) else { return nil }
            let wordEnd = self.wordEnd(from: hit, lineEnd)
            guard wordEnd - wordStart > 4 else { return nil }
            return DueToken(style: .todoTxt, range: wordStart..<wordEnd, date: CivilDate(iso: b, (wordStart + 4)..<wordEnd))
        case UInt8(ascii: "{"):
            let wordStart = hit - 1
            guard wordStart >= lineStart, b[wordStart] == UInt8(ascii: "@"), isWordStart(wordStart, lineStart: lineStart)
            else { return nil }
            let wordEnd = self.wordEnd(from: hit, lineEnd)
            guard wordEnd - wordStart >= 3, b[wordEnd - 1] == UInt8(ascii: "}") else { return nil }
            return DueToken(style: .obsidianKanban, range: wordStart..<wordEnd,
                            date: CivilDate(iso: b, (wordStart + 2)..<(wordEnd - 1)))
        case 0xF0:
            // A 📅, found by its last byte.
            guard hit + 3 < lineEnd, b[hit + 3] == 0x85, isWordStart(hit, lineStart: lineStart) else { return nil }
            return calendarToken(hit, wordEnd: wordEnd(from: hit, lineEnd), lineEnd: lineEnd)
        default:
            return nil  // a ✅ starts a done token, never a due token
        }
    }

    /// The done token whose colon or ✅ first byte stands at `hit`, if there is one: `done:` or `✅` as a word of
    /// its own, then text shaped like a date.
    @inline(__always)
    private func doneToken(at hit: Int, lineStart: Int, lineEnd: Int) -> DoneToken? {
        if b[hit] == UInt8(ascii: ":") {
            let wordStart = hit - 4
            guard wordStart >= lineStart, Bytes.hasPrefix(b, at: wordStart, end: hit, "done"),
                  isWordStart(wordStart, lineStart: lineStart) else { return nil }
            let wordEnd = self.wordEnd(from: hit, lineEnd)
            guard hasDateShape((hit + 1)..<wordEnd) else { return nil }
            return DoneToken(isObsidianTasks: false, range: wordStart..<wordEnd, date: CivilDate(iso: b, (hit + 1)..<wordEnd))
        }
        let check: StaticString = "\u{2705}"
        let checkWithSelector: StaticString = "\u{2705}\u{FE0F}"
        guard b[hit] == 0xE2, hit + 2 < lineEnd, b[hit + 2] == 0x85, isWordStart(hit, lineStart: lineStart) else { return nil }
        let end = wordEnd(from: hit, lineEnd)
        guard (Bytes.hasPrefix(b, at: hit, end: end, check) && end - hit == 3)
                || (Bytes.hasPrefix(b, at: hit, end: end, checkWithSelector) && end - hit == 6) else { return nil }
        let dateStart = Bytes.skipWhitespace(b, end..<lineEnd)
        let dateEnd = wordEnd(from: dateStart, lineEnd)
        guard dateStart > end, hasDateShape(dateStart..<dateEnd) else { return nil }
        return DoneToken(isObsidianTasks: true, range: hit..<dateEnd, date: CivilDate(iso: b, dateStart..<dateEnd))
    }

    @inline(__always)
    private func isWordStart(_ offset: Int, lineStart: Int) -> Bool {
        offset == lineStart || Bytes.isWhitespace(b[offset - 1])
    }

    /// The end of the word at `offset`: the first space or tab, or `end`. Eight bytes at a time while eight are left:
    /// a token's date is ten bytes.
    @inline(__always)
    private func wordEnd(from offset: Int, _ end: Int) -> Int {
        var position = offset
        if let base = b.baseAddress {
            while end - position >= 8 {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
                let blanks = Bytes.marks(of: Bytes.space, in: word) | Bytes.marks(of: Bytes.tab, in: word)
                if blanks != 0 { return position + blanks.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < end, !Bytes.isWhitespace(b[position]) { position += 1 }
        return position
    }

    /// `📅 YYYY-MM-DD`: the emoji as a word of its own, then a word shaped like a date.
    private func calendarToken(_ start: Int, wordEnd end: Int, lineEnd: Int) -> DueToken? {
        let calendar: StaticString = "\u{1F4C5}"
        let calendarWithSelector: StaticString = "\u{1F4C5}\u{FE0F}"
        guard (Bytes.hasPrefix(b, at: start, end: end, calendar) && end - start == 4)
                || (Bytes.hasPrefix(b, at: start, end: end, calendarWithSelector) && end - start == 7) else { return nil }
        let dateStart = Bytes.skipWhitespace(b, end..<lineEnd)
        let dateEnd = wordEnd(from: dateStart, lineEnd)
        guard dateStart > end, hasDateShape(dateStart..<dateEnd) else { return nil }
        return DueToken(style: .obsidianTasks, range: start..<dateEnd, date: CivilDate(iso: b, dateStart..<dateEnd))
    }

    /// `NNNN-NN-NN`, whether or not it is a real date.
    private func hasDateShape(_ range: Range<Int>) -> Bool {
        guard range.count == 10 else { return false }
        for (index, position) in range.enumerated() {
            let byte = b[position]
            let ok = index == 4 || index == 7 ? byte == UInt8(ascii: "-")
                : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if !ok { return false }
        }
        return true
    }
}
