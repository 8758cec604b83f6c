@testable import BoardCLI
import BoardDisplay
import BoardKit
import Foundation
import Testing

/// `board ui`'s state machine, key by key: each change is the file the equivalent command writes.
@Suite struct InteractiveBoardTests {
    /// An outside edit in place that keeps the size and puts the modification time back (`touch -r`, a sync tool, an
    /// editor keeping times) is a change `board ui` sees: it went unseen until a key was pressed. The inode's change
    /// time tells it, which no program can put back.
    @Test func anEditThatRestoresTheModificationTimeChangesTheStamp() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] A\n")
        let path = sandbox.path("board.md")
        var before = stat()
        #expect(stat(path, &before) == 0)
        let stamp = FileStamp(path)
        usleep(20_000)
        let fd = open(path, O_WRONLY)
        #expect(fd >= 0)
        #expect(Array("## TODO\n- [ ] B\n".utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == 16)
        var times = [before.st_atim, before.st_mtim]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_size == before.st_size)
        #expect(FileStamp(path) != stamp)
    }

    static let today = CivilDate(year: 2026, month: 11, day: 23) ?? CivilDate(daysSinceEpoch: 0)
    static let text = """
        # Release
        ## TODO
        - [ ] Write docs due:2026-12-01
          A body line.
        - [ ] 릴리스 노트 🚀
        - [ ] Late due:2026-11-20

        ## DOING (2)
        - [ ] Parser

        ## DONE
        - [x] Old done:2026-11-01

        """

    /// A state on the text, and a helper applying effects as `board ui` does when the file never changes under it.
    struct Session {
        var state: InteractiveBoard
        var writes = 0

        init(_ text: String = InteractiveBoardTests.text, width: Int = 100, height: Int = 30, color: Bool = false) {
            state = InteractiveBoard(board: Board(parsing: text), title: "board.md", width: width, height: height,
                                     today: InteractiveBoardTests.today, color: color)
        }

        /// Presses the keys as `board ui` does keys read together; a write is made at once. Returns the effects
        /// other than writes.
        @discardableResult
        mutating func press(_ keys: [Key]) -> [InteractiveBoard.Effect] {
            var others: [InteractiveBoard.Effect] = []
            var writes = 0
            _ = state.press(keys) { state, effect in
                if case .write(let file) = effect {
                    writes += 1
                    state.written(Board(parsing: file))
                } else {
                    others.append(effect)
                }
                return true
            }
            self.writes += writes
            return others
        }

        @discardableResult
        mutating func type(_ text: String) -> [InteractiveBoard.Effect] { press(text.map { Key.character($0) }) }

        var text: String { String(decoding: state.board.bytes, as: UTF8.self) }
    }

    /// What a command writes on the same text.
    func command(_ arguments: [String], on text: String = Self.text) throws -> String {
        let sandbox = Sandbox()
        sandbox.write("board.md", text)
        let outcome = sandbox.run(arguments, environment: ["BOARD_TODAY": "2026-11-23"])
        try #require(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
        return sandbox.read()
    }

    @Test func movingKeysWriteWhatTheCommandsWrite() throws {
        var session = Session()
        session.press([.down, .character("L")])
        #expect(session.text == (try command(["move", "릴리스", "doing"])))
        #expect(session.state.message == "Moved to DOING: '릴리스 노트 🚀'.")
        // The selection went with the item.
        #expect(session.state.column == 1)
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "릴리스 노트 🚀")
        session.press([.character(">")])
        #expect(session.text == (try command(["move", "릴리스", "done"])))
        var done = Session()
        done.press([.character("d")])
        #expect(done.text == (try command(["done", "Write docs"])))
        var started = Session()
        started.press([.character("s")])
        #expect(started.text == (try command(["start", "Write docs"])))
        var reopened = Session()
        reopened.press([.right, .right, .character("r")])
        #expect(reopened.text == (try command(["reopen", "Old"])))
    }

    /// `d` on an unchecked item in DONE and `r` on a checked one in TODO set the checkbox, as `board done` and
    /// `board reopen` do (helper-51: they said the item was there already and wrote nothing).
    @Test func movingKeysSetACheckboxItsSectionDisagreesWith() throws {
        let text = "## TODO\n- [x] Checked in todo\n## DOING\n## DONE\n- [ ] Unchecked in done\n"
        var done = Session(text)
        done.press([.right, .right, .character("d")])
        #expect(done.text == (try command(["done", ":5"], on: text)))
        #expect(done.state.message == "Checked 'Unchecked in done' in DONE.")
        var reopened = Session(text)
        reopened.press([.character("r")])
        #expect(reopened.text == (try command(["reopen", ":2"], on: text)))
        #expect(reopened.state.message == "Unchecked 'Checked in todo' in TODO.")
        // Set already, it is still nothing to do.
        done.press([.character("d")])
        #expect(done.state.message == "'Unchecked in done' is in DONE already.")
        #expect(done.writes == 1)
    }

    /// The WIP warning is of the section as the write left it (helper-51): an add into a full section warns as
    /// `board add` does, and an undo of a start does not repeat the start's warning.
    @Test func theLimitWarningIsOfTheSectionAsTheWriteLeftIt() {
        let text = "## TODO\n- [ ] A\n## DOING (1)\n- [ ] Busy\n## DONE\n"
        var session = Session(text)
        session.press([.character("s")])
        #expect(session.state.message == "Started: 'A'. Warning: DOING holds 2 items, over its limit of 1.")
        session.press([.character("u")])
        #expect(session.state.message == "Undid: Started: 'A'.")
        #expect(session.text == text)
        session.press([.right, .character("a")])
        session.type("New")
        session.press([.enter])
        #expect(session.state.message == "Added 'New' to DOING. Warning: DOING holds 2 items, over its limit of 1.")
        // An undo that puts an item back over the limit warns of it (helper-54).
        session.press([.character("H"), .character("u")])
        #expect(session.state.message == "Undid: Moved to TODO: 'New'. Warning: DOING holds 2 items, over its limit of 1.")
    }

    /// A message wider than the terminal wraps over up to three footer lines, the board giving up the rows, and is
    /// cut with `…` past them (helper-51: cut at the width, a rescued file's name was lost).
    @Test func aLongMessageWrapsInTheFooter() {
        var session = Session(width: 40, height: 12)
        let message = "board.md was saved by another program meanwhile; its text is kept in board.md.rescued-1 here."
        session.state.note(message)
        let screen = session.state.screen()
        #expect(screen.count == 12)
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(screen)")
        #expect(screen.suffix(3).joined(separator: " ") == message, "\(screen)")
        session.state.note(String(repeating: "word ", count: 40))
        let cut = session.state.screen()
        #expect(cut.count == 12 && cut.last?.hasSuffix("…") == true && cut.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(cut)")
    }

    @Test func reorderingKeysMoveTheItemWithinItsSection() {
        var session = Session()
        session.press([.character("J")])
        #expect(session.text.contains("- [ ] 릴리스 노트 🚀\n- [ ] Write docs due:2026-12-01\n  A body line.\n- [ ] Late"))
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Write docs")
        session.press([.character("K")])
        #expect(session.text == Self.text)
        session.press([.character("K")])
        #expect(session.state.message == "Nothing to change.")
        #expect(session.writes == 2)
    }

    @Test func keysReadTogetherEachActOnTheBoardTheOnesBeforeLeft() throws {
        let text = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n- [ ] Gamma\n\n## DOING\n\n- [ ] One\n- [ ] Two\n- [ ] Three\n- [ ] Four\n\n## DONE\n"
        var decoder = KeyDecoder()
        var session = Session(text)
        session.press([.tab])
        session.press(decoder.keys(Array("JJJ".utf8), final: false))
        #expect(session.text == text.replacingOccurrences(of: "One\n- [ ] Two\n- [ ] Three\n- [ ] Four", with: "Two\n- [ ] Three\n- [ ] Four\n- [ ] One"))
        #expect(session.writes == 3)
        #expect(session.state.message == "Moved 'One' down.")
        // A change read with the keys after it is kept: `d` acts on the item below the moved one, in the file as moved.
        var reordered = Session(text)
        reordered.press(decoder.keys(Array("Jjd".utf8), final: false))
        #expect(reordered.text == """
            ## TODO

            - [ ] Beta
            - [ ] Alpha

            ## DOING

            - [ ] One
            - [ ] Two
            - [ ] Three
            - [ ] Four

            ## DONE
            - [x] Gamma done:2026-11-23

            """)
    }

    @Test func addingThroughTheFormWritesWhatAddWrites() throws {
        var session = Session()
        session.press([.right, .character("a")])
        guard case .form = session.state.mode else { Issue.record("no form"); return }
        session.type("Ship 한국어")
        session.press([.tab])
        session.type("fri")
        session.press([.tab])
        session.type("Notes")
        session.press([.enter])
        #expect(session.text == (try command(["add", "Ship 한국어", "--due", "fri", "--body", "Notes", "--to", "doing"])))
        #expect(session.state.mode == .board)
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Ship 한국어")
    }

    @Test func theFormRefusesABadDateAndAnEmptyTitle() {
        var session = Session()
        session.press([.character("a"), .enter])
        #expect(session.state.message == "The title is empty.")
        session.type("x")
        session.press([.tab])
        session.type("someday")
        session.press([.enter])
        #expect(session.state.message == "'someday' is not a date: YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday.")
        #expect(session.writes == 0)
        session.press([.escape])
        #expect(session.state.mode == .board)
        #expect(session.state.message == "Nothing added.")
    }

    @Test func editingThroughTheFormWritesWhatEditWrites() throws {
        var session = Session()
        session.press([.character("e")])
        for _ in 0..<4 { session.press([.backspace]) }
        session.type("guide")
        session.press([.tab])
        for _ in 0..<10 { session.press([.backspace]) }
        session.press([.enter])
        #expect(session.text == (try command(["edit", "Write docs", "--title", "Write guide", "--no-due"])))
        var unchanged = Session()
        unchanged.press([.character("e"), .enter])
        #expect(unchanged.state.message == "Nothing changed.")
        #expect(unchanged.writes == 0)
    }

    /// A title or body line holding bytes that are not UTF-8 (a Latin-1 `é`) is not typed in: the form's text of it
    /// has U+FFFD there, and an edit wrote that in place of the byte (helper-74). Its due date still can be changed,
    /// every byte of the title and body kept.
    @Test func aFieldHoldingBytesThatAreNoUTF8IsNotTypedIn() throws {
        let bytes = Array("## TODO\n\n- [ ] caf".utf8) + [0xE9] + Array(" menu\n  caf".utf8) + [0xE9] + Array(" notes\n\n## DOING\n\n## DONE\n".utf8)
        var session = Session()
        session.state = InteractiveBoard(board: Board(parsing: bytes), title: "board.md", width: 100, height: 30,
                                         today: Self.today, color: false)
        session.press([.character("e"), .character("!"), .backspace])
        #expect(session.state.message == "The title holds bytes that are not UTF-8 (shown as \u{FFFD}), which typing here would lose: E edits it in your editor.")
        session.press([.tab, .tab, .paste("more")])
        #expect(session.state.message?.hasPrefix("The body holds bytes that are not UTF-8") == true)
        session.press([.up])
        session.type("2026-12-24")
        session.press([.enter])
        #expect(session.writes == 1)
        #expect(session.state.board.bytes == Array("## TODO\n\n- [ ] caf".utf8) + [0xE9] + Array(" menu due:2026-12-24\n  caf".utf8) + [0xE9]
            + Array(" notes\n\n## DOING\n\n## DONE\n".utf8))
    }

    @Test func deletingAsksFirst() throws {
        var session = Session()
        session.press([.down, .character("x")])
        #expect(session.state.mode == .confirmDelete)
        session.press([.character("n")])
        #expect(session.writes == 0)
        session.press([.character("x"), .character("y")])
        #expect(session.text == (try command(["rm", "릴리스"])))
    }

    @Test func undoGivesBackTheFileAndRefusesOverAnotherChange() {
        var session = Session()
        session.press([.character("d"), .character("d")])
        session.press([.character("u")])
        session.press([.character("u")])
        #expect(session.text == Self.text)
        session.press([.character("u")])
        #expect(session.state.message == "Nothing to undo in this session.")
        session.press([.character("d")])
        // Someone else changed the file meanwhile: undo would lose their change.
        let theirs = session.text + "- [ ] Theirs\n"
        session.state.reload(Board(parsing: theirs), message: "board.md changed on disk; reloaded.")
        #expect(session.press([.character("u")]).isEmpty)
        #expect(session.state.message == "The file changed since your last change; undo would lose that, so nothing was undone.")
        #expect(session.text == theirs)
    }

    @Test func aReloadKeepsTheSelectionOnTheSameItem() {
        var session = Session()
        session.press([.down, .down])
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Late")
        let edited = Self.text.replacingOccurrences(of: "## TODO\n", with: "## TODO\n- [ ] Added above\n")
        session.state.reload(Board(parsing: edited), message: nil)
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Late")
    }

    /// Of two items with one title, the one selected stays selected when the file changes around it (an item added
    /// above both), told apart by its body: `x y` deletes it, not its twin.
    @Test func aReloadKeepsTheSelectionOnTheSameOfTwoItemsWithOneTitle() {
        let text = "## TODO\n\n- [ ] A\n  first body\n- [ ] A\n  second body\n\n## DOING\n\n## DONE\n"
        var session = Session(text)
        session.press([.down])
        let added = text.replacingOccurrences(of: "## TODO\n\n", with: "## TODO\n\n- [ ] New\n")
        session.state.reload(Board(parsing: added), message: nil)
        #expect(session.state.selectedItem.map { session.state.board.bodyLines(of: $0) } == ["second body"])
        session.press([.character("x"), .character("y")])
        #expect(session.text == "## TODO\n\n- [ ] New\n- [ ] A\n  first body\n\n## DOING\n\n## DONE\n")
        // An edit form follows the same one.
        var editing = Session(text)
        editing.press([.down, .character("e"), .tab])
        editing.type("2026-12-31")
        editing.state.reload(Board(parsing: added), message: nil)
        editing.press([.enter])
        #expect(editing.text == added.replacingOccurrences(of: "- [ ] A\n  second", with: "- [ ] A due:2026-12-31\n  second"))
    }

    /// Ctrl-Z (byte 0x1A in raw mode) asks to stop in every view, even a form or a terminal too small, and changes
    /// nothing: the form is still open with what was typed when the program is brought back. It was dropped.
    @Test func ctrlZStopsFromEveryViewAndChangesNothing() {
        var decoder = KeyDecoder()
        #expect(decoder.keys([0x1A]) == [.suspend])
        var session = Session()
        #expect(session.press([.suspend]) == [.suspend])
        session.press([.character("a")] + "Half".map { .character($0) })
        let form = session.state.mode
        #expect(session.press([.suspend]) == [.suspend])
        #expect(session.state.mode == form)
        session.press([.enter])
        #expect(session.text.contains("- [ ] Half\n"))
        var small = Session(width: 5, height: 3)
        #expect(small.press([.suspend]) == [.suspend])
        #expect(small.writes == 0 && session.writes == 1)
        // Keys read with Ctrl-Z, after it, are dropped (they ran once the program was brought back).
        var ahead = Session()
        #expect(ahead.press([.suspend, .character("d"), .suspend]) == [.suspend])
        #expect(ahead.writes == 0 && ahead.text == InteractiveBoardTests.text)
    }

    /// The form names a relative due date past 9999-12-31 for what it is, as `--due` does.
    @Test func theFormSaysARelativeDueFallsAfterTheLastDay() {
        var session = Session()
        session.state.today = CivilDate(year: 9999, month: 12, day: 31) ?? InteractiveBoardTests.today
        session.press([.character("a")])
        session.type("Late")
        session.press([.tab])
        session.type("+3d")
        session.press([.enter])
        #expect(session.state.message == "'+3d' falls after 9999-12-31, the last date a board holds.")
        #expect(session.writes == 0)
        session.press(Array(repeating: .backspace, count: 3))
        session.type("soon")
        session.press([.enter])
        #expect(session.state.message == "'soon' is not a date: YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday.")
    }

    /// In a terminal too small to show the board no key acts unseen: only quitting works.
    @Test func aTerminalTooSmallTakesOnlyQuit() {
        var session = Session(width: 5, height: 3)
        #expect(session.state.screen().first == "Termi")
        for key in "jsdxyLJaeu" { #expect(session.press([.character(key)]).isEmpty, "\(key)") }
        #expect(session.writes == 0)
        #expect(session.text == InteractiveBoardTests.text)
        #expect(session.state.mode == .board)
        #expect(session.press([.character("q")]) == [.quit])
        session.state.resize(width: 100, height: 30)
        session.press([.character("s")])
        #expect(session.writes == 1)
    }

    @Test func noKeyActsOnTheItemThatTookTheSelectedOnesPlace() {
        let text = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n- [ ] Gamma\n\n## DOING\n\n## DONE\n"
        let deleted = text.replacingOccurrences(of: "- [ ] Beta\n", with: "")
        let retitled = text.replacingOccurrences(of: "- [ ] Beta\n", with: "- [ ] Beta two\n")
        for theirs in [deleted, retitled] {
            for key in "dsrHLJK<>xeE" {
                var session = Session(text)
                session.press([.down])
                session.state.reload(Board(parsing: theirs), message: "board.md changed on disk; reloaded.")
                #expect(session.state.message == "board.md changed on disk; reloaded. 'Beta' is gone; no item is selected.")
                #expect(session.state.selectedItem == nil)
                #expect(!session.state.screen().contains { $0.hasPrefix(">") && $0.contains("[ ]") })
                #expect(session.press([.character(key)]).isEmpty, "\(key)")
                #expect(session.state.mode == .board)
                #expect(session.writes == 0)
                #expect(session.state.message == "'Beta' is gone, so nothing was done: select an item.")
                #expect(session.text == theirs)
            }
        }
        // A key that selects selects again: ↓ the item in Beta's place, shown selected.
        var session = Session(text)
        session.press([.down])
        session.state.reload(Board(parsing: deleted), message: nil)
        session.press([.down])
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Gamma")
        #expect(session.state.screen().contains { $0.hasPrefix("> [ ] Gamma") })
        // Pressed before the change was seen: the write is refused as the file changed, and pressed again, the key
        // does not fall on Gamma.
        var racing = Session(text)
        racing.press([.down])
        guard case .write = racing.state.press(.character("d")) else { Issue.record("no write"); return }
        racing.state.reload(Board(parsing: deleted), message: "board.md changed on disk; reloaded it, and nothing was written.")
        #expect(racing.state.message == "board.md changed on disk; reloaded it, and nothing was written. 'Beta' is gone; no item is selected.")
        racing.press([.character("d")])
        #expect(racing.writes == 0)
        #expect(racing.text == deleted)
        // Moved elsewhere, it is still the item: the selection follows it.
        var moved = Session(text)
        moved.press([.down])
        let done = deleted.replacingOccurrences(of: "## DONE\n", with: "## DONE\n- [x] Beta\n")
        moved.state.reload(Board(parsing: done), message: nil)
        moved.press([.character("d")])
        #expect(moved.state.message == "'Beta' is in DONE already.")
    }

    @Test func aWriteThatFindsTheFileChangedIsNotMade() {
        var session = Session()
        guard case .write = session.state.press(.character("d")) else { Issue.record("no write"); return }
        // The caller found the file changed: it reloads instead of writing, and the change is not undoable.
        let theirs = Self.text + "- [ ] Theirs\n"
        session.state.reload(Board(parsing: theirs), message: "board.md changed on disk; reloaded it, and nothing was written.")
        #expect(session.text == theirs)
        session.press([.character("u")])
        #expect(session.state.message == "Nothing to undo in this session.")
    }

    @Test func theFilterShowsMatchingItemsOnly() {
        var session = Session()
        session.type("/late")
        session.press([.enter])
        #expect(session.state.selectedItem.map(session.state.board.title(of:)) == "Late")
        let screen = session.state.screen().joined(separator: "\n")
        #expect(screen.contains("filter: late"))
        #expect(!screen.contains("Write docs"))
        session.press([.character("J")])
        #expect(session.state.message == "Clear the filter (Esc) to reorder items.")
        session.press([.escape])
        #expect(session.state.screen().joined(separator: "\n").contains("Write docs"))
    }

    @Test func theScreenIsTheBoardsColumnsWithTheSelectionMarked() {
        var session = Session()
        let screen = session.state.screen()
        #expect(screen.count == 30)
        #expect(screen[0] == " board ui · board.md")
        #expect(screen[1].hasPrefix("> TODO (3)"))
        #expect(screen[1].contains("DOING (1/2)"))
        #expect(screen[3].hasPrefix("> [ ] Write docs"))
        #expect(screen.contains { $0.hasPrefix("  [ ] 릴리스 노트 🚀") })
        #expect(screen.contains { $0.contains("! 2026-11-20 overdue") })
        #expect(screen[29].hasPrefix("? help  q quit  ←→↑↓ select"))
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 100 })
    }

    /// A heading too wide for its column keeps its count and limit, then ends in `…` (helper-19: `DOING (1200/9999`
    /// read as a wrong limit).
    @Test func aWideHeadingKeepsItsCountAndLimitThenEndsInAnEllipsis() {
        let many = (0..<12).map { "- [ ] i\($0)\n" }.joined()
        var over = Session("## TODO\n## DOING (1)\n" + many + "## DONE\n", width: 60)
        #expect(over.state.screen()[1].contains("DOING (12/1)"))
        var long = Session("## TODO\n## DOING (999999999)\n- [ ] a\n## DONE\n", width: 60)
        let line = long.state.screen()[1]
        #expect(line.contains("DOING (1/99") && line.contains("…") && DisplayWidth.of(line) <= 60)
    }

    @Test func aNarrowTerminalShowsOneSectionUnderTabs() {
        var session = Session(width: 40, height: 12)
        session.press([.tab])
        let screen = session.state.screen()
        #expect(screen[1] == " TODO (3)  [DOING (1/2)]  DONE (1) ")
        #expect(screen[2].hasPrefix("> [ ] Parser"))
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 40 })
        session.state.resize(width: 15, height: 4)
        #expect(session.state.screen().first == "Terminal too sm")
    }

    @Test func aLongSectionScrollsToKeepTheSelectionShown() {
        let long = "## TODO\n" + (1...60).map { "- [ ] Item \($0)\n" }.joined() + "## DOING\n## DONE\n"
        var session = Session(long, width: 80, height: 12)
        session.press(Array(repeating: .down, count: 30))
        let screen = session.state.screen()
        #expect(screen.contains { $0.hasPrefix("> [ ] Item 31") })
        #expect(screen[3].hasPrefix("↑ "))
        #expect(screen[10].hasPrefix("↓ "))
        // Moving up within what shows does not scroll.
        session.press([.up])
        #expect(session.state.screen()[3] == screen[3])
        #expect(session.state.screen().allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func colorMarksTheSelectionInReverseVideo() {
        var session = Session(color: true)
        #expect(session.state.screen()[3].contains("\u{1B}[7m"))
        var plain = Session(color: false)
        #expect(!plain.state.screen().joined().contains("\u{1B}"))
    }

    @Test func helpQuitAndTheEditor() {
        var session = Session()
        session.press([.character("?")])
        #expect(session.state.screen()[0] == " board ui: keys")
        session.press([.character("z")])
        #expect(session.state.mode == .board)
        #expect(session.press([.down, .character("E")]) == [.openEditor(line: 5)])
        #expect(session.press([.character("q")]) == [.quit])
        #expect(session.press([.interrupt]) == [.quit])
    }

    @Test func keysAreDecodedFromWhatTheTerminalSends() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8)) == [.up, .down, .right, .left, .pageUp, .pageDown, .home, .end])
        #expect(decoder.keys(Array("a한🚀\r\t\u{7F}\u{3}\u{1}".utf8)) == [.character("a"), .character("한"), .character("🚀"), .enter, .tab, .backspace, .interrupt])
        // A sequence split between reads waits for its end; a lone Escape is Escape once no more comes.
        #expect(decoder.keys([0x1B], final: false) == [])
        #expect(decoder.keys(Array("[B".utf8), final: false) == [.down])
        #expect(decoder.keys([0x1B], final: false) == [])
        #expect(decoder.keys([], final: true) == [.escape])
        // Escape and a key read apart are both keys; read together, they are Alt and the key, a chord bound to nothing
        // (helper-51: Alt-d marked the item done, Alt-x then y deleted it).
        #expect(decoder.keys([0x1B], final: false) == [])
        #expect(decoder.keys(Array("x".utf8)) == [.escape, .character("x")])
        #expect(decoder.keys(Array("\u{1B}x\u{1B}L\u{1B}\r\u{1B}\t".utf8)) == [])
        #expect(decoder.keys(Array("\u{1B}\u{3}\u{1B}\u{1B}".utf8)) == [.escape, .interrupt, .escape, .escape])
        // An escape sequence unfinished when no more came is dropped (helper-54: it took a later key for its end).
        #expect(decoder.keys(Array("\u{1B}[".utf8), final: false) == [])
        #expect(decoder.keys([], final: true) == [])
        #expect(decoder.keys(Array("d".utf8)) == [.character("d")])
        // Ctrl-C ends a paste whose end never came (it took every key), and is Ctrl-C.
        #expect(decoder.keys(Array("\u{1B}[200~abc".utf8), final: false) == [])
        #expect(decoder.keys(Array("q".utf8)) == [])
        #expect(decoder.keys([0x03]) == [.paste("abcq"), .interrupt])
        #expect(decoder.keys([0xED, 0x95], final: false) == [])
        #expect(decoder.keys([0x9C]) == [.character("한")])
        // A byte that is no UTF-8 (an 8-bit Meta key, a Latin-1 terminal) is dropped at the first byte that cannot
        // continue it, not taken with the next keys, however much later they come (helper-74: an Up arrow's `A` was
        // typed into the title).
        #expect(decoder.keys(Array("X".utf8) + [0xE4], final: false) == [.character("X")])
        #expect(decoder.keys(Array("\u{1B}[AY".utf8)) == [.up, .character("Y")])
        #expect(decoder.keys([0xC3, 0x41, 0xF0, 0x9F, 0x42]) == [.character("A"), .character("B")])
        #expect(decoder.keys([0xE4], final: true) == [])
        #expect(decoder.keys(Array("d".utf8)) == [.character("d")])
        // A terminal's reply (OSC to BEL, DCS to `ESC \`) is dropped whole, and a C1 control too (helper-74: the
        // reply's payload was typed into the title, U+009B written to the file).
        #expect(decoder.keys(Array("A\u{1B}]11;rgb:0000/0000/0000\u{7}B\u{1B}P1$r0m\u{1B}\\C\u{9B}D".utf8)) == [.character("A"), .character("B"), .character("C"), .character("D")])
        #expect(decoder.keys(Array("\u{1B}]11;rgb".utf8), final: false) == [])
        #expect(decoder.keys(Array(":0/0/0\u{7}x".utf8)) == [.character("x")])
        // Begun by a C1 control, as UTF-8 or one 8-bit byte, to its ST (helper-76: the payload was typed).
        #expect(decoder.keys(Array("a\u{9D}11;x\u{9C}b".utf8)) == [.character("a"), .character("b")])
        #expect(decoder.keys([0x61, 0x9D] + Array("11;x".utf8) + [0x9C, 0x62]) == [.character("a"), .character("b")])
    }

    @Test func aBoardWithConflictMarkersIsNotEdited() {
        let conflicted = "## TODO\n<<<<<<< HEAD\n- [ ] Ours\n=======\n- [ ] Theirs\n>>>>>>> branch\n## DOING\n## DONE\n"
        var session = Session(conflicted)
        session.press([.character("s"), .character("d"), .character("x"), .character("y"), .character("J")])
        #expect(session.writes == 0)
        #expect(session.state.message?.hasPrefix("Line 2 is a merge conflict marker") == true)
        #expect(session.text == conflicted)
    }

    @Test func anEditFormFollowsItsItemWhenTheFileReloads() {
        let text = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n\n## DOING\n\n## DONE\n"
        var session = Session(text)
        session.press([.character("e"), .tab])
        session.type("2026-12-31")
        let theirs = text.replacingOccurrences(of: "\n\n- [ ] Alpha", with: "\n\n- [ ] Intruder\n- [ ] Alpha")
        session.state.reload(Board(parsing: theirs), message: "board.md changed on disk; reloaded.")
        session.press([.enter])
        #expect(session.text == theirs.replacingOccurrences(of: "- [ ] Alpha", with: "- [ ] Alpha due:2026-12-31"))
        // Gone from the file: the form closes and nothing is changed.
        var gone = Session(text)
        gone.press([.character("e")])
        gone.state.reload(Board(parsing: text.replacingOccurrences(of: "- [ ] Alpha\n", with: "")), message: "board.md changed on disk; reloaded.")
        #expect(gone.state.mode == .board)
        #expect(gone.state.message == "board.md changed on disk; reloaded. The item being edited is gone; nothing changed.")
        // Moved to DOING by another program (`board start`): the form follows it there, and the edit is made there
        // (helper-74: the form closed, the typing lost). Archived, it is off the board: the form closes.
        var moved = Session(text)
        moved.press([.down, .character("e")])
        moved.type(" edited")
        let started = "## TODO\n\n- [ ] Alpha\n\n## DOING\n\n- [ ] Beta\n\n## DONE\n"
        moved.state.reload(Board(parsing: started), message: nil)
        moved.press([.enter])
        #expect(moved.text == started.replacingOccurrences(of: "Beta", with: "Beta edited"))
        var archived = Session(text)
        archived.press([.down, .character("e")])
        archived.state.reload(Board(parsing: "## TODO\n\n- [ ] Alpha\n\n## DOING\n\n## DONE\n\n## Archive\n\n- [ ] Beta\n"), message: nil)
        #expect(archived.state.mode == .board)
    }

    @Test func aReloadWithdrawsTheDeleteQuestion() {
        let text = "## TODO\n- [ ] Alpha\n- [ ] Beta\n## DOING\n## DONE\n"
        var session = Session(text)
        session.press([.character("x")])
        session.state.reload(Board(parsing: text.replacingOccurrences(of: "- [ ] Alpha\n", with: "")), message: "board.md changed on disk; reloaded.")
        #expect(session.state.mode == .board)
        #expect(session.state.message == "board.md changed on disk; reloaded. 'Alpha' is gone; nothing deleted.")
        session.press([.character("y")])
        #expect(session.writes == 0)
    }

    @Test func endOnALongSectionShowsTheLastItemAtOnce() {
        let long = "## TODO\n" + (1...3_000).map { "- [ ] Item number \($0) due:2026-12-01\n" }.joined() + "## DOING\n## DONE\n"
        var session = Session(long, width: 80, height: 12)
        session.press([.end])
        let screen = session.state.screen()
        #expect(screen.contains { $0.hasPrefix("> [ ] Item number 3000") })
        #expect(screen[3].hasPrefix("↑ "))
        session.press([.home])
        #expect(session.state.screen()[3].hasPrefix("> [ ] Item number 1 "))
    }

    @Test func aSelectedItemTallerThanTheRoomStillShows() {
        let tall = "## TODO\n- [ ] " + String(repeating: "word ", count: 60) + "\n## DOING\n## DONE\n"
        var session = Session(tall, width: 61, height: 7)
        let screen = session.state.screen()
        #expect(screen[3].hasPrefix("> [ ] word"))
        #expect(screen.count == 7)
    }

    @Test func noLineIsWiderThanTheTerminal() {
        let hostile = "## TODO (1)\n- [ ] a\tb" + String(repeating: "b", count: 58) + "\n- [ ] " + String(repeating: "\u{1B001}\u{1B002}", count: 20)
            + " \u{2028}x\n## DOING (1)\n- [ ] c\n- [ ] d\n## DONE (1)\n- [x] e\n- [x] f\n"
        for (width, height) in [(60, 12), (70, 12), (30, 10), (20, 6), (100, 30)] {
            for keys: [Key] in [[], [.character("s")], [.down, .character("e")]] {
                var session = Session(hostile, width: width, height: height)
                session.press(keys)
                let screen = session.state.screen()
                #expect(screen.count == height)
                for line in screen {
                    #expect(DisplayWidth.of(line) <= width, "\(width)x\(height) \(keys): \(line)")
                    #expect(!line.contains("\t") && !line.contains("\u{2028}"))
                }
            }
        }
    }

    @Test func aPasteIsTextNotKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(Array("\u{1B}[200~Alpha\nxy\u{1B}[2".utf8), final: false) == [])
        #expect(decoder.keys(Array("01~q".utf8)) == [.paste("Alpha\nxy"), .character("q")])
        let text = "## TODO\n- [ ] Alpha\n## DOING\n## DONE\n"
        var session = Session(text)
        session.press([.character("/"), .paste("Alpha\nxy")])
        #expect(session.state.filter == "Alpha xy")
        #expect(session.writes == 0)
        session.press([.escape, .character("a"), .paste("two\nlines")])
        session.press([.enter])
        #expect(session.text.contains("- [ ] two lines\n"))
        // A CR LF is one line break, one space (helper-51: two).
        session.press([.character("a"), .paste("crlf\r\nlines\rand\ttabs")])
        session.press([.enter])
        #expect(session.text.contains("- [ ] crlf lines and tabs\n"))
        // C0 and C1 controls in a paste are dropped (helper-74: U+009B went into the file).
        session.press([.character("a"), .paste("c1\u{9B}\u{1}x\u{9D}11;y\u{9C}z")])
        session.press([.enter])
        #expect(session.text.contains("- [ ] c1xz\n"))
    }

    @Test func reorderingOneOfTwoItemsWithTheSameTitleKeepsItSelected() {
        let text = "## TODO\n- [ ] Same\n  first\n- [ ] Same\n  second\n## DOING\n## DONE\n"
        var session = Session(text)
        session.press([.character("J")])
        #expect(session.text == "## TODO\n- [ ] Same\n  second\n- [ ] Same\n  first\n## DOING\n## DONE\n")
        session.press([.character("K")])
        #expect(session.text == text)
    }

    @Test func uiRefusesWithoutATerminal() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.text)
        let outcome = sandbox.run(["ui"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: ui: standard input and output must be a terminal; 'board show' prints the board\n")
        #expect(sandbox.read() == Self.text)
    }

    /// The board saved as UTF-16 while `board ui` runs: reloaded, it shows no items, and an item added then was
    /// written as UTF-8 lines into the UTF-16 file. The write is refused, and the file kept as it is.
    @Test func aBoardSavedAsUTF16MeanwhileIsNeverWritten() {
        let sandbox = Sandbox()
        let text = "## TODO\n\n- [ ] A\n\n## DOING\n\n## DONE\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        sandbox.write("board.md", utf16)
        var state = InteractiveBoard(board: Board(parsing: utf16), title: "board.md", width: 80, height: 24,
                                     today: InteractiveBoardTests.today, color: false)
        Commands.apply(utf16 + Array("\n## TODO\n\n- [ ] Z1\n".utf8), to: &state, path: sandbox.path("board.md"), shown: "board.md")
        #expect(sandbox.bytes() == utf16)
        #expect(state.message?.contains("board.md is UTF-16 now, and board writes UTF-8 into it") == true, "\(state.message ?? "")")
    }
}
