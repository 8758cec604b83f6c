/// The one fix a diagnostic's problem can have, when nothing else can have been meant (`board lsp` offers it).
public struct QuickFix: Sendable {
    /// What the fix does, as an editor's menu shows it.
    public let title: String
    /// The file after the fix.
    public let file: [UInt8]
}

extension Board {
    /// The item whose item line or body holds the 0-based line `line`, if any.
    public func item(atLine line: Int) -> Item? {
        guard let index = itemIndex(atOrBefore: line), items[index].lines.contains(line) else { return nil }
        return items[index]
    }

    /// True when every line but `line` plays the part in `other` (the same lines, one of them edited) it plays
    /// here: the same sections, fenced and commented regions, and items with the same bodies. `other` may have an
    /// item at `line`, whose body may take lines that were no item's.
    private func keepsStructure(in other: Board, besides line: Int) -> Bool {
        func shape(_ board: Board) -> [(line: Int, body: Range<Int>, section: Int)] {
            board.items.lazy.filter { $0.line != line }.map { ($0.line, $0.body, $0.section) }
        }
        return other.lines.count == lines.count && other.sections == sections && other.regions == regions
            && shape(other).elementsEqual(shape(self)) { $0 == $1 }
    }

    /// True for the rules `quickFix(for:doneOn:)` may fix. Asking it for one costs a copy of the file (and for a
    /// near-miss item a parse), whether or not it finds a fix; for the other rules it answers nil at once.
    public static func mayFix(_ rule: Diagnostic.Rule) -> Bool {
        switch rule {
        case .checkedOutsideDone, .uncheckedInDone, .secondDueDate, .impossibleDate, .nearMissDate, .nearMissItem:
            true
        case .doneDateOutsideDone, .secondDoneDate, .emptyTitle, .duplicateTitle, .plainListItem, .strayChecklist, .conflictMarker,
             .secondSection, .overLimit, .missingSection, .utf16, .unreadable:
            false
        }
    }

    /// The certain fix for one of this board's diagnostics: a ticked item outside DONE moved to DONE and an unticked
    /// one in DONE moved to TODO (as `tidy` moves them), a second due date removed, a near-miss item or date and a
    /// date written with `/` or `.` respelled as they work; none that would change which date the item is due. Nil
    /// for the rest: which line of a conflict to keep, or what an empty title should say, only the writer knows.
    /// `doneOn` is the date a move to DONE records.
    public func quickFix(for diagnostic: Diagnostic, doneOn: CivilDate?) -> QuickFix? {
        let item = item(atLine: diagnostic.line - 1).flatMap { $0.line == diagnostic.line - 1 ? $0 : nil }
        func replaced(_ range: Range<Int>, with text: String) -> [UInt8] {
            Array(bytes[..<range.lowerBound]) + Array(text.utf8) + Array(bytes[range.upperBound...])
        }
        func spelling(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        switch diagnostic.rule {
        case .checkedOutsideDone, .uncheckedInDone:
            // `tidy` refuses a file with merge conflict markers: which side's lines to keep is the writer's call.
            guard let item, conflictMarkers.isEmpty else { return nil }
            let target: SectionKind = diagnostic.rule == .checkedOutsideDone ? .done : .todo
            guard let file = try? moving([(item, target)], doneOn: doneOn) else { return nil }
            return QuickFix(title: "Move to \(target.name), as 'board tidy' does", file: file.bytes)
        case .secondDueDate:
            // Not the item's due date, its first valid token, which may come after an invalid one.
            guard let item, let token = otherDueTokens(of: item).first(where: { $0.range == diagnostic.span }),
                  item.dueToken?.range != token.range else { return nil }
            // The token goes with the space before it (or after it, at the start of the title).
            var range = token.range
            if range.lowerBound > item.textStart, bytes[range.lowerBound - 1] == Bytes.space {
                range = (range.lowerBound - 1)..<range.upperBound
            } else if range.upperBound < lines[item.line].contentEnd, bytes[range.upperBound] == Bytes.space {
                range = range.lowerBound..<(range.upperBound + 1)
            }
            return QuickFix(title: "Remove the second due date '\(spelling(token.range))'", file: replaced(range, with: ""))
        case .impossibleDate:
            let tokens = [item?.firstDueToken].compactMap { $0 } + (item.map(otherDueTokens(of:)) ?? [])
            // Respelt before the item's due date, the token would become its due date.
            guard let token = tokens.first(where: { $0.range == diagnostic.span }),
                  (item?.dueToken).map({ $0.range.lowerBound < token.range.lowerBound }) ?? true,
                  let date = Self.isoSpelling(ofDate: Array(bytes[token.dateRange])) else { return nil }
            let fixed = spelling(token.range.lowerBound..<token.dateRange.lowerBound) + date
                + spelling(token.dateRange.upperBound..<token.range.upperBound)
            return QuickFix(title: "Write '\(fixed)'", file: replaced(token.range, with: fixed))
        case .nearMissDate:
            // With a due date on the line already, the spelling that works would be a second one.
            guard let item, item.dueToken == nil else { return nil }
            var meant: String?
            forEachNearMissDate(item) { span, _, spelling in
                if span == diagnostic.span { meant = spelling }
            }
            return meant.map { QuickFix(title: "Write '\($0)'", file: replaced(diagnostic.span, with: $0)) }
        case .nearMissItem:
            guard let fixed = Self.itemSpelling(ofNearMiss: Array(bytes[diagnostic.span])) else { return nil }
            let file = replaced(diagnostic.span, with: String(decoding: fixed, as: UTF8.self))
            // The line becomes an item, which takes the lines indented under it into its body: not where one of them
            // is an item or opens a fence (FORMAT.md §6).
            guard keepsStructure(in: Board(parsing: file), besides: diagnostic.line - 1) else { return nil }
            return QuickFix(title: "Write '\(Self.excerpt(fixed))'", file: file)
        case .doneDateOutsideDone, .secondDoneDate, .emptyTitle, .duplicateTitle, .plainListItem, .strayChecklist, .conflictMarker,
             .secondSection, .overLimit, .missingSection, .utf16, .unreadable:
            return nil  // `mayFix` is false for these
        }
    }
}
