/// Why an edit was refused.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle
    case lineBreakInTitle
    /// The title holds a token `board check` rejects; the message says which and why.
    case rejectedTitle(String)
    /// The edit would change what an untouched line means (FORMAT.md §6); `line` is its 0-based index.
    case wouldChangeMeaning(line: Int, String)

    public var description: String {
        switch self {
        case .emptyTitle: "the title is empty"
        case .lineBreakInTitle: "the title contains a line break"
        case .rejectedTitle(let message): message
        case .wouldChangeMeaning(_, let message): message
        }
    }
}

/// A change to an item's due date.
public enum DueChange: Equatable, Sendable {
    case keep
    case set(CivilDate)
    case remove
}

/// A change to an item's body.
public enum BodyChange: Equatable, Sendable {
    case keep
    /// Replace the body with this text, split at its line breaks.
    case set(String)
    case remove
}

/// One edit, as the commands make them. `Board.printed(after:)` prints the file it produces.
public enum BoardEdit: Sendable {
    case add(title: String, due: CivilDate?, body: String?, to: SectionKind, atTop: Bool)
    case remove(Item)
    /// With `doneOn`, a move into DONE records that date (FORMAT.md §5).
    case move(Item, to: SectionKind, atTop: Bool, doneOn: CivilDate? = nil)
    /// The checkbox set to match the item's own section.
    case fixCheckbox(Item)
    case edit(Item, title: String?, due: DueChange, body: BodyChange)
}

extension Board {
    /// The file after an edit, not parsed again: for a caller that only writes it, as parsing the result costs as
    /// much as parsing the file did. The `-ing` methods below are the same edits, parsed.
    public func printed(after edit: BoardEdit) throws(EditError) -> PrintedFile {
        switch edit {
        case let .add(title, due, body, kind, atTop): return try addedFile(title: title, due: due, body: body, to: kind, atTop: atTop).file
        case let .remove(item): return try removedFile(item)
        case let .move(item, kind, atTop, doneOn): return try movedFile(item, to: kind, atTop: atTop, doneOn: doneOn)
        case let .fixCheckbox(item): return checkboxFixedFile(item)
        case let .edit(item, title, due, body): return try editedFile(item, title: title, due: due, body: body)
        }
    }

    // MARK: - Adding

    /// The board with a new item `- [ ] Title due:DATE` (and an indented body) in the first section of `kind`,
    /// creating the section when the board has none (FORMAT.md §3, §6).
    public func adding(title: String, due: CivilDate? = nil, body: String? = nil, to kind: SectionKind,
                       atTop: Bool = false) throws(EditError) -> Board {
        Board(parsing: try addedFile(title: title, due: due, body: body, to: kind, atTop: atTop).file.bytes)
    }

    /// `printed(after: .add(…))`, and the 0-based line the new item's line has in that file.
    public func addedFile(title: String, due: CivilDate?, body: String?, to kind: SectionKind,
                          atTop: Bool) throws(EditError) -> (file: PrintedFile, line: Int) {
        let title = try Self.normalizedTitle(title)
        var line = [bulletForNewItem(in: kind)] + Array(" [\(kind == .done ? "x" : " ")] ".utf8) + Array(title.utf8)
        if let due { line += Array(" due:\(due)".utf8) }
        try Self.checkNewItemLine(line)
        let ending = lineEnding
        let bodyLines = body.map { Self.indentedBody($0, indent: Array("  ".utf8), ending: ending) } ?? []
        let block = ItemLines(lines: [NewLine(content: line, ending: ending)] + bodyLines, indent: 0)
        return try insertedFile(block, into: kind, atTop: atTop, isNew: true)
    }

    // MARK: - Removing

    /// The board without the item's lines; when the lines around the hole are both blank,
    /// the one after goes too, so `add` then `rm` gives back the original bytes.
    public func removing(_ item: Item) throws(EditError) -> Board {
        Board(parsing: try removedFile(item).bytes)
    }

    private func removedFile(_ item: Item) throws(EditError) -> PrintedFile {
        rendered([try removal(of: item)])
    }

    /// The item's lines, and the blank line after them when the line before them is blank too. Refused when the
    /// next line would then join the body of the item above (FORMAT.md §6: nothing untouched changes meaning).
    private func removal(of item: Item) throws(EditError) -> Replacement {
        var range = item.lines
        if range.lowerBound > 0, range.upperBound < lines.count,
           isBlankLine(range.lowerBound - 1), isBlankLine(range.upperBound) {
            range = range.lowerBound..<(range.upperBound + 1)
        }
        if let above = openItem(before: range.lowerBound), let next = nextNonBlankLine(from: range.upperBound),
           continuesBody(line: next, itemIndent: above.indent) {
            throw .wouldChangeMeaning(line: next, "removing \(quotedTitle(item)) would make line \(next + 1) part of the body of \(quotedTitle(above)) above it; indent line \(next + 1) less than line \(above.line + 1) plus two, then run the command again")
        }
        return Replacement(lines: range, with: [])
    }

    // MARK: - Moving

    /// The board with the item moved to the first section of `kind`: removed, then added there,
    /// its lines verbatim but for the checkbox, which is set to match the target (an `[X]` moved to DONE stays `[X]`),
    /// the done date (`movedLines`), and the indentation where it would otherwise change what a neighbouring line
    /// means.
    public func moving(_ item: Item, to kind: SectionKind, atTop: Bool = false, doneOn: CivilDate? = nil) throws(EditError) -> Board {
        Board(parsing: try movedFile(item, to: kind, atTop: atTop, doneOn: doneOn).bytes)
    }

    private func movedFile(_ item: Item, to kind: SectionKind, atTop: Bool, doneOn: CivilDate?) throws(EditError) -> PrintedFile {
        if standsWhereMoved(item, to: kind, atTop: atTop) {
            return editedInPlace(lineEdits(of: item, to: kind, doneText: Self.doneText(doneOn)))
        }
        let block = movedLines(item, to: kind, doneOn: doneOn)
        // Into another existing section, removing does not change where the lines go: one splice.
        // Otherwise (same section, or one to create) remove first, then place on the result.
        guard let target = firstSection(kind), target != item.section else {
            // Between the steps the board keeps the ending of the line the item's removal leaves last, which a file
            // without a final newline loses: that line took the file's ending once the second step wrote after it
            // (`## DONE\r\n` became `## DONE\n`). The settings block Obsidian Kanban keeps last is this board's: an
            // item after it, moved away, leaves it last between the steps, which would put a new section above it.
            let removed = Board(parsing: rendered([try removal(of: item)], keepingFinalEnding: true).bytes)
            var file = try removed.insertedFile(detached(block), into: kind, atTop: atTop, isNew: false,
                                                settingsBlock: obsidianSettingsLine != nil).file
            if endsWithoutNewline { Self.dropFinalEndings(&file) }
            return file
        }
        return rendered([try removal(of: item), try placement(of: block, inSection: target, atTop: atTop, isNew: false,
                                                              settingsLine: obsidianSettingsLine)])
    }

    /// The item's lines as they go to a section of `kind`: verbatim but for the checkbox, set to match it, and the
    /// done date: into DONE, ` done:DATE` after the line's last non-blank character when `doneOn` is given and the
    /// line has no done token; out of DONE, its done token removed with one adjacent space when it holds a real date
    /// (an impossible one is title text, which `check` reports, and stays). Into the archive they go as they are.
    private func movedLines(_ item: Item, to kind: SectionKind, doneOn: CivilDate?) -> ItemLines {
        movedLines(item, to: kind, doneText: Self.doneText(doneOn))
    }

    /// The ` done:DATE` text a move into DONE adds, when it records a date.
    private static func doneText(_ doneOn: CivilDate?) -> [UInt8]? {
        doneOn.map { Array(" done:\($0)".utf8) }
    }

    /// `movedLines` with the ` done:DATE` text made once for many items.
    private func movedLines(_ item: Item, to kind: SectionKind, doneText: [UInt8]?) -> ItemLines {
        let edits = lineEdits(of: item, to: kind, doneText: doneText)
        guard !edits.isEmpty else { return ItemLines(lines: verbatimLines(of: item), indent: item.indent) }
        var edited = NewLine.edited(line: item.line, edits: edits)
        if !lines[item.line].hasEnding { edited = withFileEnding(edited) }
        return ItemLines(lines: [edited] + verbatimLines(item.line + 1..<item.lines.upperBound), indent: item.indent)
    }

    /// The edits of its item line (in order) that `movedLines` makes to an item going to a section of `kind`: a
    /// title of 50 MB is not copied to tick it.
    private func lineEdits(of item: Item, to kind: SectionKind, doneText: [UInt8]?) -> [ByteEdit] {
        let flipsCheckbox = kind != .archive && item.checked != (kind == .done)
        let addsDone = kind == .done && item.doneToken == nil && doneText != nil
        let removesDone = kind != .done && kind != .archive && item.doneToken?.date != nil
        let line = lines[item.line]
        var edits: [ByteEdit] = []
        if flipsCheckbox {
            let box = item.checkboxOffset + 1
            edits.append(ByteEdit(range: box..<(box + 1), replacement: [kind == .done ? UInt8(ascii: "x") : Bytes.space]))
        }
        if addsDone, let doneText {
            let end = Bytes.trimmed(bytes, line.start..<line.contentEnd).upperBound
            edits.append(ByteEdit(range: end..<end, replacement: doneText))
        } else if removesDone, let token = item.doneToken {
            edits.append(doneTokenRemoval(token.range, checkboxEnd: item.checkboxOffset + 3, textStart: item.textStart,
                                          textEnd: line.contentEnd))
        }
        return edits
    }

    /// True when the item already stands where a move to the first section of `kind` puts it: it is that section's
    /// first item (with `atTop`) or its last. Taken out and placed again, it would go under whatever follows it in
    /// the section (the only item of DONE went below the notes after it).
    private func standsWhereMoved(_ item: Item, to kind: SectionKind, atTop: Bool) -> Bool {
        guard let target = firstSection(kind), target == item.section else { return false }
        let standing = atTop ? items.first { $0.section == target } : items.last { $0.section == target }
        return standing?.line == item.line
    }

    /// The file with these edits (in order, apart) made to its bytes; every other byte as it is.
    private func editedInPlace(_ edits: [ByteEdit]) -> PrintedFile {
        var file = PrintedFile(source: bytes)
        forEachPiece(from: 0, edits, through: bytes.count) { file.append(source: $0) } new: { file.append($0) }
        return file
    }

    /// The item's lines, as they are: its item line, then its body as one run of board lines, but the file's last
    /// line when it has no ending, which is given one. A body of a million lines is not a million lines to place.
    private func verbatimLines(of item: Item) -> [NewLine] {
        verbatimLines(item.line..<(item.line + 1)) + verbatimLines(item.line + 1..<item.lines.upperBound)
    }

    /// Board lines `range` as one run, the file's last line apart when it has no ending, given one.
    private func verbatimLines(_ range: Range<Int>) -> [NewLine] {
        guard let last = range.last else { return [] }
        guard !lines[last].hasEnding else { return [.board(lines: range)] }
        let run: [NewLine] = range.count > 1 ? [.board(lines: range.lowerBound..<last)] : []
        return run + [withFileEnding(.board(lines: last..<(last + 1)))]
    }

    /// The file with several items (in file order) moved at once, each to the first section of its kind, in one
    /// splice: every one removed as `rm` removes it, then placed in file order after the last item that stays in
    /// its target, or where one goes into a target that keeps no item, each next to the one placed before it. With
    /// `atTop`, as moving them one at a time from the last places them: before the item that is first in the target
    /// when the last of them goes there (`topAnchors`). Nil when that cannot be one splice (a target section is
    /// missing; or, with `atTop`, has no item when the last of them goes there; or keeps no item beside a settings
    /// block or an unclosed fence or comment): the caller moves them otherwise.
    func movedFile(_ moves: [ItemMove], doneOn: CivilDate?, atTop: Bool = false) throws(EditError) -> PrintedFile? {
        let going = moves.lazy.map(\.index)
        var survivors = Survivors(self, going: going)
        var targets = [Bool](repeating: false, count: SectionKind.archive.rawValue + 1)
        for move in moves { targets[move.to.rawValue] = true }
        let kinds = [SectionKind.todo, .doing, .done, .archive].filter { targets[$0.rawValue] }
        // Before any removal is checked: moved one at a time, the first would make the missing section, or go into
        // the empty one, before the others go, which can change what they leave behind them.
        let anchors = atTop ? topAnchors(moves, survivors: survivors) : []
        guard kinds.allSatisfy({ firstSection($0) != nil && (!atTop || anchors[$0.rawValue] != nil) }) else { return nil }
        // An item that goes too stays put until the items placed before it are there: they are left where it was.
        let groups = anchors.compactMap { $0.flatMap { survivors.going[items[$0].line] ? items[$0].line : nil } }
        var (replacements, removed) = try removals(of: going, survivors: &survivors, groupsAt: groups)
        let doneText = Self.doneText(doneOn)
        for kind in kinds {
            let incoming = moves.lazy.filter { $0.to == kind }.map { items[$0.index] }
            guard let section = firstSection(kind) else { return nil }
            let at: Int
            var aboveIndent: Int?
            var gap: [NewLine] = []
            let anchor = atTop ? anchors[kind.rawValue].map { items[$0] } : nil
            if let anchor {
                at = anchor.line
            } else if !atTop, let neighbour = items.lazy.filter({ $0.section == section && !survivors.going[$0.line] }).last {
                at = neighbour.lines.upperBound
                aboveIndent = neighbour.indent
            } else {
                // Into a section that keeps no item, the first goes where `placement` puts one into an empty section
                // of the file without the removed lines, and the others after it.
                guard !atTop, let place = emptySectionPlace(section, removed: removed) else { return nil }
                at = place.at
                if place.gap { gap = [NewLine(content: [], ending: lineEnding)] }
            }
            let below = atTop ? at : survivors.survivingLine(from: at, step: 1)
            var placed: [NewLine] = []
            if atTop {
                // To the top, as moving them one at a time from the last would place them: the last before the
                // anchor, fitted to it; each other one before the one placed after it, fitted to that.
                // In a file without a final newline, one whose lines end the file once those after it are gone would
                // be its last line when moved, without an ending, and take the file's: those end at or past the
                // first line of the run of removed and blank lines the file ends with (blank lines at the end of such
                // a file go when it is printed).
                let removedTail = endsWithoutNewline ? (lines.indices.last { !removed[$0] && !isBlankLine($0) } ?? -1) + 1 : Int.max
                let (stacked, lastIndent) = try stackedAtTop(incoming, to: kind, doneText: doneText, below: below,
                                                             removedTail: removedTail)
                placed = stacked
                // Where they stay in place of an item that goes, the line after it must not join the body of the
                // last one placed, as it would when that item was taken out from under them.
                if let anchor, survivors.going[anchor.line], let lastIndent,
                   let next = survivors.survivingLine(from: anchor.lines.upperBound, step: 1),
                   continuesBody(line: next, itemIndent: lastIndent) {
                    throw .wouldChangeMeaning(line: next, "moving \(quotedTitle(anchor)) would make line \(next + 1) part of the body of the item placed above it; indent line \(next + 1) less, then run the command again")
                }
            } else {
                // Room for three lines an item, at most (its line, its body's run, a last line given an ending):
                // grown by doubling, a hundred thousand moved lines were held twice.
                placed.reserveCapacity(incoming.reduce(1) { count, _ in count + 3 })
                // At the end of a file without a final newline, each item moved alone would be the last line, lose
                // its ending, and get the file's when the next one came after it.
                let lastLineEnds = at < lines.count || !endsWithoutNewline
                for item in incoming {
                    // Each is fitted to the line below, as it would be moved alone after the one before it.
                    let block = try fitted(movedLines(item, to: kind, doneText: doneText), aboveIndent: aboveIndent, below: below)
                    aboveIndent = block.indent
                    if !lastLineEnds, let last = placed.indices.last { placed[last] = withFileEnding(placed[last]) }
                    for line in block.lines { Self.appendJoining(line, to: &placed) }
                }
            }
            placed += gap
            replacements.append(Replacement(lines: at..<at, with: placed))
        }
        return rendered(replacements)
    }

    /// The items' lines (in file order) as moving them to the top one at a time from the last places them: the last
    /// before line `below`, fitted to it; each other one before the one placed after it, fitted to that. Those that
    /// end at or past line `removedTail` take the file's ending on their last line. Also the indentation the last
    /// one gets.
    private func stackedAtTop(_ chosen: some BidirectionalCollection<Item>, to kind: SectionKind, doneText: [UInt8]?,
                              below: Int?, removedTail: Int = .max) throws(EditError) -> (lines: [NewLine], lastIndent: Int?) {
        // The lines go in last first, then are turned around: no item's lines are kept apart.
        var stacked: [NewLine] = []
        var nextIndent: Int?
        var lastIndent: Int?
        for item in chosen.reversed() {
            var block = movedLines(item, to: kind, doneText: doneText)
            if item.lines.upperBound >= removedTail, let last = block.lines.indices.last {
                block.lines[last] = withFileEnding(block.lines[last])
            }
            if let nextIndent {
                // An item line below continues the body of one indented two less.
                if nextIndent >= block.indent + 2 { block = reindented(block, min(3, nextIndent)) }
            } else {
                block = try fitted(block, aboveIndent: nil, below: below)
                lastIndent = block.indent
            }
            nextIndent = block.indent
            for line in block.lines.reversed() { Self.appendJoining(line, to: &stacked, backwards: true) }
        }
        stacked.reverse()
        return (stacked, lastIndent)
    }

    /// For each kind of section moved into (by raw value), the index of the item the moved items go before when
    /// moved to the top one at a time from the last: the first item of the target that is still there when the last
    /// of them goes into it, i.e. not one that goes and comes at or after that one in the file. Nil where there is
    /// none (the target keeps no item, or is missing). When that item goes too (later, being before the last; or
    /// being the last, which stays put as the target's first item), the ones placed before it stay where it was.
    private func topAnchors(_ moves: [ItemMove], survivors: Survivors) -> [Int?] {
        var anchors = [Int?](repeating: nil, count: SectionKind.archive.rawValue + 1)
        for kind in [SectionKind.todo, .doing, .done, .archive] {
            guard let section = firstSection(kind), let last = moves.last(where: { $0.to == kind }) else { continue }
            // Moved first, the last stays put where it is the section's first item (`standsWhereMoved`), and the
            // others go before it.
            let first = items.indices.first { items[$0].section == section }
            anchors[kind.rawValue] = first == last.index ? first : items.indices.first { index in
                items[index].section == section && !(survivors.going[items[index].line] && index >= last.index)
            }
        }
        return anchors
    }

    /// An item to move, by its place in `items`, and the kind of section it goes to. A splice of a hundred thousand
    /// moves lists them in 16 bytes each, not as copies of the items.
    struct ItemMove {
        let index: Int
        let to: SectionKind
    }

    /// The lines that stay once some items are gone, found without crossing a run of gone lines more than once:
    /// where a scan from each line crossed stops is remembered, so that many items in a row do not make every scan
    /// cross all the ones before them.
    private struct Survivors {
        /// The lines of the items that go, by line: a set of a hundred thousand lines costs far more.
        let going: [Bool]
        private let board: Board
        /// Where a scan that crossed a line stopped (-1 for no line), by line: for `survivingLine` up and down, and
        /// for `lineKept`. Each is made at its first scan, as a splice of a hundred thousand moves crosses most
        /// lines: dictionaries of them took a third of `archive`'s memory.
        private var landing: [[Int32]] = [[], [], []]
        private static let unknown: Int32 = -2

        init(_ board: Board, going indices: some Sequence<Int>) {
            self.board = board
            var going = [Bool](repeating: false, count: board.lines.count)
            for index in indices { for line in board.items[index].lines { going[line] = true } }
            self.going = going
        }

        /// Where the scan of `table` that crossed `line` stopped, if one did.
        private func landing(_ table: Int, _ line: Int) -> Int? {
            guard !landing[table].isEmpty, landing[table][line] != Self.unknown else { return nil }
            return Int(landing[table][line])
        }

        private mutating func remember(_ table: Int, crossed: [Int], stop: Int) {
            guard !crossed.isEmpty else { return }
            if landing[table].isEmpty { landing[table] = [Int32](repeating: Self.unknown, count: board.lines.count) }
            for line in crossed { landing[table][line] = Int32(stop) }
        }

        /// The first line from `index` on, going by `step`, that is not going and not blank.
        mutating func survivingLine(from index: Int, step: Int) -> Int? {
            let table = step < 0 ? 0 : 1
            var line = index
            var crossed: [Int] = []
            while line >= 0, line < board.lines.count, going[line] || board.isBlankLine(line) {
                if let known = landing(table, line) {
                    line = known
                    break
                }
                crossed.append(line)
                line += step
            }
            let stop = line >= 0 && line < board.lines.count ? line : -1
            remember(table, crossed: crossed, stop: stop)
            return stop < 0 ? nil : stop
        }

        /// The last line before `index` that is not going.
        mutating func lineKept(before index: Int) -> Int? {
            var line = index - 1
            var crossed: [Int] = []
            while line >= 0, going[line] {
                if let known = landing(2, line) {
                    line = known
                    break
                }
                crossed.append(line)
                line -= 1
            }
            remember(2, crossed: crossed, stop: line)
            return line >= 0 ? line : nil
        }
    }

    /// The replacements that take the items (in file order) out, each as `rm` takes it after the ones before it
    /// (with the blank line after it when the line that stays before it is blank), and the lines they take.
    /// Refused where a line that stays would join the body of the item above it once every one of them is gone.
    /// Items placed before a line of `groupsAt` (the item line of one that goes) stand where it was: what stays
    /// before an item taken out after them is their last line, never blank, and they are the item above it (which
    /// the caller checks).
    private func removals(of going: some Sequence<Int>, survivors: inout Survivors,
                          groupsAt: [Int] = []) throws(EditError) -> (replacements: [Replacement], removed: [Bool]) {
        var replacements: [Replacement] = []
        replacements.reserveCapacity(going.underestimatedCount + 4)
        var removed = [Bool](repeating: false, count: lines.count)
        for item in going.lazy.map({ items[$0] }) {
            var range = item.lines
            // The last line before it that stays: not going, and not a blank line a removal before took along.
            var before = survivors.lineKept(before: range.lowerBound)
            while let line = before, removed[line] { before = survivors.lineKept(before: line) }
            let afterGroup = { (line: Int?) in groupsAt.contains { (line ?? -1) < $0 && $0 <= range.lowerBound } }
            if let before, isBlankLine(before), !afterGroup(before), range.upperBound < lines.count, isBlankLine(range.upperBound),
               !survivors.going[range.upperBound] {
                range = range.lowerBound..<(range.upperBound + 1)
            }
            for line in range { removed[line] = true }
            // The item the next surviving line would follow, once every item going is gone.
            let aboveLine = survivors.survivingLine(from: range.lowerBound - 1, step: -1)
            if !afterGroup(aboveLine), let aboveLine,
               let index = itemIndex(atOrBefore: aboveLine), items[index].lines.upperBound == aboveLine + 1,
               let next = survivors.survivingLine(from: range.upperBound, step: 1),
               continuesBody(line: next, itemIndent: items[index].indent) {
                let above = items[index]
                throw .wouldChangeMeaning(line: next, "removing \(quotedTitle(item)) would make line \(next + 1) part of the body of \(quotedTitle(above)) above it; indent line \(next + 1) less than line \(above.line + 1) plus two, then run the command again")
            }
            // Next to the removal before it, one removal: a splice of a hundred thousand items in a row is one.
            if let previous = replacements.last, previous.lines.upperBound == range.lowerBound {
                replacements[replacements.count - 1] = Replacement(lines: previous.lines.lowerBound..<range.upperBound, with: [])
            } else {
                replacements.append(Replacement(lines: range, with: []))
            }
        }
        return (replacements, removed)
    }

    /// Where `placement` puts the first item into the section, which keeps no item once the `removed` lines are
    /// gone, reckoned on the file without them: after the blank line under its last non-blank line, with a new blank
    /// line after it when any line follows; else right after that line. Nil where that needs more than the removed
    /// lines to tell: the file has an Obsidian Kanban settings line or a fence or comment that never closes.
    private func emptySectionPlace(_ sectionIndex: Int, removed: [Bool]) -> (at: Int, gap: Bool)? {
        guard regions.allSatisfy(\.isClosed), !lines.contains(where: {
            Bytes.hasPrefix(bytes, at: $0.start, end: $0.contentEnd, Self.obsidianSettingsPrefix)
        }) else { return nil }
        let section = sections[sectionIndex]
        func survivor(from line: Int) -> Int {
            var line = line
            while line < lines.count, removed[line] { line += 1 }
            return line
        }
        let last = section.lines.reversed().first { !removed[$0] && !isBlankLine($0) } ?? section.headingLine
        let next = survivor(from: last + 1)
        guard next < lines.count, isBlankLine(next) else { return (last + 1, false) }
        return (next + 1, survivor(from: next + 1) < lines.count)
    }

    /// The file with several items moved, each to the first section of its kind (`board done A B C`): an item
    /// already there only gets the checkbox of its section (with `atTop`, it goes to the top of it as well). The moved
    /// items keep their file order. In one splice
    /// where that can be; else one by one, each as `moving` moves it (to the top, only until the rest can be one).
    /// To the top of targets that hold no item, where a step from the last is refused, in file order.
    public func moving(_ moves: [(item: Item, to: SectionKind)], atTop: Bool = false,
                       doneOn: CivilDate? = nil) throws(EditError) -> PrintedFile {
        var pending = moves.sorted { $0.item.line < $1.item.line }
        // Fixing a checkbox changes one byte: every item keeps its line.
        var board = fixingCheckboxes(pending.lazy.filter { self.kind(of: $0.item) == $0.to }.map(\.item))
        // With atTop, an item already in its target goes to the top of it too.
        pending = pending.compactMap { move in
            board.kind(of: move.item) == move.to && !atTop ? nil : (board.items[board.itemIndex(atOrBefore: move.item.line) ?? 0], move.to)
        }
        if pending.isEmpty { return PrintedFile(board.bytes) }
        var indices = pending.compactMap { board.itemIndex(atOrBefore: $0.item.line) }
        if let file = try board.movedFile(zip(indices, pending).map { ItemMove(index: $0, to: $1.to) }, doneOn: doneOn, atTop: atTop) {
            return file
        }
        // One by one: moving an item keeps every other item in its order, so the n-th of the others stays the n-th.
        // To the top, the last goes first, so that they end up in file order. Once a move has given a target that
        // kept no item (or was missing) one, the rest go in one splice: one by one, 8,000 moves into a missing DONE
        // took 9 s, a parse each.
        let unmoved = board
        let steps = { () throws(EditError) -> PrintedFile in
            let order = atTop ? Array(pending.indices.reversed()) : Array(pending.indices)
            for number in order.dropLast() {
                let move = pending[number]
                let moved = try board.moving(board.items[indices[number]], to: move.to, atTop: atTop, doneOn: doneOn)
                guard let section = moved.firstSection(move.to),
                      let placed = atTop ? moved.items.firstIndex(where: { $0.section == section })
                                         : moved.items.lastIndex(where: { $0.section == section }) else { return PrintedFile(moved.bytes) }
                let from = indices[number]
                indices = indices.map { index in
                    // Old index → index among the others → new index, skipping the placed item.
                    let other = index > from ? index - 1 : index
                    return other >= placed ? other + 1 : other
                }
                board = moved
                let rest = atTop ? 0..<number : (number + 1)..<pending.count
                if let file = try board.movedFile(rest.map { ItemMove(index: indices[$0], to: pending[$0].to) },
                                                  doneOn: doneOn, atTop: atTop) {
                    return file
                }
            }
            // The last move's file is the answer, not parsed: a body of a million lines made a second line table.
            guard let last = order.last else { return PrintedFile(board.bytes) }
            return try board.movedFile(board.items[indices[last]], to: pending[last].to, atTop: atTop, doneOn: doneOn)
        }
        do {
            return try unmoved.refusingAsRemoval(of: pending.map(\.item), steps)
        } catch where atTop && keepNoItem(Set(pending.lazy.map(\.to))) && pending.allSatisfy({ unmoved.kind(of: $0.item) != $0.to }) {
            // The top of a target that keeps no item is its end too. There a step from the last can be refused where
            // the moves in file order are not (`move P X done --top`: X alone would leave the line after it, indented
            // more, in the body of P, which goes too). Not for an item in another section of the target's kind,
            // which goes to the target's top, where without `--top` it would stay.
            return try moving(moves, doneOn: doneOn)
        }
    }

    /// True when no section of these kinds holds an item (or there is none).
    private func keepNoItem(_ kinds: Set<SectionKind>) -> Bool {
        kinds.allSatisfy { kind in firstSection(kind).map { section in !items.contains { $0.section == section } } ?? true }
    }

    /// The file with several items removed in one splice, each as `removing` would remove it after the ones before
    /// it; refused only where a line that stays would change meaning once all of them are gone (`rm A B` takes an
    /// item whose body would have to hold the line after B, were B removed alone).
    public func removing(_ chosen: [Item]) throws(EditError) -> PrintedFile {
        let ordered = chosen.sorted { $0.line < $1.line }.compactMap { itemIndex(atOrBefore: $0.line) }
        var survivors = Survivors(self, going: ordered)
        return rendered(try removals(of: ordered, survivors: &survivors).replacements)
    }

    /// The file with these items (in file order, each once, none archived) moved to the top of the archive as they are, in
    /// file order, in one splice: as the last going first, making the `Archive` heading at the end of the file when
    /// there is none, and the others before it would place them. Where the archive keeps no item and one splice cannot
    /// tell what that gives (`newArchiveFile`), it takes those two steps; where the first is refused, it moves them
    /// in file order, as to any target that keeps no item.
    public func archived(_ chosen: some BidirectionalCollection<Item>) throws(EditError) -> PrintedFile {
        guard let last = chosen.last else { return PrintedFile(bytes) }
        let moves = chosen.compactMap { item in itemIndex(atOrBefore: item.line).map { ItemMove(index: $0, to: .archive) } }
        if let file = try movedFile(moves, doneOn: nil, atTop: true) { return file }
        // Into an archive that keeps no item, in one splice where that gives the same file; where it cannot tell, or
        // refuses, the two steps below (which refuse with their own messages).
        if let file = try? newArchiveFile(moves) { return file }
        guard let board = try? moving(last, to: .archive, atTop: true) else {
            // The last alone was refused. Taken out with the others, it may not be (X, indented under P, over a line
            // indented more, with P): then they go in file order, as to any target that keeps no item.
            return try refusingAsRemoval(of: Array(chosen)) { () throws(EditError) in
                let file = try moving(chosen.map { ($0, .archive) })
                let archived = Board(parsing: file.bytes)
                guard archived.items.count == items.count,
                      let archive = archived.firstSection(.archive),
                      archived.items.filter({ $0.section == archive }).count == chosen.count else {
                    throw archiveUnplaceable(last)
                }
                return file
            }
        }
        // Moving one item leaves the others in the same order: the n-th item other than the one moved is the n-th
        // other one before.
        guard let lastIndex = itemIndex(atOrBefore: last.line),
              let movedIndex = board.firstSection(.archive).flatMap({ archive in board.items.firstIndex { $0.section == archive } }),
              board.items.count == items.count
        else {
            // The archive could not take the item as an item: nothing may be written.
            throw archiveUnplaceable(last)
        }
        let rest = moves.dropLast().map { move in
            let other = move.index < lastIndex ? move.index : move.index - 1
            return board.items[other < movedIndex ? other : other + 1]
        }
        // The archive now keeps an item of its own, so the others go in one splice.
        return try refusingAsRemoval(of: Array(chosen)) { () throws(EditError) in try board.archived(rest) }
    }

    /// The refusal of an archive that cannot take `item` as an item where it would go.
    private func archiveUnplaceable(_ item: Item) -> EditError {
        .wouldChangeMeaning(line: item.line, "the archive cannot be placed where \(quotedTitle(item)) would stay an item; add a '## Archive' heading at the end of the file, then run the command again")
    }

    /// `steps`, which move `chosen` (items of this board) on boards made between them. Refused on such a board, whose
    /// lines are no longer the file's, they give the refusal removing `chosen` from this board at once gives, which
    /// names the file's lines, where that is refused too; else their own.
    func refusingAsRemoval<Result>(of chosen: [Item], _ steps: () throws(EditError) -> Result) throws(EditError) -> Result {
        do {
            return try steps()
        } catch {
            let refused = error
            do { _ = try removing(chosen) } catch { throw error }
            throw refused
        }
    }

    /// `archived` into an archive that keeps no item (or is missing), in one splice on this board: the file that
    /// moving the last item there alone, then the others before it in one splice, gives, without parsing the file
    /// between them. The last goes where `placement` puts it into the empty archive, or with the heading where
    /// `insertedFile` makes it on the board without that item: the lines after the item are the same there, and the
    /// line before the heading is the last one before it that the item's removal leaves. Nil where this board cannot
    /// tell (a `%% kanban:settings` line that would be the settings block once the item is gone; an archive above it;
    /// its removal ending a file without a final newline; the last item fitted to the line below it). Refused where
    /// either step is, and in some cases neither is: the caller then takes the two steps.
    private func newArchiveFile(_ moves: [ItemMove]) throws(EditError) -> PrintedFile? {
        guard let lastMove = moves.last else { return nil }
        let last = items[lastMove.index]
        let lastLine = bytes[lines[last.line].start..<lines[last.line].contentEnd]
        // The first step: the last item out, as `rm` takes it, ...
        let lastRemoval = try removal(of: last).lines
        // ... (the board without it printed without the ending of the line it would end with) ...
        guard !endsWithoutNewline || lastRemoval.upperBound < lines.count else { return nil }
        let block = movedLines(last, to: .archive, doneText: nil)
        let at: Int
        var placed: [NewLine] = []
        var tail: [NewLine]
        // The line that stands right before a new heading when a blank line goes between them.
        var lineBefore: Int?
        if let archive = firstSection(.archive) {
            // ... and into the empty archive, found on this board as `movedFile` finds it.
            guard sections[archive].headingLine > last.line else { return nil }
            let placement = try placement(of: block, inSection: archive, atTop: true, isNew: false, settingsLine: obsidianSettingsLine)
            guard let first = placement.with.first, content(of: first).elementsEqual(lastLine) else { return nil }
            at = placement.lines.lowerBound
            tail = placement.with
        } else {
            // ... or under a new heading, where `insertedFile` makes it on the board without the item.
            let settingsLine = obsidianSettingsLine
            guard settingsLine != nil || !lines.contains(where: {
                Bytes.hasPrefix(bytes, at: $0.start, end: $0.contentEnd, Self.obsidianSettingsPrefix)
            }) else { return nil }
            let (position, level) = newSectionPlace(.archive, settingsLine: settingsLine)
            at = beforeUnclosedRegion(position)
            guard at >= lastRemoval.upperBound, lastRemoval.lowerBound > 0 else { return nil }
            let fittedLast = try fitted(block, above: nil, at: at)
            guard fittedLast.indent == last.indent else { return nil }
            let ending = lineEnding
            let before = at > lastRemoval.upperBound ? at - 1 : lastRemoval.lowerBound - 1
            if !isBlankLine(before) {
                lineBefore = before
                placed.append(NewLine(content: [], ending: ending))
            }
            let heading = Array((String(repeating: "#", count: level) + " " + SectionKind.archive.name).utf8)
            placed += [NewLine(content: heading, ending: ending), NewLine(content: [], ending: ending)]
            tail = fittedLast.lines
            if at < lines.count, !isBlankLine(at) { tail.append(NewLine(content: [], ending: ending)) }
        }
        // The second step: the others out, as `removals` takes them (what they leave is the same with the last
        // gone first), and in before the last, each fitted to the one placed after it, as `movedFile` places them.
        let going = moves.lazy.map(\.index)
        var survivors = Survivors(self, going: going)
        let (replacements, removed) = try removals(of: going, survivors: &survivors)
        let stacked = try stackedAtTop(moves.dropLast().lazy.map { items[$0.index] }, to: .archive, doneText: nil,
                                       below: last.line).lines
        // An item that goes from right before the new heading's blank line takes that line along, as `rm` takes the
        // blank line after an item when the line that stays before it is blank.
        if let line = lineBefore, survivors.going[line], let index = itemIndex(atOrBefore: line) {
            var before = survivors.lineKept(before: items[index].lines.lowerBound)
            while let line = before, removed[line] { before = survivors.lineKept(before: line) }
            if let before, isBlankLine(before) { placed.removeFirst() }
        }
        return rendered(replacements + [Replacement(lines: at..<at, with: placed + stacked + tail)])
    }

    /// The file with the item moved one place up (`by: -1`) or down (`by: 1`) among the items of its section: its
    /// lines verbatim, before the item above it or after the one below it (and that one's body), re-indented only
    /// where FORMAT.md §6 asks. Nil when it is first (or last) in its section already.
    public func reordered(_ item: Item, by step: Int) throws(EditError) -> PrintedFile? {
        guard let index = itemIndex(atOrBefore: item.line), items[index].line == item.line,
              items.indices.contains(index + step), step == 1 || step == -1,
              items[index + step].section == item.section else { return nil }
        let neighbour = items[index + step]
        let block = ItemLines(lines: verbatimLines(of: item), indent: item.indent)
        let removal = try removal(of: item)
        if step < 0 {
            let at = neighbour.line
            return rendered([Replacement(lines: at..<at, with: try fitted(block, above: openItem(before: at), at: at).lines), removal])
        }
        let at = neighbour.lines.upperBound
        return rendered([removal, Replacement(lines: at..<at, with: try fitted(block, above: neighbour, at: at).lines)])
    }

    /// The board with the item's checkbox set to match its own section, nothing else changed.
    public func fixingCheckbox(_ item: Item) -> Board {
        fixingCheckboxes(CollectionOfOne(item))
    }

    /// The board with these items' checkboxes set to match their own sections, nothing else changed: a byte each,
    /// so every item keeps its line, and the file is parsed again once, not once for each.
    func fixingCheckboxes(_ chosen: some Sequence<Item>) -> Board {
        var fixed = bytes
        var changed = false
        for item in chosen {
            let isDone = sections[item.section].kind == .done
            guard item.checked != isDone else { continue }
            fixed[item.checkboxOffset + 1] = isDone ? UInt8(ascii: "x") : Bytes.space
            changed = true
        }
        return changed ? Board(parsing: fixed) : self
    }

    private func checkboxFixedFile(_ item: Item) -> PrintedFile {
        let isDone = sections[item.section].kind == .done
        guard item.checked != isDone else { return editedInPlace([]) }
        let box = item.checkboxOffset + 1
        return editedInPlace([ByteEdit(range: box..<(box + 1), replacement: [isDone ? UInt8(ascii: "x") : Bytes.space])])
    }

    // MARK: - Editing fields

    /// The board with the item's title, due date and body changed in place; every other byte stays.
    public func editing(_ item: Item, title newTitle: String? = nil, due: DueChange = .keep,
                        body: BodyChange = .keep) throws(EditError) -> Board {
        Board(parsing: try editedFile(item, title: newTitle, due: due, body: body).bytes)
    }

    private func editedFile(_ item: Item, title newTitle: String?, due: DueChange, body: BodyChange) throws(EditError) -> PrintedFile {
        let line = lines[item.line]
        // A new date alone is one edit of the line, printed from the board around it: a title of 50 MB is not copied.
        // (A text of 4 KiB or less is, to be read for a title left empty, below.)
        if newTitle == nil, case .set(let date) = due, body == .keep, line.hasEnding, line.contentEnd - item.textStart > Self.shortText {
            let edit = dueEdit(of: item, setTo: date)
            return rendered([Replacement(lines: item.line..<(item.line + 1), with: [.edited(line: item.line, edits: [edit])])])
        }
        var text = Array(bytes[line.start..<line.contentEnd])
        let offset = line.start
        if let newTitle {
            // The new title, then the item's date token in its own spelling (with the new date when one is given).
            let title = try Self.normalizedTitle(newTitle)
            var rewritten = Array(text[..<(item.textStart - offset)])
            if item.textStart == item.checkboxOffset + 3 { rewritten.append(Bytes.space) }
            rewritten += Array(title.utf8)
            var tokenBytes = item.dueToken.map { Array(bytes[$0.range]) }
            if let token = item.dueToken, let date = due.newDate { tokenBytes = redated(token, date) }
            // A real date in the new title is the item's due date, as `add` reads one, in place of the old.
            let titled = Self.titleItem(title)?.item
            if due == .remove || (due == .keep && titled?.firstDueToken?.date != nil) { tokenBytes = nil }
            if tokenBytes == nil, let date = due.newDate { tokenBytes = Array("due:\(date)".utf8) }
            if let tokenBytes { rewritten += [Bytes.space] + tokenBytes }
            // The done date stays too, after it, unless the new title brings one of its own.
            if let token = item.doneToken, token.date != nil, titled?.doneToken == nil {
                rewritten += [Bytes.space] + bytes[token.range]
            }
            try Self.checkNewItemLine(rewritten)
            text = rewritten
        } else {
            switch due {
            case .keep:
                break
            case .set(let date):
                let edit = dueEdit(of: item, setTo: date)
                text.replaceSubrange((edit.range.lowerBound - offset)..<(edit.range.upperBound - offset), with: edit.replacement)
            case .remove:
                // Every due token, valid or not, each with one adjacent space; the last first, so offsets hold.
                let tokens = (item.firstDueToken.map { [$0] } ?? []) + otherDueTokens(of: item)
                for token in tokens.reversed() {
                    Self.removeToken(token.range.lowerBound - offset..<token.range.upperBound - offset, from: &text,
                                     textStart: item.textStart - offset)
                }
            }
            // An impossible date alone was the title (`- [ ] due:soon`): made real or removed, it leaves the item
            // none, which `check` calls an error (helper-44: written, with a warning).
            // (A text of more than 4 KiB holds more than tokens: the line is read again only when shorter.)
            if due != .keep, text.count - (item.textStart - offset) <= Self.shortText, !titleParts(of: item).isEmpty {
                let edited = Board(parsing: Array("## TODO\n".utf8) + text)
                if let first = edited.items.first, edited.titleParts(of: first).isEmpty {
                    throw .rejectedTitle("the item's title would be empty: its text is its due token alone; give it a title with --title")
                }
            }
        }

        let itemLine = NewLine(content: text, ending: Array(bytes[line.contentEnd..<line.end]))
        switch body {
        case .keep:
            return rendered([Replacement(lines: item.line..<(item.line + 1), with: [itemLine])])
        case .remove:
            return rendered([Replacement(lines: item.lines, with: [itemLine])])
        case .set(let text):
            let ending = lineEnding
            let newBody = Self.indentedBody(text, indent: newBodyIndent(of: item), ending: ending)
            return rendered([Replacement(lines: item.lines, with: [itemLine] + newBody)])
        }
    }

    /// An item's text this long or shorter may be its tokens alone; a longer one holds a title.
    private static let shortText = 4096

    /// Removes a token from an item line's text with one adjacent space: the one before it when the token does not
    /// start the title (`textStart`), else the one after it.
    static func removeToken(_ token: Range<Int>, from text: inout [UInt8], textStart: Int) {
        var (start, end) = (token.lowerBound, token.upperBound)
        if start > textStart, Bytes.isWhitespace(text[start - 1]) {
            start -= 1
        } else if end < text.count, Bytes.isWhitespace(text[end]) {
            end += 1
        }
        text.removeSubrange(start..<end)
    }

    /// The edit that takes a done token out of an item's text and keeps its title (FORMAT §5: the whitespace where a
    /// token stood counts as one space): the token and the whitespace around it become one space between words; at
    /// the start of the text the whitespace after it goes, and at the end the whitespace before it, so that what
    /// moving into DONE added (` done:DATE` after the last word, or after the checkbox of an empty title) is taken
    /// away exactly. Taking the token and one space changed `Fix   done:… parser`'s title.
    private func doneTokenRemoval(_ token: Range<Int>, checkboxEnd: Int, textStart: Int, textEnd: Int) -> ByteEdit {
        var (start, end) = (token.lowerBound, token.upperBound)
        while end < textEnd, Bytes.isWhitespace(bytes[end]) { end += 1 }
        if end == textEnd {
            while start > checkboxEnd, Bytes.isWhitespace(bytes[start - 1]) { start -= 1 }
            // Right after the checkbox, what stays must start with a space, or the line is no item (`- [ ]` and a tab).
            let keepsItem = start > checkboxEnd || token.upperBound == textEnd || bytes[token.upperBound] == Bytes.space
            // A bare CR left last would join the line's LF as its ending, and the title would lose it.
            let endsInCR = start > checkboxEnd && bytes[start - 1] == Bytes.cr
            return ByteEdit(range: start..<token.upperBound, replacement: keepsItem && !endsInCR ? [] : [Bytes.space])
        }
        while start > textStart, Bytes.isWhitespace(bytes[start - 1]) { start -= 1 }
        return ByteEdit(range: start..<end, replacement: start > textStart ? [Bytes.space] : [])
    }

    /// The edit of the item line that sets its due date: its first due token, valid or not (so an impossible date can
    /// be fixed from the command line), redated; or ` due:DATE` after the line's last non-blank character.
    private func dueEdit(of item: Item, setTo date: CivilDate) -> ByteEdit {
        if let token = item.firstDueToken { return ByteEdit(range: token.range, replacement: redated(token, date)) }
        let end = Bytes.trimmed(bytes, lines[item.line].start..<lines[item.line].contentEnd).upperBound
        return ByteEdit(range: end..<end, replacement: Array(" due:\(date)".utf8))
    }

    /// The token with its date text replaced, in the token's own spelling.
    private func redated(_ token: DueToken, _ date: CivilDate) -> [UInt8] {
        Array(bytes[token.range.lowerBound..<token.dateRange.lowerBound]) + Array(date.description.utf8)
            + Array(bytes[token.dateRange.upperBound..<token.range.upperBound])
    }

    /// The indentation for a body written from the command line: the present body's when it is deep enough to
    /// hold any line, else two spaces deeper than the item.
    private func newBodyIndent(of item: Item) -> [UInt8] {
        let present = bodyIndent(of: item)
        if BodyRule.indentation(present, 0..<present.count).columns >= item.indent + 2 { return present }
        return Array(repeating: Bytes.space, count: item.indent + 2)
    }

    // MARK: - Placement

    /// An item's lines on their way to a place: the item line (indented `indent` spaces), then its body.
    struct ItemLines {
        var lines: [NewLine]
        var indent: Int
    }

    /// The lines with every line of this board among them copied, to be placed on another board: a board line is
    /// only a line number. A run of board lines is copied as one text of several lines: a body of a million lines
    /// was a million arrays.
    private func detached(_ block: ItemLines) -> ItemLines {
        ItemLines(lines: block.lines.map { .new(content: content(of: $0), ending: ending(of: $0)) }, indent: block.indent)
    }

    /// The lines a line each, as `reindented` shifts them: a run of board lines taken apart, and a new text of
    /// several lines (a detached run) cut after each line feed, a CR before it part of the ending, as the board's
    /// lines were cut.
    private static func oneEach(_ lines: some Sequence<NewLine>) -> [NewLine] {
        lines.flatMap { line -> [NewLine] in
            switch line {
            case .board(let range) where range.count > 1:
                return range.map { .board(lines: $0..<($0 + 1)) }
            case .new(let content, let ending) where content.contains(Bytes.lf):
                var cut: [NewLine] = []
                var start = content.startIndex
                while let feed = content[start...].firstIndex(of: Bytes.lf) {
                    let crlf = feed > start && content[feed - 1] == Bytes.cr
                    cut.append(.new(content: content[start..<(crlf ? feed - 1 : feed)], ending: crlf ? [Bytes.cr, Bytes.lf] : [Bytes.lf]))
                    start = feed + 1
                }
                return cut + [.new(content: content[start...], ending: ending)]
            default:
                return [line]
            }
        }
    }

    /// The lines with the item line indented `newIndent` spaces and every non-blank body line shifted by as
    /// many columns, but never so far left that a line stops being body (plain text two columns, other text two
    /// deeper than the item, or four): then the body is shifted less, every line by the same amount, so that its
    /// lines keep their indentation among themselves and the body reads as the same text (`bodyLines(of:)`).
    /// Shifting each line only as far as it could go made a line indented one column deeper than the others
    /// as deep as they are.
    func reindented(_ block: ItemLines, _ newIndent: Int) -> ItemLines {
        guard newIndent != block.indent, let first = block.lines.first else { return block }
        let firstContent = Array(repeating: Bytes.space, count: newIndent) + content(of: first).dropFirst(block.indent)
        let body = Self.oneEach(block.lines.dropFirst()).map { line in
            let content = content(of: line)
            let (columns, textStart) = BodyRule.indentation(content, content.startIndex..<content.endIndex)
            let least = BodyRule.isPlainText(content, textStart, content.endIndex) ? 2 : min(newIndent + 2, 4)
            return (line: line, content: content, columns: columns, textStart: textStart, least: least)
        }
        let shift = body.reduce(newIndent - block.indent) { shift, line in
            line.textStart < line.content.endIndex ? max(shift, line.least - line.columns) : shift
        }
        let shifted = body.map { line -> NewLine in
            guard line.textStart < line.content.endIndex else { return line.line }
            let spaces = Array(repeating: Bytes.space, count: line.columns + shift)
            return .new(content: (spaces + line.content[line.textStart...])[...], ending: ending(of: line.line))
        }
        return ItemLines(lines: [.new(content: firstContent[...], ending: ending(of: first))] + shifted, indent: newIndent)
    }

    /// The file with these item lines placed in the first section of `kind` (FORMAT.md §6), creating the section
    /// where FORMAT.md §3 places it when the board has none; and the 0-based line the item line has in it. Without
    /// `settingsBlock`, a settings block Obsidian Kanban keeps last (`obsidianSettingsLine`) is text like any other.
    func insertedFile(_ block: ItemLines, into kind: SectionKind, atTop: Bool, isNew: Bool,
                      settingsBlock: Bool = true) throws(EditError) -> (file: PrintedFile, line: Int) {
        let settingsLine = settingsBlock ? obsidianSettingsLine : nil
        if let section = firstSection(kind) {
            let replacement = try placement(of: block, inSection: section, atTop: atTop, isNew: isNew, settingsLine: settingsLine)
            return (rendered([replacement]), replacement.lines.lowerBound)
        }
        let ending = lineEnding
        let (position, level) = newSectionPlace(kind, settingsLine: settingsLine)
        let at = beforeUnclosedRegion(position)
        let heading = Array((String(repeating: "#", count: level) + " " + kind.name).utf8)
        let placed = try fitted(isNew ? reindented(block, 0) : block, above: nil, at: at)
        let blankBefore = at > 0 && !isBlankLine(at - 1)
        if at == 0, let first = lines.first, Bytes.hasBOM(bytes) {
            // The byte-order mark stays the file's first bytes: it moves onto the new heading.
            var newLines = [NewLine(content: Array(bytes[0..<3]) + heading, ending: ending), NewLine(content: [], ending: ending)]
            newLines += placed.lines
            if !isBlankLine(0) { newLines.append(NewLine(content: [], ending: ending)) }
            newLines.append(NewLine(content: Array(bytes[3..<first.contentEnd]), ending: Array(bytes[first.contentEnd..<first.end])))
            return (rendered([Replacement(lines: 0..<1, with: newLines)]), 2)
        }
        var newLines = [NewLine(content: heading, ending: ending), NewLine(content: [], ending: ending)] + placed.lines
        if blankBefore { newLines.insert(NewLine(content: [], ending: ending), at: 0) }
        if at < lines.count, !isBlankLine(at) { newLines.append(NewLine(content: [], ending: ending)) }
        // The item follows the heading and its blank line, and the blank line set before them.
        return (rendered([Replacement(lines: at..<at, with: newLines)]), at + (blankBefore ? 3 : 2))
    }

    /// Where item lines go in an existing section: after its last item's body, before its first item with
    /// `atTop`, or in an empty section after the blank line under its last non-blank line above `settingsLine` (the
    /// settings block an Obsidian Kanban board keeps last, `obsidianSettingsLine`). A new item takes the
    /// indentation of the item it is placed next to (0 with none).
    private func placement(of block: ItemLines, inSection sectionIndex: Int, atTop: Bool, isNew: Bool,
                           settingsLine: Int?) throws(EditError) -> Replacement {
        let section = sections[sectionIndex]
        if let first = items.first(where: { $0.section == sectionIndex }),
           let last = items.last(where: { $0.section == sectionIndex }) {
            let neighbour = atTop ? first : last
            let at = atTop ? first.line : last.lines.upperBound
            let placed = try fitted(isNew ? reindented(block, neighbour.indent) : block, above: atTop ? nil : last, at: at)
            return Replacement(lines: at..<at, with: placed.lines)
        }
        // Text under the heading, but not the settings block Obsidian Kanban keeps at the end of the file.
        let end = min(section.lines.upperBound, settingsLine ?? section.lines.upperBound)
        let usable = section.headingLine..<max(section.headingLine + 1, beforeUnclosedRegion(end))
        let heading = usable.reversed().first { !isBlankLine($0) } ?? section.headingLine
        let block = isNew ? reindented(block, 0) : block
        guard heading + 1 < lines.count, isBlankLine(heading + 1) else {
            return Replacement(lines: (heading + 1)..<(heading + 1), with: try fitted(block, above: nil, at: heading + 1).lines)
        }
        // A new blank line follows when any line does, so that `rm` (which takes the blank line after an item
        // between two blank lines) gives back exactly the lines there were, however many blank lines come next.
        let at = heading + 2
        let gap = at < lines.count ? [NewLine(content: [], ending: lineEnding)] : []
        return Replacement(lines: at..<at, with: try fitted(block, above: nil, at: at).lines + gap)
    }

    /// The item lines re-indented where, placed before line `at`, they would otherwise join the body of the item
    /// `above` them or take the next non-blank line as their own body (FORMAT.md §6): they then take that item's,
    /// or that line's, indentation. Refused when no indentation keeps every line's meaning.
    private func fitted(_ block: ItemLines, above: Item?, at: Int) throws(EditError) -> ItemLines {
        try fitted(block, aboveIndent: above?.indent, below: nextNonBlankLine(from: at))
    }

    /// `fitted` with the item above given by its indentation, and the line below (nil: none to check).
    private func fitted(_ block: ItemLines, aboveIndent: Int?, below next: Int?) throws(EditError) -> ItemLines {
        var block = block
        if let aboveIndent, block.indent >= aboveIndent + 2 {
            block = reindented(block, aboveIndent)
        } else if let next, continuesBody(line: next, itemIndent: block.indent) {
            block = reindented(block, min(3, indentation(ofLine: next)))
        }
        if let next, continuesBody(line: next, itemIndent: block.indent) {
            throw .wouldChangeMeaning(line: next, "an item placed before line \(next + 1) would take that line into its body; indent line \(next + 1) less, then run the command again")
        }
        if let aboveIndent, let next, block.indent >= aboveIndent + 2 {
            // Indented as deep as the line below, the item would join the body of the item above it.
            throw .wouldChangeMeaning(line: next, "an item placed before line \(next + 1) would either take that line into its body or join the item above it; indent line \(next + 1) less, then run the command again")
        }
        return block
    }

    /// The item whose body would go on at line `index`: the item whose lines end right before it, or before
    /// nothing but blank lines.
    private func openItem(before index: Int) -> Item? {
        var end = index
        while end > 0, isBlankLine(end - 1) { end -= 1 }
        guard end > 0 else { return nil }
        let candidate = itemIndex(atOrBefore: end - 1).map { items[$0] }
        guard let candidate, candidate.lines.upperBound == end else { return nil }
        return candidate
    }

    /// The index of the last item whose item line is at or before line `line` (binary search; items are in order).
    func itemIndex(atOrBefore line: Int) -> Int? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].line <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    private func nextNonBlankLine(from index: Int) -> Int? {
        var line = index
        while line < lines.count, isBlankLine(line) { line += 1 }
        return line < lines.count ? line : nil
    }

    private func indentation(ofLine index: Int) -> Int {
        BodyRule.indentation(bytes, content(ofLine: index)).columns
    }

    private func continuesBody(line index: Int, itemIndent: Int) -> Bool {
        BodyRule.continuesBody(bytes, line: content(ofLine: index), itemIndent: itemIndent) ?? false
    }

    private func quotedTitle(_ item: Item) -> String { "\"\(title(of: item))\"" }

    /// The line before which a missing section's heading goes, and the heading's level (the archive: at the end):
    /// after the nearest existing section before it in canonical order (at its level), else before the first section
    /// (at its level), else at the end of the file (level 2); never after `settingsLine`, the settings block an
    /// Obsidian Kanban board keeps last (`obsidianSettingsLine`). The level keeps whatever heading follows ending the
    /// new section.
    private func newSectionPlace(_ kind: SectionKind, settingsLine: Int?) -> (line: Int, level: Int) {
        // The archive goes at the end, at the level of the other sections; before the settings an Obsidian Kanban
        // board keeps last.
        let end = settingsLine ?? lines.count
        if kind == .archive { return (end, sections.first?.level ?? 2) }
        let earlier = SectionKind.allCases.filter { $0 < kind }.reversed().compactMap { firstSection($0) }.first
        if let earlier { return (min(sections[earlier].lines.upperBound, end), sections[earlier].level) }
        if let first = sections.min(by: { $0.headingLine < $1.headingLine }) { return (first.headingLine, first.level) }
        return (end, 2)
    }

    /// How the settings block Obsidian Kanban keeps at the end of a board starts.
    static let obsidianSettingsPrefix: StaticString = "%% kanban:settings"

    /// The `%% kanban:settings` line of the block Obsidian Kanban keeps at the end of a board: outside front matter,
    /// code and comments, after every section heading and every item, with nothing after it but the block (its
    /// code, closed, and its closing `%%`) and blank lines. Nil when there is none: such a line anywhere else is text
    /// like any other. A section made before it takes in every line after it, so a checklist line or a heading there
    /// (a stray after the block) would become the new section's.
    var obsidianSettingsLine: Int? {
        guard let index = lines.indices.last(where: {
            Bytes.hasPrefix(bytes, at: lines[$0].start, end: lines[$0].contentEnd, Self.obsidianSettingsPrefix)
        }), !regions.contains(where: { $0.lines.contains(index) }), sections.allSatisfy({ $0.headingLine < index }),
              items.last.map({ $0.lines.upperBound <= index }) ?? true else { return nil }
        // The regions (in line order) are walked alongside the lines.
        var region = regions.firstIndex { $0.lines.upperBound > index } ?? regions.endIndex
        for line in index + 1..<lines.count {
            while region < regions.endIndex, regions[region].lines.upperBound <= line { region += 1 }
            if region < regions.endIndex, regions[region].isClosed, regions[region].lines.contains(line) { continue }
            let text = Bytes.trimmed(bytes, lines[line].start..<lines[line].contentEnd)
            guard text.isEmpty || (text.count == 2 && Bytes.hasPrefix(bytes, at: text.lowerBound, end: text.upperBound, "%%")) else {
                return nil
            }
        }
        return index
    }

    /// The line, or the start of a never-closed fence or comment that would swallow what goes there.
    private func beforeUnclosedRegion(_ line: Int) -> Int {
        guard let open = regions.first(where: { !$0.isClosed }), open.lines.lowerBound < line else { return line }
        return open.lines.lowerBound
    }

    private func bulletForNewItem(in kind: SectionKind) -> UInt8 {
        if let section = firstSection(kind), let item = items.first(where: { $0.section == section }) {
            return item.bullet
        }
        return items.first?.bullet ?? UInt8(ascii: "-")
    }

    // MARK: - Printing replacements

    /// A line to print: new text and its line ending (empty: the file's, given when printed), or lines of the board
    /// as they are, endings and all, printed from the board's bytes rather than copied. An item's lines on their way
    /// somewhere are its item line, then its body as one run; once in place, board lines in a row are one run
    /// (`appendJoining`).
    enum NewLine {
        /// Text of one line, or of several (inner endings and all) when a run was taken off another board: a slice
        /// of that board's bytes, not a copy.
        case new(content: ArraySlice<UInt8>, ending: [UInt8])
        /// Lines of the board that each have a line ending (the file's last may not, so is never one of them).
        case board(lines: Range<Int>)
        /// Board line `line`, which has an ending, with `edits` (by offset in the file, in order, apart) made to its
        /// text: printed from the board's bytes around the edits.
        case edited(line: Int, edits: [ByteEdit])

        init(content: [UInt8], ending: [UInt8]) {
            self = .new(content: content[...], ending: ending)
        }
    }

    /// Appends a line, joining it to the last one when both are board lines and it follows that one in the file
    /// (with `backwards`, when it comes right before it): a splice of a hundred thousand items keeps a run, not a
    /// line each.
    static func appendJoining(_ line: NewLine, to lines: inout [NewLine], backwards: Bool = false) {
        if case .board(let range) = line, case .board(let last)? = lines.last {
            if !backwards, last.upperBound == range.lowerBound {
                lines[lines.count - 1] = .board(lines: last.lowerBound..<range.upperBound)
                return
            }
            if backwards, range.upperBound == last.lowerBound {
                lines[lines.count - 1] = .board(lines: range.lowerBound..<last.upperBound)
                return
            }
        }
        lines.append(line)
    }

    /// The text of a line to print, without its ending (of a run, up to its last line's ending).
    func content(of line: NewLine) -> ArraySlice<UInt8> {
        switch line {
        case .new(let content, _): return content
        case .board(let range): return bytes[lines[range.lowerBound].start..<lines[range.upperBound - 1].contentEnd]
        case .edited(let line, let edits):
            var content: [UInt8] = []
            forEachPiece(from: lines[line].start, edits, through: lines[line].contentEnd) { content += bytes[$0] } new: { content += $0 }
            return content[...]
        }
    }

    /// Calls `source` with each run of the file's bytes from `start` to `end` that `edits` (in order, apart) leave,
    /// and `new` with each edit's new bytes between them, in order.
    private func forEachPiece(from start: Int, _ edits: [ByteEdit], through end: Int, source: (Range<Int>) -> Void,
                              new: ([UInt8]) -> Void) {
        var at = start
        for edit in edits {
            source(at..<edit.range.lowerBound)
            new(edit.replacement)
            at = edit.range.upperBound
        }
        source(at..<end)
    }

    /// The line's ending as it is: the board line's own, or the one it was given.
    private func ending(of line: NewLine) -> [UInt8] {
        switch line {
        case .new(_, let ending): ending
        case .board(let range): ending(ofLine: range.upperBound - 1)
        case .edited(let line, _): ending(ofLine: line)
        }
    }

    /// A line feed ending, one array for every line that has one: `tidy` of a hundred thousand items made as many.
    private static let lineFeed = [Bytes.lf]

    /// The ending of board line `index`, as it is.
    private func ending(ofLine index: Int) -> [UInt8] {
        let line = lines[index]
        return line.end == line.contentEnd + 1 && bytes[line.contentEnd] == Bytes.lf ? Self.lineFeed : Array(bytes[line.contentEnd..<line.end])
    }

    /// The line with its text as it is and the ending `ending(after:)` gives it.
    private func withFileEnding(_ line: NewLine) -> NewLine {
        let content = content(of: line)
        return .new(content: content, ending: Self.ending(after: content, lineEnding))
    }

    /// The line's text and the ending it has (none for a new line given none).
    func textAndEnding(_ line: NewLine) -> [UInt8] {
        Array(content(of: line)) + ending(of: line)
    }

    /// Original lines `lines` (an empty range to insert) replaced with new ones.
    struct Replacement {
        let lines: Range<Int>
        let with: [NewLine]
    }

    /// True when the file's last line has no line ending.
    var endsWithoutNewline: Bool { lines.last.map { !$0.hasEnding } ?? false }

    func isBlankLine(_ index: Int) -> Bool {
        Bytes.isBlank(bytes, lines[index].start..<lines[index].contentEnd)
    }

    /// Prints the file with the replacements (which must not overlap). Runs of untouched lines
    /// are copied whole. Every line but the last gets an ending (the file's when it had none); the last line
    /// has one exactly when the original file ended with one (FORMAT.md §6), or with `keepingFinalEnding`, always.
    func rendered(_ replacements: [Replacement], keepingFinalEnding: Bool = false) -> PrintedFile {
        // In line order; at one line, an insertion before a removal that starts there. Nearly always in order already.
        func key(_ index: Int) -> (Int, Int) {
            (replacements[index].lines.lowerBound, replacements[index].lines.isEmpty ? 0 : 1)
        }
        var order = Array(replacements.indices)
        if !order.dropFirst().allSatisfy({ key($0 - 1) <= key($0) }) { order.sort { key($0) < key($1) } }
        let ending = lineEnding
        // Room for every new line, with an ending of up to two bytes: grown by doubling, a splice of a hundred
        // thousand moves copied them again and again into fresh memory.
        let newBytes = replacements.reduce(0) { total, replacement in
            replacement.with.reduce(total) { total, line in
                switch line {
                case .new(let content, _): total + content.count + 2
                case .edited(_, let edits): edits.reduce(total) { $0 + $1.replacement.count }
                case .board: total
                }
            }
        }
        var file = PrintedFile(source: bytes, newBytes: newBytes)
        // Untouched lines, a run at a time: the file's bytes, not copied.
        func appendOriginal(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let last = lines[range.upperBound - 1]
            file.append(source: lines[range.lowerBound].start..<last.end)
            if !last.hasEnding { file.append(Self.ending(after: bytes[last.start..<last.contentEnd], ending)) }
        }
        var cursor = 0
        for index in order {
            let replacement = replacements[index]
            appendOriginal(cursor..<max(cursor, replacement.lines.lowerBound))
            for line in replacement.with {
                switch line {
                case .new(let content, let lineEnding):
                    file.append(content)
                    file.append(lineEnding.isEmpty ? Self.ending(after: content, ending) : lineEnding)
                case .board(let range):
                    file.append(source: lines[range.lowerBound].start..<lines[range.upperBound - 1].end)
                case .edited(let line, let edits):
                    forEachPiece(from: lines[line].start, edits, through: lines[line].end) { file.append(source: $0) } new: { file.append($0) }
                }
            }
            cursor = max(cursor, replacement.lines.upperBound)
        }
        appendOriginal(cursor..<lines.count)
        // Every line was given an ending. A file without a final newline loses its last line's.
        if endsWithoutNewline && !keepingFinalEnding { Self.dropFinalEndings(&file) }
        return file
    }

    /// Takes off the last line's ending, and the blank lines at the end, which would give the file one.
    static func dropFinalEndings(_ file: inout PrintedFile) {
        while file.last == Bytes.lf {
            file.removeLast()
            if file.last == Bytes.cr { file.removeLast() }
        }
    }

    /// The line ending to give a line that has none: `ending`, or CRLF when the text ends in a lone CR, so the CR
    /// stays part of the text instead of joining the ending.
    static func ending(after text: ArraySlice<UInt8>, _ ending: [UInt8]) -> [UInt8] {
        text.last == Bytes.cr ? [Bytes.cr, Bytes.lf] : ending
    }

    // MARK: - Text from the command line

    /// Refuses an item line written from a command-line title when `board check` would report an error on it
    /// (an impossible date, two due dates): a command never writes what the pre-commit hook rejects.
    static func checkNewItemLine(_ line: [UInt8]) throws(EditError) {
        let heading = Array("## TODO\n".utf8)
        let board = Board(parsing: heading + line)
        guard let item = board.items.first else { return }
        // The first error about the title's words, else the empty title they may leave.
        var error: Diagnostic?
        board.forEachItemDiagnostic(of: item, titleParts: board.titleParts(of: item)) { finding in
            if finding.severity == .error, error == nil || error?.rule == .emptyTitle { error = finding }
        }
        if let error { throw .rejectedTitle(error.message) }
    }

    /// A title as it will be written: trimmed; refused when empty or holding a line break.
    public static func normalizedTitle(_ title: String) throws(EditError) -> String {
        if title.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) { throw .lineBreakInTitle }
        let utf8 = Array(title.utf8)
        let trimmed = String(decoding: utf8[Bytes.trimmed(utf8, 0..<utf8.count)], as: UTF8.self)
        if trimmed.isEmpty { throw .emptyTitle }
        return trimmed
    }

    /// The first due token a command-line title holds, as written; its date (nil when not a real date); and the
    /// title the item will have (without a valid token).
    public static func dueToken(inTitle title: String) -> (spelling: String, date: CivilDate?, title: String)? {
        guard let (board, item) = titleItem(title), let token = item.firstDueToken else { return nil }
        return (String(decoding: board.bytes[token.range], as: UTF8.self), token.date, board.title(of: item))
    }

    /// The item a command-line title makes on its own, and the board that holds it: what its tokens are.
    static func titleItem(_ title: String) -> (board: Board, item: Item)? {
        let board = Board(parsing: Array("## TODO\n- [ ] ".utf8) + Array(title.utf8))
        return board.items.first.map { (board, $0) }
    }

    /// Body text split at its line breaks, blank lines at either end dropped, every line indented (blank lines left
    /// empty), so no body line can start an item or a heading, each ended by `ending`: one new text of all the lines
    /// (none for no line), not one each: a body of a million short lines was a million arrays (helper-80: 20 MB of
    /// them on standard input took 1.3 GB).
    static func indentedBody(_ text: String, indent: [UInt8], ending: [UInt8]) -> [NewLine] {
        var text = text
        return text.withUTF8 { bytes in
            // Calls `body` with each line of `range` (which starts a line), a CRLF, a CR or an LF ending each.
            func forEachLine(in range: Range<Int>, _ body: (Range<Int>) -> Void) {
                var start = range.lowerBound
                var index = start
                while index < range.upperBound {
                    let byte = bytes[index]
                    guard byte == Bytes.lf || byte == Bytes.cr else {
                        index += 1
                        continue
                    }
                    body(start..<index)
                    index += byte == Bytes.cr && index + 1 < bytes.count && bytes[index + 1] == Bytes.lf ? 2 : 1
                    start = index
                }
                body(start..<range.upperBound)
            }
            // Where the first line that is not blank starts and the last ends, found first: the blank lines at either
            // end are passed over by place, not taken off a list of lines one at a time (a body of 200,000 blank
            // lines took seconds), and no list of lines is made (16 bytes a line).
            var kept: Range<Int>?
            forEachLine(in: 0..<bytes.count) { line in
                if !Bytes.isBlank(bytes, line) { kept = (kept?.lowerBound ?? line.lowerBound)..<line.upperBound }
            }
            guard let kept else { return [] }
            var content: [UInt8] = []
            content.reserveCapacity(2 * kept.count + indent.count + ending.count)
            var first = true
            forEachLine(in: kept) { line in
                if !first { content += ending }
                first = false
                if !Bytes.isBlank(bytes, line) {
                    content += indent
                    content += bytes[line]
                }
            }
            return [NewLine(content: content, ending: ending)]
        }
    }
}

extension DueChange {
    var newDate: CivilDate? {
        if case .set(let date) = self { return date }
        return nil
    }
}
