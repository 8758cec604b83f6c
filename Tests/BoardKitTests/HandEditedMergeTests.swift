import BoardKit
import Foundation
import Testing

/// Issue 17: random two-branch scenarios on hand-edited boards. Each branch makes one edit (add, remove, move,
/// date, done, rename, body) on an item the other leaves alone: the merge must not conflict, and the merged items
/// must be exactly the base items with both edits made, no more and no fewer.
@Suite struct HandEditedMergeTests {
    /// An item as the model sees it.
    struct Record: Hashable {
        var title: String
        var kind: SectionKind
        var due: CivilDate?
        var checked: Bool
        var body: [String]
    }

    enum Edit {
        case add(String, SectionKind)
        case remove
        case move(SectionKind)
        case reorder(atTop: Bool)
        case date(CivilDate)
        case rename(String)
        case body(String)
    }

    /// The items as records; body lines without their indentation, which a merge may shift to keep them body, and
    /// without a lone CR at the end (an addition after a last line ending in one gives it a CRLF).
    static func records(_ board: Board) -> [Record] {
        board.items.map { Record(title: board.title(of: $0), kind: board.kind(of: $0), due: $0.due, checked: $0.checked,
                                 body: board.bodyLines(of: $0).map { line in
                                     var line = Substring(line.drop { $0 == " " || $0 == "\t" })
                                     if line.hasSuffix("\r") { line = line.dropLast() }
                                     return String(line)
                                 }) }
    }

    static func randomEdit(_ board: Board, _ item: Item, side: String, _ rng: inout SeededGenerator) -> Edit {
        let others = SectionKind.allCases.filter { $0 != board.kind(of: item) }
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return .add("\(side) added \(Int.random(in: 0..<100_000, using: &rng))", SectionKind.allCases.randomElement(using: &rng) ?? .todo)
        case 1: return .remove
        case 2: return .move(others.randomElement(using: &rng) ?? .done)
        case 3: return .date(CivilDate(daysSinceEpoch: 20_800 + Int.random(in: 0..<300, using: &rng)))
        case 4: return .move(.done)
        case 5: return .rename(board.title(of: item) + " \(side)")
        case 6: return .rename(Bool.random(using: &rng) ? "\(side.prefix(1))\(Int.random(in: 0..<10, using: &rng))" : "Ship v2.4 to production \(side)")
        case 7: return .reorder(atTop: Bool.random(using: &rng))
        default: return .body("\(side) wrote this")
        }
    }

    /// The side's board after the edit, and the model after it; nil when the edit does not apply or is refused.
    static func apply(_ edit: Edit, to board: Board, item: Item, model: inout [Record], at index: Int) -> Board? {
        do {
            switch edit {
            case let .add(title, kind):
                guard board.firstSection(kind) != nil else { return nil }
                model.append(Record(title: title, kind: kind, due: nil, checked: kind == .done, body: []))
                return try board.adding(title: title, to: kind)
            case .remove:
                model.remove(at: index)
                return try board.removing(item)
            case .move(let kind):
                guard board.kind(of: item) != kind, board.firstSection(kind) != nil else { return nil }
                model[index].kind = kind
                model[index].checked = kind == .done
                return try board.moving(item, to: kind)
            case .reorder(let atTop):
                let kind = board.kind(of: item)
                guard board.firstSection(kind) == item.section else { return nil }
                // Into the archive an item goes as it is.
                if kind != .archive { model[index].checked = kind == .done }
                return try board.moving(item, to: kind, atTop: atTop)
            case .date(let date):
                guard item.firstDueToken == nil || item.due != nil else { return nil }
                model[index].due = date
                return try board.editing(item, due: .set(date))
            case .rename(let title):
                guard item.dueToken == nil || item.firstDueToken == item.dueToken, !item.hasOtherDueTokens else { return nil }
                model[index].title = title
                return try board.editing(item, title: title)
            case .body(let text):
                model[index].body = [text]  // one line, unindented
                return try board.editing(item, body: .set(text))
            }
        } catch {
            return nil
        }
    }

    @Test
    func disjointEditsOnBothBranchesMergeCleanlyAndEachComesOutOnce() {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x17_2026))
        var scenarios = 0
        var attempts = 0
        var fallbacks = 0
        while scenarios < 1_000, attempts < 50_000 {
            attempts += 1
            let base = Board(parsing: HandEditedBoard.random(&rng))
            guard base.items.count >= 2, base.conflictMarkers.isEmpty else { continue }
            let picks = Array(base.items.indices).shuffled(using: &rng)
            let (mine, yours) = (picks[0], picks[1])
            let oursEdit = Self.randomEdit(base, base.items[mine], side: "ours", &rng)
            var theirsEdit = Self.randomEdit(base, base.items[yours], side: "theirs", &rng)
            // Both adding: to the same section, as two people appending to TODO do.
            if case .add(_, let kind) = oursEdit, case .add(let title, _) = theirsEdit { theirsEdit = .add(title, kind) }
            var expected = Self.records(base)
            // The model applies the later index first, so the earlier index still names its item.
            let order = mine > yours ? [(mine, oursEdit, true), (yours, theirsEdit, false)] : [(yours, theirsEdit, false), (mine, oursEdit, true)]
            var ours = base, theirs = base
            var applied = true
            for (index, edit, isOurs) in order {
                guard let edited = Self.apply(edit, to: base, item: base.items[index], model: &expected, at: index) else {
                    applied = false
                    break
                }
                if isOurs { ours = edited } else { theirs = edited }
            }
            guard applied else { continue }
            scenarios += 1
            let merged = Board.merge(base: base, ours: ours, theirs: theirs)
            let result = Board(parsing: merged.bytes)
            let context = "scenario \(scenarios): ours \(oursEdit) on :\(base.items[mine].line + 1), theirs \(theirsEdit) on :\(base.items[yours].line + 1) of\n\(String(decoding: base.bytes, as: UTF8.self).debugDescription)\nmerged\n\(String(decoding: merged.bytes, as: UTF8.self).debugDescription)"
            // Rarely, lines the two sides left alone would change role side by side (a line after an item one side
            // removed becoming body of an item the other moved there): then the merge falls back to merging lines,
            // with conflict markers, rather than change the file's meaning. Or the lines outside items two moves touch
            // conflict (both append at the end of the file), and an item a move put under one of them falls out of
            // its section with it: marked too, never left silently under another.
            // (The lines merged, as git merges them, may conflict in more than one place.)
            // Where keeping either half of such a block would move an item, the whole file is the conflict, said first.
            func linesOrOutOfItsSection(_ conflict: MergeConflict) -> Bool {
                if case .sectionGone = conflict.reason { true } else { conflict == MergeConflict(title: nil, reason: .text) }
            }
            let conflicts = merged.conflicts.drop { $0.reason == .halvesMisplace }
            if conflicts.first == MergeConflict(title: nil, reason: .text), !result.conflictMarkers.isEmpty,
               conflicts.allSatisfy(linesOrOutOfItsSection) {
                fallbacks += 1
                continue
            }
            guard merged.conflicts.isEmpty else {
                Issue.record("\(context)\nconflicts \(merged.conflicts)")
                return
            }
            let got = Self.records(result)
            guard got.sorted(by: { "\($0)" < "\($1)" }) == expected.sorted(by: { "\($0)" < "\($1)" }) else {
                Issue.record("\(context)\nexpected \(expected)\ngot \(got)")
                return
            }
        }
        #expect(scenarios == 1_000)
        #expect(fallbacks <= 5, "\(fallbacks) of 1,000 merges fell back to merging lines")
    }

    /// Each side changes the same field of the same item its own way: exactly that item is in conflict, with both
    /// versions between the markers, and every other item comes out as it was.
    @Test
    func theSameFieldChangedTwoWaysConflictsOnThatItemAlone() throws {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x17_0017))
        var scenarios = 0
        var attempts = 0
        var fallbacks = 0
        while scenarios < 400, attempts < 50_000 {
            attempts += 1
            let base = Board(parsing: HandEditedBoard.random(&rng))
            guard !base.items.isEmpty, base.conflictMarkers.isEmpty else { continue }
            let index = Int.random(in: base.items.indices, using: &rng)
            let item = base.items[index]
            // Of two items alike in every line, either could be the one a side edited.
            let content = { (board: Board, item: Item) in item.lines.map { board.text(ofLine: $0) } }
            guard !base.items.contains(where: { $0.line != item.line && content(base, $0) == content(base, item) }) else { continue }
            let kinds = SectionKind.allCases.filter { $0 != base.kind(of: item) && base.firstSection($0) != nil }
            let edits: (Edit, Edit, MergeConflict.Reason)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: edits = (.date(CivilDate(daysSinceEpoch: 20_900)), .date(CivilDate(daysSinceEpoch: 20_901)), .due)
            case 1:
                // A rename is told from a replacement by what the titles share: a one-letter title has too little.
                let title = base.title(of: item)
                guard title.count >= 4 else { continue }
                edits = (.rename(title + " ours"), .rename("theirs: " + title), .title)
            case 2: edits = (.body("ours wrote this"), .body("theirs wrote that"), .body)
            default:
                guard kinds.count == 2 else { continue }
                edits = (.move(kinds[0]), .move(kinds[1]), .section)
            }
            var oursModel = Self.records(base), theirsModel = oursModel
            guard let ours = Self.apply(edits.0, to: base, item: item, model: &oursModel, at: index),
                  let theirs = Self.apply(edits.1, to: base, item: item, model: &theirsModel, at: index) else { continue }
            scenarios += 1
            let merged = Board.merge(base: base, ours: ours, theirs: theirs)
            let context = "scenario \(scenarios): \(edits) on :\(item.line + 1) of\n\(String(decoding: base.bytes, as: UTF8.self).debugDescription)\nmerged\n\(String(decoding: merged.bytes, as: UTF8.self).debugDescription)"
            let title = oursModel[index].title
            let result = Board(parsing: merged.bytes)
            // As above: rarely the lines merge instead, with conflict markers; or the lines outside items a move
            // touches conflict (a heading that ends the file), and the item with them.
            let conflicts = merged.conflicts.drop { $0.reason == .halvesMisplace }
            if conflicts.first == MergeConflict(title: nil, reason: .text), !result.conflictMarkers.isEmpty,
               conflicts.dropFirst().allSatisfy({ $0 == MergeConflict(title: title, reason: edits.2) }) {
                fallbacks += 1
                continue
            }
            // Or a half of the item's block would take another item out of its section (theirs' line at the
            // indentation of a heading below it, which would become its body): the whole file, ours above theirs.
            if merged.conflicts.first?.reason == .halvesMisplace, conflicts.elementsEqual([MergeConflict(title: title, reason: edits.2)]),
               merged.bytes.starts(with: Array("<<<<<<< ours".utf8)) {
                fallbacks += 1
                continue
            }
            guard merged.conflicts == [MergeConflict(title: title, reason: edits.2)] else {
                Issue.record("\(context)\nconflicts \(merged.conflicts)")
                return
            }
            // Both versions of the item between the markers; the others as in base.
            var expected = Self.records(base)
            expected.remove(at: index)
            // The conflict block stands where ours put the item, so theirs' version is read in ours' section.
            theirsModel[index].kind = oursModel[index].kind
            expected += [oursModel[index], theirsModel[index]]
            let got = Self.records(result)
            guard got.sorted(by: { "\($0)" < "\($1)" }) == expected.sorted(by: { "\($0)" < "\($1)" }), result.conflictMarkers.count == 3 else {
                Issue.record("\(context)\nexpected \(expected)\ngot \(got)")
                return
            }
        }
        #expect(scenarios == 400)
        #expect(fallbacks <= 4, "\(fallbacks) of 400 merges fell back to merging lines or the whole file")
    }
}
