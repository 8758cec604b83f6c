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
        for line in plainListItems where !appendNearMissItem(line, to: &found) {
            let sectionName = sections.last { $0.lines.contains(line) }?.kind.name ?? "TODO"
            let bullet = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
            found.append(Diagnostic(
                line: line + 1, column: column(ofOffset: bullet, onLine: line), severity: .warning,
                message: "list item in \(sectionName) has no checkbox, so it is not a board item; write '- [ ] …' to make it one"))
        }
        for line in nearMissItemLines { _ = appendNearMissItem(line, to: &found) }
        for line in checklistLinesOutsideSections {
            let start = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
            let under = lastHeadingText(before: line).map { " (under '\($0)')" } ?? ""
            found.append(Diagnostic(
                line: line + 1, column: column(ofOffset: start, onLine: line), severity: .warning,
                message: "checklist item outside the TODO, DOING and DONE sections\(under), so no command sees it; move it into a section"))
        }
        found += duplicateTitleDiagnostics()
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    // MARK: - Work that would be invisible (FORMAT.md §7)

    /// A warning for a line in a section that is almost an item (`-[ ] x`, `[ ] x`, `- [] x`, `- [ ]x`), with the
    /// spelling that would work; false when the line has none of these shapes.
    private func appendNearMissItem(_ line: Int, to found: inout [Diagnostic]) -> Bool {
        let start = Bytes.skipWhitespace(bytes, lines[line].start..<lines[line].contentEnd)
        let end = lines[line].contentEnd
        let text = Array(bytes[start..<end])
        guard let fixed = Self.itemSpelling(ofNearMiss: text) else { return false }
        found.append(Diagnostic(
            line: line + 1, column: column(ofOffset: start, onLine: line), severity: .warning,
            message: "'\(Self.excerpt(text))' is not read as a board item; write '\(Self.excerpt(fixed))'"))
        return true
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
        if isBox(0) { return item(bullet: UInt8(ascii: "-"), box: Array(text[0..<3]), rest: text[3...]) }  // [ ] x
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

    /// At most 60 scalars of a line, for a message.
    static func excerpt(_ text: [UInt8]) -> String {
        let string = String(decoding: text, as: UTF8.self)
        return string.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(string.unicodeScalars.prefix(59))) + "…" : string
    }

    /// The text of the last heading before a line, if there is one outside the regions.
    private func lastHeadingText(before line: Int) -> String? {
        for index in stride(from: line - 1, through: 0, by: -1) {
            let range = lines[index].start..<lines[index].contentEnd
            let start = Bytes.skipWhitespace(bytes, range)
            guard start - range.lowerBound <= 3, start < range.upperBound, bytes[start] == UInt8(ascii: "#"),
                  !regions.contains(where: { $0.lines.contains(index) }) else { continue }
            var end = start
            while end < range.upperBound, bytes[end] == UInt8(ascii: "#") { end += 1 }
            guard end - start <= 6, end == range.upperBound || Bytes.isWhitespace(bytes[end]) else { continue }
            return Self.excerpt(Array(bytes[start..<range.upperBound]))
        }
        return nil
    }

    /// A warning at every item after the first with the same title (compared as refs compare them, ignoring case):
    /// refs and merges cannot tell such items apart. Titles are keyed by a hash of their bytes, ASCII case folded,
    /// so a large board makes no string per item; a title with other bytes is lowercased as a string.
    private func duplicateTitleDiagnostics() -> [Diagnostic] {
        var firstLine: [UInt64: [(line: Int, title: String?)]] = [:]
        var found: [Diagnostic] = []
        for item in items {
            let (hash, isASCII) = titleHash(item)
            let lowered = isASCII ? nil : title(of: item).lowercased()
            let key = isASCII ? hash : Self.hash(Array((lowered ?? "").utf8))
            if let earlier = firstLine[key]?.first(where: { sameTitle($0, item, lowered) }) {
                found.append(Diagnostic(
                    line: item.line + 1, column: column(ofOffset: item.checkboxOffset, onLine: item.line), severity: .warning,
                    message: "another item has the title '\(Self.excerpt(Array(title(of: item).utf8)))' (line \(earlier.line + 1)); refs and merges cannot tell them apart, so make the titles differ"))
            } else {
                firstLine[key, default: []].append((item.line, lowered))
            }
        }
        return found
    }

    private func sameTitle(_ earlier: (line: Int, title: String?), _ item: Item, _ lowered: String?) -> Bool {
        let other = items[itemIndex(atLine: earlier.line)]
        return (earlier.title ?? title(of: other).lowercased()) == (lowered ?? title(of: item).lowercased())
    }

    private func itemIndex(atLine line: Int) -> Int {
        var low = 0
        var high = items.count - 1
        while low < high {
            let middle = (low + high) / 2
            if items[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// FNV-1a over the title's bytes as `title(of:)` gives them (the due token out, the space around it one), ASCII
    /// letters folded to lower case; and whether every byte was ASCII.
    private func titleHash(_ item: Item) -> (UInt64, Bool) {
        let end = lines[item.line].contentEnd
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var isASCII = true
        func add(_ range: Range<Int>) {
            for position in range {
                var byte = bytes[position]
                if byte >= 0x80 { isASCII = false }
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 0x20 }
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
        }
        if let token = item.dueToken {
            let before = Bytes.trimmed(bytes, item.textStart..<token.range.lowerBound)
            let after = Bytes.trimmed(bytes, token.range.upperBound..<end)
            add(before)
            if !before.isEmpty, !after.isEmpty { hash = (hash ^ UInt64(Bytes.space)) &* 0x100_0000_01B3 }
            add(after)
        } else {
            add(Bytes.trimmed(bytes, item.textStart..<end))
        }
        return (hash, isASCII)
    }

    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
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
                guard token.date == nil else { return }
                let hint = Self.isoSpelling(ofDate: Array(bytes[token.dateRange])).map { date in
                    "; write '\(String(decoding: bytes[token.range.lowerBound..<token.dateRange.lowerBound], as: UTF8.self))\(date)\(String(decoding: bytes[token.dateRange.upperBound..<token.range.upperBound], as: UTF8.self))'"
                } ?? " (write YYYY-MM-DD)"
                add(.error, at: token.range.lowerBound, "'\(spelling(token))' is not a real calendar date\(hint)")
            }
            checkDate(of: first)
            for token in otherDueTokens(of: item) {
                checkDate(of: token)
                let firstColumn = column(ofOffset: first.range.lowerBound, onLine: item.line)
                add(.error, at: token.range.lowerBound,
                    "second due date '\(spelling(token))' on one item (the first is at column \(firstColumn))")
            }
        }
        forEachNearMissDate(item) { offset, written, meant in
            add(.warning, at: offset, "'\(written)' is not read as a due date; write '\(meant)'")
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

    /// Calls `found` with each word on the item line that was surely meant as a due date but is not read as one
    /// (`Due:2026-12-01`, `due: 2026-12-01`, `📅2026-12-01`): its offset, its text, and the spelling that works.
    private func forEachNearMissDate(_ item: Item, _ found: (Int, String, String) -> Void) {
        let end = lines[item.line].contentEnd
        var position = item.textStart
        while position < end {
            let wordStart = Bytes.skipWhitespace(bytes, position..<end)
            var wordEnd = wordStart
            while wordEnd < end, !Bytes.isWhitespace(bytes[wordEnd]) { wordEnd += 1 }
            position = wordEnd
            guard wordEnd > wordStart else { break }
            let word = Array(bytes[wordStart..<wordEnd])
            let calendar = Array("\u{1F4C5}".utf8)
            if word.count > 4, word[0] | 0x20 == UInt8(ascii: "d"), word[1] | 0x20 == UInt8(ascii: "u"),
               word[2] | 0x20 == UInt8(ascii: "e"), word[3] == UInt8(ascii: ":"),
               !word.starts(with: Array("due:".utf8)), let date = Self.isoSpelling(ofDate: Array(word[4...])) {
                found(wordStart, String(decoding: word, as: UTF8.self), "due:\(date)")  // Due:2026-12-01
            } else if word == Array("due:".utf8) || word == Array("Due:".utf8) || word == Array("DUE:".utf8) {
                let nextStart = Bytes.skipWhitespace(bytes, wordEnd..<end)
                var nextEnd = nextStart
                while nextEnd < end, !Bytes.isWhitespace(bytes[nextEnd]) { nextEnd += 1 }
                if let date = Self.isoSpelling(ofDate: Array(bytes[nextStart..<nextEnd])) {  // due: 2026-12-01
                    found(wordStart, String(decoding: bytes[wordStart..<nextEnd], as: UTF8.self), "due:\(date)")
                }
            } else if word.count > calendar.count, word.starts(with: calendar),
                      let date = Self.isoSpelling(ofDate: Array(word[calendar.count...].drop { $0 == 0xEF || $0 == 0xB8 || $0 == 0x8F })) {
                found(wordStart, String(decoding: word, as: UTF8.self), "\u{1F4C5} \(date)")  // 📅2026-12-01
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
