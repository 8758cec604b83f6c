/// Why an edit was refused.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle
    case lineBreakInTitle

    public var description: String {
        switch self {
        case .emptyTitle: "the title is empty"
        case .lineBreakInTitle: "the title contains a line break"
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
    case move(Item, to: SectionKind, atTop: Bool)
    /// The checkbox set to match the item's own section.
    case fixCheckbox(Item)
    case edit(Item, title: String?, due: DueChange, body: BodyChange)
}

extension Board {
    /// The file after an edit, not parsed again: for a caller that only writes it, as parsing the result costs as
    /// much as parsing the file did. The `-ing` methods below are the same edits, parsed.
    public func printed(after edit: BoardEdit) throws(EditError) -> PrintedFile {
        switch edit {
        case let .add(title, due, body, kind, atTop): return try addedFile(title: title, due: due, body: body, to: kind, atTop: atTop)
        case let .remove(item): return removedFile(item)
        case let .move(item, kind, atTop): return movedFile(item, to: kind, atTop: atTop)
        case let .fixCheckbox(item): return checkboxFixedFile(item)
        case let .edit(item, title, due, body): return try editedFile(item, title: title, due: due, body: body)
        }
    }

    // MARK: - Adding

    /// The board with a new item `- [ ] Title due:DATE` (and an indented body) in the first section of `kind`,
    /// creating the section when the board has none (FORMAT.md §3, §6).
    public func adding(title: String, due: CivilDate? = nil, body: String? = nil, to kind: SectionKind,
                       atTop: Bool = false) throws(EditError) -> Board {
        Board(parsing: try addedFile(title: title, due: due, body: body, to: kind, atTop: atTop).bytes)
    }

    private func addedFile(title: String, due: CivilDate?, body: String?, to kind: SectionKind,
                            atTop: Bool) throws(EditError) -> PrintedFile {
        let title = try Self.normalizedTitle(title)
        var line = [bulletForNewItem(in: kind)] + Array(" [\(kind == .done ? "x" : " ")] ".utf8) + Array(title.utf8)
        if let due { line += Array(" due:\(due)".utf8) }
        let bodyLines = body.map { Self.indentedBody($0, indent: Array("  ".utf8)) } ?? []
        let ending = lineEnding
        return insertedFile(([line] + bodyLines).map { NewLine(content: $0, ending: ending) }, into: kind, atTop: atTop)
    }

    // MARK: - Removing

    /// The board without the item's lines; when the lines around the hole are both blank,
    /// the one after goes too, so `add` then `rm` gives back the original bytes.
    public func removing(_ item: Item) -> Board {
        Board(parsing: removedFile(item).bytes)
    }

    private func removedFile(_ item: Item) -> PrintedFile {
        rendered([Replacement(lines: removalRange(of: item), with: [])])
    }

    /// The item's lines, and the blank line after them when the line before them is blank too.
    private func removalRange(of item: Item) -> Range<Int> {
        let range = item.lines
        if range.lowerBound > 0, range.upperBound < lines.count,
           isBlankLine(range.lowerBound - 1), isBlankLine(range.upperBound) {
            return range.lowerBound..<(range.upperBound + 1)
        }
        return range
    }

    // MARK: - Moving

    /// The board with the item moved to the first section of `kind`: removed, then added there,
    /// its lines verbatim but for the checkbox, which is set to match the target (an `[X]` moved to DONE stays `[X]`).
    public func moving(_ item: Item, to kind: SectionKind, atTop: Bool = false) -> Board {
        Board(parsing: movedFile(item, to: kind, atTop: atTop).bytes)
    }

    private func movedFile(_ item: Item, to kind: SectionKind, atTop: Bool) -> PrintedFile {
        var moved: [NewLine] = item.lines.map { index in
            let line = lines[index]
            return NewLine(content: Array(bytes[line.start..<line.contentEnd]), ending: Array(bytes[line.contentEnd..<line.end]))
        }
        if item.checked != (kind == .done) {
            moved[0].content[item.checkboxOffset + 1 - lines[item.line].start] = kind == .done ? UInt8(ascii: "x") : Bytes.space
        }
        if let last = moved.indices.last, moved[last].ending.isEmpty { moved[last].ending = lineEnding }
        // Into another existing section, removing does not change where the lines go: one splice.
        // Otherwise (same section, or one to create) remove first, then place on the result.
        guard let target = firstSection(kind), target != item.section else {
            return removing(item).insertedFile(moved, into: kind, atTop: atTop)
        }
        return rendered([Replacement(lines: removalRange(of: item), with: []),
                          placement(of: moved, inSection: target, atTop: atTop)])
    }

    /// The board with the item's checkbox set to match its own section, nothing else changed.
    public func fixingCheckbox(_ item: Item) -> Board {
        let checked = sections[item.section].kind == .done
        return item.checked == checked ? self : Board(parsing: checkboxFixedFile(item).bytes)
    }

    private func checkboxFixedFile(_ item: Item) -> PrintedFile {
        let mark = sections[item.section].kind == .done ? UInt8(ascii: "x") : Bytes.space
        var file = PrintedFile(source: bytes)
        file.append(source: 0..<(item.checkboxOffset + 1))
        file.append([mark])
        file.append(source: (item.checkboxOffset + 2)..<bytes.count)
        return file
    }

    // MARK: - Editing fields

    /// The board with the item's title, due date and body changed in place; every other byte stays.
    public func editing(_ item: Item, title newTitle: String? = nil, due: DueChange = .keep,
                        body: BodyChange = .keep) throws(EditError) -> Board {
        Board(parsing: try editedFile(item, title: newTitle, due: due, body: body).bytes)
    }

    private func editedFile(_ item: Item, title newTitle: String?, due: DueChange, body: BodyChange) throws(EditError) -> PrintedFile {
        let line = lines[item.line]
        var text = Array(bytes[line.start..<line.contentEnd])
        let offset = line.start
        let token = item.dueToken
        if let newTitle {
            let title = try Self.normalizedTitle(newTitle)
            var rewritten = Array(text[..<(item.textStart - offset)])
            if item.textStart == item.checkboxOffset + 3 { rewritten.append(Bytes.space) }
            rewritten += Array(title.utf8)
            var tokenBytes = token.map { Array(bytes[$0.range]) }
            if let token, let date = due.newDate {
                tokenBytes = Array(bytes[token.range.lowerBound..<token.dateRange.lowerBound]) + Array(date.description.utf8)
                    + Array(bytes[token.dateRange.upperBound..<token.range.upperBound])
            }
            if due == .remove { tokenBytes = nil }
            if tokenBytes == nil, let date = due.newDate { tokenBytes = Array("due:\(date)".utf8) }
            if let tokenBytes { rewritten += [Bytes.space] + tokenBytes }
            text = rewritten
        } else {
            switch due {
            case .keep:
                break
            case .set(let date):
                if let token {
                    text.replaceSubrange((token.dateRange.lowerBound - offset)..<(token.dateRange.upperBound - offset),
                                         with: Array(date.description.utf8))
                } else {
                    let end = Bytes.trimmed(text, 0..<text.count).upperBound
                    text.insert(contentsOf: Array(" due:\(date)".utf8), at: end)
                }
            case .remove:
                if let token {
                    var start = token.range.lowerBound - offset
                    var end = token.range.upperBound - offset
                    if start > item.textStart - offset, Bytes.isWhitespace(text[start - 1]) {
                        start -= 1
                    } else if end < text.count, Bytes.isWhitespace(text[end]) {
                        end += 1
                    }
                    text.removeSubrange(start..<end)
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
            let newBody = Self.indentedBody(text, indent: bodyIndent(of: item)).map { NewLine(content: $0, ending: ending) }
            return rendered([Replacement(lines: item.lines, with: [itemLine] + newBody)])
        }
    }

    // MARK: - Placement

    /// The file with these lines placed in the first section of `kind` (FORMAT.md §6),
    /// creating the section where FORMAT.md §3 places it when the board has none.
    func insertedFile(_ newLines: [NewLine], into kind: SectionKind, atTop: Bool) -> PrintedFile {
        if let section = firstSection(kind) {
            return rendered([placement(of: newLines, inSection: section, atTop: atTop)])
        }
        let ending = lineEnding
        let at = beforeUnclosedRegion(newSectionLine(kind))
        let heading = Array((String(repeating: "#", count: sections.first?.level ?? 2) + " " + kind.name).utf8)
        var block = [NewLine(content: heading, ending: ending), NewLine(content: [], ending: ending)] + newLines
        if at > 0, !isBlankLine(at - 1) { block.insert(NewLine(content: [], ending: ending), at: 0) }
        if at < lines.count, !isBlankLine(at) { block.append(NewLine(content: [], ending: ending)) }
        return rendered([Replacement(lines: at..<at, with: block)])
    }

    /// Where new lines go in an existing section: after its last item's body, before its first item with
    /// `atTop`, or in an empty section after the blank line under its last non-blank line.
    private func placement(of newLines: [NewLine], inSection sectionIndex: Int, atTop: Bool) -> Replacement {
        let section = sections[sectionIndex]
        if let first = items.first(where: { $0.section == sectionIndex }),
           let last = items.last(where: { $0.section == sectionIndex }) {
            let at = atTop ? first.line : last.lines.upperBound
            return Replacement(lines: at..<at, with: newLines)
        }
        let usable = section.headingLine..<max(section.headingLine + 1, beforeUnclosedRegion(section.lines.upperBound))
        let heading = usable.reversed().first { !isBlankLine($0) } ?? section.headingLine
        guard heading + 1 < lines.count, isBlankLine(heading + 1) else {
            return Replacement(lines: (heading + 1)..<(heading + 1), with: newLines)
        }
        let at = heading + 2
        let gap = at < lines.count && !isBlankLine(at) ? [NewLine(content: [], ending: lineEnding)] : []
        return Replacement(lines: at..<at, with: newLines + gap)
    }

    /// The line, or the start of a never-closed fence or comment that would swallow what goes there.
    private func beforeUnclosedRegion(_ line: Int) -> Int {
        guard let open = regions.first(where: { !$0.isClosed }), open.lines.lowerBound < line else { return line }
        return open.lines.lowerBound
    }

    /// Where a missing section's heading goes: after the nearest existing section before it in canonical
    /// order, else before the first section, else at the end of the file.
    private func newSectionLine(_ kind: SectionKind) -> Int {
        let earlier = SectionKind.allCases.filter { $0 < kind }.reversed().compactMap { firstSection($0) }.first
        if let earlier { return sections[earlier].lines.upperBound }
        return sections.map(\.headingLine).min() ?? lines.count
    }

    private func bulletForNewItem(in kind: SectionKind) -> UInt8 {
        if let section = firstSection(kind), let item = items.first(where: { $0.section == section }) {
            return item.bullet
        }
        return items.first?.bullet ?? UInt8(ascii: "-")
    }

    // MARK: - Printing replacements

    /// A new line: its text and its line ending.
    struct NewLine {
        var content: [UInt8]
        var ending: [UInt8]
    }

    /// Original lines `lines` (an empty range to insert) replaced with new ones.
    struct Replacement {
        let lines: Range<Int>
        let with: [NewLine]
    }

    func isBlankLine(_ index: Int) -> Bool {
        Bytes.isBlank(bytes, lines[index].start..<lines[index].contentEnd)
    }

    /// Prints the file with the replacements (which must not overlap). Runs of untouched lines
    /// are copied whole. Every line but the last gets an ending (the file's when it had none); the last line
    /// has one exactly when the original file ended with one (FORMAT.md §6).
    func rendered(_ replacements: [Replacement]) -> PrintedFile {
        enum Piece {
            case original(Range<Int>)
            case new(NewLine)
        }
        var pieces: [Piece] = []
        var cursor = 0
        for replacement in replacements.sorted(by: { $0.lines.lowerBound < $1.lines.lowerBound }) {
            if cursor < replacement.lines.lowerBound { pieces.append(.original(cursor..<replacement.lines.lowerBound)) }
            pieces += replacement.with.map { Piece.new($0) }
            cursor = max(cursor, replacement.lines.upperBound)
        }
        if cursor < lines.count { pieces.append(.original(cursor..<lines.count)) }

        let endsWithoutNewline = lines.last.map { !$0.hasEnding } ?? false
        let ending = lineEnding
        var file = PrintedFile(source: bytes)
        for (position, piece) in pieces.enumerated() {
            let isLast = position == pieces.count - 1
            switch piece {
            case .original(let range):
                let first = lines[range.lowerBound]
                let last = lines[range.upperBound - 1]
                if isLast && endsWithoutNewline {
                    file.append(source: first.start..<last.contentEnd)
                } else {
                    file.append(source: first.start..<last.end)
                    if !last.hasEnding { file.append(ending) }
                }
            case .new(let line):
                file.append(line.content)
                if isLast && endsWithoutNewline { continue }
                file.append(line.ending.isEmpty ? ending : line.ending)
            }
        }
        // Blank lines left at the end of a file without a final newline would give it one: drop them.
        while endsWithoutNewline, file.last == Bytes.lf {
            file.removeLast()
            if file.last == Bytes.cr { file.removeLast() }
        }
        return file
    }

    // MARK: - Text from the command line

    /// A title as it will be written: trimmed; refused when empty or holding a line break.
    public static func normalizedTitle(_ title: String) throws(EditError) -> String {
        if title.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) { throw .lineBreakInTitle }
        let utf8 = Array(title.utf8)
        let trimmed = String(decoding: utf8[Bytes.trimmed(utf8, 0..<utf8.count)], as: UTF8.self)
        if trimmed.isEmpty { throw .emptyTitle }
        return trimmed
    }

    /// Body text split at its line breaks, blank lines at either end dropped, every line indented
    /// (blank lines left empty), so no body line can start an item or a heading.
    static func indentedBody(_ text: String, indent: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == Bytes.lf && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == Bytes.cr
            if byte == Bytes.lf || byte == Bytes.cr {
                result.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        result.append(current)
        let isBlank = { (line: [UInt8]) in Bytes.isBlank(line, 0..<line.count) }
        while let first = result.first, isBlank(first) { result.removeFirst() }
        while let last = result.last, isBlank(last) { result.removeLast() }
        return result.map { isBlank($0) ? [] : indent + $0 }
    }
}

extension DueChange {
    var newDate: CivilDate? {
        if case .set(let date) = self { return date }
        return nil
    }
}
