import BoardKit
import Testing

/// Each rule's code and the bytes it points at, the certain fixes, and the minimal edits between two files.
@Suite struct QuickFixTests {
    static let today = CivilDate(year: 2026, month: 11, day: 23)

    /// Each diagnostic as `rule 'the bytes of its span'`.
    func spans(_ text: String) -> [String] {
        let board = Board(parsing: text)
        return board.diagnostics().map { "\($0.rule.rawValue) '\(String(decoding: board.bytes[$0.span], as: UTF8.self))'" }
    }

    func fixed(_ text: String, _ rule: Diagnostic.Rule) -> (title: String, text: String)? {
        let board = Board(parsing: text)
        guard let diagnostic = board.diagnostics().first(where: { $0.rule == rule }),
              let fix = board.quickFix(for: diagnostic, doneOn: Self.today) else { return nil }
        return (fix.title, String(decoding: fix.file, as: UTF8.self))
    }

    @Test func everyRuleNamesTheBytesOfItsProblem() {
        let text = """
            ## TODO (1)
            - [ ] a due:2026-02-30 📅 2026-12-01
            - [x] 한국어 ✅ 2026-11-01
            - [ ] Due:2026-12-01 word
            - [ ] b 🚀
            - [ ] B 🚀
            -[ ] near
            - plain
            <<<<<<< ours
            ## DOING
            ## TODO
            ## DONE
            - [ ]  due:2026-01-01

            ## Notes
            - [ ] stray
            """
        #expect(spans(text) == [
            "over-limit '## TODO (1)'",
            "impossible-date 'due:2026-02-30'",
            "second-due-date '📅 2026-12-01'",
            "checked-outside-done '[x]'",
            "done-date-outside-done '✅ 2026-11-01'",
            "near-miss-date 'Due:2026-12-01'",
            "duplicate-title '[ ] B 🚀'",
            "near-miss-item '-[ ] near'",
            "plain-list-item '-'",
            "conflict-marker '<<<<<<<'",
            "second-section '## TODO'",
            "empty-title '[ ]'",
            "unchecked-in-done '[ ]'",
            "stray-checklist '- [ ]'",
        ])
        #expect(spans("just text\n") == ["missing-section ''"])
    }

    @Test func aTickedItemMovesToDoneAsTidyMovesIt() throws {
        let text = "## TODO\n- [x] Ship it\n- [ ] Other\n\n## DONE\n- [x] Old done:2026-11-01\n"
        let fix = try #require(fixed(text, .checkedOutsideDone))
        let tidied = try Board(parsing: text).tidied(doneOn: Self.today).file.bytes
        #expect(fix.title == "Move to DONE, as 'board tidy' does")
        #expect(fix.text == String(decoding: tidied, as: UTF8.self))
        #expect(fix.text == "## TODO\n- [ ] Other\n\n## DONE\n- [x] Old done:2026-11-01\n- [x] Ship it done:2026-11-23\n")
    }

    @Test func anUntickedItemInDoneMovesToTodo() throws {
        let fix = try #require(fixed("## TODO\n## DONE\n- [ ] Back\n", .uncheckedInDone))
        #expect(fix.text == "## TODO\n- [ ] Back\n## DONE\n")
    }

    @Test func aSecondDueDateGoesWithOneSpace() throws {
        let fix = try #require(fixed("## TODO\n- [ ] a due:2026-01-01 @{2026-01-02} tail\n", .secondDueDate))
        #expect(fix.title == "Remove the second due date '@{2026-01-02}'")
        #expect(fix.text == "## TODO\n- [ ] a due:2026-01-01 tail\n")
    }

    @Test func nearMissSpellingsAreWrittenAsTheyWork() throws {
        #expect(try #require(fixed("## TODO\n- [ ] a due:2026/12/01\n", .impossibleDate)).text == "## TODO\n- [ ] a due:2026-12-01\n")
        #expect(try #require(fixed("## TODO\n- [ ] a 📅2026-12-01 b\n", .nearMissDate)).text == "## TODO\n- [ ] a 📅 2026-12-01 b\n")
        let date = try #require(fixed("## TODO\n- [ ] a due: 2026-12-01\n", .nearMissDate))
        #expect(date.title == "Write 'due:2026-12-01'")
        #expect(date.text == "## TODO\n- [ ] a due:2026-12-01\n")
        // A no-break space before the token becomes a space.
        #expect(try #require(fixed("## TODO\n- [ ] a\u{A0}due:2026-12-01\n", .nearMissDate)).text == "## TODO\n- [ ] a due:2026-12-01\n")
        let item = try #require(fixed("## TODO\n  - [ ]x 한국어\n", .nearMissItem))
        #expect(item.title == "Write '- [ ] x 한국어'")
        #expect(item.text == "## TODO\n  - [ ] x 한국어\n")
    }

    /// A fix never changes which date an item is due: the due date is its first valid token, wherever it stands
    /// (helper-66: removing the "second" due date after `due:soon` removed the only real one, and respelling a
    /// first `due:2026/12/05` made it the due date in place of a later `due:2026-12-01`).
    @Test func noFixChangesTheDueDate() {
        for first in ["due:soon", "due:2026-02-30", "due:2026/12/01"] {
            #expect(fixed("## TODO\n- [ ] Pay rent \(first) due:2026-12-01\n", .secondDueDate) == nil, "\(first)")
        }
        #expect(fixed("## TODO\n- [ ] Pay rent due:2026/12/05 due:2026-12-01\n", .impossibleDate) == nil)
        // After the due date, a second one goes, and one respelt stays second.
        #expect(fixed("## TODO\n- [ ] a due:2026-12-01 due:soon\n", .secondDueDate)?.text == "## TODO\n- [ ] a due:2026-12-01\n")
        #expect(fixed("## TODO\n- [ ] a due:2026-12-01 due:2026/12/05\n", .impossibleDate)?.text
                    == "## TODO\n- [ ] a due:2026-12-01 due:2026-12-05\n")
    }

    @Test func noFixWhereTheWriterMustChoose() {
        #expect(fixed("## TODO\n- [ ] a due:soon\n", .impossibleDate) == nil)
        #expect(fixed("## TODO\n- [ ] a due:2026-12-01 Due:2026-12-02\n", .nearMissDate) == nil)
        #expect(fixed("## TODO\n=======\n", .conflictMarker) == nil)
        #expect(fixed("## TODO\n- [ ]\n", .emptyTitle) == nil)
    }

    @Test func itemAtLineFindsTheItemOfABodyLine() {
        let board = Board(parsing: "## TODO\n- [ ] a\n  body\n\ntext\n")
        #expect(board.item(atLine: 2).map(board.title(of:)) == "a")
        #expect(board.item(atLine: 0) == nil)
        #expect(board.item(atLine: 4) == nil)
    }

    func applied(_ edits: [ByteEdit], to old: [UInt8]) -> [UInt8] {
        var result = old
        for edit in edits.reversed() { result.replaceSubrange(edit.range, with: edit.replacement) }
        return result
    }

    @Test func aMoveIsTwoSmallEditsNotTheLinesBetween() throws {
        let old = Array("## TODO\n- [x] Ship\n- [ ] b\n- [ ] c\n## DONE\n- [x] d\n".utf8)
        let new = try Board(parsing: old).tidied(doneOn: Self.today).file.bytes
        let edits = ByteEdit.between(old, new)
        #expect(edits == [
            ByteEdit(range: 8..<19, replacement: []),
            ByteEdit(range: old.count..<old.count, replacement: Array("- [x] Ship done:2026-11-23\n".utf8)),
        ])
        #expect(applied(edits, to: old) == new)
    }

    @Test func anEditInsideALineNeverSplitsACharacter() {
        let old = Array("- [ ] 한국어\n".utf8), new = Array("- [ ] 한글어\n".utf8)
        let edits = ByteEdit.between(old, new)
        #expect(edits.count == 1)
        #expect(String(decoding: edits[0].replacement, as: UTF8.self) == "글")
        #expect(applied(edits, to: old) == new)
    }

    @Test func randomFilesGetEditsThatRebuildThem() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a\n", "b\n", "- [ ] x\n", "한\n", "\r\n", "🚀", "c", "\n", "", "\r", "a\r\n"]
        for _ in 0..<2_000 {
            func file() -> [UInt8] {
                Array((0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined().utf8)
            }
            let old = file(), new = file()
            let edits = ByteEdit.between(old, new)
            #expect(applied(edits, to: old) == new)
            #expect(zip(edits, edits.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
            #expect(edits.allSatisfy { edit in
                [edit.range.lowerBound, edit.range.upperBound].allSatisfy { $0 == old.count || old[$0] & 0xC0 != 0x80 }
            })
            // Never between the CR and the LF of a line break: an editor has no position there.
            #expect(edits.allSatisfy { edit in
                [edit.range.lowerBound, edit.range.upperBound].allSatisfy { $0 == 0 || $0 == old.count || !(old[$0 - 1] == 13 && old[$0] == 10) }
            })
        }
    }
}
