@testable import BoardKit
import Testing

/// Every diagnostic kind, with its exact line, column, severity and message.
@Suite struct DiagnosticTests {
    static let sections = "## DOING\n## DONE\n"

    func diagnostics(_ text: String) -> [String] {
        Board(parsing: text).diagnostics().map { "\($0.line):\($0.column): \($0.severity): \($0.message)" }
    }

    @Test func invalidCalendarDateInEverySpelling() {
        #expect(diagnostics("## TODO\n- [ ] a due:2026-02-30\n- [ ] b 📅 2026-13-01\n- [ ] c @{soon}\n- [ ] d due:soon\n" + Self.sections) == [
            "2:9: error: 'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)",
            "3:9: error: '📅 2026-13-01' is not a real calendar date (write YYYY-MM-DD)",
            "4:9: error: '@{soon}' is not a real calendar date (write YYYY-MM-DD)",
            "5:9: error: 'due:soon' is not a real calendar date (write YYYY-MM-DD)",
        ])
    }

    @Test func columnCountsUnicodeScalarsNotBytes() {
        #expect(diagnostics("## TODO\n- [ ] 한국어 🚀 due:2026-02-29\n" + Self.sections) == [
            "2:13: error: 'due:2026-02-29' is not a real calendar date (write YYYY-MM-DD)",
        ])
    }

    /// Invalid UTF-8 before a token counts as the U+FFFD characters the printed line has in its place.
    @Test func columnCountsInvalidUTF8AsTheReplacementCharacters() {
        for (invalid, column) in [([0xC0, 0xAF], 12), ([0xED, 0xA0, 0x80], 13), ([0xF4, 0x90, 0x80, 0x80], 14), ([0xE2, 0x82], 11)] as [([UInt8], Int)] {
            let board = Board(parsing: Array("## TODO\n- [ ] a ".utf8) + invalid + Array(" due:2026-02-30\n## DOING\n## DONE\n".utf8))
            #expect(board.diagnostics().map(\.column) == [column], "\(invalid)")
        }
    }

    @Test func twoDueTokens() {
        #expect(diagnostics("## TODO\n- [ ] a due:2026-01-01 @{2026-01-02}\n" + Self.sections) == [
            "2:24: error: second due date '@{2026-01-02}' on one item (the first is at column 9)",
        ])
    }

    /// A line of due tokens shares one message per spelling among the first 64 (made once, found again by a hash of
    /// the spelling): each finding must still name its own token, whatever the mix of repeats, and however many
    /// spellings there are.
    @Test func everySecondDueDateNamesItsOwnToken() {
        /// A different token for each index, in the three styles.
        func spelling(_ index: Int) -> String {
            let day = index % 28 + 1
            let date = "\(2026 + index / 28)-01-\(day < 10 ? "0" : "")\(day)"
            return ["due:\(date)", "@{\(date)}", "📅 \(date)"][index % 3]
        }
        var rng = SystemRandomNumberGenerator()
        for spellings in [1, 3, 28, 64, 65, 200] {
            let tokens = (0..<400).map { _ in spelling(Int.random(in: 0..<spellings, using: &rng)) }
            let board = Board(parsing: "## TODO\n- [ ] a " + tokens.joined(separator: " ") + "\n" + Self.sections)
            let messages = board.diagnostics().filter { $0.rule == .secondDueDate }.map(\.message)
            #expect(messages == tokens.dropFirst().map { "second due date '\($0)' on one item (the first is at column 9)" }, "\(spellings)")
        }
    }

    /// Near-miss lines share a message per text among the first 64 texts: each finding must still quote its own
    /// line (a plain list item or not), and a line that is no near miss must stay none.
    @Test func everyNearMissLineIsQuotedItself() {
        var rng = SystemRandomNumberGenerator()
        for texts in [1, 3, 64, 65, 200] {
            let lines = (0..<300).map { _ in
                let index = Int.random(in: 0..<texts, using: &rng)
                return [("-[ ] x\(index)", "- [ ] x\(index)"), ("[ ] y\(index)", "- [ ] y\(index)"), ("- [x]z\(index)", "- [x] z\(index)"),
                        ("- [q] w\(index)", nil)][index % 4]
            }
            for heading in ["## TODO\n", "## DONE\n"] {
                let board = Board(parsing: heading + lines.map { $0.0 + "\n" }.joined() + Self.sections)
                let messages = board.diagnostics().filter { $0.rule == .nearMissItem }.map(\.message)
                #expect(messages == lines.compactMap { line in line.1.map { "'\(line.0)' is not read as a board item; write '\($0)'" } },
                        "\(texts) \(heading)")
            }
        }
    }

    /// Only the first done token is read: a second is an error, as a second due date is (a move out of DONE took
    /// the first away and left an impossible second one as the done date, unreported until then).
    @Test func twoDoneTokens() {
        #expect(diagnostics("## TODO\n## DOING\n## DONE\n- [x] a done:2026-11-01 done:2026-13-01\n- [x] b ✅ 2026-11-02 done:2026-11-03 x\n") == [
            "4:25: error: 'done:2026-13-01' is not a real calendar date (write YYYY-MM-DD)",
            "4:25: error: second done date 'done:2026-13-01' on one item (the first is at column 9)",
            "5:22: error: second done date 'done:2026-11-03' on one item (the first is at column 9)",
        ])
    }

    @Test func emptyTitle() {
        #expect(diagnostics("## TODO\n- [ ]\n  * [ ] due:2026-01-01\n" + Self.sections) == [
            "2:3: error: item has an empty title",
        ])
        #expect(diagnostics("## TODO\n* [ ]   due:2026-01-01\n" + Self.sections) == [
            "2:3: error: item has an empty title",
        ])
    }

    @Test func checkboxNotMatchingTheSection() {
        #expect(diagnostics("## TODO\n- [x] ticked\n## DOING\n  * [X] deep\n## DONE\n- [ ] open\n") == [
            "2:3: warning: checked item in TODO; run 'board tidy' to move it to DONE",
            "4:5: warning: checked item in DOING; run 'board tidy' to move it to DONE",
            "6:3: warning: unchecked item in DONE; run 'board tidy' to move it to TODO",
        ])
    }

    @Test func listItemWithoutCheckbox() {
        #expect(diagnostics("## TODO\n - plain\n- [x]glued\n" + Self.sections) == [
            "2:2: warning: list item in TODO has no checkbox, so it is not a board item; write '- [ ] …' to make it one",
            "3:1: warning: '- [x]glued' is not read as a board item; write '- [x] glued'",
        ])
    }

    @Test func nearMissItemLinesGetTheSpellingThatWorks() {
        #expect(diagnostics("## TODO\n-[ ] a\n[ ] b\n- [] c\n- [ ]d\n* [X]\te\n  [x] f\n" + Self.sections) == [
            "2:1: warning: '-[ ] a' is not read as a board item; write '- [ ] a'",
            "3:1: warning: '[ ] b' is not read as a board item; write '- [ ] b'",
            "4:1: warning: '- [] c' is not read as a board item; write '- [ ] c'",
            "5:1: warning: '- [ ]d' is not read as a board item; write '- [ ] d'",
            "6:1: warning: '* [X]\te' is not read as a board item; write '* [X] e'",
            "7:3: warning: '[x] f' is not read as a board item; write '- [x] f'",
        ])
    }

    /// A checklist line indented 4 columns or by a tab in a section is code or text to Markdown, and no item: it
    /// vanished from `list` and `show` without a word (`check --strict` passed it). Under an item, as deep, it is
    /// that item's body; in the archive, and as code in a body, it is nothing to say.
    /// A no-break space after a due date looks like a space but ends no token: the date ran on into the next word,
    /// and the message showed the space as one (helper-44); `edit --due` then replaced the word too.
    @Test func aDueTokenRunningOnPastAnotherSpaceSaysSo() {
        let board = Board(parsing: "## TODO\n- [ ] Call Bob due:2026-12-01\u{A0}about the contract\n- [ ] Ship due:2026-02-30\n")
        #expect(board.diagnostics().filter { $0.rule == .impossibleDate }.map(\.message) == [
            "'due:2026-12-01\\u{A0}about' is not a real calendar date: the token runs on past \\u{A0}, which is not a space; write a space there",
            "'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)",
        ])
    }

    @Test func anItemLineIndentedTooDeepIsSaidNotToBeOne() {
        #expect(diagnostics("## TODO\n    - [ ] four\n\t* [x] tab\ntext\n     + [ ] five\n- [ ] real\n    - [ ] its body\n## Archive\n    - [ ] old\n" + Self.sections) == [
            "2:5: warning: '- [ ] four' is not read as a board item: an item line is indented 3 spaces or fewer (4 columns or a tab make it code)",
            "3:2: warning: '* [x] tab' is not read as a board item: an item line is indented 3 spaces or fewer (4 columns or a tab make it code)",
            "5:6: warning: '+ [ ] five' is not read as a board item: an item line is indented 3 spaces or fewer (4 columns or a tab make it code)",
        ])
    }

    @Test func nearMissDatesGetTheSpellingThatWorks() {
        #expect(diagnostics("## TODO\n- [ ] a Due:2026-12-01\n- [ ] b due: 2026-12-01 x\n- [ ] c 📅2026-12-01\n- [ ] d DUE:2026/12/01\n" + Self.sections) == [
            "2:9: warning: 'Due:2026-12-01' is not read as a due date; write 'due:2026-12-01'",
            "3:9: warning: 'due: 2026-12-01' is not read as a due date; write 'due:2026-12-01'",
            "4:9: warning: '📅2026-12-01' is not read as a due date; write '📅 2026-12-01'",
            "5:9: warning: 'DUE:2026/12/01' is not read as a due date; write 'due:2026-12-01'",
        ])
    }

    /// A date with a mark of punctuation after it is no token, and was title text without a word (helper-78: `📅
    /// 2026-12-01,`): it is a near miss too.
    @Test func aDateWithPunctuationAfterItIsANearMiss() {
        #expect(diagnostics("## TODO\n- [ ] b 📅 2026-12-01,\n- [ ] c Due:2026-12-02.\n- [ ] d 📅2026/12/03)\n- [ ] e 📅 2026-12-04,,\n" + Self.sections) == [
            "2:9: warning: '📅 2026-12-01,' is not read as a due date; write '📅 2026-12-01'",
            "3:9: warning: 'Due:2026-12-02.' is not read as a due date; write 'due:2026-12-02'",
            "4:9: warning: '📅2026/12/03)' is not read as a due date; write '📅 2026-12-03'",
        ])
    }

    /// A no-break space before a due token (or between 📅 and its date) looks like a space, but no token starts at it:
    /// the date was title text, and `check` said nothing (helper-49). The warning shows the space as what it is.
    @Test func aDueDateAfterANoBreakSpaceIsANearMiss() {
        #expect(diagnostics("## TODO\n- [ ] Pay rent\u{A0}due:2026-12-01\n- [ ] Call 📅\u{A0}2026-12-01\n- [ ] x\u{202F}📅 2026-12-02\n"
                            + "- [ ] y\u{3000}Due:2026/12/03\n- [ ] z\u{A0}due:soon\n- [ ] w\u{A0}due:2026-12-04\u{A0}more\n" + Self.sections) == [
            "2:15: warning: '\\u{A0}due:2026-12-01' is not read as a due date; write ' due:2026-12-01'",
            "3:12: warning: '📅\\u{A0}2026-12-01' is not read as a due date; write '📅 2026-12-01'",
            "4:8: warning: '\\u{202F}📅 2026-12-02' is not read as a due date; write ' 📅 2026-12-02'",
            "5:8: warning: '\\u{3000}Due:2026/12/03' is not read as a due date; write ' due:2026-12-03'",
            "7:8: warning: '\\u{A0}due:2026-12-04' is not read as a due date; write ' due:2026-12-04'",
        ])
    }

    @Test func aSlashedDueDateIsAnErrorThatSaysTheSpellingThatWorks() {
        #expect(diagnostics("## TODO\n- [ ] a due:2026/12/01\n- [ ] b @{2026.12.01}\n" + Self.sections) == [
            "2:9: error: 'due:2026/12/01' is not a real calendar date; write 'due:2026-12-01'",
            "3:9: error: '@{2026.12.01}' is not a real calendar date; write '@{2026-12-01}'",
        ])
    }

    /// One warning for each checklist there: those nested under one (indented 2 deeper, as every line between is)
    /// are part of it, as an item's body would be (each had a warning of its own).
    @Test func checklistsUnderHeadingsThatNameNoSectionAreWarnedAbout() {
        let text = "- [ ] before any heading\n## TODO\n## REVIEW\n- [ ] a\n  - [ ] nested\n    note\n\n  - [ ] nested too\n- [ ] c\n"
            + "## Backlog\n* [x] b\n## Archive\n- [x] archived\n### Old\n- [x] also archived\n" + Self.sections
        #expect(diagnostics(text) == [
            "1:1: warning: checklist item outside the TODO, DOING and DONE sections, so no command sees it; move it into a section",
            "4:1: warning: checklist item outside the TODO, DOING and DONE sections (under '## REVIEW'), so no command sees it; move it into a section",
            "9:1: warning: checklist item outside the TODO, DOING and DONE sections (under '## REVIEW'), so no command sees it; move it into a section",
            "11:1: warning: checklist item outside the TODO, DOING and DONE sections (under '## Backlog'), so no command sees it; move it into a section",
        ])
    }

    /// The strays under one heading share one message, made once: made for each, a pasted list under a long heading
    /// took time in the square of the file's size.
    @Test func straysUnderOneHeadingShareOneMessage() {
        let text = "# " + String(repeating: "a", count: 500) + "\n" + String(repeating: "- [ ] x\n", count: 50)
            + "## Notes\n- [ ] y\n- [ ] z\n## TODO\n" + Self.sections
        let strays = Board(parsing: text).diagnostics().filter { $0.rule == .strayChecklist }
        func storage(_ message: String) -> UnsafeRawPointer? {
            message.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        #expect(strays.count == 52)
        #expect(Set(strays.prefix(50).map { storage($0.message) }).count == 1)
        #expect(storage(strays[50].message) == storage(strays[51].message))
        #expect(storage(strays[49].message) != storage(strays[50].message))
        #expect(strays[51].message.contains("(under '## Notes')"))
    }

    /// Keys that share their low bits (titles made to collide in the table) are found repeated as the seeded
    /// dictionary finds them, whatever the order; the table gives up on them past its budget of steps.
    @Test func repeatedTitlesByTheTableAndByTheSeededHashAgree() {
        let board = Board(parsing: "## TODO\n" + String(repeating: "- [ ] x\n", count: 6_000) + Self.sections)
        var generator = SeededGenerator(seed: 0x717)
        let colliding = (0..<6_000).map { _ in UInt64.random(in: 0..<900, using: &generator) << 40 }
        let random = (0..<6_000).map { _ in UInt64.random(in: 0..<4_000, using: &generator) &* 0x9E37_79B9_7F4A_7C15 }
        for keys in [colliding, random] {
            let byTable = board.repeatedTitles(keys: keys)
            #expect(byTable.map(\.index) == board.repeatedTitlesBySeededHash(keys: keys).map(\.index))
            #expect(byTable.map(\.earlier) == board.repeatedTitlesBySeededHash(keys: keys).map(\.earlier))
            #expect(byTable.count > 2_000)
        }
    }

    @Test func itemsWithTheSameTitleAreWarnedAboutIgnoringCase() {
        let text = "## TODO\n- [ ] Review PR\n- [ ] review pr due:2026-12-01\n## DOING\n- [ ] Review PR\n- [ ] Émile\n- [ ] émile\n- [ ] Review\n## DONE\n"
        #expect(diagnostics(text) == [
            "3:3: warning: another item has the title 'review pr' (line 2); refs and merges cannot tell them apart, so make the titles differ",
            "5:3: warning: another item has the title 'Review PR' (line 2); refs and merges cannot tell them apart, so make the titles differ",
            "7:3: warning: another item has the title 'émile' (line 6); refs and merges cannot tell them apart, so make the titles differ",
        ])
    }

    /// A title repeated in a row shares the finding's message without a string made for it; another spelling, or
    /// another title between, makes its own.
    @Test func repeatedTitlesEachNameTheirFirstItem() {
        let text = "## TODO\n- [ ] A\n- [ ] B\n- [ ] A\n- [ ] A\n- [ ] B\n- [ ] a\n- [ ] A due:2026-12-01\n## DOING\n## DONE\n"
        let message = { (title: String, line: Int) in
            "another item has the title '\(title)' (line \(line)); refs and merges cannot tell them apart, so make the titles differ"
        }
        #expect(diagnostics(text) == [
            "4:3: warning: " + message("A", 2), "5:3: warning: " + message("A", 2), "6:3: warning: " + message("B", 3),
            "7:3: warning: " + message("a", 2), "8:3: warning: " + message("A", 2),
        ])
    }

    @Test func duplicateSection() {
        #expect(diagnostics("## TODO\n## DOING\n## DONE\n  ## Todo\n") == [
            "4:3: error: second TODO section (the first is at line 1); merge them into one",
        ])
    }

    @Test func missingSections() {
        #expect(diagnostics("## Doing\n") == [
            "1:1: warning: no TODO section; a command that needs it will create it",
            "1:1: warning: no DONE section; a command that needs it will create it",
        ])
        #expect(diagnostics("# Notes\n") == [
            "1:1: warning: no TODO, DOING or DONE section; this file holds no board items",
        ])
    }

    /// A large board's items are checked in shares on several threads (40,000 items make at least two): every
    /// diagnostic comes out once, in line order, with the line it belongs to.
    @Test func aLargeBoardGetsEveryDiagnosticInOrder() {
        var text = "## TODO\n"
        var expected: [String] = []
        for index in 0..<40_000 {
            let line = index + 2
            // Every item has a diagnostic, and every third one two.
            let checked = index % 3 != 0
            let date = index % 3 == 1 ? "2026-02-28" : "2026-02-30"
            text += "- [\(checked ? "x" : " ")] item \(index) due:\(date)\n"
            if checked {
                expected.append("\(line):3: warning: checked item in TODO; run 'board tidy' to move it to DONE")
            }
            if date == "2026-02-30" {
                expected.append("\(line):\(13 + String(index).count): error: 'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)")
            }
        }
        let found = diagnostics(text + Self.sections)
        #expect(found.count == expected.count)
        #expect(found.indices.first { found[$0] != expected[$0] } == nil)
    }

    @Test func aWellFormedBoardHasNoDiagnostics() {
        #expect(diagnostics("## TODO\n- [ ] a due:2026-01-01\n## DOING\n## DONE\n- [x] b\n").isEmpty)
    }

    @Test func messyExampleDiagnostics() {
        let board = Board(parsing: Fixtures.bytes("30-messy.md"))
        let found = board.diagnostics().map { "\($0.line):\($0.column): \($0.severity)" }
        #expect(found == ["17:3: warning", "18:1: warning", "20:3: error", "27:1: warning"])
    }

    /// Findings are handed on one by one, the plain list items' made as their turn comes between the others: on
    /// hand-edited boards with pasted lists, near-misses, strays and sections out of place, they come in line and
    /// column order, and each plain list line has one finding: its near-miss spelling, or that it is no item.
    @Test func findingsComeInOrderWithOneForEachPlainListLine() {
        var rng = SeededGenerator(seed: 0x51DE)
        for round in 0..<500 {
            var bytes = HandEditedBoard.random(&rng)
            if round % 2 == 0 { bytes += Array("\n## DOING\n- plain\n-[ ] near\n- [ ] item due:2026-02-30\n* other\n[ ] box\n- [] missing space\n- [ ]tight\n".utf8) }
            if round % 3 == 0 { bytes += Array("## TODO\n- plain\n  ## DONE\n- [x] done\n<<<<<<< ours\n## TODO (2)\n* [ ] x\n".utf8) }
            let board = Board(parsing: bytes)
            let found = board.diagnostics()
            #expect(zip(found, found.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) })
            // Each heading of a kind after its first has its one error, made as its turn comes.
            let onBoard = board.sections.filter { $0.kind != .archive }
            let repeated = onBoard.indices.filter { index in onBoard[..<index].contains { $0.kind == onBoard[index].kind } }
            #expect(found.filter { $0.rule == .secondSection }.map(\.line) == repeated.map { onBoard[$0].headingLine + 1 })
            for line in board.plainListItems {
                let about = found.filter { $0.line == line + 1 && ($0.rule == .plainListItem || $0.rule == .nearMissItem) }
                #expect(about.count == 1, "line \(line + 1)")
            }
            #expect(found.filter { $0.rule == .plainListItem }.count <= board.plainListItems.count)
        }
    }

    /// The findings on one item line come in column order, made as the item's turn comes: those at the checkbox (an
    /// empty title, a checkbox the section disagrees with, a repeated title), then the due tokens', with the done
    /// token's and the near-miss dates' in among them by place. Checked against a model of the line's words, on
    /// random lines of many tokens, in TODO and DONE, with and without an earlier item of the same title.
    @Test func anItemLinesFindingsComeInColumnOrder() {
        enum Word: CaseIterable { case plain, due, impossibleDue, nearMiss, done, impossibleDone }
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0xC011))
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 1...12, using: &rng)).map { _ in Word.allCases.randomElement(using: &rng) ?? .plain }
            // One done token at most: only a line's first is read.
            var seenDone = false
            let line = words.filter { word in
                guard word == .done || word == .impossibleDone else { return true }
                defer { seenDone = true }
                return !seenDone
            }
            let text = line.enumerated().map { index, word -> String in
                switch word {
                case .plain: return "w\(index)"
                case .due: return "due:2026-12-\(10 + index)"
                case .impossibleDue: return "due:2026-13-\(10 + index)"
                case .nearMiss: return "Due:2026-12-\(10 + index)"
                case .done: return "done:2026-11-01"
                case .impossibleDone: return "done:2026-13-01"
                }
            }
            let inDone = Bool.random(using: &rng), checked = Bool.random(using: &rng), repeated = Bool.random(using: &rng)
            let itemLine = "- [\(checked ? "x" : " ")] " + text.joined(separator: " ")
            let alone = Board(parsing: Array("## TODO\n\(itemLine)\n".utf8))
            let title = alone.items.first.map { alone.title(of: $0) } ?? ""
            // The same words on an earlier line: the same title (its own findings are on its own line).
            let earlier = repeated && !title.isEmpty ? "- [\(inDone ? "x" : " ")] \(text.joined(separator: " "))\n" : ""
            let board = Board(parsing: Array("\(inDone ? "## DONE" : "## TODO")\n\(earlier)\(itemLine)\n## DOING\n\(inDone ? "## TODO" : "## DONE")\n".utf8))
            let lineNumber = earlier.isEmpty ? 2 : 3
            // The model: the checkbox's findings, then each word's at its column.
            var expected: [(Diagnostic.Rule, Int)] = []
            if title.isEmpty { expected.append((.emptyTitle, 3)) }
            if checked != inDone { expected.append((checked ? .checkedOutsideDone : .uncheckedInDone, 3)) }
            if !earlier.isEmpty { expected.append((.duplicateTitle, 3)) }
            var column = 7
            var dueTokens = 0
            for (word, spelling) in zip(line, text) {
                switch word {
                case .plain: break
                case .due, .impossibleDue:
                    if word == .impossibleDue { expected.append((.impossibleDate, column)) }
                    if dueTokens > 0 { expected.append((.secondDueDate, column)) }
                    dueTokens += 1
                case .nearMiss: expected.append((.nearMissDate, column))
                case .done: if !inDone { expected.append((.doneDateOutsideDone, column)) }
                case .impossibleDone: expected.append((.impossibleDate, column))
                }
                column += spelling.count + 1
            }
            let found = board.diagnostics().filter { $0.line == lineNumber }.map { ($0.rule, $0.column) }
            #expect(found.map(\.0) == expected.map(\.0), "\(itemLine)")
            #expect(found.map(\.1) == expected.map(\.1), "\(itemLine)")
        }
    }

    /// A command-line title with several errors is refused with the first after the checkbox: the empty title its
    /// tokens leave is named only when nothing else is wrong.
    @Test func aRefusedTitleNamesItsFirstErrorByPlace() {
        #expect(throws: EditError.rejectedTitle("'due:2026-13-45' is not a real calendar date (write YYYY-MM-DD)")) {
            try Board.checkNewItemLine(Array("- [ ] due:2026-13-45".utf8))
        }
        #expect(throws: EditError.rejectedTitle("'done:2026-13-01' is not a real calendar date (write YYYY-MM-DD)")) {
            try Board.checkNewItemLine(Array("- [ ] x done:2026-13-01 due:2026-13-02".utf8))
        }
        #expect(throws: EditError.rejectedTitle("item has an empty title")) {
            try Board.checkNewItemLine(Array("- [ ] ".utf8))
        }
    }
}
