import BoardKit
import Testing

/// Issue 19: the done date (FORMAT.md §5) in the model: read, recorded by moves, checked and merged.
@Suite struct DoneDateTests {
    let today = CivilDate(year: 2026, month: 11, day: 23)

    func text(_ board: Board) -> String { String(decoding: board.bytes, as: UTF8.self) }

    @Test func bothSpellingsAreReadAndAreNotPartOfTheTitle() {
        let board = Board(parsing: """
            ## DONE
            - [x] Ship it done:2026-11-20
            - [x] Tasks style ✅ 2026-11-19 #ops
            - [x] With selector ✅\u{FE0F} 2026-11-18
            - [x] Not a date done:soon
            - [x] Impossible done:2026-02-30
            - [x] Mid done:2026-11-17 line due:2026-12-01

            """)
        #expect(board.items.map(\.done) == [CivilDate("2026-11-20"), CivilDate("2026-11-19"), CivilDate("2026-11-18"),
                                            nil, nil, CivilDate("2026-11-17")])
        #expect(board.items.map { board.title(of: $0) } == ["Ship it", "Tasks style #ops", "With selector",
                                                           "Not a date done:soon", "Impossible done:2026-02-30", "Mid line"])
        #expect(board.items[4].doneToken != nil && board.items[3].doneToken == nil)
        #expect(board.items[1].doneToken?.isObsidianTasks == true)
        #expect(board.items[5].due == CivilDate("2026-12-01"))
    }

    @Test func movingIntoDoneAppendsTodayAfterTheLastNonBlankCharacterAndMovingOutRemovesIt() throws {
        let original = Board(parsing: "## TODO\n- [ ] Write docs due:2026-12-01  \n## DOING\n## DONE\n")
        let done = try original.moving(original.items[0], to: .done, doneOn: today)
        #expect(text(done) == "## TODO\n## DOING\n## DONE\n- [x] Write docs due:2026-12-01 done:2026-11-23  \n")
        let reopened = try done.moving(done.items[0], to: .todo, doneOn: today)
        #expect(reopened.bytes == original.bytes)
        // Through DOING and back: the date goes when the item leaves DONE, whatever the target.
        let started = try done.moving(done.items[0], to: .doing, doneOn: today)
        #expect(text(started) == "## TODO\n## DOING\n- [ ] Write docs due:2026-12-01  \n## DONE\n")
    }

    @Test func aDoneTokenAlreadyThereIsKeptInItsSpelling() throws {
        let board = Board(parsing: "## TODO\n- [x] Tasks ✅ 2026-11-01\n- [ ] Bad done:2026-13-01\n## DONE\n")
        let first = try board.moving(board.items[0], to: .done, doneOn: today)
        #expect(text(first) == "## TODO\n- [ ] Bad done:2026-13-01\n## DONE\n- [x] Tasks ✅ 2026-11-01\n")
        let second = try first.moving(first.items[0], to: .done, doneOn: today)
        #expect(text(second).hasSuffix("- [x] Bad done:2026-13-01\n"))
        // An impossible date is title text: leaving DONE does not take it away.
        let bad = try #require(second.items.last)
        #expect(text(try second.moving(bad, to: .todo)).hasSuffix("## TODO\n- [ ] Bad done:2026-13-01\n## DONE\n- [x] Tasks ✅ 2026-11-01\n"))
    }

    /// The title is the line without its tokens, the whitespace where one stood one space (FORMAT §5): leaving DONE
    /// keeps it so, and a ref by the title still finds the item. Taking the token and one space left `Fix     parser`.
    @Test func leavingDoneKeepsTheTitle() throws {
        for (line, left) in [("Fix   done:2026-11-01   parser", "Fix parser"), ("Fix\tdone:2026-11-01 \tparser", "Fix parser"),
                             ("Fix parser   done:2026-11-01  ", "Fix parser  "), ("done:2026-11-01\t Fix parser", "Fix parser"),
                             ("Fix done:2026-11-01 parser", "Fix parser")] {
            let board = Board(parsing: "## TODO\n## DONE\n- [x] \(line)\n")
            let title = board.title(of: board.items[0])
            let moved = try board.moving(board.items[0], to: .todo)
            #expect(text(moved) == "## TODO\n- [ ] \(left)\n## DONE\n", "\(line)")
            #expect(moved.title(of: moved.items[0]) == title)
        }
        // An empty title: `done` puts the token right after the checkbox, and `reopen` takes it back from there.
        for line in ["- [ ] ", "- [ ]", "- [ ]   ", "- [ ] \t"] {
            let board = Board(parsing: "## TODO\n\(line)\n## DONE\n")
            let done = try board.moving(board.items[0], to: .done, doneOn: today)
            #expect(try done.moving(done.items[0], to: .todo).bytes == board.bytes, "\(line.debugDescription)")
        }
        // A tab right after the token stays behind a space: `- [ ]` and a tab is no item (helper-22: it vanished).
        let tabbed = Board(parsing: "## TODO\n## DONE\n- [x] done:2026-11-01\t\n")
        let reopened = try tabbed.moving(tabbed.items[0], to: .todo)
        #expect(text(reopened) == "## TODO\n- [ ] \t\n## DONE\n" && reopened.items.count == 1)
    }

    @Test func removingATokenAtTheStartOfTheTitleTakesTheSpaceAfterIt() throws {
        let board = Board(parsing: "## DONE\n- [x] ✅ 2026-11-01 Tasks first\n## TODO\n")
        #expect(text(try board.moving(board.items[0], to: .todo)) == "## DONE\n## TODO\n- [ ] Tasks first\n")
    }

    @Test func tidyRecordsTheDateOfEachMoveIntoDone() throws {
        let board = Board(parsing: "## TODO\n- [x] a\n- [x] b done:2026-01-01\n## DOING\n- [ ] c\n## DONE\n- [ ] d done:2026-01-02\n- [x] e\n")
        let tidied = try board.tidied(doneOn: today)
        #expect(String(decoding: tidied.file.bytes, as: UTF8.self)
            == "## TODO\n- [ ] d\n## DOING\n- [ ] c\n## DONE\n- [x] e\n- [x] a done:2026-11-23\n- [x] b done:2026-01-01\n")
    }

    @Test func editingTheTitleKeepsTheDoneDate() throws {
        let board = Board(parsing: "## DONE\n- [x] Old name done:2026-11-20 due:2026-11-01\n")
        let edited = try board.editing(board.items[0], title: "New name")
        #expect(text(edited) == "## DONE\n- [x] New name due:2026-11-01 done:2026-11-20\n")
    }

    @Test func checkErrsOnAnImpossibleDoneDateAndWarnsAboutOneOutsideDone() {
        let board = Board(parsing: "## TODO\n- [ ] Early done:2026-11-20\n## DOING\n## DONE\n- [x] Bad ✅ 2026-02-30\n- [x] Good done:2026-11-20\n")
        let found = board.diagnostics().map { "\($0.line):\($0.column): \($0.severity): \($0.message)" }
        #expect(found == [
            "2:13: warning: done date 'done:2026-11-20' on an item in TODO; remove it, or move the item to DONE",
            "5:11: error: '✅ 2026-02-30' is not a real calendar date (write YYYY-MM-DD)",
        ])
    }

    // MARK: - Merging

    @Test func bothSidesCompletingAnItemOnDifferentDaysKeepTheEarlierDate() {
        let base = "## TODO\n- [ ] Ship\n- [ ] Other\n## DONE\n"
        let ours = "## TODO\n- [ ] Other\n## DONE\n- [x] Ship done:2026-11-22\n"
        let theirs = "## TODO\n- [ ] Other\n## DONE\n- [x] Ship done:2026-11-20\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n- [ ] Other\n## DONE\n- [x] Ship done:2026-11-20\n")
        #expect(merge(base, theirs, ours).text == result.text)
    }

    @Test func aDoneDateIsNeverMadeUpByAMerge() {
        // Ours completes the item; theirs retitles it: the title from theirs, the date from ours, nothing else.
        let base = "## TODO\n- [ ] Ship\n## DONE\n"
        let ours = "## TODO\n## DONE\n- [x] Ship done:2026-11-22\n"
        let theirs = "## TODO\n- [ ] Ship it\n## DONE\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n## DONE\n- [x] Ship it done:2026-11-22\n")
        // Ours reopens it (the date goes), theirs changes the date: no date comes back.
        let doneBase = "## TODO\n## DONE\n- [x] Ship done:2026-11-22\n"
        let reopened = "## TODO\n- [ ] Ship\n## DONE\n"
        let redated = "## TODO\n## DONE\n- [x] Ship done:2026-11-21\n"
        let back = merge(doneBase, reopened, redated)
        #expect(back.text == "## TODO\n- [ ] Ship\n## DONE\n")
    }
}

/// Issue 19: WIP limits in headings and the tag and person rule (FORMAT.md §3, §5).
@Suite struct LimitAndLabelTests {
    @Test func aTrailingNumberInParenthesesIsTheLimitNotPartOfTheName() {
        let board = Board(parsing: "## TODO (12)\n## In Progress(3)\n## DONE ( 2 )\n## DOING (x)\n## (4)\n")
        #expect(board.sections.map(\.kind) == [.todo, .doing])
        #expect(board.sections.map(\.limit) == [12, 3])
        #expect(Board(parsing: "## DOING (0)\n- [ ] a\n").overLimitMessage(.doing) == "DOING holds 1 item, over its limit of 0")
        #expect(Board(parsing: "## DOING (2)\n- [ ] a\n").overLimitMessage(.doing, adding: 1) == nil)
        #expect(Board(parsing: "## DOING (99999999999)\n").sections.isEmpty)
    }

    @Test func labelsAreLettersDigitsAndThreeMarksNotDigitsAlone() {
        func tag(_ word: String) -> String? { Labels.name(of: word.utf8, sigil: Labels.tag) }
        #expect(tag("#ops") == "ops")
        #expect(tag("#front-end/web_2") == "front-end/web_2")
        #expect(tag("#über") == "über")
        #expect(tag("#태그") == "태그")
        #expect(tag("#12") == nil)
        #expect(tag("#") == nil)
        #expect(tag("#ops,") == nil)
        #expect(tag("#🚀") == nil)
        #expect(tag("ops") == nil)
        #expect(Labels.name(of: "@{2026-12-01}".utf8, sigil: Labels.person) == nil)
        #expect(Labels.name(of: "@ana".utf8, sigil: Labels.person) == "ana")
        let board = Board(parsing: "## TODO\n- [ ] Ship #ops @ana due:2026-12-01 #ops\n")
        #expect(board.tags(of: board.items[0]) == ["ops", "ops"])
        #expect(board.people(of: board.items[0]) == ["ana"])
    }

    /// Labels are found eight bytes at a time: a sigil at every offset of a long title, and a sigil inside a word
    /// (not a label) at every offset, give what a word-by-word reading of the title gives.
    @Test func labelsAreFoundAtEveryOffset() {
        for offset in 0..<20 {
            let lead = String(repeating: "a", count: offset)
            let title = "\(lead) #ops x\(lead)@ann @ana-b\(lead) tail\(lead)#no"
            let board = Board(parsing: "## TODO\n- [ ] \(title)\n")
            let words = title.split(separator: " ").map(String.init)
            #expect(board.tags(of: board.items[0]) == words.compactMap { Labels.name(of: $0.utf8, sigil: Labels.tag) })
            #expect(board.people(of: board.items[0]) == words.compactMap { Labels.name(of: $0.utf8, sigil: Labels.person) })
            #expect(board.tags(of: board.items[0]) == ["ops"])
            #expect(board.people(of: board.items[0]) == ["ana-b" + lead])
        }
    }
}
