import BoardKit
import Testing

/// `Board.changes(to:)`: items paired across versions by title, then by similar title, and each change named.
@Suite struct DiffTests {
    static let base = """
        # Board

        ## TODO
        - [ ] Write the guide due:2026-12-01
          First body.
        - [ ] Tag the release
        - [ ] Announce it

        ## DOING
        - [ ] Parser round trip

        ## DONE
        - [x] Pick a format

        """

    func changes(_ edit: (String) -> String) -> [BoardChange] {
        Board(parsing: Self.base).changes(to: Board(parsing: edit(Self.base)))
    }

    @Test func identicalBoardsHaveNoChanges() {
        #expect(changes { $0 }.isEmpty)
    }

    @Test func titlesMatchAcrossCaseAndSpacingInAnyScript() {
        // Too unlike for the similar-title fallback: only case-insensitive matching pairs them.
        let old = Board(parsing: "## TODO\n- [ ] ÜBER due:2026-12-01\n- [ ] SHIP 배포\n")
        let new = Board(parsing: "## TODO\n- [ ] über due:2026-12-02\n- [ ]   ship\t배포  \n")
        #expect(old.changes(to: new) == [
            .retitled(from: "ÜBER", to: "über"),
            .due(title: "über", from: CivilDate("2026-12-01"), to: CivilDate("2026-12-02")),
            .retitled(from: "SHIP 배포", to: "ship\t배포"),
        ])
    }

    /// A title respelt in other bytes that are no UTF-8 (`Caf\xE9` to `Caf\xE8`, both `Caf\u{FFFD}` decoded) is
    /// retitled; one respelt in other scalars alike is not.
    @Test func aTitleRespeltInOtherBytesThatAreNoUTF8IsRetitled() {
        func board(_ title: [UInt8]) -> Board { Board(parsing: Array("## TODO\n- [ ] ".utf8) + title + [0x0A]) }
        let latin1: [BoardChange] = board(Array("Caf".utf8) + [0xE9]).changes(to: board(Array("Caf".utf8) + [0xE8]))
        #expect(latin1 == [.retitled(from: "Caf\u{FFFD}", to: "Caf\u{FFFD}")])
        #expect(board(Array("Cafe\u{301}".utf8)).changes(to: board(Array("Café".utf8))).isEmpty)
    }

    @Test func eachKindOfChange() {
        #expect(changes { $0.replacingOccurrences("- [ ] Announce it\n", "") } == [.removed(title: "Announce it", from: .todo)])
        #expect(changes { $0 + "- [x] Shipped\n" } == [.added(title: "Shipped", to: .done)])
        #expect(changes { $0.replacingOccurrences("due:2026-12-01", "due:2026-12-05") }
            == [.due(title: "Write the guide", from: CivilDate("2026-12-01"), to: CivilDate("2026-12-05"))])
        #expect(changes { $0.replacingOccurrences(" due:2026-12-01", "") }
            == [.due(title: "Write the guide", from: CivilDate("2026-12-01"), to: nil)])
        #expect(changes { $0.replacingOccurrences("First body.", "Second body.") } == [.body(title: "Write the guide", removed: ["First body."], added: ["Second body."])])
        #expect(changes { $0.replacingOccurrences("- [ ] Tag", "- [x] Tag") } == [.checked(title: "Tag the release", true)])
        #expect(changes { $0.replacingOccurrences("# Board", "# Our board") } == [.otherText])
    }

    @Test func aMoveIntoDoneThatTicksTheBoxIsOneChange() {
        let moved = changes {
            $0.replacingOccurrences("- [ ] Parser round trip\n", "").replacingOccurrences("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Parser round trip\n")
        }
        #expect(moved == [.moved(title: "Parser round trip", from: .doing, to: .done)])
    }

    @Test func titlesMatchCaseInsensitivelyWithWhitespaceCollapsed() {
        #expect(changes { $0.replacingOccurrences("Tag the release", "tag  THE release") }
            == [.retitled(from: "Tag the release", to: "tag  THE release")])
    }

    @Test func aRenamedItemIsPairedWithTheMostSimilarTitle() {
        let renamed = changes {
            $0.replacingOccurrences("Write the guide due:2026-12-01", "Write the migration guide due:2026-12-02")
        }
        #expect(renamed == [
            .retitled(from: "Write the guide", to: "Write the migration guide"),
            .due(title: "Write the migration guide", from: CivilDate("2026-12-01"), to: CivilDate("2026-12-02")),
        ])
        // Nothing alike: a removal and an addition, not a rename.
        #expect(changes { $0.replacingOccurrences("Announce it", "Zzz qqq") }
            == [.removed(title: "Announce it", from: .todo), .added(title: "Zzz qqq", to: .todo)])
    }

    @Test func duplicateTitlesPairInOrder() {
        let old = Board(parsing: "## TODO\n- [ ] Same\n- [ ] Same due:2026-01-01\n")
        let new = Board(parsing: "## TODO\n- [ ] Same\n- [ ] Same due:2026-01-02\n")
        #expect(old.changes(to: new) == [.due(title: "Same", from: CivilDate("2026-01-01"), to: CivilDate("2026-01-02"))])
    }

    @Test func blankLinesOutsideItemsDoNotCount() {
        #expect(changes { $0.replacingOccurrences("\n\n## DOING", "\n## DOING") }.isEmpty)
    }

    @Test func aReorderWithinASectionIsNoChange() {
        #expect(changes { $0.replacingOccurrences("- [ ] Tag the release\n- [ ] Announce it\n", "- [ ] Announce it\n- [ ] Tag the release\n") }.isEmpty)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation in these tests).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
