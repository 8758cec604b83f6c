/// A problem `board check` reports, at a 1-based line and column (in Unicode scalars).
public struct Diagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String

    public init(line: Int, column: Int, severity: Severity, message: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }
}

extension Board {
    /// Everything wrong with the board (FORMAT.md §3–§5), in line and column order.
    public func diagnostics() -> [Diagnostic] {
        var found = sectionDiagnostics()
        // An item's diagnostics depend on its own line only, so a large board's items are checked in shares.
        let shares = Shares.map(items.count, minimum: Shares.itemsPerShare) { share in
            var diagnostics: [Diagnostic] = []
            for index in share { appendItemDiagnostics(of: items[index], to: &diagnostics) }
            return diagnostics
        }
        for diagnostics in shares { found += diagnostics }
        for line in plainListItems {
            let sectionName = sections.last { $0.lines.contains(line) }?.kind.name ?? "TODO"
            let bullet = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
            found.append(Diagnostic(
                line: line + 1, column: column(ofOffset: bullet, onLine: line), severity: .warning,
                message: "list item in \(sectionName) has no checkbox, so it is not a board item; write '- [ ] …' to make it one"))
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private func sectionDiagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        var firstHeading: [SectionKind: Int] = [:]
        for section in sections {
            let line = section.headingLine
            if let first = firstHeading[section.kind] {
                let hash = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
                found.append(Diagnostic(
                    line: line + 1, column: column(ofOffset: hash, onLine: line), severity: .error,
                    message: "second \(section.kind.name) section (the first is at line \(first + 1)); merge them into one"))
            } else {
                firstHeading[section.kind] = line
            }
        }
        if sections.isEmpty {
            found.append(Diagnostic(line: 1, column: 1, severity: .warning,
                                    message: "no TODO, DOING or DONE section; this file holds no board items"))
        } else {
            for kind in SectionKind.allCases where firstHeading[kind] == nil {
                found.append(Diagnostic(line: 1, column: 1, severity: .warning,
                                        message: "no \(kind.name) section; a command that needs it will create it"))
            }
        }
        return found
    }

    func appendItemDiagnostics(of item: Item, to found: inout [Diagnostic]) {
        let kind = sections[item.section].kind
        func add(_ severity: Diagnostic.Severity, at offset: Int, _ message: String) {
            found.append(Diagnostic(line: item.line + 1, column: column(ofOffset: offset, onLine: item.line),
                                    severity: severity, message: message))
        }
        if let first = item.firstDueToken {
            func spelling(_ token: DueToken) -> String { String(decoding: bytes[token.range], as: UTF8.self) }
            func checkDate(of token: DueToken) {
                if token.date == nil {
                    add(.error, at: token.range.lowerBound, "'\(spelling(token))' is not a real calendar date (write YYYY-MM-DD)")
                }
            }
            checkDate(of: first)
            for token in otherDueTokens(of: item) {
                checkDate(of: token)
                let firstColumn = column(ofOffset: first.range.lowerBound, onLine: item.line)
                add(.error, at: token.range.lowerBound,
                    "second due date '\(spelling(token))' on one item (the first is at column \(firstColumn))")
            }
        }
        if hasEmptyTitle(item) {
            add(.error, at: item.checkboxOffset, "item has an empty title")
        }
        if kind == .done, !item.checked {
            add(.warning, at: item.checkboxOffset, "unchecked item in DONE; run 'board tidy' to move it to TODO")
        } else if kind != .done, item.checked {
            add(.warning, at: item.checkboxOffset, "checked item in \(kind.name); run 'board tidy' to move it to DONE")
        }
    }

    /// True when nothing but whitespace and the due token follows the checkbox.
    private func hasEmptyTitle(_ item: Item) -> Bool {
        let end = lines[item.line].contentEnd
        guard let token = item.dueToken else { return Bytes.isBlank(bytes, item.textStart..<end) }
        return Bytes.isBlank(bytes, item.textStart..<token.range.lowerBound)
            && Bytes.isBlank(bytes, token.range.upperBound..<end)
    }
}
