import BoardKit

/// A document the editor has open, with its board: what each request of the protocol answers from.
struct OpenDocument {
    let uri: String
    let version: Int
    let text: TextDocument
    let board: Board
    /// Every finding of `board check` on the text: published once, and looked through by each code action request.
    let findings: [Diagnostic]

    init(uri: String, version: Int, text: TextDocument) {
        self.uri = uri
        self.version = version
        self.text = text
        board = Board(parsing: text.bytes)
        findings = board.diagnostics()
    }

    // MARK: - Diagnostics

    /// `textDocument/publishDiagnostics` with every finding of `board check` on the text as it is in the editor.
    /// Written as JSON text (`JSON.raw`): a pasted list can have a million findings.
    func diagnostics(_ encoding: PositionEncoding) -> JSON {
        // Room for each finding's message twice over (escapes) and its range, code and severity.
        var writer = RawJSONWriter(reserving: findings.reduce(uri.utf8.count * 2 + 256) { $0 + 2 * $1.message.utf8.count + 200 })
        writer.piece.append("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"diagnostics\":[")
        let positions = text.positions(of: findings.flatMap { [$0.span.lowerBound, $0.span.upperBound] }, encoding)
        for (index, diagnostic) in findings.enumerated() {
            if index > 0 { writer.piece.append(UInt8(ascii: ",")) }
            let start = positions[diagnostic.span.lowerBound] ?? Position(line: 0, character: 0)
            writer.piece.append("{\"code\":")
            appendJSONString(diagnostic.rule.rawValue, to: &writer.piece)
            writer.piece.append(",\"message\":")
            appendJSONString(diagnostic.message, to: &writer.piece)
            writer.piece.append(",\"range\":")
            TextDocument.appendRange(start, positions[diagnostic.span.upperBound] ?? start, to: &writer.piece)
            writer.piece.append(diagnostic.severity == .error ? ",\"severity\":1,\"source\":\"board\"}" : ",\"severity\":2,\"source\":\"board\"}")
            writer.flushIfLarge()
        }
        writer.piece.append("],\"uri\":")
        appendJSONString(uri, to: &writer.piece)
        writer.piece.append(",\"version\":")
        writer.piece.appendNumber(version)
        writer.piece.append("}}")
        return writer.json()
    }

    private func lspDiagnostic(_ diagnostic: Diagnostic, range: JSON) -> JSON {
        ["range": range, "severity": diagnostic.severity == .error ? 1 : 2, "source": "board",
         "code": .string(diagnostic.rule.rawValue), "message": .string(diagnostic.message)]
    }

    // MARK: - Code actions

    /// The quick fixes for the diagnostics on the lines of `range`, then what the commands do to the item there:
    /// each a `WorkspaceEdit` of the few `TextEdit`s that give exactly the file `board` would write; `versioned`, as
    /// the edits of this document's version (`documentChanges`), which a client refuses for a newer text.
    func codeActions(in range: (Position, Position), only kinds: [String]?, _ encoding: PositionEncoding, today: CivilDate,
                     versioned: Bool = false) -> JSON {
        func wanted(_ kind: String) -> Bool {
            kinds.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        func action(_ title: String, _ kind: String, _ file: [UInt8], _ extra: [String: JSON] = [:]) -> JSON {
            let edits = text.textEdits(to: file, encoding)
            let edit: JSON = versioned
                ? ["documentChanges": [["textDocument": ["uri": .string(uri), "version": .int(version)], "edits": edits]]]
                : ["changes": .object([uri: edits])]
            var members: [String: JSON] = ["title": .string(title), "kind": .string(kind), "edit": edit]
            members.merge(extra) { $1 }
            return .object(members)
        }
        // The bytes of the lines asked about.
        let first = text.start(ofLine: range.0.line) ?? text.bytes.count
        // The client's line numbers may be as large as JSON numbers go: the next line is asked for only below that.
        let last = max(range.0.line, range.1.line)
        let end = last < Int.max ? text.start(ofLine: last + 1) ?? text.bytes.count : text.bytes.count
        var actions: [JSON] = []
        if wanted("quickfix") {
            var fixes = 0, attempts = 0
            for diagnostic in findings where (first..<max(first + 1, end)).contains(diagnostic.span.lowerBound) {
                // Each fix is a whole file and a diff, and looking for one a whole file too, found or not: a range
                // over the whole board gets the first few, from the first few tries (8,000 near-miss items whose
                // fix would change what the lines below them are took 6.8 s, a parse each).
                guard fixes < Self.maximumQuickFixes, attempts < Self.maximumQuickFixAttempts else { break }
                guard Board.mayFix(diagnostic.rule) else { continue }
                attempts += 1
                guard let fix = board.quickFix(for: diagnostic, doneOn: today) else { continue }
                fixes += 1
                let lspRange = text.range(diagnostic.span, encoding)
                actions.append(action(fix.title, "quickfix", fix.file,
                                      ["diagnostics": [lspDiagnostic(diagnostic, range: lspRange)], "isPreferred": true]))
            }
        }
        // The commands refuse a file with merge conflict markers, and so do their actions.
        if wanted("refactor.move"), board.conflictMarkers.isEmpty, let line = boardLine(atOffset: first),
           let item = board.item(atLine: line) {
            for (title, file) in itemCommands(item, today: today) {
                actions.append(action(title, "refactor.move", file))
            }
        }
        return .array(actions)
    }

    /// At most this many quick fixes answer one request, ...
    static let maximumQuickFixes = 20
    /// ... from at most this many diagnostics looked at for one.
    static let maximumQuickFixAttempts = 2 * maximumQuickFixes

    /// The board line holding a byte offset; nil at the end of the file (the empty line after its last line break,
    /// or a line past the end).
    private func boardLine(atOffset offset: Int) -> Int? {
        var low = 0, high = board.lines.count
        while low < high {
            let middle = (low + high) / 2
            if board.lines[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low < board.lines.count ? low : nil
    }

    /// What `start`, `done`, `reopen`, `move` and `archive` would write for an item, for each that would move it.
    private func itemCommands(_ item: Item, today: CivilDate) -> [(String, [UInt8])] {
        let kind = board.kind(of: item)
        let archived = board.isArchived(item)
        var commands: [(String, SectionKind)] = []
        if archived {
            commands = SectionKind.allCases.map { ("Move to \($0.name)", $0) }
        } else {
            if kind != .doing { commands.append(("Start (move to DOING)", .doing)) }
            if kind != .done { commands.append(("Done (move to DONE)", .done)) }
            if kind == .done { commands.append(("Reopen (move to TODO)", .todo)) }
            if kind == .doing { commands.append(("Move to TODO", .todo)) }
        }
        var found: [(String, [UInt8])] = commands.compactMap { title, target in
            (try? board.moving([(item, target)], doneOn: today)).map { (title, $0.bytes) }
        }
        // Only a done item, as `board archive` takes only those.
        if !archived, board.isDone(item), let file = try? board.archived([item]) { found.append(("Archive", file.bytes)) }
        return found
    }

    // MARK: - Outline

    /// Sections (with their item counts) holding their items (with their dates), as `DocumentSymbol`s, written as
    /// JSON text when sent (`JSON.streamed`): as a tree of values, the outline of 100,000 items took 265 MB, and
    /// as one text it is 26 MB, three times the board.
    func symbols(_ encoding: PositionEncoding) -> JSON {
        let document = self
        return .streamed(StreamedText { piece in document.writeSymbols(encoding, piece) })
    }

    /// Writes the outline's JSON text, handing it on in pieces of about 64 KiB.
    private func writeSymbols(_ encoding: PositionEncoding, _ piece: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Each section's items, by their places in `board.items`.
        var children = [[Int32]](repeating: [], count: board.sections.count)
        for (index, item) in board.items.enumerated() { children[item.section].append(Int32(truncatingIfNeeded: index)) }
        var out = ByteWriter(capacity: 1 << 17)
        func handOn() {
            out.withBytes(piece)
            out.truncate(to: 0)
        }
        out.append(UInt8(ascii: "["))
        for (index, section) in board.sections.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"children\":[")
            for (position, itemIndex) in children[index].enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                appendSymbol(of: board.items[Int(itemIndex)], encoding, to: &out)
                if out.count >= 1 << 16 { handOn() }
            }
            let heading = board.lines[section.headingLine]
            let count = children[index].count
            let name = board.text(ofLine: section.headingLine).drop { $0 == "#" || $0 == " " || $0 == "\t" }
            out.append("],\"detail\":")
            appendJSONString(count == 1 ? "1 item" : "\(count) items", to: &out)
            out.append(",\"kind\":3,\"name\":")
            appendJSONString(name.isEmpty ? section.kind.name : String(name), to: &out)
            out.append(",\"range\":")
            text.appendRange(heading.start..<board.lines[lastNonBlankLine(of: section)].contentEnd, encoding, to: &out)
            out.append(",\"selectionRange\":")
            text.appendRange(heading.start..<heading.contentEnd, encoding, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        handOn()
    }

    /// One item's `DocumentSymbol`: its title, its dates as the detail, its lines and its title's span.
    private func appendSymbol(of item: Item, _ encoding: PositionEncoding, to out: inout ByteWriter) {
        let line = board.lines[item.line]
        var detail: [String] = []
        if let due = item.due { detail.append("due \(due)") }
        if let done = board.doneDate(of: item) { detail.append("done \(done)") }
        let title = board.title(of: item)
        let selection = board.titleSpan(of: item) ?? item.checkboxOffset..<line.contentEnd
        out.append("{\"detail\":")
        appendJSONString(detail.joined(separator: ", "), to: &out)
        out.append(",\"kind\":24,\"name\":")
        appendJSONString(title.isEmpty ? "(empty title)" : title, to: &out)
        out.append(",\"range\":")
        text.appendRange(line.start..<board.lines[item.lines.upperBound - 1].contentEnd, encoding, to: &out)
        out.append(",\"selectionRange\":")
        text.appendRange(selection, encoding, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The last line of a section that is not blank (its heading when all are).
    private func lastNonBlankLine(of section: Section) -> Int {
        var line = section.lines.upperBound - 1
        while line > section.headingLine, board.text(ofLine: line).allSatisfy({ $0 == " " || $0 == "\t" }) { line -= 1 }
        return line
    }

    /// Folds for each section and each item with a body. Folding counts lines, which every encoding counts alike.
    /// Written as JSON text (`JSON.raw`): as a tree of values, the folds of the 100,000-item board took its memory to
    /// the limit.
    func foldingRanges() -> JSON {
        var writer = RawJSONWriter(reserving: (board.sections.count + board.items.count) * 64 + 2)
        writer.piece.append(UInt8(ascii: "["))
        var first = true
        func fold(_ start: Int, _ end: Int, to writer: inout RawJSONWriter) {
            guard end > start else { return }
            if !first { writer.piece.append(UInt8(ascii: ",")) }
            first = false
            writer.piece.append("{\"endLine\":")
            writer.piece.appendNumber(text.position(of: board.lines[end].contentEnd, .utf8).line)
            writer.piece.append(",\"kind\":\"region\",\"startLine\":")
            writer.piece.appendNumber(text.position(of: board.lines[start].start, .utf8).line)
            writer.piece.append(UInt8(ascii: "}"))
            writer.flushIfLarge()
        }
        var items = board.items.makeIterator()
        var next = items.next()
        for section in board.sections {
            fold(section.headingLine, lastNonBlankLine(of: section), to: &writer)
            while let item = next, item.line < section.lines.upperBound {
                fold(item.line, item.lines.upperBound - 1, to: &writer)
                next = items.next()
            }
        }
        writer.piece.append(UInt8(ascii: "]"))
        return writer.json()
    }

    // MARK: - Hover

    /// On an item's lines: its section, due date ("due in 3 days", "overdue by 2 days"), done date, tags and people.
    func hover(at position: Position, _ encoding: PositionEncoding, today: CivilDate) -> JSON {
        guard let start = text.start(ofLine: position.line), let line = boardLine(atOffset: start),
              let item = board.item(atLine: line) else { return .null }
        let kind = board.kind(of: item)
        var parts = ["**\(kind.name)**"]
        if let due = item.due {
            let days = due.daysSinceEpoch - today.daysSinceEpoch
            let plural: (Int) -> String = { $0 == 1 ? "1 day" : "\($0) days" }
            let when = days == 0 ? "due today" : days == 1 ? "due tomorrow" : days > 0 ? "due in \(plural(days))"
                : kind == .done || board.isArchived(item) ? "was due \(plural(-days)) ago" : "overdue by \(plural(-days))"
            parts.append("\(when) (\(due))")
        }
        if let done = board.doneDate(of: item) { parts.append("done \(done)") }
        let (tags, people) = board.labels(of: item)
        if !tags.isEmpty { parts.append(tags.map { "#\($0)" }.joined(separator: " ")) }
        if !people.isEmpty { parts.append(people.map { "@\($0)" }.joined(separator: " ")) }
        let itemLine = board.lines[item.line]
        return ["contents": ["kind": "markdown", "value": .string(parts.joined(separator: " · "))],
                "range": text.range(itemLine.start..<itemLine.contentEnd, encoding)]
    }

    // MARK: - Completion

    /// After `due:`, `📅 ` and `@{`: today, tomorrow and the days of the coming week as `YYYY-MM-DD`; after `#` and
    /// `@`, the tags and people already on the board.
    func completions(at position: Position, _ encoding: PositionEncoding, today: CivilDate) -> JSON {
        let offset = text.offset(of: position, encoding)
        let lineStart = text.offset(of: Position(line: position.line, character: 0), encoding)
        let before = Array(text.bytes[lineStart..<offset])
        // The word being typed: from the last blank before the cursor.
        let wordStart = (before.lastIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).map { $0 + 1 } ?? 0
        let word = before[wordStart...]
        // What follows the cursor on its line: completing inside a word (`due:2026-1|2-01`) replaces the rest of the
        // word too, which was left behind after the text put in (`due:2026-11-272-01`).
        let lineEnd = text.bytes[offset...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? text.bytes.count
        let after = text.bytes[offset..<lineEnd]
        func isDateByte(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") }
        let dateRest = after.prefix(while: isDateByte).count
        func items(_ entries: [(label: String, detail: String)], replacing typed: Int, through following: Int,
                   suffix: String = "") -> JSON {
            let range = text.range((offset - typed)..<(offset + following), encoding)
            return ["isIncomplete": false, "items": .array(entries.enumerated().map { index, entry in
                ["label": .string(entry.label), "detail": .string(entry.detail), "kind": 12,
                 "sortText": .string(String(1000 + index)), "filterText": .string(entry.label),
                 "textEdit": ["range": range, "newText": .string(entry.label + suffix)]]
            })]
        }
        let dateEntries: [(label: String, detail: String)] = (0..<9).compactMap { ahead in
            guard let date = today.adding(exactly: ahead) else { return nil }
            let weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][date.weekday]
            return ("\(date)", ahead == 0 ? "today, \(weekday)" : ahead == 1 ? "tomorrow, \(weekday)" : weekday)
        }
        func isDatePrefix(_ typed: ArraySlice<UInt8>) -> Bool {
            typed.count < 10 && typed.allSatisfy(isDateByte)
        }
        if word.starts(with: Array("due:".utf8)), isDatePrefix(word.dropFirst(4)) {
            return items(dateEntries, replacing: word.count - 4, through: dateRest)
        }
        if word.starts(with: Array("@{".utf8)), isDatePrefix(word.dropFirst(2)) {
            let closed = offset + dateRest < text.bytes.count && text.bytes[offset + dateRest] == UInt8(ascii: "}")
            return items(dateEntries, replacing: word.count - 2, through: dateRest, suffix: closed ? "" : "}")
        }
        // `📅 ` (with or without the emoji's variation selector) and a space before the word.
        let beforeWord = Array(before[..<wordStart].reversed().drop { $0 == UInt8(ascii: " ") }.reversed())
        let calendars = [Array("\u{1F4C5}".utf8), Array("\u{1F4C5}\u{FE0F}".utf8)]
        if isDatePrefix(word), beforeWord.count < wordStart, calendars.contains(where: { beforeWord.suffix($0.count).elementsEqual($0) }) {
            return items(dateEntries, replacing: word.count, through: dateRest)
        }
        if let sigil = word.first, sigil == Labels.tag || sigil == Labels.person,
           !word.dropFirst().contains(where: { $0 == Labels.tag || $0 == Labels.person }) {
            var counts: [String: Int] = [:]
            // Not the word being typed: at the very end of the file, that is on the last line when it has no line
            // break, else on the empty line after it (no board line).
            let endLine = board.lines.last.map { $0.hasEnding ? board.lines.count : board.lines.count - 1 } ?? 0
            let typing = boardLine(atOffset: offset) ?? endLine
            for item in board.items where item.line != typing {
                let labels = board.labels(of: item)
                for name in sigil == Labels.tag ? labels.tags : labels.people { counts[name, default: 0] += 1 }
            }
            let names = counts.keys.sorted().map { ($0, counts[$0] == 1 ? "1 item" : "\(counts[$0] ?? 0) items") }
            return items(names, replacing: word.count - 1,
                         through: after.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.count)
        }
        return ["isIncomplete": false, "items": []]
    }
}
