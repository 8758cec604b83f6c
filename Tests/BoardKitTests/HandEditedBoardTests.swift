import BoardKit
import Testing

/// The hand-edited boards of issue 15, each as FORMAT.md 1.1 says it must behave.
@Suite struct HandEditedBoardTests {
    func text(_ board: Board) -> String { String(decoding: board.bytes, as: UTF8.self) }

    // MARK: - The body rule (§4)

    @Test func itemsIndentedAlikeAreSiblingsNotBody() {
        let board = Board(parsing: "## TODO\n  - [ ] A\n  - [ ] B\n")
        #expect(board.items.map { board.title(of: $0) } == ["A", "B"])
        #expect(board.items.allSatisfy { $0.body.isEmpty && $0.indent == 2 })
    }

    @Test func aHeadingAsDeepAsTheItemAboveIsAHeading() {
        let board = Board(parsing: "## TODO\n  - [ ] A\n  ## DONE\n- [x] B\n")
        #expect(board.sections.map(\.kind) == [.todo, .done])
        #expect(board.items.map { board.kind(of: $0) } == [.todo, .done])
    }

    @Test func plainTextIndentedTwoContinuesTheBodyLazily() {
        let board = Board(parsing: "## TODO\n   - [ ] A\n  more about A\n\n  and more\n  - [ ] B\n")
        #expect(board.items.map { board.title(of: $0) } == ["A", "B"])
        #expect(board.items[0].body == 2..<5)
    }

    @Test func aTabIndentsToTheNextMultipleOfFour() {
        let deeper = Board(parsing: "## TODO\n  - [ ] A\n\t- [ ] two columns deeper\n")
        #expect(deeper.items.count == 1)
        #expect(deeper.items[0].body == 2..<3)
        // One column deeper than an item indented three, but four columns in: lazy continuation, so body too.
        let shallow = Board(parsing: "## TODO\n   - [ ] A\n\t- [ ] one column deeper\n")
        #expect(shallow.items.count == 1)
        #expect(shallow.items[0].body == 2..<3)
        let sibling = Board(parsing: "## TODO\n   - [ ] A\n  - [ ] B\n")
        #expect(sibling.items.count == 2)
    }

    // MARK: - Placement changes no other line's meaning (§6)

    @Test func anIndentedItemMovedBelowAnUnindentedOneTakesItsIndentation() throws {
        let board = Board(parsing: "## TODO\n\n  - [ ] A\n\n## DONE\n\n- [x] B\n")
        let done = try board.moving(board.items[0], to: .done)
        #expect(text(done) == "## TODO\n\n## DONE\n\n- [x] B\n- [x] A\n")
        // B's removal leaves A alone.
        let removed = try done.removing(done.items[0])
        #expect(removed.items.map { removed.title(of: $0) } == ["A"])
    }

    /// `done A`, A indented 3 with body lines at 4, 4 and 5 columns, below D at 0: shifted by -3, the body stopped
    /// being body, so each line went only to 2 columns, and `tail` lost the column it had over the others: A's body
    /// changed (helper-44). The body shifts less, all of it alike, and reads as the same text.
    @Test func aMovedItemsBodyKeepsItsLinesIndentationAmongThemselves() throws {
        let board = Board(parsing: "## TODO\n   - [ ] A\n    ```\n    # not a heading\n     tail\n## DONE\n- [x] D\n")
        let done = try board.moving(board.items[0], to: .done)
        #expect(text(done) == "## TODO\n## DONE\n- [x] D\n- [x] A\n  ```\n  # not a heading\n   tail\n")
        #expect(done.bodyLines(of: done.items[1]) == board.bodyLines(of: board.items[0]))
    }

    @Test func aMovedItemDoesNotSwallowAnIndentedHeadingBelowIt() throws {
        let board = Board(parsing: "## TODO\n\n- [ ] A\n\n## DOING\n\n  ## DONE\n\n- [x] B\n")
        let started = try board.moving(board.items[0], to: .doing)
        #expect(text(started) == "## TODO\n\n## DOING\n\n  - [ ] A\n\n  ## DONE\n\n- [x] B\n")
        #expect(started.items.map { started.kind(of: $0) } == [.doing, .done])
    }

    @Test func aNewItemDoesNotSwallowAnIndentedFenceOpener() throws {
        let board = Board(parsing: "## TODO\n\n   ```\n- [ ] in code\n")
        let added = try board.adding(title: "X", to: .todo)
        #expect(text(added) == "## TODO\n\n   - [ ] X\n\n   ```\n- [ ] in code\n")
        #expect(added.items.map { added.title(of: $0) } == ["X"])
        #expect(added.regions.map(\.kind) == [.fencedCode])
    }

    @Test func anItemAddedAtTheTopTakesTheIndentationOfTheItemBelow() throws {
        let board = Board(parsing: "## TODO\n\n  - [ ] A\n")
        let added = try board.adding(title: "X", to: .todo, atTop: true)
        #expect(text(added) == "## TODO\n\n  - [ ] X\n  - [ ] A\n")
        #expect(try added.removing(added.items[0]).bytes == board.bytes)
    }

    @Test func aNewItemBodyIsIndentedDeeperThanItsItem() throws {
        let board = Board(parsing: "## TODO\n  - [ ] A\n")
        let added = try board.adding(title: "X", body: "- [ ] step\n## heading", to: .todo)
        #expect(text(added) == "## TODO\n  - [ ] A\n  - [ ] X\n    - [ ] step\n    ## heading\n")
        #expect(added.bodyLines(of: added.items[1]) == ["- [ ] step", "## heading"])
    }

    @Test func aRemovalThatWouldJoinTheNextLineToTheItemAboveIsRefused() throws {
        let board = Board(parsing: "## TODO\n- [ ] P\n - [ ] X\n  - [ ] Y\n")
        #expect(board.items.count == 3)
        #expect(throws: EditError.self) { try board.removing(board.items[1]) }
        do {
            _ = try board.removing(board.items[1])
        } catch {
            guard case .wouldChangeMeaning(let line, _) = error else { Issue.record("\(error)"); return }
            #expect(line == 3)
        }
    }

    // MARK: - Files at their edges

    @Test func aSectionCreatedBeforeTheFirstLineKeepsTheByteOrderMarkFirst() throws {
        let board = Board(parsing: Array("\u{FEFF}## DOING\n\n- [ ] A\n".utf8))
        let added = try board.adding(title: "X", to: .todo)
        #expect(text(added) == "\u{FEFF}## TODO\n\n- [ ] X\n\n## DOING\n\n- [ ] A\n")
        #expect(added.sections.map(\.kind) == [.todo, .doing])
    }

    @Test func aFileEndingInALoneCRKeepsThatCRAsText() throws {
        let board = Board(parsing: "## TODO\n- [ ] a\r")
        let added = try board.adding(title: "X", to: .todo)
        #expect(text(added) == "## TODO\n- [ ] a\r\r\n- [ ] X")
        #expect(added.text(ofLine: 1) == "- [ ] a\r")
        #expect(try added.removing(added.items[1]).bytes == board.bytes)
    }

    @Test func checkingAnItemAlreadyCheckedWithAnUpperXChangesNothing() throws {
        let board = Board(parsing: "## DONE\n- [X] a\n")
        #expect(try board.printed(after: .fixCheckbox(board.items[0])).equals(board.bytes))
    }

    // MARK: - What check reports can be fixed from the command line

    @Test func settingTheDueDateReplacesAnImpossibleOne() throws {
        let board = Board(parsing: "## TODO\n- [ ] Design due:2026-11-31\n")
        let edited = try board.editing(board.items[0], due: .set(try #require(CivilDate("2026-11-30"))))
        #expect(text(edited) == "## TODO\n- [ ] Design due:2026-11-30\n")
        #expect(edited.diagnostics().filter { $0.severity == .error }.isEmpty)
    }

    @Test func removingTheDueDateRemovesEveryDueTokenValidOrNot() throws {
        let board = Board(parsing: "## TODO\n- [ ] Design due:2026-11-31 @{2026-12-01} x 📅 soon-ish\n")
        let edited = try board.editing(board.items[0], due: .remove)
        #expect(text(edited) == "## TODO\n- [ ] Design x 📅 soon-ish\n")
        let tasks = Board(parsing: "## TODO\n- [ ] Design 📅 2026-02-30 due:soon\n")
        #expect(text(try tasks.editing(tasks.items[0], due: .remove)) == "## TODO\n- [ ] Design\n")
    }

    @Test func aTitleCheckWouldRejectIsRefused() throws {
        let board = Board(parsing: "## TODO\n- [ ] a due:2026-12-01\n")
        #expect(throws: EditError.rejectedTitle("'due:soon' is not a real calendar date (write YYYY-MM-DD)")) {
            try board.adding(title: "Parse due:soon tokens", to: .todo)
        }
        #expect(throws: EditError.self) { try board.adding(title: "Ship due:2026-12-01", due: CivilDate("2026-12-02"), to: .todo) }
        // A real date in a new title replaces the item's due date, as `add` reads one; an impossible one is refused.
        #expect(text(try board.editing(board.items[0], title: "b due:2026-12-02")) == "## TODO\n- [ ] b due:2026-12-02\n")
        #expect(throws: EditError.self) { try board.editing(board.items[0], title: "b due:2026-13-02") }
        let added = try board.adding(title: "Ship due:2026-12-01", to: .todo)
        #expect(added.items[1].due == CivilDate("2026-12-01"))
        #expect(added.title(of: added.items[1]) == "Ship")
    }
}
