import BoardKit
import Testing

/// What an adversarial run of this session's work found, each as FORMAT.md says it must behave.
@Suite struct AttackFindingsTests {
    func diagnostics(_ text: String) -> [String] {
        Board(parsing: text).diagnostics().map { "\($0.line):\($0.column): \($0.severity): \($0.message)" }
    }

    @Test func aCommentThatClosesOnItsOwnLineSharesTheOpenersDashes() {
        for opener in ["<!-->", "<!--->"] {
            let board = Board(parsing: "## TODO\n\n\(opener)\n- [ ] A\n\n## DONE\n\n- [x] B\n")
            #expect(board.items.count == 2, "\(opener)")
            #expect(board.sections.map(\.kind) == [.todo, .done], "\(opener)")
        }
    }

    @Test func aSetextUnderlineIsNotAConflictMarkerButAfterAnOpeningMarkerItIs() {
        #expect(Board(parsing: "Release board\n=============\n\n## TODO\n- [ ] A\n").conflictMarkers.isEmpty)
        #expect(Board(parsing: "## TODO\n<<<<<<< ours\n- [ ] A\n=======\n- [ ] B\n>>>>>>> theirs\n").conflictMarkers == [1, 3, 5])
    }

    @Test func aLineIndentedFourColumnsUnderAnItemIndentedThreeIsBody() {
        for line in ["    ## x", "    ```", "    <!-- x", "    - [ ] x"] {
            let board = Board(parsing: "## TODO\n   - [ ] A\n\(line)\n## DONE\n")
            #expect(board.items.count == 1 && board.items[0].body == 2..<3, "\(line)")
            #expect(board.sections.count == 2, "\(line)")
        }
    }

    @Test func tidyMovesOneByOneWhereOneSpliceWouldRefuse() throws {
        let board = Board(parsing: "## TODO\n   - [ ] A\n    - note\n## DONE\n - [ ] B\n  - [ ] C\n")
        let (file, moves) = try board.tidied()
        let tidied = Board(parsing: file.bytes)
        #expect(moves.map(\.title) == ["B", "C"])
        #expect(tidied.items.map { tidied.title(of: $0) } == ["A", "B", "C"])
        #expect(tidied.items.allSatisfy { tidied.kind(of: $0) == .todo })
    }

    @Test func aLinkReferenceDefinitionIsNotANearMissItem() {
        #expect(diagnostics("## TODO\n[x]: http://example.com\n## DOING\n## DONE\n").isEmpty)
    }

    @Test func aSpacedCalendarWithSlashesIsANearMissDate() {
        #expect(diagnostics("## TODO\n- [ ] a 📅 2026/12/01\n- [ ] b 📅 Plan it\n## DOING\n## DONE\n") == [
            "2:9: warning: '📅 2026/12/01' is not read as a due date; write '📅 2026-12-01'",
        ])
    }

    @Test func aNearMissDateBesideADueDateIsNotToldToBecomeASecondOne() {
        #expect(diagnostics("## TODO\n- [ ] x due:2026-12-01 Due:2026-12-02\n## DOING\n## DONE\n") == [
            "2:24: warning: 'Due:2026-12-02' is not read as a due date; the item's due date is 'due:2026-12-01'",
        ])
    }
}
