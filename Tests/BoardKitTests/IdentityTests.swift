import BoardKit
import Testing

/// Issue 17: an item keeps its identity across versions through duplicates and renames.
@Suite struct IdentityTests {
    func edit(_ text: String, _ change: (Board) throws -> Board) rethrows -> String {
        String(decoding: try change(Board(parsing: text)).bytes, as: UTF8.self)
    }

    static let duplicates = "## TODO\n- [ ] Review PR\n- [ ] Review PR\n  the second one\n## DOING\n## DONE\n"

    @Test func duplicateTitlesPairByBodyAndPlaceSoADateLandsOnTheRightOne() throws {
        let ours = try edit(Self.duplicates) { try $0.moving($0.items[0], to: .done) }
        let theirs = try edit(Self.duplicates) { board in
            try board.editing(board.items[1], due: .set(try #require(CivilDate("2026-12-03"))))
        }
        let result = merge(Self.duplicates, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n- [ ] Review PR due:2026-12-03\n  the second one\n## DOING\n## DONE\n- [x] Review PR\n")
    }

    @Test func removingOneDuplicateAndCompletingTheOtherDoNotConflict() throws {
        let ours = try edit(Self.duplicates) { try $0.removing($0.items[0]) }
        let theirs = try edit(Self.duplicates) { try $0.moving($0.items[1], to: .done) }
        let result = merge(Self.duplicates, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n## DOING\n## DONE\n- [x] Review PR\n  the second one\n")
    }

    @Test func aRenameInPlaceIsTheSameItem() throws {
        let base = "## TODO\n- [ ] Write docs\n- [ ] Ship it\n- [ ] Tag\n## DOING\n## DONE\n"
        let ours = try edit(base) { try $0.editing($0.items[1], title: "Ship v2.4 to production") }
        let theirs = try edit(base) { board in try board.editing(board.items[1], due: .set(try #require(CivilDate("2026-12-20")))) }
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n- [ ] Write docs\n- [ ] Ship v2.4 to production due:2026-12-20\n- [ ] Tag\n## DOING\n## DONE\n")
    }

    /// A rename is paired by its place in the stretch, and as much by a title kept whole with words added: a title
    /// kept whole outweighs the place of one that is not, unless another old title keeps it whole too (`Deploy
    /// staging` in `Deploy staging DB`: the longer one is what `Deploy staging DB server` keeps).
    @Test func aRenameIsPairedByPlaceAndByATitleKeptWhole() {
        let old = Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Deploy staging\n- [ ] Deploy staging DB\n- [ ] Tag\n")
        let new = Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Deploy staging DB server\n- [ ] Tag\n")
        #expect(old.changes(to: new) == [
            .removed(title: "Deploy staging", from: .todo),
            .retitled(from: "Deploy staging DB", to: "Deploy staging DB server"),
        ])
        // A title kept whole beside an item added after it, of a title more alike: theirs' date goes to the rename.
        let besideAnAddition = merge("## TODO\n\n- [ ] Review PR 12\n- [ ] Other\n",
                          "## TODO\n\n- [ ] Review PR 12 blocked\n- [ ] Review PR 13\n- [ ] Other\n",
                          "## TODO\n\n- [ ] Review PR 12 due:2026-12-01\n- [ ] Other\n")
        #expect(besideAnAddition.conflicts.isEmpty)
        #expect(besideAnAddition.text == "## TODO\n\n- [ ] Review PR 12 blocked due:2026-12-01\n- [ ] Review PR 13\n- [ ] Other\n")
        // Where another old title keeps the same title whole (`Pay rent` in `Pay rent March`), a new title keeping
        // it tells nothing: the place decides, and theirs' tick on the removed item is a conflict, not a tick on the
        // renamed one. Of `Fix bug` and `Fix bug 2`, `Fix bug 2 urgent` is 2's.
        let rent = merge("## TODO\n\n- [ ] Pay rent March\n- [ ] Pay rent\n- [ ] Other\n\n## DONE\n\n",
                         "## TODO\n\n- [ ] Pay rent April\n- [ ] Other\n\n## DONE\n\n",
                         "## TODO\n\n- [ ] Pay rent March\n- [ ] Other\n\n## DONE\n\n- [x] Pay rent\n")
        #expect(rent.conflicts.map(\.title) == ["Pay rent"])
        let bug = merge("## TODO\n\n- [ ] Fix bug\n- [ ] Fix bug 2\n- [ ] Other\n", "## TODO\n\n- [ ] Fix bug 2 urgent\n- [ ] Other\n",
                        "## TODO\n\n- [ ] Fix bug due:2026-12-01\n- [ ] Fix bug 2\n- [ ] Other\n")
        #expect(bug.conflicts.map(\.title) == ["Fix bug"])
        // One side removes the first and renames the second; the other notes the first. The note must not land on
        // the renamed item: the removed one was changed, a conflict.
        let base = "## TODO\n\n## DOING\n\n- [ ] Review PR 12\n- [ ] Review PR 14\n\n## DONE\n"
        let ours = "## TODO\n\n## DOING\n\n- [ ] Review PR 14 with Ana\n\n## DONE\n"
        let theirs = "## TODO\n\n## DOING\n\n- [ ] Review PR 12\n  Blocked: waiting on CI.\n- [ ] Review PR 14\n\n## DONE\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Review PR 12", reason: .removedAndEdited(removedBy: .ours))])
        #expect(!result.text.contains("- [ ] Review PR 14 with Ana\n  Blocked"))
        // Level from the end in another section is no place: the note goes to the renamed item in its own section,
        // not to a new one in DONE of a title about as alike.
        let other = merge("## TODO\n\n## DOING\n\n- [ ] Review PR 40 due:2026-02-10\n\n## DONE\n",
                          "## TODO\n\n- [ ] Review PR 33 staging\n\n## DOING\n\n- [ ] Review PR 40 for real due:2026-02-10\n\n## DONE\n\n- [x] Review PR 11\n",
                          "## TODO\n\n## DOING\n\n- [ ] Review PR 40 due:2026-02-10\n  note from theirs\n\n## DONE\n")
        #expect(other.conflicts.isEmpty)
        #expect(other.text.contains("- [ ] Review PR 40 for real due:2026-02-10\n  note from theirs\n"), "\(other.text)")
        // Level from the end, a title kept only in part is no rename: removed on one side, it is gone.
        let apart = merge("## TODO\n\n## DOING\n\n- [ ] parser staging\n- [ ] login Review Ana Ship\n  note 17\n\n## DONE\n",
                          "## TODO\n\n## DOING\n\n- [ ] Write sprint login Ship\n\n## DONE\n",
                          "## TODO\n\n## DOING\n\n- [ ] parser staging\n\n## DONE\n")
        #expect(apart.conflicts.isEmpty)
        #expect(apart.text == "## TODO\n\n## DOING\n\n- [ ] Write sprint login Ship\n\n## DONE\n")
        // Renamed in place beside an addition: still the same item.
        let added = Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Ship v2.4 to production\n- [ ] New one\n- [ ] Tag\n")
        #expect(Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Ship it\n- [ ] Tag\n").changes(to: added) == [
            .retitled(from: "Ship it", to: "Ship v2.4 to production"),
            .added(title: "New one", to: .todo),
        ])
    }

    /// Places are counted among the stretch's items of the item's own section (helper-47): `API docs` added to DOING
    /// had `Docs`'s place in DONE, and was taken for `Docs` renamed `Docs release notes` in place, with its date;
    /// theirs' `start Docs` then lost it.
    /// Counted from the stretch's end too (tried this stop, for an item added at a section's top), an item added
    /// after one renamed in place took its place (helper-48): `Fix login bug` for `Fix login` renamed `Fix the login
    /// page`, its date kept; theirs' `done` ticked the new item, exit 0; and a date edit became a false conflict.
    @Test func aRenameInPlaceIsPairedByItsPlaceInItsSection() {
        let docs = merge("## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Server\n\n## DONE\n\n- [x] Docs due:2026-12-22\n- [x] Tests\n",
                         "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Server\n- [ ] API docs\n\n## DONE\n\n- [x] Docs release notes due:2026-12-22\n- [x] Tests\n",
                         "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Server\n- [ ] Docs due:2026-12-22\n\n## DONE\n\n- [x] Tests\n")
        #expect(docs.conflicts.isEmpty && docs.text == "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Server\n- [ ] API docs\n- [ ] Docs release notes due:2026-12-22\n\n## DONE\n\n- [x] Tests\n",
                "\(docs.text)")
        let login = merge("## TODO\n\n- [ ] Fix login due:2026-12-05\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n- [ ] Fix the login page due:2026-12-05\n- [ ] Fix login bug\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n## DOING\n\n## DONE\n- [x] Fix login due:2026-12-05 done:2026-11-26\n")
        #expect(login.conflicts.isEmpty && login.text.contains("- [ ] Fix login bug\n") && login.text.contains("- [x] Fix the login page due:2026-12-05 done:2026-11-26"),
                "\(login.text)")
        let dated = merge("## TODO\n\n- [ ] Pay rent\n- [ ] Review deploy due:2026-12-05\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n- [ ] Pay rent\n- [ ] Ship the docs due:2026-12-05\n- [ ] Review PR 14\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n- [ ] Pay rent\n- [ ] Review deploy due:2026-12-09\n\n## DOING\n\n## DONE\n")
        #expect(dated.conflicts.isEmpty && dated.text == "## TODO\n\n- [ ] Pay rent\n- [ ] Ship the docs due:2026-12-09\n- [ ] Review PR 14\n\n## DOING\n\n## DONE\n",
                "\(dated.conflicts) \(dated.text)")
        // An item added at the section's top above one renamed in place, its title holding the old one lowercased
        // (helper-47): `Review deploy` was taken for `Deploy` renamed, and theirs' `done Deploy` ticked it, exit 0.
        let deploy = merge("## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Deploy\n- [ ] Server\n\n## DONE\n",
                           "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Review deploy\n- [ ] Deploy v2\n- [ ] Server\n\n## DONE\n",
                           "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Server\n\n## DONE\n\n- [x] Deploy done:2026-11-26\n")
        #expect(deploy.conflicts.isEmpty && deploy.text == "## TODO\n\n- [ ] Other\n\n## DOING\n\n- [ ] Review deploy\n- [ ] Server\n\n## DONE\n\n- [x] Deploy v2 done:2026-11-26\n",
                "\(deploy.conflicts) \(deploy.text)")
    }

    /// helper-47: `Ship it` renamed in place to `Ship it to production` while `zzz` above it went to DOING: `zzz`
    /// bounded the stretch, so the two versions of `Ship it` stood in different ones and read as a removal and an
    /// addition (`board diff`, and theirs' date on `Ship it` a false conflict). An item that moved to another
    /// section bounds no stretch.
    @Test func aRenameInPlaceIsPairedWhenTheItemAboveItMovesAway() {
        let base = "## TODO\n\n- [ ] zzz\n- [ ] Ship it\n\n## DOING\n\n## DONE\n"
        let ours = "## TODO\n\n- [ ] Ship it to production\n\n## DOING\n\n- [ ] zzz\n\n## DONE\n"
        #expect(Board(parsing: base).changes(to: Board(parsing: ours)) == [
            .retitled(from: "Ship it", to: "Ship it to production"),
            .moved(title: "zzz", from: .todo, to: .doing),
        ])
        let dated = merge(base, ours, "## TODO\n\n- [ ] zzz\n- [ ] Ship it due:2026-12-01\n\n## DOING\n\n## DONE\n")
        #expect(dated.conflicts.isEmpty && dated.text == "## TODO\n\n- [ ] Ship it to production due:2026-12-01\n\n## DOING\n\n- [ ] zzz\n\n## DONE\n",
                "\(dated.text)")
    }

    @Test func itemsBothSidesPutSideBySideDoNotSwallowEachOther() throws {
        let base = "## TODO\n\n  - [ ] A\n\n## DONE\n"
        let ours = try edit(base) { try $0.adding(title: "X", to: .done) }
        let theirs = try edit(base) { try $0.moving($0.items[0], to: .done) }
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        let merged = Board(parsing: result.text)
        #expect(merged.items.map { merged.title(of: $0) } == ["X", "A"])
        #expect(merged.items.allSatisfy { merged.kind(of: $0) == .done && $0.body.isEmpty })
    }

    @Test func removalsThatTogetherWouldMakeALineBodyMergeAsLinesWithMarkers() throws {
        // Each removal alone leaves an item indented one column before the note, which stays outside items; both
        // together would put it under A, two columns deeper, as A's body.
        let base = "## TODO\n- [ ] A\n - [ ] B\n - [ ] C\n  ## note\n"
        let ours = try edit(base) { try $0.removing($0.items[1]) }
        let theirs = try edit(base) { try $0.removing($0.items[2]) }
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)])
        #expect(result.text == "## TODO\n- [ ] A\n<<<<<<< ours\n - [ ] C\n=======\n - [ ] B\n>>>>>>> theirs\n  ## note\n")
    }

    @Test func anItemMovedAndRenamedOnOneSideAndRemovedOnTheOtherConflicts() {
        let base = "## TODO\n\n- [ ] Fix parser\n- [ ] Ship it\n\n## DOING\n\n## DONE\n"
        let ours = "## TODO\n\n- [ ] Ship it\n\n## DOING\n\n- [ ] Fix parser crash\n\n## DONE\n"
        let theirs = "## TODO\n\n- [ ] Ship it\n\n## DOING\n\n## DONE\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Fix parser crash", reason: .removedAndEdited(removedBy: .theirs))])
    }

    @Test func bothMovingAnItemAndRenamingItDifferentlyIsOneConflictNotTwoItems() throws {
        let base = "## TODO\n\n- [ ] Write docs\n- [ ] Fix parser\n- [ ] Ship it\n\n## DOING\n\n## DONE\n"
        let ours = try edit(base) { board in
            let moved = try board.moving(board.items[1], to: .doing)
            return try moved.editing(moved.items[2], title: "Fix parser crash")
        }
        let theirs = try edit(base) { board in
            let moved = try board.moving(board.items[1], to: .doing)
            return try moved.editing(moved.items[2], title: "Fix parser for JSON")
        }
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Fix parser crash", reason: .title)])
        #expect(result.text.components(separatedBy: "Fix parser").count - 1 == 2, "\(result.text)")
    }

    @Test func anItemAddedAfterItemsTheOtherSideGroupedJoinsThemInTheGroup() throws {
        let base = "## TODO\n\n- [ ] Login page\n- [ ] Signup page\n\n## DOING\n\n## DONE\n"
        let ours = "## TODO\n\n### Frontend\n\n- [ ] Login page\n- [ ] Signup page\n\n## DOING\n\n## DONE\n"
        let theirs = try edit(base) { board in
            let added = try board.adding(title: "Password reset page", to: .todo)
            return try added.adding(title: "Email change page", to: .todo)
        }
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n\n### Frontend\n\n- [ ] Login page\n- [ ] Signup page\n- [ ] Password reset page\n- [ ] Email change page\n\n## DOING\n\n## DONE\n")
        // An item the other side moved to another section is not followed there.
        let moved = "## TODO\n\n- [ ] Login page\n\n## DOING\n\n- [ ] Signup page\n\n## DONE\n"
        let elsewhere = merge(base, moved, theirs)
        #expect(elsewhere.conflicts.isEmpty)
        #expect(elsewhere.text == "## TODO\n\n- [ ] Login page\n- [ ] Password reset page\n- [ ] Email change page\n\n## DOING\n\n- [ ] Signup page\n\n## DONE\n")
    }

    @Test func aFileTheOtherSideConvertedToCRLFKeepsCRLFOnALineOursEdited() {
        let base = "## TODO\n- [ ] Ship it\n- [ ] Docs\n## DONE\n"
        let ours = "## TODO\n- [ ] Ship it due:2026-12-01\n- [ ] Docs\n## DONE\n"
        let theirs = "## TODO\r\n- [ ] Ship it\r\n- [ ] Docs\r\n## DONE\r\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\r\n- [ ] Ship it due:2026-12-01\r\n- [ ] Docs\r\n## DONE\r\n")
    }

    @Test func anItemAfterAConflictBlockKeepsItsIndentation() throws {
        let base = "## TODO\n - [ ] Ship it\n  - [ ] Next\n## DONE\n"
        let merged = merge(base, "## TODO\n - [ ] Ship it due:2026-12-01\n  - [ ] Next\n## DONE\n",
                           "## TODO\n - [ ] Ship it due:2026-12-02\n  - [ ] Next\n## DONE\n")
        #expect(merged.conflicts == [MergeConflict(title: "Ship it", reason: .due)])
        #expect(merged.text.hasSuffix(">>>>>>> theirs\n  - [ ] Next\n## DONE\n"))
    }

    @Test func blankLinesOneSideRemovedAndTextTheOtherChangedBothComeThrough() {
        let base = "## TODO\n- [ ] A\n\n\nNotes.\n## DONE\n"
        let ours = "## TODO\n- [ ] A\n\nNotes.\n## DONE\n"
        let theirs = "## TODO\n- [ ] A\n\n\nNotes, longer.\n## DONE\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n- [ ] A\n\nNotes, longer.\n## DONE\n")
    }

    @Test func anItemReplacedByAnUnrelatedOneIsARemovalAndAnAddition() {
        let old = Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Buy milk\n- [ ] Tag\n")
        let new = Board(parsing: "## TODO\n- [ ] Plan\n- [ ] Fix the parser\n- [ ] Tag\n")
        #expect(old.changes(to: new) == [.removed(title: "Buy milk", from: .todo), .added(title: "Fix the parser", to: .todo)])
    }
}
