import BoardKit
import Testing

/// The three-way merge, one behaviour per test: every clean combination, then every conflicting one.
@Suite struct MergeTests {
    static let base = """
        # Release

        ## TODO

        - [ ] Write the guide due:2026-12-01
          Cover the flags.
        - [ ] Tag the release
        - [ ] Update the changelog

        ## DOING

        - [ ] Parser round trip due:2026-11-25

        ## DONE

        - [x] Pick a format

        """

    /// `base` with each (old, new) replacement made once.
    func edited(_ replacements: [(String, String)]) -> String {
        edited(Self.base, replacements)
    }

    /// `text` with each (old, new) replacement made once.
    func edited(_ text: String, _ replacements: [(String, String)]) -> String {
        var text = text
        for (old, new) in replacements {
            guard let range = text.range(of: old) else {
                Issue.record("no '\(old)' in the text")
                return text
            }
            text.replaceSubrange(range, with: new)
        }
        return text
    }

    // MARK: - Clean

    @Test func sidesThatTouchDifferentItemsMergeCleanly() {
        let ours = edited([("- [ ] Tag the release\n", ""), ("- [ ] Parser round trip due:2026-11-25\n",
                                                             "- [ ] Parser round trip due:2026-11-25\n- [ ] Tag the release\n")])
        let theirs = edited([("Update the changelog", "Update the changelog due:2026-12-09")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(ours, [("Update the changelog", "Update the changelog due:2026-12-09")]))
    }

    /// A note one side writes under a section's heading, above its items, leaves the items where they were: a move of
    /// one of them by the other side, text the other side adds below them, or its rename of the heading, merges
    /// cleanly, as `git merge-file` merges it (helper-55: the items read as moved below the note, and the move as both
    /// sides moving the item; 16 of its matrix's 18 false conflicts).
    @Test func aNoteAboveASectionsItemsLeavesThemInPlace() {
        let note = ("## TODO\n\n", "## TODO\n\nA note on the release.\n\n")
        let ours = edited([note])
        let moved = edited([("- [ ] Tag the release\n", ""),
                            ("- [ ] Parser round trip due:2026-11-25\n", "- [ ] Parser round trip due:2026-11-25\n- [ ] Tag the release\n")])
        let move = merge(Self.base, ours, moved)
        #expect(move.conflicts.isEmpty)
        #expect(move.text == edited(moved, [note]))
        let text = edited([("\n## DOING", "\nText before DOING.\n\n## DOING")])
        let both = merge(Self.base, ours, text)
        #expect(both.conflicts.isEmpty)
        #expect(both.text == edited(text, [note]))
        // Against the heading renamed: the note stands right under it, matched by the items, and the two changes
        // touch; by their places they do not, and that merge stands.
        let renamed = edited([("## TODO", "## To do")])
        let rename = merge(Self.base, ours, renamed)
        #expect(rename.conflicts.isEmpty)
        #expect(rename.text == edited(renamed, [("## To do\n\n", "## To do\n\nA note on the release.\n\n")]))
        // Under the last section, against a line added at the file's end.
        let doneNote = edited([("## DONE\n\n", "## DONE\n\nA note on DONE.\n\n")])
        let footer = Self.base + "Footer text.\n"
        let end = merge(Self.base, doneNote, footer)
        #expect(end.conflicts.isEmpty)
        #expect(end.text == doneNote + "Footer text.\n")
    }

    /// A line written between two items splits their region, and items stay matched by place (helper-64 found both
    /// of these wrong when the region went to the side's region holding most of its items): ours' item added at
    /// TODO's top stays above a group heading theirs wrote below the first item, and theirs' date and note below
    /// an item ours started is no move of that item by theirs.
    @Test func aLineBetweenItemsLeavesTheRegionMatchedByPlace() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let grouped = "## TODO\n\n- [ ] A\n\n### G\n\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let addedTop = "## TODO\n\n- [ ] New\n- [ ] A\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let top = merge(base, addedTop, grouped)
        #expect(top.conflicts.isEmpty)
        #expect(top.text == "## TODO\n\n- [ ] New\n- [ ] A\n\n### G\n\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n\n## DONE\n")
        let datedAndNoted = "## TODO\n\n- [ ] A due:2026-12-01\n\nA note on A.\n\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let started = "## TODO\n\n- [ ] B\n- [ ] C\n\n## DOING\n\n- [ ] D\n- [ ] A\n\n## DONE\n"
        let start = merge(base, started, datedAndNoted)
        #expect(start.conflicts.isEmpty, "\(start.text)")
        #expect(start.text.contains("## DOING\n\n- [ ] D\n- [ ] A due:2026-12-01\n"), "\(start.text)")
    }

    /// An item one side moves into a section right after an item the other side put under a group heading of its
    /// own goes with that item, as an added one does (helper-64's 05, in board-before too: `start Bravo` after Echo,
    /// against `### Waiting` written above Echo, put Bravo above the heading).
    @Test func anItemMovedAfterAnItemTheOtherSideGroupedFollowsIt() {
        let base = "## TODO\n\n- [ ] Alpha\n- [ ] Bravo\n\n## DOING\n\n- [ ] Delta\n- [ ] Echo\n\n## DONE\n"
        let started = "## TODO\n\n- [ ] Alpha\n\n## DOING\n\n- [ ] Delta\n- [ ] Echo\n- [ ] Bravo\n\n## DONE\n"
        let grouped = "## TODO\n\n- [ ] Alpha\n- [ ] Bravo\n\n## DOING\n\n- [ ] Delta\n### Waiting\n- [ ] Echo\n\n## DONE\n"
        for (ours, theirs) in [(started, grouped), (grouped, started)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty)
            #expect(result.text == "## TODO\n\n- [ ] Alpha\n\n## DOING\n\n- [ ] Delta\n### Waiting\n- [ ] Echo\n- [ ] Bravo\n\n## DONE\n",
                    "\(result.text)")
        }
    }

    /// An item one side moves by hand below another of its section, against a group heading the other side wrote
    /// above that one, goes with it too (helper-64's 07, in board-before too: A moved below C, against `### Later`
    /// above B and C, stayed first, its move dropped with exit 0). A removal on one side is no such move.
    @Test func anItemMovedBelowAnItemTheOtherSideGroupedFollowsIt() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n- [ ] C\n\n## DOING\n"
        let grouped = "## TODO\n\n- [ ] A\n### Later\n- [ ] B\n- [ ] C\n\n## DOING\n"
        let reordered = "## TODO\n\n- [ ] B\n- [ ] C\n- [ ] A\n\n## DOING\n"
        for (ours, theirs) in [(grouped, reordered), (reordered, grouped)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty)
            #expect(result.text == "## TODO\n\n### Later\n- [ ] B\n- [ ] C\n- [ ] A\n\n## DOING\n", "\(result.text)")
        }
        // An item next to one the side moved was not moved itself: E moved to the top by hand, against `### W` above
        // D, leaves A, now after E, where it was (helper-76: A followed E into the group). E stays with D, as before.
        let five = "## TODO\n\n- [ ] A\n- [ ] B\n- [ ] C\n- [ ] D\n- [ ] E\n\n## DOING\n"
        let fiveGrouped = five.replacingOccurrences(of: "- [ ] D", with: "### W\n- [ ] D")
        let eFirst = merge(five, "## TODO\n\n- [ ] E\n- [ ] A\n- [ ] B\n- [ ] C\n- [ ] D\n\n## DOING\n", fiveGrouped)
        #expect(eFirst.conflicts.isEmpty && eFirst.text == fiveGrouped, "\(eFirst.text)")
        // B removed by theirs leaves C after A there, no move: C stays under ours' heading.
        let removed = merge(base, "## TODO\n\n- [ ] A\n- [ ] B\n### Later\n- [ ] C\n\n## DOING\n", "## TODO\n\n- [ ] A\n- [ ] C\n\n## DOING\n")
        #expect(removed.conflicts.isEmpty && removed.text == "## TODO\n\n- [ ] A\n\n### Later\n- [ ] C\n\n## DOING\n", "\(removed.text)")
    }

    /// Where the merge conflicts near a section's heading (a note added under `## TODO` or between its items against
    /// `## DOING` renamed), a block whose halves would put items in another section than both sides have them in (the
    /// note and DOING's heading in one block, TODO's items below it) gives way to the whole file as one conflict:
    /// keeping either half leaves every item in its section (helper-55: keeping either put A and B in DOING).
    @Test func aConflictWhoseHalvesWouldMoveItemsIsTheWholeFile() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let noted = "## TODO\n\n- [ ] A\n\nBetween note\n\n- [ ] B\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let above = "## TODO\n\nA note.\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] D\n\n## DONE\n"
        let renamed = "## TODO\n\n- [ ] A\n- [ ] B\n\n## In Progress\n\n- [ ] D\n\n## DONE\n"
        for (ours, theirs) in [(noted, renamed), (renamed, noted)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.first?.reason == .halvesMisplace, "\(result.conflicts)")
            for kept in ["ours", "theirs"] {
                #expect(Self.sections(keeping: kept, of: result.text) == ["A TODO", "B TODO", "D DOING"], "keeping \(kept): \(result.text)")
            }
        }
        // A note above TODO's items is a line added under `## TODO`, apart from DOING's heading: they merge cleanly.
        for (ours, theirs) in [(above, renamed), (renamed, above)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == "## TODO\n\nA note.\n\n- [ ] A\n- [ ] B\n\n## In Progress\n\n- [ ] D\n\n## DONE\n",
                    "\(result.text)")
        }
    }

    /// helper-73: two branches that each made `board.md` (git gives the driver an empty base), headings alike but for
    /// their blank lines. The headings made one block and every item came after it, in DONE, in either half. An item
    /// one side added counts as one the halves must keep where it put it: the whole file is the conflict. Boards alike
    /// but for their items still merge cleanly.
    @Test func twoBoardsAddedApartWhoseHalvesWouldMoveTheirItemsAreTheWholeFile() {
        let ours = "# Board\n\n## TODO\n\n- [ ] X\n- [ ] P\n\n## DOING\n\n## DONE\n\n- [x] Q\n"
        let theirs = "# Board\n\n## TODO\n\n- [ ] Y\n\n## DOING\n\n- [ ] Z\n\n## DONE\n"
        let result = merge("", ours, theirs)
        #expect(result.conflicts.first == MergeConflict(title: "X", reason: .halvesMisplace), "\(result.conflicts)")
        #expect(result.text == "<<<<<<< ours\n" + ours + "=======\n" + theirs + ">>>>>>> theirs\n")
        #expect(Self.sections(keeping: "ours", of: result.text) == ["X TODO", "P TODO", "Q DONE"])
        #expect(Self.sections(keeping: "theirs", of: result.text) == ["Y TODO", "Z DOING"])
        let apart = merge("", "## TODO\n\n- [ ] X\n\n## DOING\n\n## DONE\n", "## TODO\n\n- [ ] Y\n\n## DOING\n\n- [ ] Z\n\n## DONE\n")
        #expect(apart.conflicts.isEmpty)
        #expect(Self.sections(keeping: "ours", of: apart.text) == ["Y TODO", "X TODO", "Z DOING"])
    }

    /// helper-75: on a board of TODO alone, ours' `start A` made `## DOING` and theirs' `done B` made `## DONE`: the two
    /// headings made one block, A and B below it, and keeping ours' half put the ticked B in DOING, theirs' A in DONE.
    /// An item one side alone moved into another section counts as one either half must keep there: the whole file.
    @Test func itemsEachSideMovedIntoASectionItMadeKeepTheirSectionsInEitherHalf() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n"
        let started = "## TODO\n\n- [ ] B\n\n## DOING\n\n- [ ] A\n"
        let done = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] B\n"
        let result = merge(base, started, done)
        #expect(result.conflicts.first?.reason == .halvesMisplace, "\(result.conflicts) \(result.text)")
        #expect(Self.sections(keeping: "ours", of: result.text) == ["B TODO", "A DOING"])
        #expect(Self.sections(keeping: "theirs", of: result.text) == ["A TODO", "B DONE"])
        // Items added there, each by one side, below the headings' block: in both halves, so each must keep the other
        // side's where it put it too (helper-76: keeping ours' half put theirs' T in DONE).
        let added = merge("## TODO\n\n- [ ] A\n", "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] O\n", "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] T\n")
        #expect(added.conflicts.first?.reason == .halvesMisplace, "\(added.conflicts) \(added.text)")
        #expect(Self.sections(keeping: "ours", of: added.text) == ["A TODO", "O DONE"])
    }

    /// helper-76's 03: ours' `add onew --to done` made `## DONE` at the end, theirs wrote `## Review` above TODO's items
    /// (off the board). The two headings made one block, every item after it: keeping ours' half put bravo and charlie
    /// in DONE, keeping theirs' put ours' onew off the board. Each half must keep the items of its side where that side
    /// has them: the whole file is the conflict.
    @Test func aHalfThatMovesItsSidesItemsOffTheBoardOrIntoAnotherSectionIsTheWholeFile() {
        let base = "## TODO\n\n- [ ] bravo\n- [ ] charlie\n"
        let ours = base + "\n## DONE\n\n- [x] onew\n"
        let theirs = "## TODO\n\n## Review\n- [ ] bravo\n- [ ] charlie\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.first?.reason == .halvesMisplace, "\(result.conflicts) \(result.text)")
        #expect(Self.sections(keeping: "ours", of: result.text) == ["bravo TODO", "charlie TODO", "onew DONE"], "\(result.text)")
    }

    /// Each item of the file with one half of every conflict block kept, and its section: `A TODO`.
    static func sections(keeping kept: String, of text: String) -> [String] {
        var half = "", lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<<") { half = "ours" } else if line == "=======" { half = "theirs" }
            else if line.hasPrefix(">>>>>>>") { half = "" } else if half.isEmpty || half == kept { lines.append(line) }
        }
        let board = Board(parsing: lines.joined(separator: "\n"))
        return board.items.map { "\(board.title(of: $0)) \(board.kind(of: $0).name)" }
    }

    /// The halves check in the layouts helper-59 found it missed: a block for an item both sides moved to one section
    /// (labelled plainly, standing under TODO), an item a half leaves above every heading, and an item one side also
    /// edited (its line differs between the sides). Keeping either half of each merge leaves every item in the section
    /// both sides have it in.
    @Test func theHalvesCheckCoversItemBlocksItemsOffTheBoardAndEditedItems() {
        let cases = [
            (base: "## TODO\n\n## DOING\n- [ ] Old\n## DONE\n- [x] X\n", ours: "## TODO\n\n## DOING\n- [x] X\n## DONE\n- [x] Y\n",
             theirs: "## TODO\n## DONE\n- [x] Y\n## DOING\n- [x] X\n", item: "X DOING"),
            (base: "## TODO\n## DOING\n- [ ] X\n", ours: "## DOING\n## TODO\n- [ ] X\n", theirs: "## TODO\n- [ ] X\n## DOING\n",
             item: "X TODO"),
            (base: "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] C\n\n## DONE\n",
             ours: "## TODO\n\nnote\n\n- [ ] A due:2026-12-01\n- [ ] B due:2026-12-02\n\n## DOING\n\n- [ ] C\n\n## DONE\n",
             theirs: "## TODO\n\n- [ ] A\n- [ ] B\n\n## In progress\n\n- [ ] C\n\n## DONE\n", item: "A TODO"),
        ]
        for (base, ours, theirs, item) in cases {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.first?.reason == .halvesMisplace, "\(result.conflicts) \(result.text)")
            for kept in ["ours", "theirs"] {
                let sections = Self.sections(keeping: kept, of: result.text)
                #expect(sections.contains(item) && !sections.contains { $0.hasPrefix(item.prefix(2)) && $0 != item },
                        "keeping \(kept): \(sections) \(result.text)")
            }
        }
    }

    /// Changes apart can hide an item side by side: ours moves A below G, theirs opens a comment (or a code block) above
    /// G that it never closes. The lines merged cleanly put A in it, off the board, though both sides have A in TODO
    /// (helper-59). The whole file is the conflict instead, and each half has A in TODO.
    @Test func aCleanMergeThatWouldHideAnItemBothSidesHaveIsTheWholeFile() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n\n### grp\n\n- [ ] G\n\n## DOING\n\n## DONE\n"
        let moved = "## TODO\n\n- [ ] B\n\n### grp\n\n- [ ] G\n- [ ] A\n\n## DOING\n\n## DONE\n"
        for opened in ["<!--", "```"] {
            let theirs = base.replacingOccurrences(of: "### grp\n", with: "### grp\n\(opened)\n")
            for (ours, other) in [(moved, theirs), (theirs, moved)] {
                let result = merge(base, ours, other)
                #expect(result.conflicts == [MergeConflict(title: "A", reason: .displacedSideBySide)], "\(opened): \(result.text)")
                #expect(result.text == "<<<<<<< ours\n\(ours)=======\n\(other)>>>>>>> theirs\n")
            }
        }
        // Where nothing is hidden, the same move merges cleanly beside a comment that is closed.
        let closed = base.replacingOccurrences(of: "### grp\n", with: "### grp\n<!-- note -->\n")
        let result = merge(base, moved, closed)
        #expect(result.conflicts.isEmpty && result.text == moved.replacingOccurrences(of: "### grp\n", with: "### grp\n<!-- note -->\n"),
                "\(result.text)")
    }

    /// The same safety net for items it knows by the merge's pairing, not by their line: an item ours moved and also
    /// dated, into a comment theirs opened (unclosed, or closed around a group ours moved it into), and twins both
    /// sides keep, one of which ours moved (helper-60). An item the merge only re-indented, so that a new item above
    /// it does not take it for body (FORMAT §6), stands where both sides have it: those merge cleanly, and with a
    /// conflict elsewhere (the halves check) that conflict alone.
    @Test func theSafetyNetKnowsEditedItemsAndTwinsAndLetsReindentedItemsBe() {
        let grp = "## TODO\n\n- [ ] A\n- [ ] B\n\n### grp\n\n- [ ] G\n\n## DOING\n\n## DONE\n"
        let later = "## TODO\n\n- [ ] Write docs\n- [ ] Review PR\n\n### Later\n\n- [ ] Try dark mode\n- [ ] Port to BSD\n\n## DOING\n\n## DONE\n"
        let twins = "## TODO\n\n- [ ] Review PR\n- [ ] B\n- [ ] Review PR\n\n### grp\n\n- [ ] G\n\n## DOING\n\n## DONE\n"
        let lost = [
            (grp, "## TODO\n\n- [ ] B\n\n### grp\n\n- [ ] G\n- [ ] A due:2026-12-01\n\n## DOING\n\n## DONE\n",
             grp.replacingOccurrences(of: "### grp\n", with: "### grp\n<!--\n"), "A"),
            (later, "## TODO\n\n- [ ] Review PR\n\n### Later\n\n- [ ] Try dark mode\n- [ ] Write docs due:2026-12-01\n- [ ] Port to BSD\n\n## DOING\n\n## DONE\n",
             later.replacingOccurrences(of: "### Later", with: "<!-- parked\n### Later").replacingOccurrences(of: "BSD\n", with: "BSD\n-->\n"),
             "Write docs"),
            (twins, "## TODO\n\n- [ ] B\n- [ ] Review PR\n\n### grp\n\n- [ ] G\n- [ ] Review PR\n\n## DOING\n\n## DONE\n",
             twins.replacingOccurrences(of: "### grp\n", with: "### grp\n<!--\n"), "Review PR"),
        ]
        for (base, ours, theirs, title) in lost {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: title, reason: .displacedSideBySide)], "\(result.text)")
        }
        let reindented = [
            ("## TODO\n\nSprint notes.\n\n  - [ ] Write docs\n  - [ ] Fix parser\n\n## DOING\n\n## DONE\n",
             "## TODO\n\n  - [ ] Write docs\n  - [ ] Fix parser\n\n## DOING\n\n## DONE\n",
             "## TODO\n\n- [ ] Ship it\n\nSprint notes.\n\n  - [ ] Write docs\n  - [ ] Fix parser\n\n## DOING\n\n## DONE\n"),
            ("## TODO\n\n### Frontend\n\n  - [ ] Dark mode\n  - [ ] Login page\n\n## DOING\n\n## DONE\n",
             "## TODO\n\n  - [ ] Dark mode\n  - [ ] Login page\n\n## DOING\n\n## DONE\n",
             "## TODO\n\n- [ ] Release notes\n\n### Frontend\n\n  - [ ] Dark mode\n  - [ ] Login page\n\n## DOING\n\n## DONE\n"),
        ]
        for (base, ours, theirs) in reindented {
            let result = merge(base, ours, theirs)
            let board = Board(parsing: result.text)
            #expect(result.conflicts.isEmpty && board.items.allSatisfy { board.kind(of: $0) == .todo } && board.items.count == 3,
                    "\(result.conflicts) \(result.text)")
            func dated(_ text: String, _ date: String) -> String { text + "- [ ] D due:\(date)\n" }
            let conflicted = merge(base + "- [ ] D\n", dated(ours, "2026-12-01"), dated(theirs, "2026-12-02"))
            #expect(conflicted.conflicts == [MergeConflict(title: "D", reason: .due)], "\(conflicted.text)")
        }
    }

    /// An item whose line carries the file's byte order mark is the same item where a half of a block puts it below
    /// the first line (helper-61: items above the first heading, ours adding one on top, theirs swapping two: the
    /// halves check took L2, mark and all, for lost, and marked the whole file).
    @Test func theHalvesCheckKnowsAFirstItemByItsLineWithoutTheByteOrderMark() {
        let base = "\u{FEFF}- [ ] L1\n- [ ] L2\n\n## TODO\n\n- [ ] A\n"
        let ours = "\u{FEFF}- [ ] L0\n- [ ] L1\n- [ ] L2\n\n## TODO\n\n- [ ] A\n"
        let theirs = "\u{FEFF}- [ ] L2\n- [ ] L1\n\n## TODO\n\n- [ ] A\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)], "\(result.conflicts) \(result.text)")
    }

    /// The halves check reads an item as either side wrote it, and counts items by their line in their section
    /// (helper-61): an item ours dated stands in theirs' half of a block the lines merged as theirs wrote it; and a
    /// twin each side added to another section than the other's (a labelled block) leaves DOING's own item there.
    /// Each keeps its precise conflict.
    @Test func theHalvesCheckReadsEitherSidesLineAndCountsTwinsBySection() {
        let base = "# TODO\n\n- [ ] Write docs due:2026-11-27\n\n# DOING\n\n# DONE\n\n- [x] Fix login\n- [x] Ship it\n"
        let ours = "# DOING\n\n# TODO\n\n- [ ] Write docs due:2027-01-25\n\n# DONE\n\n- [x] Fix login\n- [x] Ship it\n"
        let theirs = "# TODO\n\n- [ ] Write docs due:2026-11-27\n- [ ] Fix login\n\n# DOING\n\n# DONE\n\n- [x] Ship it\n"
        let dated = merge(base, ours, theirs)
        #expect(dated.conflicts == [MergeConflict(title: nil, reason: .text)], "\(dated.conflicts) \(dated.text)")
        let twinsBase = "## TODO\n\n- [ ] Write docs\n\n## DOING\n\n- [ ] Review PR\n\n## DONE\n"
        let twins = merge(twinsBase, "## TODO\n\n- [ ] Write docs\n- [ ] Review PR\n\n## DOING\n\n- [ ] Review PR\n\n## DONE\n",
                          "## TODO\n\n- [ ] Write docs\n\n## DOING\n\n- [ ] Review PR\n- [ ] Review PR\n\n## DONE\n")
        #expect(!twins.conflicts.contains { $0.reason == .halvesMisplace } && !twins.conflicts.isEmpty, "\(twins.conflicts) \(twins.text)")
    }

    /// A fence line ours leaves open in its half of a block hides theirs' half and the block's end from `check`: the
    /// halves check still finds them by their text, and theirs' half keeps the item in TODO (helper-62: it read on
    /// with ours' half, took the item for lost, and marked the whole file).
    @Test func theHalvesCheckFindsABlockWhoseEndAFenceInOursHalfHides() {
        let result = merge("## TODO\n\n- [ ] Write docs due:2026-12-01\n\n## DOING\n",
                           "## TODO\n\n- [ ] Write docs due:2027-01-05\n\n```\n",
                           "## DOING\n\n## TODO\n\n- [ ] Write docs due:2026-12-01\n")
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)], "\(result.conflicts) \(result.text)")
    }

    /// The byte order mark before a first item is not indentation: the items below it, as deep, stay as deep (the merge
    /// counted the item at 0 and took two spaces off every item below it, lines neither side changed).
    @Test func itemsBelowAFirstItemWithAByteOrderMarkKeepTheirIndentation() {
        let base = "\u{FEFF}  - [ ] A\n  - [ ] B\n    body\n## TODO\n- [ ] C\n## DOING\n## DONE\n"
        let ours = base.replacingOccurrences(of: "- [ ] C", with: "- [ ] C due:2026-12-01")
        let theirs = base.replacingOccurrences(of: "## DONE\n", with: "## DONE\n- [x] D\n")
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty && result.text == ours.replacingOccurrences(of: "## DONE\n", with: "## DONE\n- [x] D\n"),
                "\(result.text.debugDescription)")
    }

    @Test func differentFieldsOfOneItemMergeCleanly() {
        // Ours renames the item, theirs changes its date and its body.
        let ours = edited([("Write the guide due", "Write the migration guide due")])
        let theirs = edited([("due:2026-12-01", "due:2026-12-05"), ("Cover the flags.", "Cover the flags and the config.")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited([("- [ ] Write the guide due:2026-12-01\n  Cover the flags.",
                                        "- [ ] Write the migration guide due:2026-12-05\n  Cover the flags and the config.")]))
    }

    @Test func aMoveOnOneSideAndAnEditOnTheOtherBothApply() {
        // Theirs finishes the item (moves it to DONE, ticks it); ours changes its due date.
        let theirs = edited([("- [ ] Parser round trip due:2026-11-25\n", ""),
                             ("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Parser round trip due:2026-11-25\n")])
        let ours = edited([("due:2026-11-25", "due:2026-11-30")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("due:2026-11-25", "due:2026-11-30")]))
        #expect(merge(Self.base, theirs, ours).text == result.text)
    }

    @Test func theSameChangeOnBothSidesAppliesOnce() {
        let both = edited([("- [ ] Tag the release\n", ""), ("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Tag the release\n"),
                           ("Cover the flags.", "Cover every flag.")])
        let result = merge(Self.base, both, both)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == both)
    }

    /// Twin items, alike in every way: a change both sides made to one of them is made once, as git merges two
    /// like changes (both sides removing one of two `A`s lost both; both starting one started both).
    @Test func theSameChangeToOneOfTwinsOnBothSidesAppliesOnce() {
        let base = "## TODO\n\n- [ ] A\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n"
        let cases = [
            "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n",
            "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] A\n\n## DONE\n",
            "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n- [x] A done:2026-11-26\n",
        ]
        for both in cases {
            let result = merge(base, both, both)
            #expect(result.conflicts.isEmpty && result.text == both, "\(both)")
        }
        // Ours also changed another item: theirs' removal of a twin is still ours'.
        let result = merge(base, "## TODO\n\n- [ ] A\n- [ ] B due:2026-12-01\n\n## DOING\n\n## DONE\n", cases[0])
        #expect(result.conflicts.isEmpty && result.text == "## TODO\n\n- [ ] A\n- [ ] B due:2026-12-01\n\n## DOING\n\n## DONE\n")
        // Different changes to twins still go to different twins: both are kept, without a conflict.
        let apart = merge(base, "## TODO\n\n- [ ] A due:2026-12-01\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n- [ ] A\n- [ ] A\n  a body\n- [ ] B\n\n## DOING\n\n## DONE\n")
        #expect(apart.conflicts.isEmpty && apart.text == "## TODO\n\n- [ ] A due:2026-12-01\n- [ ] A\n  a body\n- [ ] B\n\n## DOING\n\n## DONE\n")
    }

    /// Each side removes (or renames past recognition) a different one of two twins: both are gone, as git removes
    /// two different lines. The twin each side kept stands in another place (under another line, or after another
    /// item), so the two did not make the same change (it kept one twin, exit 0, as if they had).
    @Test func eachSideRemovingAnotherTwinRemovesBoth() {
        let base = "## TODO\n\n- [ ] x\n\nNotes\n\n- [ ] x\n"
        let removed = merge(base, "## TODO\n\nNotes\n\n- [ ] x\n", "## TODO\n\n- [ ] x\n\nNotes\n\n")
        #expect(removed.conflicts.isEmpty && removed.text == "## TODO\n\nNotes\n\n", "\(removed.text)")
        let twins = "## DOING\n- [ ] Review\n- [ ] Review\n"
        let renamed = merge(twins, "## DOING\n- [ ] o7\n- [ ] Review\n", "## DOING\n- [ ] Review\n- [ ] Ship v2.4 to production\n")
        #expect(renamed.conflicts.isEmpty && renamed.text == "## DOING\n- [ ] o7\n- [ ] Ship v2.4 to production\n", "\(renamed.text)")
    }

    /// An item renamed from a twin of one title to the other title's (`Alpha #x` to `alpha due:…`) is in both titles'
    /// groups of twins: it is left to the rules for twins that do not mirror (it crashed the merge, a key twice).
    @Test func anItemRenamedFromOneTwinTitleToAnotherMergesAlike() {
        let base = "## TODO\n\n- [ ] Alpha\n- [ ] Alpha #x\n\n## DOING\n\n- [ ] Alpha #x\n- [ ] Alpha\n\n## DONE\n"
        let side = "## TODO\n\n- [x] Alpha\n- [ ] alpha due:2026-12-01\n\n## DOING\n\n- [x] Alpha #x\n- [ ] Alpha\n\n## DONE\n"
        let result = merge(base, side, side)
        #expect(result.conflicts.isEmpty && result.text == side)
    }

    /// A twin renamed to a title that has twins too joins the two titles' groups (helper-22: merge(b, x, x) lost the
    /// page item); with one more change on theirs, as git calls the driver only for sides that differ.
    @Test func twinsRenamedAcrossTitlesStillMergeAlike() {
        let base = "## TODO\n\n- [ ] Fix login page\n- [ ] Fix login page\n- [ ] Fix login form\n- [ ] Fix login form\n"
        let ours = "## TODO\n\n- [ ] Fix login page\n- [ ] Fix login form\n- [ ] Fix login form\n- [ ] Fix login form\n"
        let theirs = ours + "\n## DONE\n\n- [x] Extra\n"
        #expect(merge(base, ours, theirs).text == theirs)
        // Sides alike are the merge, whatever their twins (`Review PR` renamed twice to a title of its own).
        let alike = "## TODO\n\n- [ ] Review it\n- [ ] Review PR\n- [ ] Review it\n"
        #expect(merge("## TODO\n\n- [ ] Review PR\n- [ ] Review PR\n", alike, alike).text == alike)
    }

    /// Random changes to boards of twins (removals, moves, ticks, dates): two sides alike merge to that side, and a
    /// side merged with the base is that side.
    @Test func sidesAlikeMergeToThatSideWhateverTheirTwins() throws {
        var rng = SeededGenerator(seed: 0x7A1145)
        let titles = ["A", "A", "A", "B"], today = CivilDate(year: 2026, month: 11, day: 26)
        for run in 0..<1_500 {
            var text = "## TODO\n\n"
            for _ in 0..<Int.random(in: 2...6, using: &rng) { text += "- [ ] \(titles[Int.random(in: 0..<4, using: &rng)])\n" }
            let base = Board(parsing: Array((text + "\n## DOING\n\n## DONE\n").utf8))
            var side = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                guard let item = side.items.randomElement(using: &rng) else { break }
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: side = try side.removing(item)
                case 1: side = try side.moving(item, to: .doing)
                case 2: side = try side.moving(item, to: .done, doneOn: today)
                default: side = try side.editing(item, due: today.map { .set($0) } ?? .keep)
                }
            }
            for (ours, theirs) in [(side, side), (base, side), (side, base)] {
                let result = Board.merge(base: base, ours: ours, theirs: theirs)
                #expect(result.bytes == side.bytes && result.conflicts.isEmpty, "run \(run): \(text) → \(String(decoding: side.bytes, as: UTF8.self))")
                if result.bytes != side.bytes { return }
            }
        }
    }

    /// A side that converted every line ending (a Windows editor) converts the other side's new lines too: the merge
    /// of CRLF lines and an item added with LF was a file of both.
    @Test func aSideThatConvertedTheLineEndingsConvertsTheOthersLines() {
        let base = "## TODO\n- [ ] A\n## DOING\n## DONE\n"
        let converted = base.replacingOccurrences(of: "\n", with: "\r\n")
        let added = "## TODO\n- [ ] A\n- [ ] New\n## DOING\n## DONE\n"
        let both = "## TODO\r\n- [ ] A\r\n- [ ] New\r\n## DOING\r\n## DONE\r\n"
        for (ours, theirs) in [(converted, added), (added, converted)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == both, "\(result.text.debugDescription)")
        }
        // Mixed endings a side keeps are its own: nothing is converted.
        let mixed = "## TODO\r\n- [ ] A\n## DOING\n## DONE\n"
        #expect(merge(base, mixed, added).text == "## TODO\r\n- [ ] A\n- [ ] New\n## DOING\n## DONE\n")
    }

    @Test func itemsAddedOnBothSidesAreAllKeptOursFirst() {
        let ours = edited([("- [ ] Update the changelog\n", "- [ ] Update the changelog\n- [ ] Ours new\n")])
        let theirs = edited([("- [ ] Update the changelog\n", "- [ ] Update the changelog\n- [ ] Theirs new\n"),
                             ("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Theirs done\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("- [ ] Theirs new\n", "- [ ] Ours new\n- [ ] Theirs new\n")]))
    }

    @Test func anItemAddedAtTheTopByTheirsStaysOnTop() {
        let ours = edited([("- [ ] Update the changelog\n", "- [ ] Update the changelog\n- [ ] Ours new\n")])
        let theirs = edited([("## TODO\n\n", "## TODO\n\n- [ ] Theirs first\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(ours, [("## TODO\n\n", "## TODO\n\n- [ ] Theirs first\n")]))
    }

    @Test func theSameItemAddedIdenticallyOnBothSidesAppearsOnce() {
        let both = edited([("## DOING\n\n", "## DOING\n\n- [ ] Review the docs\n")])
        let result = merge(Self.base, both, both)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == both)
    }

    @Test func itemsAddedToTheSameEmptySectionAreBothKept() {
        let empty = "## TODO\n\n## DOING\n\n## DONE\n"
        let ours = "## TODO\n\n- [ ] Ours\n\n## DOING\n\n## DONE\n"
        let theirs = "## TODO\n\n- [ ] Theirs\n\n## DOING\n\n## DONE\n"
        let result = merge(empty, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\n\n- [ ] Ours\n- [ ] Theirs\n\n## DOING\n\n## DONE\n")
    }

    @Test func anItemMovedIntoASectionTheOtherSideEmptiedKeepsTheBlankLineAfterIt() {
        // Theirs finishes the only DOING item, which also drops the blank line under it; ours starts another.
        let theirs = edited([("- [ ] Parser round trip due:2026-11-25\n\n", ""),
                             ("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Parser round trip due:2026-11-25\n")])
        let ours = edited([("- [ ] Tag the release\n", ""), ("- [ ] Parser round trip due:2026-11-25\n",
                                                             "- [ ] Parser round trip due:2026-11-25\n- [ ] Tag the release\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("- [ ] Tag the release\n", ""), ("## DOING\n\n", "## DOING\n\n- [ ] Tag the release\n\n")]))
    }

    @Test func aRemovalOfAnItemTheOtherSideLeftAloneApplies() {
        let theirs = edited([("- [ ] Tag the release\n", "")])
        let ours = edited([("Update the changelog", "Update the changelog due:2026-12-09")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(ours, [("- [ ] Tag the release\n", "")]))
        let both = merge(Self.base, theirs, theirs)
        #expect(both.conflicts.isEmpty)
        #expect(both.text == theirs)
    }

    /// Ours took out the last item of a file without a final newline, theirs moved the item that became last: the
    /// merge ends as doing one after the other does, without a final line ending.
    @Test func aFileWithoutAFinalNewlineKeepsItWhenItsLastLinesMove() throws {
        let base = "## TODO\r\n## DOING\r\n## DONE\r\n- [x] b\r\n- [ ] c"
        let ours = "## TODO\r\n## DOING\r\n## DONE\r\n- [x] b"
        let theirs = "## TODO\r\n- [ ] b\r\n## DOING\r\n## DONE\r\n- [ ] c"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\r\n- [ ] b\r\n## DOING\r\n## DONE")
        let ended = merge(base + "\r\n", ours + "\r\n", theirs + "\r\n")
        #expect(ended.text == "## TODO\r\n- [ ] b\r\n## DOING\r\n## DONE\r\n")
        // One side adds a final line ending: the merge has it.
        #expect(merge(base, ours, theirs + "\r\n").text == "## TODO\r\n- [ ] b\r\n## DOING\r\n## DONE\r\n")
    }

    /// Text outside items with repeated lines merges as `git merge-file` merges it: the alignment of ordinary edits
    /// is the forward search's (a linear-space search, kept for a thousand differences and more, aligned these
    /// otherwise and made a conflict).
    @Test func repeatedTextLinesMergeAsGitMergesThem() {
        let result = merge("p\nq\np\nq\nq\nq\n", "q\np\nq\n## TODO\n", "q\nq\nq\nq\n")
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "q\nq\n## TODO\n")
    }

    @Test func aReorderOnOneSideAppliesBesideEditsOnTheOther() {
        let theirs = edited([("- [ ] Update the changelog\n", ""), ("## TODO\n\n", "## TODO\n\n- [ ] Update the changelog\n")])
        let ours = edited([("Tag the release", "Tag the release due:2026-12-10")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("Tag the release", "Tag the release due:2026-12-10")]))
    }

    @Test func aRenamedItemIsStillTheSameItem() {
        let ours = edited([("Update the changelog", "Update the changelogs")])
        let theirs = edited([("- [ ] Update the changelog\n", ""),
                             ("- [ ] Parser round trip due:2026-11-25\n", "- [ ] Parser round trip due:2026-11-25\n- [ ] Update the changelog\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("Update the changelog", "Update the changelogs")]))
    }

    @Test func titleMatchingIgnoresCaseAndSpacing() {
        let ours = edited([("Tag the release", "tag  the   RELEASE")])
        let theirs = edited([("- [ ] Tag the release", "- [ ] Tag the release due:2026-12-24")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited([("- [ ] Tag the release", "- [ ] tag  the   RELEASE due:2026-12-24")]))
    }

    @Test func textOutsideItemsMergesLineByLine() {
        // Like `git merge-file`, changes to neighbouring lines would conflict; these are apart.
        let ours = edited([("## DOING", "## In progress")])
        let theirs = "---\nowner: platform\n---\n" + edited([("## DONE\n", "## DONE\n\nShipped items go here.\n"),
                                                             ("Tag the release", "Tag the release due:2026-12-10")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("## DOING", "## In progress")]))
    }

    /// `git merge-file` merges these cleanly: an unchanged blank line stands between the two changed lines.
    @Test func textChangesABlankLineApartMergeCleanly() {
        let base = "# Board\n\n## TODO\n\n- [ ] A\n"
        let result = merge(base, "# Board\n\n## To do\n\n- [ ] A\n", "# Team board\n\n## TODO\n\n- [ ] A\n")
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "# Team board\n\n## To do\n\n- [ ] A\n")
    }

    @Test func headingsRenamedBesideAChangedTitleStayWithTheirItems() {
        let base = "# Board\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] E\n"
        let ours = edited(base, [("## TODO", "## To do"), ("## DOING", "## In progress"), ("## DONE", "## Done")])
        let theirs = edited(base, [("# Board", "# Team board")])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(ours, [("# Board", "# Team board")]))
        let board = Board(parsing: result.text)
        #expect(board.items.map { "\(board.kind(of: $0).name) \(board.title(of: $0))" } == ["TODO A", "DOING D", "DONE E"])
    }

    /// An item between two changed headings keeps them apart, as its line does for `git merge-file`.
    @Test func textChangesAnItemApartMergeCleanly() {
        let base = "## TODO\n- [ ] A\n## DOING\n- [ ] D\n## DONE\n"
        let ours = "## To do\n- [ ] A\n## DOING\n- [ ] D\n## DONE\n"
        let theirs = "## TODO\n- [ ] A\n## In progress\n- [ ] D\n- [ ] New\n## DONE\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## To do\n- [ ] A\n## In progress\n- [ ] D\n- [ ] New\n## DONE\n")
    }

    /// Blank lines before the first heading keep a line added above them apart from a change below them.
    @Test func aLineAddedAboveLeadingBlankLinesMergesWithAChangeBelowThem() {
        let base = "\n# Board\n\n## TODO\n\n- [ ] A\n"
        let result = merge(base, "\n# Team board\n\n## TODO\n\n- [ ] A\n", "<!-- the team's board -->\n\n# Board\n\n## TODO\n\n- [ ] A\n")
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "<!-- the team's board -->\n\n# Team board\n\n## TODO\n\n- [ ] A\n")
    }

    /// Ours renaming every heading leaves theirs' regions where they were: theirs' move still applies.
    @Test func headingsRenamedOnOneSideKeepTheOtherSidesMove() {
        let base = "# Board\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] E\n"
        let ours = edited(base, [("## TODO", "## To do"), ("## DOING", "## In progress"), ("## DONE", "## Done")])
        let theirs = edited(base, [("- [ ] A\n\n", ""), ("- [ ] D\n", "- [ ] D\n- [ ] A\n")])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited(theirs, [("## TODO", "## To do"), ("## DOING", "## In progress"), ("## DONE", "## Done")]))
    }

    /// The region before a line ours changed is not the one after it: theirs' item there stays above the line.
    @Test func aRegionBesideAChangedLineStaysOnItsSideOfIt() {
        // Ours moves B under "## DONE", which gains a line ending; theirs moves A down under the note.
        let base = "## TODO\n- [ ] A\nNotes\n- [ ] B\n## DONE"
        let ours = "## TODO\n- [ ] A\nNotes\n## DONE\n- [x] B", theirs = "## TODO\nNotes\n- [ ] A\n- [ ] B\n## DONE"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## TODO\nNotes\n- [ ] A\n## DONE\n- [x] B")
    }

    @Test func checkboxSpellingsOnBothSidesKeepOursAndTheTick() {
        let ours = edited([("- [ ] Tag the release", "* [ ] Tag the release")])
        let theirs = edited([("- [ ] Tag the release", "- [x] Tag the release due:2026-12-10")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited([("- [ ] Tag the release", "* [x] Tag the release due:2026-12-10")]))
    }

    @Test func aBodyAddedByOneSideJoinsAnItemLineChangedByTheOther() {
        let ours = edited([("- [ ] Tag the release\n", "- [ ] Tag the release\n  Sign it.\n")])
        let theirs = edited([("- [ ] Tag the release\n", "- [ ] Tag the release due:2026-12-10\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == edited([("- [ ] Tag the release\n", "- [ ] Tag the release due:2026-12-10\n  Sign it.\n")]))
    }

    @Test func randomBoardsMergedWithAnUnchangedSideComeOutAsTheOtherSideExactly() {
        var rng = SeededGenerator(seed: 0x3E46E)
        for run in 0..<2_000 {
            let base = PropertyTests.randomDocument(&rng), other = PropertyTests.randomDocument(&rng)
            let b = Board(parsing: base), x = Board(parsing: other)
            let theirsOnly = Board.merge(base: b, ours: b, theirs: x)
            let oursOnly = Board.merge(base: b, ours: x, theirs: b)
            let both = Board.merge(base: b, ours: x, theirs: x)
            #expect(theirsOnly.bytes == other && theirsOnly.conflicts.isEmpty, "run \(run): \(base) → \(other)")
            #expect(oursOnly.bytes == other && oursOnly.conflicts.isEmpty, "run \(run): \(base) → \(other)")
            #expect(both.bytes == other && both.conflicts.isEmpty, "run \(run): \(base) → \(other)")
            if theirsOnly.bytes != other || oursOnly.bytes != other || both.bytes != other { return }
        }
    }

    /// A side that respelled the due token for the same date (`due:` to `📅`, as an Obsidian plugin writes it) did
    /// not change the date: the other side's new date merges in (it was "both changed the due date"). Respelled to
    /// another date, it is a conflict still.
    @Test func aDueTokenRespelledForTheSameDateIsNoChangeOfTheDate() {
        let respelled = edited([("due:2026-12-01", "📅 2026-12-01")])
        let moved = edited([("due:2026-12-01", "due:2026-12-05")])
        for (ours, theirs) in [(respelled, moved), (moved, respelled)] {
            let result = merge(Self.base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == moved, "\(result.text)")
        }
        let respelledLater = edited([("due:2026-12-01", "📅 2026-12-03")])
        #expect(merge(Self.base, respelledLater, moved).conflicts == [MergeConflict(title: "Write the guide", reason: .due)])
    }

    // MARK: - Conflicts

    @Test func bothChangingTheDueDateDifferentlyConflictsAroundThatItemOnly() {
        let ours = edited([("due:2026-12-01", "due:2026-12-03"), ("# Release", "# Release 2.4")])
        let theirs = edited([("due:2026-12-01", "due:2026-12-05"), ("Tag the release", "Tag the release due:2026-12-10")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Write the guide", reason: .due)])
        #expect(result.text == edited([
            ("# Release", "# Release 2.4"), ("Tag the release", "Tag the release due:2026-12-10"),
            ("- [ ] Write the guide due:2026-12-01\n  Cover the flags.\n", """
                <<<<<<< ours
                - [ ] Write the guide due:2026-12-03
                  Cover the flags.
                =======
                - [ ] Write the guide due:2026-12-05
                  Cover the flags.
                >>>>>>> theirs

                """),
        ]))
    }

    @Test func bothChangingTheTitleDifferentlyConflicts() {
        let ours = edited([("Tag the release", "Tag the release v2")])
        let theirs = edited([("Tag the release", "Tag the release 2.4")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Tag the release v2", reason: .title)])
        #expect(result.text.contains("<<<<<<< ours\n- [ ] Tag the release v2\n=======\n- [ ] Tag the release 2.4\n>>>>>>> theirs\n"))
    }

    /// helper-73: a title, or a body line, both sides changed to other bytes that are no UTF-8 (a Latin-1 editor's
    /// `Caf\xE9` and `Caf\xE8`) is changed differently, though both decode to `Caf\u{FFFD}`: ours' edit was lost.
    /// The same bytes on both sides, and a title only respelt in other scalars alike, are still one change.
    @Test func titlesAndBodiesOfOtherBytesThatAreNoUTF8ConflictAsChangedDifferently() {
        func merged(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) -> BoardMerge {
            Board.merge(base: Board(parsing: base), ours: Board(parsing: ours), theirs: Board(parsing: theirs))
        }
        let text = { (line: [UInt8]) in Array("## TODO\n\n- [ ] P\n".utf8) + line + Array("\n- [ ] Q\n".utf8) }
        let title = { (tail: [UInt8]) in Array("- [ ] Caf".utf8) + tail + Array(" menu".utf8) }
        let base = text(title(Array("e".utf8)))
        let titled = merged(base, text(title([0xE9])), text(title([0xE8])))
        #expect(titled.conflicts.map(\.reason) == [.title])
        #expect(titled.bytes.contains(0xE9) && titled.bytes.contains(0xE8))
        #expect(merged(base, text(title([0xE9])), text(title([0xE9]))).conflicts.isEmpty)
        #expect(merged(base, text(title(Array("e\u{301}".utf8))), text(title(Array("é".utf8)))).conflicts.isEmpty)
        // A title holding such a byte and an `é` ours respelt in two scalars: ours changed nothing, and theirs' edit
        // of the byte is the merge (helper-75: compared as bytes whole, both had changed it).
        let mixed = { (e: String, byte: UInt8) in text(Array("- [ ] Caf".utf8) + Array(e.utf8) + [0x20, byte]) }
        let respelt = merged(mixed("é", 0xE9), mixed("e\u{301}", 0xE9), mixed("é", 0xE8))
        #expect(respelt.conflicts.isEmpty && respelt.bytes == mixed("é", 0xE8))
        // Two titles of other such bytes, each added by one side, are two titles (helper-76: one, added twice).
        let added = merged(text([]), text(title([0xE9])), text(title([0xFF])))
        #expect(added.conflicts.isEmpty && added.bytes.contains(0xE9) && added.bytes.contains(0xFF))
        let body = { (tail: [UInt8]) in Array("- [ ] R\n  note caf".utf8) + tail }
        let bodied = merged(text(body([])), text(body([0xE9])), text(body([0xE8])))
        #expect(bodied.conflicts.map(\.reason) == [.body])
        #expect(bodied.bytes.contains(0xE9) && bodied.bytes.contains(0xE8))
    }

    /// Twins under repeated text lines (`a`, x, `a`, x), ours renaming the first and theirs the second: the twin each
    /// kept stands under another `a`, so theirs' does not mirror ours'. Paired as a mirror, both kept one twin and the
    /// merge kept it beside both renames: three items (seed 25 of the merge property test).
    @Test func twinsUnderRepeatedTextLinesRenamedOnEachSideComeOutOnce() {
        let base = "## DONE\na\n- [ ] x\na\n- [ ] x\n"
        let result = merge(base, "## DONE\na\n- [ ] x ours\na\n- [ ] x\n", "## DONE\na\n- [ ] x\na\n- [ ] t9\n")
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## DONE\na\n- [ ] x ours\na\n- [ ] t9\n")
        // And under twin items (`y`, x, `y`, x): the item above each is another `y` (helper-76: a stray x came back on
        // renames, and both removals kept one x).
        let twins = "## TODO\n- [ ] y\n- [ ] x\n- [ ] y\n- [ ] x\n"
        let renamed = merge(twins, "## TODO\n- [ ] y\n- [ ] x1\n- [ ] y\n- [ ] x\n", "## TODO\n- [ ] y\n- [ ] x\n- [ ] y\n- [ ] x2\n")
        #expect(renamed.conflicts.isEmpty && renamed.text == "## TODO\n- [ ] y\n- [ ] x1\n- [ ] y\n- [ ] x2\n", "\(renamed.text)")
        let removed = merge(twins, "## TODO\n- [ ] y\n- [ ] y\n- [ ] x\n", "## TODO\n- [ ] y\n- [ ] x\n- [ ] y\n")
        #expect(removed.conflicts.isEmpty && removed.text == "## TODO\n- [ ] y\n- [ ] y\n", "\(removed.text)")
    }

    @Test func bothChangingTheBodyDifferentlyConflicts() {
        let ours = edited([("Cover the flags.", "Cover the flags, briefly.")])
        let theirs = edited([("Cover the flags.", "Cover the flags in depth."), ("due:2026-12-01", "due:2026-12-02")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Write the guide", reason: .body)])
        #expect(result.text.contains("""
            <<<<<<< ours
            - [ ] Write the guide due:2026-12-01
              Cover the flags, briefly.
            =======
            - [ ] Write the guide due:2026-12-02
              Cover the flags in depth.
            >>>>>>> theirs

            """))
    }

    @Test func movesToDifferentSectionsConflictAndSayWhere() {
        let ours = edited([("- [ ] Tag the release\n", ""), ("- [ ] Parser round trip due:2026-11-25\n",
                                                             "- [ ] Parser round trip due:2026-11-25\n- [ ] Tag the release\n")])
        let theirs = edited([("- [ ] Tag the release\n", ""), ("- [x] Pick a format\n", "- [x] Pick a format\n- [x] Tag the release\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Tag the release", reason: .section)])
        #expect(result.text == edited(ours, [("- [ ] Tag the release\n", """
            <<<<<<< ours (DOING)
            - [ ] Tag the release
            =======
            - [x] Tag the release
            >>>>>>> theirs (DONE)

            """)]))
    }

    /// A side that only removed a heading moved no item, though the items under it are now in the section before:
    /// the other side's move of one of them stands, with no conflict (it was "both moved C"); and one the removing
    /// side left alone goes where that side's file has it.
    @Test func removingAHeadingMovesNoItem() {
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let reopened = "## TODO\n\n- [ ] A\n- [ ] C\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n"  // `board reopen C`
        let withoutDone = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n\n- [x] C\n"
        for (ours, theirs) in [(reopened, withoutDone), (withoutDone, reopened)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == "## TODO\n\n- [ ] A\n- [ ] C\n\n## DOING\n\n- [ ] B\n\n\n", "\(result.text)")
        }
        let withoutDoing = "## TODO\n\n- [ ] A\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let edited = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C done:2026-11-20\n"
        #expect(merge(base, withoutDoing, edited) == (text: "## TODO\n\n- [ ] A\n\n- [ ] B\n\n## DONE\n\n- [x] C done:2026-11-20\n", conflicts: []))
    }

    /// An old block of conflict markers that base and both sides carry is not resolved by the halves check: the sides'
    /// own conflict on a line is marked as it is, never the whole file with the old markers nested in it (helper-59).
    @Test func theHalvesCheckLeavesMarkersTheVersionsAlreadyHad() {
        let base = "# Title\n\n## TODO\n\n<<<<<<< ours\n## Review\n=======\n>>>>>>> theirs\n- [ ] A\n\n## DOING\n\n- [ ] C\n\n## DONE\n"
        let ours = base.replacingOccurrences(of: "# Title", with: "# Title ours")
        let theirs = base.replacingOccurrences(of: "# Title", with: "# Title theirs")
        let result = merge(base, ours, theirs)
        #expect(!result.conflicts.contains { $0.reason == .halvesMisplace } && result.text.components(separatedBy: "<<<<<<< ours\n").count == 3,
                "\(result.conflicts) \(result.text)")
    }

    /// Headings both sides changed conflict as lines: the items under them are not marked again (C, which neither
    /// side moved, was a conflict of its own beside the headings'). That block (`## DONE`, `## TODO` against
    /// `## To do`, C below it) put C under TODO whichever half was kept, so the whole file is the conflict.
    @Test func itemsUnderHeadingsInAConflictAreNotMarkedAgain() {
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let doneFirst = "## DONE\n\n- [x] C\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n"
        let renamed = "## To do\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        #expect(merge(base, doneFirst, renamed).conflicts == [MergeConflict(title: "C", reason: .halvesMisplace),
                                                             MergeConflict(title: nil, reason: .text)])
    }

    /// A move that re-indents the item (`done` next to an item of another indentation, FORMAT §6) re-indents its body
    /// too: that is no change of the body, and the other side's new body merges in, at the moved item's indentation
    /// (it was "both changed the body"). Either side may be the one that moved it.
    @Test func aMoveThatReindentsTheBodyAndAnEditOfTheBodyMerge() {
        let base = "## TODO\n   - [ ] Test parser\n     code\n## DONE\n - [x] Ship cache\n"
        let moved = "## TODO\n## DONE\n - [x] Ship cache\n - [x] Test parser done:2026-11-26\n   code\n"
        let edited = "## TODO\n   - [ ] Test parser\n     new body\n     more\n## DONE\n - [x] Ship cache\n"
        let both = "## TODO\n## DONE\n - [x] Ship cache\n - [x] Test parser done:2026-11-26\n   new body\n   more\n"
        for (ours, theirs) in [(moved, edited), (edited, moved)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == both, "\(result.text)")
        }
        // A real change of the body on both sides still conflicts.
        let movedAndEdited = "## TODO\n## DONE\n - [x] Ship cache\n - [x] Test parser done:2026-11-26\n   other\n"
        #expect(merge(base, movedAndEdited, edited).conflicts == [MergeConflict(title: "Test parser", reason: .body)])
    }

    /// One side removes a section, heading and items; the other moves an item into it, or adds one there. The item
    /// fell under the section before, where neither side put it (a ticked item in DOING, exit 0): it is a conflict,
    /// each side's version labelled with its section. An item the removing side moved out of the section first goes
    /// where that side put it, with no conflict.
    @Test func anItemPutInASectionTheOtherSideRemovedConflicts() {
        let base = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n\n## DOING\n\n- [ ] Delta\n\n## DONE\n\n- [x] Eps\n"
        let withoutDone = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n\n## DOING\n\n- [ ] Delta\n"
        let betaDone = "## TODO\n\n- [ ] Alpha\n\n## DOING\n\n- [ ] Delta\n\n## DONE\n\n- [x] Beta done:2026-11-26\n- [x] Eps\n"
        let done = merge(base, withoutDone, betaDone)
        #expect(done.conflicts == [MergeConflict(title: "Beta", reason: .sectionGone(placedBy: .theirs, section: .done))])
        #expect(done.text == """
            ## TODO

            - [ ] Alpha

            ## DOING

            - [ ] Delta
            <<<<<<< ours (TODO)
            - [ ] Beta
            =======
            - [x] Beta done:2026-11-26
            >>>>>>> theirs (DONE)

            """)
        #expect(merge(base, betaDone, withoutDone).conflicts == [MergeConflict(title: "Beta", reason: .sectionGone(placedBy: .ours, section: .done))])

        let withoutDoing = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n- [ ] Delta\n\n## DONE\n\n- [x] Eps\n"
        let added = "## TODO\n\n- [ ] Alpha\n- [ ] Beta\n\n## DOING\n\n- [ ] Delta\n- [ ] Theirs in progress\n\n## DONE\n\n- [x] Eps\n"
        let new = merge(base, withoutDoing, added)
        #expect(new.conflicts == [MergeConflict(title: "Theirs in progress", reason: .sectionGone(placedBy: .theirs, section: .doing))])
        #expect(new.text == """
            ## TODO

            - [ ] Alpha
            - [ ] Beta
            - [ ] Delta
            <<<<<<< ours
            =======
            - [ ] Theirs in progress
            >>>>>>> theirs (DOING)

            ## DONE

            - [x] Eps

            """)
    }

    /// A heading renamed to one that names no section (or the first heading removed) leaves its items off the board
    /// as checklist lines. The merge still reads them as items: a removal, a move or an edit the other side made to
    /// one of them applies to it (the removed item came back, its line read as text), and one the other side put in
    /// the renamed section is a conflict, not an item silently off the board. Either side may rename.
    @Test func itemsUnderAHeadingRenamedOffTheBoardAreStillItems() {
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n"
        let review = "## TODO\n\n- [ ] A\n\n## Review\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n"
        let removed = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        for (ours, theirs) in [(removed, review), (review, removed)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == "## TODO\n\n- [ ] A\n\n## Review\n\n- [ ] B\n\n## DONE\n\n- [x] C\n",
                    "\(result.text)")
        }
        let dated = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n- [ ] X due:2026-12-01\n\n## DONE\n\n- [x] C\n"
        let both = merge(base, review, dated)
        #expect(both.conflicts.isEmpty && both.text == "## TODO\n\n- [ ] A\n\n## Review\n\n- [ ] B\n- [ ] X due:2026-12-01\n\n## DONE\n\n- [x] C\n",
                "\(both.text)")
        let started = "## TODO\n\n## DOING\n\n- [ ] B\n- [ ] X\n- [ ] A\n\n## DONE\n\n- [x] C\n"
        let into = merge(base, review, started)
        #expect(into.conflicts == [MergeConflict(title: "A", reason: .sectionGone(placedBy: .theirs, section: .doing))], "\(into.text)")
        #expect(into.text.contains("<<<<<<< ours (TODO)\n- [ ] A\n=======\n- [ ] A\n>>>>>>> theirs (DOING)\n"), "\(into.text)")

        // The first heading removed: its items stand before every section.
        let withoutTodo = "\n- [ ] A\n\n## DOING\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n"
        let gone = merge(base, "## TODO\n\n## DOING\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n", withoutTodo)
        #expect(gone.conflicts.isEmpty && gone.text == "\n## DOING\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n", "\(gone.text)")
        let reopened = "## TODO\n\n- [ ] A\n- [ ] C\n\n## DOING\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n"
        let outside = merge(base, withoutTodo, reopened)
        #expect(outside.conflicts == [MergeConflict(title: "C", reason: .sectionGone(placedBy: .theirs, section: .todo))], "\(outside.text)")

        // Both rename, and one moves an item between the renamed sections: it is there once.
        let backlog = "## Backlog\n\n- [ ] A\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let finished = "## TODO\n\n- [ ] A\n\n## Finished\n\n- [ ] B\n- [ ] X\n\n## DONE\n\n- [x] C\n"
        let renamed = merge(base, backlog, finished)
        #expect(renamed.conflicts.isEmpty
                && renamed.text == "## Backlog\n\n- [ ] A\n- [ ] X\n\n## Finished\n\n- [ ] B\n\n## DONE\n\n- [x] C\n", "\(renamed.text)")
    }

    /// A side that moves a section, heading and items, moves the other side's region there with it: an item the
    /// other side moved out of the section is where that side put it (the line merge read the move as a removal and
    /// an addition, put the other side's region of that section under the heading before, and the item stayed in
    /// the moved section, exit 0), and an item it moved between two other sections is no move of this side's.
    @Test func aSectionMovedByOneSideTakesTheOtherSidesRegionWithIt() {
        // Blank lines where both sides changed them around the moved section come out as diff3 merges them.
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let doingLast = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] C\n\n## DOING\n\n- [ ] B\n"
        let reopened = "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n\n- [x] C\n"
        for (ours, theirs) in [(doingLast, reopened), (reopened, doingLast)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && nonBlank(result.text) == ["## TODO", "- [ ] A", "- [ ] B", "## DONE", "- [x] C", "## DOING"],
                    "\(result.text)")
        }
        let doneFirst = "## DONE\n\n- [x] C\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n"
        let started = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n- [ ] C\n\n## DONE\n\n"
        let outOfDone = merge(base, doneFirst, started)
        #expect(outOfDone.conflicts.isEmpty && nonBlank(outOfDone.text) == ["## DONE", "## TODO", "- [ ] A", "## DOING", "- [ ] B", "- [ ] C"],
                "\(outOfDone.text)")
        let doingFirst = "## DOING\n\n- [ ] B\n\n## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] C\n"
        let aDone = "## TODO\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n- [x] A done:2026-11-26\n"
        let done = merge(base, doingFirst, aDone)
        #expect(done.conflicts.isEmpty && done.text == "## DOING\n\n- [ ] B\n\n## TODO\n\n## DONE\n\n- [x] C\n- [x] A done:2026-11-26\n",
                "\(done.text)")
    }

    /// helper-38's cases against the first version of the two rules above. A line moved alone leaves its items where
    /// they were: the other side's reorder of them stands. A group one side moved, heading and items, while the
    /// other removed its heading, goes where it was moved. An item put under a heading that names no section, which
    /// the other side removed, and a `done` into a section the other side renamed off the board while removing the
    /// section above, are conflicts, not items silently on the board or back in TODO. A section moved and the
    /// heading after it removed: the other side's reopen stands.
    @Test func aLineMovedAloneOrRemovedLeavesItsItemsToTheOtherSide() {
        let intro = merge("## TODO\n\nIntro\n\n- [ ] W\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] C\n",
                          "## TODO\n\n- [ ] W\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] C\n\nIntro\n",
                          "## TODO\n\nIntro\n\n- [ ] A\n- [ ] W\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] C\n")
        #expect(intro.conflicts.isEmpty && nonBlank(intro.text) == ["## TODO", "- [ ] A", "- [ ] W", "## DOING", "- [ ] D", "## DONE", "- [x] C", "Intro"],
                "\(intro.text)")

        let group = merge("## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] C\n\n### grp b\n\n- [ ] M\n- [ ] V\n\n## DONE\n\n### grp a\n\n- [x] D\n",
                          "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] C\n\n- [ ] M\n- [ ] V\n\n## DONE\n\n### grp a\n\n- [x] D\n",
                          "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] C\n\n## DONE\n\n### grp b\n\n- [ ] M\n- [ ] V\n\n### grp a\n\n- [x] D\n")
        #expect(group.conflicts.isEmpty && group.text == "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] C\n\n## DONE\n\n### grp b\n\n- [ ] M\n- [ ] V\n\n### grp a\n\n- [x] D\n",
                "\(group.text)")

        let review = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n\n## Review\n\n- [ ] R1\n"
        let offBoard = merge(review, "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n\n- [ ] R1\n", review + "- [ ] R2\n")
        #expect(offBoard.conflicts == [MergeConflict(title: "R2", reason: .sectionGone(placedBy: .theirs, section: nil))], "\(offBoard.text)")

        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] R\n\n## DONE\n\n- [x] C\n"
        let done = merge(base, "## TODO\n\n- [ ] A\n\n## DOING\n\n## DONE\n\n- [x] C\n- [x] R done:2026-11-26\n",
                         "## TODO\n\n- [ ] A\n\n- [ ] R\n\n## Finished\n\n- [x] C\n")
        #expect(done.conflicts == [MergeConflict(title: "R", reason: .sectionGone(placedBy: .ours, section: .done))], "\(done.text)")

        let reopened = merge("## TODO\n\n- [ ] W\n\n## DOING\n\n- [ ] V\n\n## DONE\n\n- [x] H\n- [x] I\n",
                             "## DOING\n\n- [ ] V\n\n- [x] H\n- [x] I\n\n## TODO\n\n- [ ] W\n",
                             "## TODO\n\n- [ ] W\n- [ ] H\n\n## DOING\n\n- [ ] V\n\n## DONE\n\n- [x] I\n")
        #expect(reopened.conflicts.isEmpty && nonBlank(reopened.text) == ["## DOING", "- [ ] V", "- [x] I", "## TODO", "- [ ] W", "- [ ] H"],
                "\(reopened.text)")

        // A heading moved alone, beside lines both changed: its old items do not go with it (Y was "both moved").
        let alone = merge("## TODO\n- [ ] A\nNote\n## DOING\n- [ ] B\n- [ ] Y\n## DONE\n- [x] C\n",
                          "## TODO\n- [ ] A\nNote 1\n- [ ] B\n- [ ] Y\n## DONE\n- [x] C\n## DOING\n",
                          "## TODO\n- [ ] A\n- [ ] Y\nNote 2\n## DOING\n- [ ] B\n## DONE\n- [x] C\n")
        #expect(alone.conflicts == [MergeConflict(title: nil, reason: .text)], "\(alone.text)")
    }

    /// Blank lines merged apart at the end of the file, where neither side ends with one, are dropped: ours moved TODO
    /// to the end, theirs started its item and added another, and the file ended in a blank line neither had.
    @Test func theFileEndsWithoutABlankLineNeitherSideHas() {
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let ours = "## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n\n## TODO\n\n- [ ] A\n"
        let theirs = "## TODO\n\n- [ ] N\n\n## DOING\n\n- [ ] B\n- [ ] A\n\n## DONE\n\n- [x] C\n"
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.isEmpty && result.text == "## DOING\n\n- [ ] B\n- [ ] A\n\n## DONE\n\n- [x] C\n\n## TODO\n\n- [ ] N\n", "\(result.text)")
        // A side ending with a blank line keeps it.
        let blank = merge(base, ours + "\n", theirs)
        #expect(blank.text.hasSuffix("- [ ] N\n\n"), "\(blank.text)")
    }

    /// A line that changed only its ending (the last item of a file without a final newline removed, or moved away)
    /// is the same line: its region stays after it, and does not follow an item its side moved elsewhere (theirs'
    /// item there fell under DONE, a conflict); nor does an item of another case of the same title stand for one
    /// removed (ours' `move a done` fell back under TODO).
    @Test func aLineThatLostOnlyItsEndingKeepsItsRegion() {
        let moved = merge("## DONE\n## DOING\n- [ ] Ship it\n\nend\n- [x] Fix", "## DONE\n- [x] Fix\n## DOING\n- [ ] Ship it\n\nend",
                          "## DONE\n## DOING\n\nend\n- [ ] Ship it\n- [x] Fix")
        #expect(moved.conflicts.isEmpty && moved.text == "## DONE\n- [x] Fix\n## DOING\n\nend\n- [ ] Ship it", "\(moved.text)")
        let removed = merge("## TODO\n- [ ] Review PR\n- [x] a\n## DONE\n- [ ] review pr", "## TODO\n- [ ] Review PR\n## DONE\n- [ ] review pr\n- [x] a",
                            "## TODO\n- [ ] Review PR\n- [x] a\n## DONE")
        #expect(removed.conflicts.isEmpty && removed.text == "## TODO\n- [ ] Review PR\n## DONE\n- [x] a", "\(removed.text)")
        let deeper = merge("## TODO\n- [ ] Review PR\n- [x] a\n## DONE\n- [ ] review pr\n", "## TODO\n- [ ] Review PR\n## DONE\n- [ ] review pr\n- [x] a\n",
                           "## TODO\n- [ ] Review PR\n- [x] a\n### DONE\n")
        #expect(deeper.conflicts.isEmpty && deeper.text == "## TODO\n- [ ] Review PR\n### DONE\n- [x] a\n", "\(deeper.text)")
    }

    /// helper-40's cases against the first version of region following. Ours renames `## TODO` and moves most of
    /// its items to DOING: the heading is still TODO's, and theirs' start of the item left there stands. Ours
    /// removes a group heading and moves the group's items to TODO by hand: that is ours' move, against theirs'
    /// `done` (it took the group to TODO, and theirs' `done` won silently). Ours reopens two items and removes
    /// `## DONE`: theirs' reopen of the third stands.
    @Test func aSidesOwnMovesDoNotTakeARegionAlong() {
        let renamed = merge("## DOING\n\n- [ ] M\n\n## TODO\n\n- [ ] A\n- [ ] O\n\n## DONE\n\n- [x] C\n",
                            "## DOING\n\n- [ ] M\n- [ ] O\n\n## To do\n\n- [ ] A\n\n## DONE\n\n- [x] C\n",
                            "## DOING\n\n- [ ] M\n- [ ] A\n\n## TODO\n\n- [ ] O\n\n## DONE\n\n- [x] C\n")
        #expect(renamed.conflicts.isEmpty && nonBlank(renamed.text) == ["## DOING", "- [ ] M", "- [ ] O", "- [ ] A", "## To do", "## DONE", "- [x] C"],
                "\(renamed.text)")
        let group = merge("## TODO\n\n- [ ] A\n\n## DOING\n\n### grp b\n\n- [ ] B\n- [ ] D\n\n## DONE\n\n- [x] C\n",
                          "## TODO\n\n- [ ] A\n- [ ] B\n- [ ] D\n\n## DOING\n\n\n## DONE\n\n- [x] C\n",
                          "## TODO\n\n- [ ] A\n\n## DOING\n\n### grp b\n\n- [ ] D\n\n## DONE\n\n- [x] C\n- [x] B done:2026-11-26\n")
        #expect(group.conflicts == [MergeConflict(title: "B", reason: .section)], "\(group.text)")
        let reopened = merge("## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] M\n\n## DONE\n\n- [x] D\n- [x] K\n- [x] H\n",
                             "## TODO\n\n- [ ] A\n- [ ] K\n- [ ] H\n\n## DOING\n\n- [ ] M\n\n- [x] D\n",
                             "## TODO\n\n- [ ] A\n- [ ] D\n\n## DOING\n\n- [ ] M\n\n## DONE\n\n- [x] K\n- [x] H\n")
        #expect(reopened.conflicts.isEmpty && nonBlank(reopened.text) == ["## TODO", "- [ ] A", "- [ ] K", "- [ ] H", "- [ ] D", "## DOING", "- [ ] M"],
                "\(reopened.text)")
        // Ours renames `## DOING` in place and reopens all its items (helper-41): the renamed heading is DOING's still,
        // not TODO's, and theirs' `done` of one is a move of its own (it won silently).
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B1\n- [ ] B2\n\n## DONE\n\n- [x] C\n"
        let renamedBack = merge(base, "## TODO\n\n- [ ] A\n- [ ] B1\n- [ ] B2\n\n## In progress\n\n## DONE\n\n- [x] C\n",
                                "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B2\n\n## DONE\n\n- [x] C\n- [x] B1 done:2026-11-26\n")
        #expect(renamedBack.conflicts == [MergeConflict(title: "B1", reason: .section)], "\(renamedBack.text)")
    }

    /// A side that moves heading lines without their items (or removes one heading and gives another its name) leaves
    /// a region whose line went away placed with the section before it, where places alone made the other side's move
    /// of an item out of it into that section no move at all: theirs' `start T` was lost (T off the board), exit 0.
    /// An item a side put in another region than the one its base region is to that side is moved by it: both moved.
    @Test func anItemMovedIntoTheSectionBeforeAHeadingTheOtherSideMovedAwayIsAMove() {
        let swapped = merge("## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] T\n- [x] E\n\n## Review\n\n- [ ] R\n",
                            "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n\n## Review\n\n- [x] T\n- [x] E\n\n## DONE\n\n- [ ] R\n",
                            "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] B\n- [ ] T\n\n## DONE\n\n- [x] E\n\n## Review\n\n- [ ] R\n")
        #expect(swapped.conflicts == [MergeConflict(title: "T", reason: .section)], "\(swapped.text)")
        let renamed = merge("## TODO\n\n- [ ] T1\n- [ ] T2\n\n## DOING\n\n- [ ] D1\n\n## DONE\n\n- [x] C\n",
                            "## TODO\n\n- [ ] T2\n\n## DOING\n\n- [ ] D1\n- [ ] T1\n\n## DONE\n\n- [x] C\n",
                            "- [ ] T1\n- [ ] T2\n\n## TODO\n\n- [ ] D1\n\n## DONE\n\n- [x] C\n")
        #expect(renamed.conflicts == [MergeConflict(title: "T1", reason: .section)], "\(renamed.text)")
    }

    /// Ours moves the DOING section below DONE and reopens one of its items; theirs finishes that item, or starts a
    /// TODO item (helper-40's `section-move-reopen-lost`). The DOING region followed the moved heading, but the rule
    /// for removed lines then put it in TODO, where ours' reopened item stood: ours' reopen was lost against theirs'
    /// `done` (exit 0), and theirs' `start` was a false conflict. A region that follows a moved line stays with it.
    @Test func aRegionFollowingAMovedSectionIsNotTakenByAnItemTheMoverMovedOut() {
        let base = "## TODO\n\n- [ ] A1\n- [ ] A2\n\n## DOING\n\n- [ ] B1\n- [ ] B2\n\n## DONE\n\n- [x] C1\n- [x] C2\n"
        let moved = "## TODO\n\n- [ ] A1\n- [ ] A2\n- [ ] B1\n\n## DONE\n\n- [x] C1\n- [x] C2\n\n## DOING\n\n- [ ] B2\n"
        let done = "## TODO\n\n- [ ] A1\n- [ ] A2\n\n## DOING\n\n- [ ] B2\n\n## DONE\n\n- [x] C1\n- [x] C2\n- [x] B1 done:2026-11-26\n"
        let started = "## TODO\n\n- [ ] A2\n\n## DOING\n\n- [ ] B1\n- [ ] B2\n- [ ] A1\n\n## DONE\n\n- [x] C1\n- [x] C2\n"
        for (ours, theirs) in [(moved, done), (done, moved)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: "B1", reason: .section)], "\(result.text)")
        }
        for (ours, theirs) in [(moved, started), (started, moved)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && nonBlank(result.text) == ["## TODO", "- [ ] A2", "- [ ] B1", "## DONE", "- [x] C1", "- [x] C2",
                                                                          "## DOING", "- [ ] B2", "- [ ] A1"], "\(result.text)")
        }
        // The item the mover left in the moved section is in that section's region still: theirs' `done` is the only move.
        let doneB2 = "## TODO\n\n- [ ] A1\n- [ ] A2\n\n## DOING\n\n- [ ] B1\n\n## DONE\n\n- [x] C1\n- [x] C2\n- [x] B2 done:2026-11-26\n"
        let result = merge(base, moved, doneB2)
        #expect(result.conflicts.isEmpty && nonBlank(result.text) == ["## TODO", "- [ ] A1", "- [ ] A2", "- [ ] B1", "## DONE", "- [x] C1", "- [x] C2",
                                                                      "- [x] B2 done:2026-11-26", "## DOING"], "\(result.text)")
    }

    /// One side removes a heading line and the other moves it, with its items, elsewhere (helper-38's
    /// `group-move-lost` case 2 and helper-41's `heading-delete-vs-section-move`): the two sides' removals of the line
    /// from its place merged as one, the mover's line came back at its new place, and the removal was lost, exit 0.
    /// `git merge-file` conflicts there, and so does the merge.
    @Test func aLineOneSideRemovedAndTheOtherMovedIsAConflict() {
        let base = "## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] M\n- [ ] V\n\n## DONE\n\n- [x] D\n"
        let removed = "## TODO\n\n- [ ] A\n\n- [ ] M\n- [ ] V\n\n## DONE\n\n- [x] D\n"
        let moved = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] D\n\n## DOING\n\n- [ ] M\n- [ ] V\n"
        let review = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] C\n\n## Review\n\n- [ ] R\n\n## Archive\n\n- [x] Z\n"
        let reviewRemoved = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] C\n\n- [ ] R\n\n## Archive\n\n- [x] Z\n"
        let reviewMoved = "## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] C\n\n## Archive\n\n- [x] Z\n\n## Review\n\n- [ ] R\n"
        for (base, removed, moved) in [(base, removed, moved), (review, reviewRemoved, reviewMoved)] {
            for (ours, theirs) in [(removed, moved), (moved, removed)] {
                let result = merge(base, ours, theirs)
                #expect(result.conflicts.contains(MergeConflict(title: nil, reason: .text)) && result.text.contains("<<<<<<<"),
                        "\(result.conflicts) \(result.text)")
            }
        }
        // A line moved on one side, and left alone or edited elsewhere on the other, merges clean.
        let apart = merge(base, moved, "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] M\n- [ ] V\n\n## DONE\n\n- [x] D\n")
        #expect(apart.conflicts.isEmpty && nonBlank(apart.text) == ["## TODO", "- [ ] A", "- [ ] B", "## DONE", "- [x] D", "## DOING", "- [ ] M", "- [ ] V"],
                "\(apart.text)")
        // A removal that puts the items where the move does is no other change (helper-42): ours renaming `## TODO` to
        // `## Review`, theirs swapping those two headings, merge as git merges them.
        let withReview = "## TODO\n\n- [ ] Write docs\n\n## DOING\n\nDoing note\n\n## Review\n"
        let swapped = "## Review\n\n- [ ] Write docs\n\n## DOING\n\nDoing note\n\n## TODO\n"
        for (ours, theirs) in [("## Review\n\n- [ ] Write docs\n\n## DOING\n\nDoing note\n\n## Review\n", swapped),
                               (swapped, "## Review\n\n- [ ] Write docs\n\n## DOING\n\nDoing note\n\n## Review\n")] {
            let result = merge(withReview, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == swapped, "\(result.text)")
        }
    }

    /// Ours swaps the `## TODO` and `## DOING` headings; theirs reopens the DONE item D, which `reopen` puts after
    /// TODO's last item (helper-43's `W4`). The items' merge cannot stand there (lines change roles side by side), and
    /// the line merge it falls back on is git's answer: D after B, under ours' `## DOING`, unticked, exit 0. An item
    /// the line merge puts in another section than the items' merge gave it is a conflict.
    @Test func anItemTheLineMergePutsInAnotherSectionConflicts() {
        let base = "## TODO\n- [ ] A\n- [ ] B\n\n## DOING\n- [ ] C\n\n## DONE\n- [x] D\n"
        let swapped = "## DOING\n- [ ] A\n- [ ] B\n\n## TODO\n- [ ] C\n\n## DONE\n- [x] D\n"
        let reopened = "## TODO\n- [ ] A\n- [ ] B\n- [ ] D\n\n## DOING\n- [ ] C\n\n## DONE\n"
        for (ours, theirs) in [(swapped, reopened), (reopened, swapped)] {
            let result = merge(base, ours, theirs)
            let placedBy: MergeSide = ours == reopened ? .ours : .theirs
            #expect(result.conflicts == [MergeConflict(title: "D", reason: .sectionGone(placedBy: placedBy, section: .todo))],
                    "\(result.conflicts) \(result.text)")
            let labels = placedBy == .ours ? ("ours (TODO)", "theirs (DONE)") : ("ours (DONE)", "theirs (TODO)")
            #expect(nonBlank(result.text) == ["## DOING", "- [ ] A", "- [ ] B", "<<<<<<< \(labels.0)",
                                              placedBy == .ours ? "- [ ] D" : "- [x] D", "=======",
                                              placedBy == .ours ? "- [x] D" : "- [ ] D", ">>>>>>> \(labels.1)",
                                              "## TODO", "- [ ] C", "## DONE"], "\(result.text)")
        }
        // Ours removes E besides; theirs finishes it. The line merge kept theirs' E in DONE, ours' removal lost where the
        // items' merge conflicts: those conflicts stand, over the whole file, as the line merge cannot mark them.
        let removed = "## DOING\n- [ ] A\n- [ ] B\n\n## TODO\n- [ ] C\n\n## DONE\n- [x] D\n"
        let withE = "## TODO\n- [ ] A\n- [ ] B\n\n## DOING\n- [ ] C\n- [ ] E\n\n## DONE\n- [x] D\n"
        let finished = "## TODO\n- [ ] A\n- [ ] B\n- [ ] D\n\n## DOING\n- [ ] C\n\n## DONE\n- [x] E done:2026-11-26\n"
        for (ours, theirs) in [(removed, finished), (finished, removed)] {
            let result = merge(withE, ours, theirs)
            #expect(result.conflicts.first == MergeConflict(title: nil, reason: .unplaceable)
                    && result.conflicts.contains(MergeConflict(title: "E", reason: .removedAndEdited(removedBy: ours == removed ? .ours : .theirs))),
                    "\(result.conflicts) \(result.text)")
            #expect(result.text == "<<<<<<< ours\n\(ours)=======\n\(theirs)>>>>>>> theirs\n", "\(result.text)")
        }
    }

    /// helper-46: the line merge a merge falls back on put an item where the parse reads no item at all, under no
    /// section or under a new `## Review` heading, and the check of its sections looked at the items it read: ours
    /// removing `## TODO` against theirs adding X to the empty TODO (X off the board), ours removing `## DONE` against
    /// theirs adding `## Review` above DOING's group (S, put in DOING by ours, under `## Review`), ours' `done W` into
    /// an empty DONE against theirs adding `## Review` right under `## DONE` (W under it, the file's final newline
    /// lost), each exit 0. Lines outside the sections are read as items there too: each is a conflict.
    @Test func anItemTheLineMergePutsOffTheBoardConflicts() {
        let cases: [(base: String, ours: String, theirs: String, title: String, placedBy: MergeSide, section: SectionKind)] = [
            ("## TODO\n\n## DOING\n\n## DONE\n", "\n## DOING\n\n## DONE\n", "## TODO\n\n- [ ] X\n\n## DOING\n\n## DONE\n", "X", .theirs, .todo),
            ("## TODO\n\n## DOING\n\n### g\n\n## DONE\n\n- [x] S\n", "## TODO\n\n## DOING\n\n### g\n\n- [x] S\n",
             "## TODO\n\n## DOING\n\n## Review\n\n### g\n\n## DONE\n\n- [x] S\n", "S", .ours, .doing),
            ("## TODO\n\n- [ ] W\n\n## DOING\n\n## DONE\n\n", "## TODO\n\n## DOING\n\n## DONE\n\n- [x] W done:2026-11-26\n",
             "## TODO\n\n- [ ] W\n\n## DOING\n\n## DONE\n## Review\n\n", "W", .ours, .done),
        ]
        for (base, ours, theirs, title, placedBy, section) in cases {
            for swapped in [false, true] {
                let result = swapped ? merge(base, theirs, ours) : merge(base, ours, theirs)
                let side: MergeSide = swapped ? (placedBy == .ours ? .theirs : .ours) : placedBy
                #expect(result.conflicts.contains(MergeConflict(title: title, reason: .sectionGone(placedBy: side, section: section))),
                        "\(result.conflicts) \(result.text.debugDescription)")
                #expect(result.text.hasSuffix("\n") && result.text.contains("<<<<<<<"), "\(result.text.debugDescription)")
            }
        }
    }

    /// helper-46's `D3`: ours renames R's group `### grp alpha` to `### Done` (R in DONE), theirs adds `## Review`
    /// above it (R off the board). Neither moved R; each side's heading edit put it in another section. Merged one
    /// way round, exit 0 with R in DONE; the other way round, a conflict. Both ways: both moved it.
    @Test func headingEditsOfBothSidesPuttingAnItemApartConflict() {
        let base = "## TODO\nplain text line\n### grp alpha\n* [ ] R\n## DOING\n## DONE\n"
        let renamed = "## TODO\nplain text line\n### Done\n* [ ] R\n## DOING\n## DONE\n"
        let review = "## TODO\n## Review\nplain text line\n### grp alpha\n* [ ] R\n## DOING\n## DONE\n"
        for (ours, theirs) in [(renamed, review), (review, renamed)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.contains { $0.title == "R" } && result.text.contains("<<<<<<<"), "\(result.conflicts) \(result.text)")
        }
    }

    /// An item line rebuilt from both sides' fields (ours' title, theirs' date; theirs' title, ours' reopen) wrote the
    /// title as a string: a byte that is no UTF-8 came out as U+FFFD, which neither side wrote, exit 0 (helper-44).
    /// The title's bytes are written as the side that changed it has them; a change of such bytes alone is a change.
    @Test func anItemLineRebuiltFromBothSidesKeepsItsTitlesBytes() {
        // `~` and `^` stand for 0xFF and 0xFE, each no UTF-8 (read as one U+FFFD).
        func bytes(_ text: String) -> [UInt8] {
            Array(text.utf8).map { $0 == UInt8(ascii: "~") ? 0xFF : $0 == UInt8(ascii: "^") ? 0xFE : $0 }
        }
        func merged(_ base: String, _ ours: String, _ theirs: String) -> (bytes: [UInt8], conflicts: [MergeConflict]) {
            func board(_ text: String) -> Board { Board(parsing: bytes(text)) }
            let result = Board.merge(base: board(base), ours: board(ours), theirs: board(theirs))
            return (result.bytes, result.conflicts)
        }
        let base = "## TODO\n- [ ] Alpha x~ due:2026-12-01\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n"
        let renamed = merged(base, "## TODO\n- [ ] Alpha y~ due:2026-12-01\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n",
                             "## TODO\n- [ ] Alpha x~ due:2026-12-09\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n")
        #expect(renamed.conflicts.isEmpty && renamed.bytes == bytes("## TODO\n- [ ] Alpha y~ due:2026-12-09\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n"))
        let reopened = merged(base, "## TODO\n- [ ] Alpha x~ due:2026-12-01\n- [ ] Task\n## DOING\n## DONE\n",
                              "## TODO\n- [ ] Alpha x~ due:2026-12-01\n## DOING\n## DONE\n- [x] Task~ done:2026-11-20\n")
        #expect(reopened.conflicts.isEmpty && reopened.bytes == bytes("## TODO\n- [ ] Alpha x~ due:2026-12-01\n- [ ] Task~\n## DOING\n## DONE\n"))
        // Only a byte that is no UTF-8 changed (the same string): ours' title, theirs' date.
        let respelt = merged(base, "## TODO\n- [ ] Alpha x^ due:2026-12-01\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n",
                             "## TODO\n- [ ] Alpha x~ due:2026-12-09\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n")
        #expect(respelt.conflicts.isEmpty && respelt.bytes == bytes("## TODO\n- [ ] Alpha x^ due:2026-12-09\n## DOING\n## DONE\n- [x] Task done:2026-11-20\n"))
    }

    /// Ours puts `## Review` above TODO's items (off the board); theirs starts one of them (helper-43's `W1`). A rule
    /// of this stop that matched the base's TODO region to ours' region holding its items, not the blank one right
    /// after `## TODO`, let theirs' start win, exit 0 (and 27 false conflicts besides); it is gone. Both moved.
    @Test func anItemPutOffTheBoardByANewHeadingAndStartedConflicts() {
        let base = "## TODO\n\n- [ ] Fix login\n- [ ] Write docs\n\n## DOING\n\n- [ ] Ship beta\n\n## DONE\n\n- [x] Call mom\n"
        let review = "## TODO\n\n## Review\n\n- [ ] Fix login\n- [ ] Write docs\n\n## DOING\n\n- [ ] Ship beta\n\n## DONE\n\n- [x] Call mom\n"
        let started = "## TODO\n\n- [ ] Fix login\n\n## DOING\n\n- [ ] Ship beta\n- [ ] Write docs\n\n## DONE\n\n- [x] Call mom\n"
        for (ours, theirs) in [(review, started), (started, review)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: "Write docs", reason: .section)], "\(result.text)")
        }
    }

    /// A side that moves a group (or a group's line) into another section moves the items that follow the line there,
    /// though the base's region follows the line and they keep its place (helper-42): theirs moving `### grp a` with
    /// its item into DOING against ours' `done` of that item, and ours moving the line under `## DONE` and running
    /// `move X done --top` against theirs' `move X todo --top`, each lost a side's move, exit 0 (the first left a
    /// ticked item in TODO). Both moved.
    @Test func aGroupMovedIntoAnotherSectionMovesItsItems() {
        let base = "## TODO\n\n- [ ] Fix login\n\n### grp a\n\n- [ ] Write docs\n- [ ] Ship beta\n\n## DOING\n\n- [ ] Pay rent\n\n## DONE\n\n- [x] Buy milk\n"
        let done = "## TODO\n\n- [ ] Fix login\n\n### grp a\n\n- [ ] Write docs\n\n## DOING\n\n- [ ] Pay rent\n\n## DONE\n\n- [x] Buy milk\n- [x] Ship beta done:2026-11-26\n"
        let groupToDoing = "## TODO\n\n- [ ] Write docs\n- [ ] Fix login\n\n## DOING\n\n- [ ] Pay rent\n\n### grp a\n\n- [ ] Ship beta\n\n## DONE\n\n- [x] Buy milk\n"
        for (ours, theirs) in [(done, groupToDoing), (groupToDoing, done)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: "Ship beta", reason: .section)], "\(result.text)")
        }
        let noDoing = "## TODO\n\n- [ ] Fix login\n\n### grp a\n\n- [ ] Write docs\n- [ ] Ship beta\n\n## DONE\n\n- [x] Buy milk\n"
        let lineToDone = "## TODO\n\n- [ ] Fix login\n\n- [ ] Write docs\n\n## DONE\n\n### grp a\n- [x] Ship beta done:2026-11-26\n- [x] Buy milk\n"
        let toTop = "## TODO\n\n- [ ] Ship beta\n- [ ] Fix login\n\n### grp a\n\n- [ ] Write docs\n\n## DONE\n\n- [x] Buy milk\n"
        for (ours, theirs) in [(lineToDone, toTop), (toTop, lineToDone)] {
            let result = merge(noDoing, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: "Ship beta", reason: .section)], "\(result.text)")
        }
        // Both sides moving heading lines, so that the group lands in DONE for ours and in DOING for theirs (helper-43's
        // `W3`): the line move that carried it is no better a move than the other side's heading move, exit 0 in DOING.
        let headless = "- [ ] Fix login\n### grp a\n- [ ] Ship beta\n## DOING\n### grp b\n## DONE\n"
        let doneUp = "## DONE\n- [ ] Fix login\n### grp a\n- [ ] Ship beta\n## DOING\n### grp b\n"
        let doingUp = "- [ ] Fix login\n## DOING\n### grp a\n- [ ] Ship beta\n### grp b\n## DONE\n"
        for (ours, theirs) in [(doneUp, doingUp), (doingUp, doneUp)] {
            let result = merge(headless, ours, theirs)
            #expect(result.conflicts.contains(MergeConflict(title: "Ship beta", reason: .section)), "\(result.conflicts) \(result.text)")
        }
        // An item the mover's own command put after the moved line is no sign the line took the base's items along:
        // ours moving the line under `## DONE` with `done "Write docs"`, theirs `done "Ship beta"`, is one move each.
        let writeDocsDone = "## TODO\n\n- [ ] Fix login\n\n- [ ] Ship beta\n\n## DONE\n### grp a\n\n- [x] Buy milk\n- [x] Write docs done:2026-11-26\n"
        let shipBetaDone = "## TODO\n\n- [ ] Fix login\n\n### grp a\n\n- [ ] Write docs\n\n## DONE\n\n- [x] Buy milk\n- [x] Ship beta done:2026-11-26\n"
        for (ours, theirs) in [(writeDocsDone, shipBetaDone), (shipBetaDone, writeDocsDone)] {
            let result = merge(noDoing, ours, theirs)
            // Ours' order of the two dones stands.
            #expect(result.conflicts.isEmpty && nonBlank(result.text).prefix(5) == ["## TODO", "- [ ] Fix login", "## DONE", "### grp a", "- [x] Buy milk"]
                        && Set(nonBlank(result.text).dropFirst(5)) == ["- [x] Write docs done:2026-11-26", "- [x] Ship beta done:2026-11-26"],
                    "\(result.text)")
        }
    }

    /// Ours cuts `## DOING` and pastes it higher, so TODO's note and items stand under it with DOING's own; theirs
    /// reopens DOING's item (helper-41's `heading-line-move-reopen-lost`). The note's region followed the moved line
    /// under DOING, theirs' TODO region with it, so both sides "moved" the item to the same place, and theirs' reopen
    /// was lost, exit 0. Two sides that move an item into different sections are both moving it, wherever it lands.
    @Test func twoSidesPuttingAnItemInDifferentSectionsConflictThoughTheirPlacesMeet() {
        let base = "## TODO\n\nIntro text\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] C\n\n## DONE\n\n- [x] D\n"
        let headingUp = "## TODO\n\n## DOING\n\nIntro text\n\n- [ ] A\n- [ ] B\n- [ ] C\n\n## DONE\n\n- [x] D\n"
        let reopened = "## TODO\n\nIntro text\n\n- [ ] A\n- [ ] B\n- [ ] C\n\n## DOING\n\n## DONE\n\n- [x] D\n"
        for (ours, theirs) in [(headingUp, reopened), (reopened, headingUp)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts == [MergeConflict(title: "C", reason: .section)], "\(result.text)")
        }
        // A side that starts an item the other side's heading move put in DOING too: one move, placed by the side
        // that made it, under DOING's heading where it took it (matrix2 of 2026-11-26: "both moved").
        let pasted = "## TODO\n\n## DOING\n\nIntro text\n\n- [ ] A\n- [ ] B\n\n- [ ] C\n\n## DONE\n\n- [x] D\n"
        let started = "## TODO\n\nIntro text\n\n- [ ] B\n\n## DOING\n\n- [ ] C\n- [ ] A\n\n## DONE\n\n- [x] D\n"
        for (ours, theirs) in [(pasted, started), (started, pasted)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && nonBlank(result.text) == ["## TODO", "## DOING", "- [ ] A", "Intro text", "- [ ] B", "- [ ] C", "## DONE", "- [x] D"],
                    "\(result.text)")
        }
    }

    /// An item whose body holds a fence (or a comment), under a heading renamed off the board, is read with its whole
    /// body, as under any heading: the other side's edit of that body merges, and its removal removes (both
    /// conflicted, its body read short of the fence), and its `done` into the renamed section is the conflict rule 4
    /// gives (it stood off the board, exit 0).
    @Test func anOffBoardItemsBodyTakesAFenceClosingWithinIt() {
        let base = "## TODO\n\n- [ ] A\n  intro\n  ```\n  - [ ] fenced\n  ```\n  outro\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let later = "## Later\n\n- [ ] A\n  intro\n  ```\n  - [ ] fenced\n  ```\n  outro\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n"
        let noBody = merge(base, later, "## TODO\n\n- [ ] A\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n")
        #expect(noBody.conflicts.isEmpty && noBody.text == "## Later\n\n- [ ] A\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n", "\(noBody.text)")
        let removed = merge(base, later, "## TODO\n\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n")
        #expect(removed.conflicts.isEmpty && removed.text == "## Later\n\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n", "\(removed.text)")
        let done = merge("## TODO\n\n- [ ] A\n  ```\n  code\n  ```\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n",
                         "## TODO\n\n- [ ] A\n  ```\n  code\n  ```\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## Finished\n\n- [x] C\n",
                         "## TODO\n\n- [ ] X\n\n## DOING\n\n- [ ] B\n\n## DONE\n\n- [x] C\n- [x] A\n  ```\n  code\n  ```\n")
        #expect(done.conflicts == [MergeConflict(title: "A", reason: .sectionGone(placedBy: .theirs, section: .done))], "\(done.text)")
    }

    /// One side adds an item at the end of the last section, the other adds a section after it, with a blank line
    /// before its heading: the item comes before that blank line, not in its place (the heading stood right under
    /// the item).
    @Test func anItemAddedWhereTheOtherSideAddedABlankLineBeforeAHeadingKeepsTheBlankLine() {
        let base = "## TODO\n\n## DONE\n\n- [x] C\n"
        let added = "## TODO\n\n## DONE\n\n- [x] C\n- [x] A\n"
        let archived = "## TODO\n\n## DONE\n\n- [x] C\n\n## Archive\n\n- [x] D\n"
        for (ours, theirs) in [(added, archived), (archived, added)] {
            let result = merge(base, ours, theirs)
            #expect(result.conflicts.isEmpty && result.text == "## TODO\n\n## DONE\n\n- [x] C\n- [x] A\n\n## Archive\n\n- [x] D\n",
                    "\(result.text)")
        }
    }

    /// Ours moves W out of its group, theirs to DONE: a conflict on W alone, the group heading as it was.
    @Test func anItemMovedPastAGroupHeadingAndToAnotherSectionConflicts() {
        let base = "## TODO\nNotes\n### Later\n- [ ] W\n## DONE\nFooter\n"
        let result = merge(base, "## TODO\nNotes\n- [ ] W\n### Later\n## DONE\nFooter\n", "## TODO\nNotes\n### Later\n## DONE\nFooter\n- [x] W\n")
        #expect(result.conflicts == [MergeConflict(title: "W", reason: .section)])
        #expect(result.text == """
            ## TODO
            Notes
            <<<<<<< ours (TODO)
            - [ ] W
            =======
            - [x] W
            >>>>>>> theirs (DONE)
            ### Later
            ## DONE
            Footer

            """)
    }

    @Test func removingAnItemTheOtherSideEditedConflicts() {
        let removed = edited([("- [ ] Tag the release\n", "")])
        let changed = edited([("Tag the release", "Tag the release due:2026-12-10")])
        let theirsRemoved = merge(Self.base, changed, removed)
        #expect(theirsRemoved.conflicts == [MergeConflict(title: "Tag the release", reason: .removedAndEdited(removedBy: .theirs))])
        #expect(theirsRemoved.text == edited([("- [ ] Tag the release\n",
                                               "<<<<<<< ours\n- [ ] Tag the release due:2026-12-10\n=======\n>>>>>>> theirs\n")]))
        let oursRemoved = merge(Self.base, removed, changed)
        #expect(oursRemoved.conflicts == [MergeConflict(title: "Tag the release", reason: .removedAndEdited(removedBy: .ours))])
        #expect(oursRemoved.text == edited([("- [ ] Tag the release\n",
                                             "<<<<<<< ours\n=======\n- [ ] Tag the release due:2026-12-10\n>>>>>>> theirs\n")]))
    }

    @Test func removingAnItemTheOtherSideMovedConflicts() {
        let removed = edited([("- [ ] Tag the release\n", "")])
        let moved = edited([("- [ ] Tag the release\n", ""), ("## DOING\n\n", "## DOING\n\n- [ ] Tag the release\n")])
        let result = merge(Self.base, removed, moved)
        #expect(result.conflicts == [MergeConflict(title: "Tag the release", reason: .removedAndEdited(removedBy: .ours))])
    }

    /// Ours adds X to DOING, theirs the same line to TODO (helper-47): ours' section won, exit 0. Two adds of one title
    /// to different sections are a conflict, each side's labelled with its section.
    @Test func theSameItemAddedToDifferentSectionsConflicts() {
        let ours = edited([("## DOING\n\n", "## DOING\n\n- [ ] X\n")])
        let theirs = edited([("## TODO\n\n", "## TODO\n\n- [ ] X\n")])
        for (first, second, labels) in [(ours, theirs, ("ours (DOING)", "theirs (TODO)")), (theirs, ours, ("ours (TODO)", "theirs (DOING)"))] {
            let result = merge(Self.base, first, second)
            #expect(result.conflicts == [MergeConflict(title: "X", reason: .addedTwice)], "\(result.text)")
            #expect(result.text.contains("<<<<<<< \(labels.0)\n- [ ] X\n=======\n- [ ] X\n>>>>>>> \(labels.1)\n"), "\(result.text)")
        }
        // Added alike to one section, it is one item.
        let same = merge(Self.base, ours, ours)
        #expect(same.conflicts.isEmpty && same.text == ours)
    }

    /// Both sides adding `Café`, one in two scalars (macOS), add one title: a conflict of its two spellings, not two
    /// items with exit 0 (helper-75: titles were matched by their bytes lowercased, not in NFC).
    @Test func aTitleBothSidesAddInOtherScalarsIsOneTitle() {
        let base = "## TODO\n- [ ] A\n"
        let result = merge(base, base + "- [ ] Cafe\u{301}\n", base + "- [ ] Caf\u{E9}\n")
        #expect(result.conflicts.map(\.reason) == [.addedTwice])
        #expect(Board(parsing: Array(result.text.utf8)).items.count == 3, "\(result.text)")
        // And a title one side respelt so is the item it was: the other side's date goes with it.
        let respelt = merge(base + "- [ ] Caf\u{E9}\n", base + "- [ ] Cafe\u{301}\n", base + "- [ ] Caf\u{E9} due:2026-12-01\n")
        #expect(respelt.conflicts.isEmpty)
        #expect(Board(parsing: Array(respelt.text.utf8)).items.count == 2, "\(respelt.text)")
    }

    @Test func theSameTitleAddedDifferentlyOnBothSidesConflicts() {
        let ours = edited([("## DOING\n\n", "## DOING\n\n- [ ] Review the docs due:2026-12-01\n")])
        let theirs = edited([("## DOING\n\n", "## DOING\n\n- [ ] Review the docs due:2026-12-02\n")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: "Review the docs", reason: .addedTwice)])
        #expect(result.text == edited([("## DOING\n\n", """
            ## DOING

            <<<<<<< ours
            - [ ] Review the docs due:2026-12-01
            =======
            - [ ] Review the docs due:2026-12-02
            >>>>>>> theirs

            """)]))
    }

    /// A conflict inside a code fence would have its markers where `check` does not look (FORMAT §7), and the
    /// unresolved merge would pass a pre-commit hook: the whole file is one conflict instead, ours above theirs.
    @Test func aConflictInsideAFenceMarksTheWholeFile() {
        let base = "```\nrelease: 2.4\n```\n\n## TODO\n\n- [ ] Ship it\n"
        let ours = "```\nrelease: 3.0\n```\n\n## TODO\n\n- [ ] Ship it\n"
        let theirs = "```\nrelease: 2.5\n```\n\n## TODO\n\n- [ ] Ship it\n"
        let result = merge(base, ours, theirs)
        #expect(result.text == "<<<<<<< ours\n" + ours + "=======\n" + theirs + ">>>>>>> theirs\n")
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .hidden)])
        #expect(Board(parsing: Array(result.text.utf8)).conflictMarkers.first == 0)
        // A sample marker in a code block that theirs took away does not hide the merge's own (helper-20: the counts
        // of hidden markers came out level); samples each side added are no conflict of the merge's.
        let sample = "# Notes\n\n~~~\n<<<<<<< sample\n~~~\n\n## TODO\n\n- [ ] A\n\n```\nx\n```\n"
        let hidden = merge(sample, sample.replacingOccurrences(of: "\nx\n", with: "\ny\n"),
                           sample.replacingOccurrences(of: "\nx\n", with: "\nz\n").replacingOccurrences(of: "~~~\n<<<<<<< sample\n~~~\n\n", with: ""))
        #expect(hidden.conflicts == [MergeConflict(title: nil, reason: .hidden)] && hidden.text.hasPrefix("<<<<<<< ours\n# Notes\n"))
        // Nor does one with the merge's own text that ours took away and theirs kept (helper-22).
        let own = "## TODO\n\n- [ ] A\n\n## Notes\n\n```\nsample:\n<<<<<<< ours\nend sample\n```\n\ntext between\n\n```\nX\n```\n"
        let ownHidden = merge(own, own.replacingOccurrences(of: "<<<<<<< ours\n", with: "").replacingOccurrences(of: "\nX\n", with: "\nY\n"),
                              own.replacingOccurrences(of: "\nX\n", with: "\nZ\n"))
        #expect(ownHidden.conflicts == [MergeConflict(title: nil, reason: .hidden)])
        let plain = "# Notes\n\n## TODO\n\n- [ ] A due:2026-12-01\n\nend\n"
        let samples = merge(plain, plain.replacingOccurrences(of: "# Notes\n", with: "# Notes\n```\n<<<<<<< HEAD\n```\n")
                                .replacingOccurrences(of: "12-01", with: "12-05"),
                            plain.replacingOccurrences(of: "end\n", with: "end\n```\n<<<<<<< HEAD\n```\n")
                                .replacingOccurrences(of: "12-01", with: "12-09"))
        #expect(samples.conflicts == [MergeConflict(title: "A", reason: .due)] && samples.text.hasPrefix("# Notes\n```\n<<<<<<< HEAD\n"))
        // Markers are seven characters or more whatever size git asks for: shorter ones `check` would not see.
        let short = Board.merge(base: Board(parsing: Array(plain.utf8)),
                                ours: Board(parsing: Array(plain.replacingOccurrences(of: "12-01", with: "12-05").utf8)),
                                theirs: Board(parsing: Array(plain.replacingOccurrences(of: "12-01", with: "12-09").utf8)), markerSize: 3)
        #expect(!Board(parsing: short.bytes).conflictMarkers.isEmpty)
        // A side without a final newline still ends its own last line before the next marker.
        let unended = merge(base, String(ours.dropLast()), theirs)
        #expect(unended.text == "<<<<<<< ours\n" + ours + "=======\n" + theirs + ">>>>>>> theirs\n")
    }

    /// Conflict markers a side already had, kept by the merge, leave it unfinished: a conflict, so git stops.
    @Test func markersASideAlreadyHadAreAConflict() {
        let base = "## TODO\n\n- [ ] A\n- [ ] B\n"
        let ours = "## TODO\n\n<<<<<<< HEAD\n- [ ] A\n=======\n- [ ] A2\n>>>>>>> other\n- [ ] B\n"
        let result = merge(base, ours, "## TODO\n\n- [ ] A\n- [ ] B due:2026-12-01\n")
        #expect(result.text == "## TODO\n\n<<<<<<< HEAD\n- [ ] A\n=======\n- [ ] A2\n>>>>>>> other\n- [ ] B due:2026-12-01\n")
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .keptMarkers(line: 3))])
    }

    /// Each side hides the base's second TODO heading in a code block of its own; side by side, the second side's
    /// fence line closes the first side's block, and the heading is back. Both sides pass `check`; the merge would
    /// not, and git would commit it.
    @Test func aMergeThatWouldFailCheckWhereBothSidesPassIsAConflict() throws {
        let base = "## TODO\n\n- [ ] A\n\nintro\n\n## DONE\n\n- [x] B\n\ntext\n\n## TODO\n\nnotes\n"
        let ours = edited(base, [("intro\n", "intro\n```\n")])
        let theirs = edited(base, [("text\n", "text\n```\n")])
        #expect(!Board(parsing: Array(ours.utf8)).diagnostics().contains { $0.severity == .error })
        #expect(!Board(parsing: Array(theirs.utf8)).diagnostics().contains { $0.severity == .error })
        let result = merge(base, ours, theirs)
        #expect(result.text == edited(ours, [("text\n", "text\n```\n")]))
        let error = try #require(Board(parsing: Array(result.text.utf8)).diagnostics().first { $0.severity == .error })
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .failsCheck(line: 15, problem: error.message))])
        // A side that fails `check` already makes no such conflict: its merge may fail it too.
        #expect(merge(base, base, theirs).conflicts.isEmpty)
    }

    /// git merges the two bases of a criss-cross merge first; where they conflicted, that base holds both versions
    /// of the item in markers. Sides that resolved it differently make the whole file one conflict: taken item by
    /// item with the block, each side seemed to remove the other's version, and the item was lost.
    @Test func aBaseWithConflictMarkersConflictsWhereTheSidesResolvedItApart() {
        let base = "## TODO\n\n<<<<<<<<< ours\n- [ ] A due:2026-12-01\n=========\n- [ ] A due:2026-12-02\n>>>>>>>>> theirs\n- [ ] B\n"
        let ours = "## TODO\n\n- [ ] A due:2026-12-01\n- [ ] B\n"
        let theirs = "## TODO\n\n- [ ] A due:2026-12-02\n- [ ] B\n"
        let result = merge(base, ours, theirs)
        #expect(result.text == "<<<<<<< ours\n" + ours + "=======\n" + theirs + ">>>>>>> theirs\n")
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .resolvedApart)])
        // Resolved alike on both sides, with other changes apart: clean.
        let both = merge(base + "- [ ] C\n- [ ] D\n", ours + "- [ ] C\n- [ ] D\n", ours + "- [ ] C\n- [ ] D due:2026-12-09\n")
        #expect(both.conflicts.isEmpty)
        #expect(both.text == ours + "- [ ] C\n- [ ] D due:2026-12-09\n")
    }

    /// Resolved alike, the rest merges item by item: an item both sides moved apart is a conflict, not an item in two
    /// places (line by line, each side's line of it was merged in); and moves of two items apart merge cleanly (line
    /// by line, they touched).
    @Test func aBaseWithConflictMarkersResolvedAlikeMergesItemByItem() {
        let base = "## TODO\n\n<<<<<<< ours\n- [ ] A one\n=======\n- [ ] A two\n>>>>>>> theirs\n- [ ] X task\n- [ ] Y task\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] Z\n"
        let apart = merge(base, "## TODO\n\n- [ ] A one\n- [ ] Y task\n\n## DOING\n\n- [ ] D\n- [ ] X task\n\n## DONE\n\n- [x] Z\n",
                          "## TODO\n\n- [ ] A one\n- [ ] Y task\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] Z\n- [x] X task\n")
        #expect(apart.conflicts == [MergeConflict(title: "X task", reason: .section)])
        #expect(apart.text.components(separatedBy: "X task").count == 3)  // once on each side of the markers
        let both = merge(base, "## TODO\n\n- [ ] A one\n- [ ] Y task\n\n## DOING\n\n- [ ] D\n- [ ] X task\n\n## DONE\n\n- [x] Z\n",
                         "## TODO\n\n- [ ] A one\n- [ ] X task\n\n## DOING\n\n- [ ] D\n- [ ] Y task\n\n## DONE\n\n- [x] Z\n")
        #expect(both.conflicts.isEmpty)
        #expect(both.text == "## TODO\n\n- [ ] A one\n\n## DOING\n\n- [ ] D\n- [ ] X task\n- [ ] Y task\n\n## DONE\n\n- [x] Z\n")
    }

    /// Resolved alike, each side's later changes to the item are changes to what both kept: a move, a rename against
    /// a removal, an edit beside a body left outside the block. (Merged on the base without its blocks, where the
    /// item was not, a move was undone, a rename hid a removal, and an item was doubled.)
    @Test func changesAfterAResolutionBothMadeAlikeMergeAsChangesToIt() {
        let base = "## TODO\n\n- [ ] Alpha\n<<<<<<<<< ours\n- [ ] Write docs due:2026-12-05\n=========\n- [ ] Write docs due:2026-12-10\n>>>>>>>>> theirs\n- [ ] Omega\n\n## DOING\n\n## DONE\n"
        let moved = merge(base, "## TODO\n\n- [ ] Alpha\n- [ ] Write docs due:2026-12-05\n- [ ] Omega\n- [ ] Zed\n\n## DOING\n\n## DONE\n",
                          "## TODO\n\n- [ ] Alpha\n- [ ] Omega\n\n## DOING\n\n- [ ] Write docs due:2026-12-05\n\n## DONE\n")
        #expect(moved.conflicts.isEmpty)
        #expect(moved.text == "## TODO\n\n- [ ] Alpha\n- [ ] Omega\n- [ ] Zed\n\n## DOING\n\n- [ ] Write docs due:2026-12-05\n\n## DONE\n")
        let removed = merge(base, "## TODO\n\n- [ ] Alpha\n- [ ] Write the docs due:2026-12-05\n- [ ] Omega\n\n## DOING\n\n## DONE\n",
                            "## TODO\n\n- [ ] Alpha\n- [ ] Omega\n\n## DOING\n\n## DONE\n")
        #expect(!removed.conflicts.isEmpty)
        let body = "## TODO\n\n- [ ] Other\n\n## DONE\n\n- [x] Update tests review\n  note 98\n<<<<<<<<< ours\n- [x] Ship tests\n=========\n- [x] Ship tests v2\n>>>>>>>>> theirs\n  note 7\n- [x] Docs ship\n"
        let resolved = "## TODO\n\n- [ ] Other\n\n## DONE\n\n- [x] Update tests review\n  note 98\n- [x] Ship tests\n  note 7\n- [x] Docs ship\n"
        let outside = merge(body, resolved.replacingOccurrences(of: "review\n", with: "review due:2026-12-05\n"),
                            resolved.replacingOccurrences(of: "Docs ship", with: "Fix parser"))
        #expect(outside.conflicts.isEmpty)
        #expect(outside.text == resolved.replacingOccurrences(of: "review\n", with: "review due:2026-12-05\n").replacingOccurrences(of: "Docs ship", with: "Fix parser"))
    }

    @Test func bothChangingTheSameTextOutsideItemsConflictsThere() {
        let ours = edited([("# Release", "# Release 2.4")])
        let theirs = edited([("# Release", "# Release 3.0"), ("Tag the release", "Tag the release due:2026-12-10")])
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)])
        #expect(result.text == edited(theirs, [("# Release 3.0\n", "<<<<<<< ours\n# Release 2.4\n=======\n# Release 3.0\n>>>>>>> theirs\n")]))
    }

    /// As for `git merge-file`, changes to neighbouring lines conflict; the markers wrap just those lines.
    @Test func changesToNeighbouringTextLinesStillConflictThere() {
        let base = "# Board\nThe team's work.\n\n## TODO\n\n- [ ] A\n\n## DONE\n\n- [x] E\n"
        let ours = edited(base, [("# Board", "# Our board"), ("## DONE", "## Done")])
        let theirs = edited(base, [("The team's work.", "Everyone's work.")])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)])
        #expect(result.text == """
            <<<<<<< ours
            # Our board
            The team's work.
            =======
            # Board
            Everyone's work.
            >>>>>>> theirs

            ## TODO

            - [ ] A

            ## Done

            - [x] E

            """)
    }

    /// A conflict keeps each side's blank lines between its lines, as `git merge-file` shows them, and the items
    /// after it stay under their heading.
    @Test func aConflictKeepsItsBlankLinesAndTheItemsAfterIt() {
        let base = "# Board\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] E\n"
        let ours = edited(base, [("## TODO", "## To do"), ("## DOING", "## In progress")])
        let theirs = edited(base, [("# Board\n\n", "# Board\n\nThe team's board.\n\n")])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts == [MergeConflict(title: nil, reason: .text)])
        #expect(result.text == """
            # Board

            <<<<<<< ours
            ## To do
            =======
            The team's board.

            ## TODO
            >>>>>>> theirs

            - [ ] A

            ## In progress

            - [ ] D

            ## DONE

            - [x] E

            """)
        let board = Board(parsing: result.text)
        #expect(board.items.map { board.kind(of: $0) } == [.todo, .doing, .done])
    }

    /// Ours converted the file to CRLF, so every line of ours changed: it merges as the base with CRLF, and theirs'
    /// change to the first line applies (it was a conflict there), every heading keeping its items.
    @Test func aChangeBesideALineEndingConversionMergesCleanly() {
        let crlf = { (text: String) in Array(text.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
        let text = "# Board\n\n## TODO\n\n- [ ] A\n\n## DOING\n\n- [ ] D\n\n## DONE\n\n- [x] E\n"
        let base = Array(text.utf8), ours = crlf(text), theirs = [0xEF, 0xBB, 0xBF] + base
        let result = Board.merge(base: Board(parsing: base), ours: Board(parsing: ours), theirs: Board(parsing: theirs))
        #expect(result.conflicts.isEmpty)
        #expect(result.bytes == [0xEF, 0xBB, 0xBF] + crlf(text))
        // Text outside the items edited by the other side (helper-20: `# Board2` conflicted with `# Board`).
        let edited = Array(text.replacingOccurrences(of: "# Board", with: "# Board2").utf8)
        for (one, other) in [(ours, edited), (edited, ours)] {
            let merged = Board.merge(base: Board(parsing: base), ours: Board(parsing: one), theirs: Board(parsing: other))
            #expect(merged.conflicts.isEmpty && merged.bytes == crlf(text.replacingOccurrences(of: "# Board", with: "# Board2")))
        }
    }

    @Test func markersTakeTheGivenSizeAndTheFilesLineEnding() {
        let crlf = { (text: String) in Array(text.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
        let base = crlf("## TODO\n\n- [ ] A due:2026-01-01\n")
        let ours = crlf("## TODO\n\n- [ ] A due:2026-01-02\n"), theirs = crlf("## TODO\n\n- [ ] A due:2026-01-03\n")
        let result = Board.merge(base: Board(parsing: base), ours: Board(parsing: ours), theirs: Board(parsing: theirs), markerSize: 9)
        #expect(result.bytes == crlf("""
            ## TODO

            <<<<<<<<< ours
            - [ ] A due:2026-01-02
            =========
            - [ ] A due:2026-01-03
            >>>>>>>>> theirs

            """))
    }
}

/// Random edits by two sides to different items, checked against a model of what each item should become.
@Suite struct MergePropertyTests {
    static let titles = ["Write docs", "Fix parser", "Ship release", "Review design", "Plan sprint", "Update deps",
                         "Triage bugs", "Refactor CLI", "Benchmark parse", "Draft blog", "Clean fixtures", "Tag version"]

    /// What an item should look like: the fields the merge must carry.
    struct Expected: Hashable, CustomStringConvertible {
        var title: String
        var kind: SectionKind
        var due: CivilDate?
        var body: [String]
        var description: String { "\(kind.name) \(title) \(due.map { "\($0)" } ?? "-") \(body)" }
    }

    static func expectations(_ board: Board) -> [Expected] {
        board.items.map { Expected(title: board.title(of: $0), kind: board.kind(of: $0), due: $0.due, body: board.bodyLines(of: $0)) }
            .sorted { $0.description < $1.description }
    }

    static func randomDate(_ rng: inout SeededGenerator) -> CivilDate? {
        CivilDate("2026-12-\(Int.random(in: 10...28, using: &rng))")
    }

    /// Makes 1–4 random edits to the items whose titles are in `mine` (and adds items named after `side`).
    static func edit(_ board: Board, mine: [String], side: String, _ rng: inout SeededGenerator) throws -> Board {
        var board = board
        var mine = mine
        for step in 0..<Int.random(in: 1...4, using: &rng) {
            guard let title = mine.randomElement(using: &rng),
                  case .one(let item) = board.item(matching: title) else { continue }
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: board = try board.moving(item, to: SectionKind.allCases.randomElement(using: &rng) ?? .done,
                                         atTop: Bool.random(using: &rng))
            case 1: board = try board.editing(item, due: randomDate(&rng).map { .set($0) } ?? .remove)
            case 2: board = try board.editing(item, body: Bool.random(using: &rng) ? .set("\(side) note \(step)") : .remove)
            case 3:
                board = try board.editing(item, title: title + " now")
                mine = mine.map { $0 == title ? title + " now" : $0 }
            case 4:
                board = try board.removing(item)
                mine.removeAll { $0 == title }
            default:
                let added = "\(side) added \(step)"
                board = try board.adding(title: added, due: randomDate(&rng), to: SectionKind.allCases.randomElement(using: &rng) ?? .todo)
                mine.append(added)
            }
        }
        return board
    }

    @Test func editsToDifferentItemsAlwaysMergeCleanlyAndKeepBothSidesWork() throws {
        var rng = SeededGenerator(seed: 0x3E465)
        for run in 0..<300 {
            var base = Board(parsing: "# Board\n\n## TODO\n\n## DOING\n\n## DONE\n")
            for title in Self.titles {
                base = try base.adding(title: title, due: Bool.random(using: &rng) ? Self.randomDate(&rng) : nil,
                                       body: Bool.random(using: &rng) ? "Some notes" : nil,
                                       to: SectionKind.allCases.randomElement(using: &rng) ?? .todo)
            }
            let oursTitles = Self.titles.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            let theirsTitles = Self.titles.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            let ours = try Self.edit(base, mine: oursTitles, side: "Ours", &rng)
            let theirs = try Self.edit(base, mine: theirsTitles, side: "Theirs", &rng)

            let merged = Board.merge(base: base, ours: ours, theirs: theirs)
            let result = Board(parsing: merged.bytes)
            // Each item as the side that owns it left it.
            let owned = { (board: Board, prefix: String, titles: [String]) in
                Self.expectations(board).filter { item in
                    item.title.hasPrefix(prefix) || titles.contains { item.title.hasPrefix($0) }
                }
            }
            let expected = (owned(ours, "Ours", oursTitles) + owned(theirs, "Theirs", theirsTitles))
                .sorted { $0.description < $1.description }
            #expect(merged.conflicts.isEmpty, "run \(run)")
            #expect(Self.expectations(result) == expected, "run \(run):\n\(String(decoding: merged.bytes, as: UTF8.self))\nBASE\n\(String(decoding: base.bytes, as: UTF8.self))\nOURS\n\(String(decoding: ours.bytes, as: UTF8.self))\nTHEIRS\n\(String(decoding: theirs.bytes, as: UTF8.self))")
            #expect(result.items.allSatisfy { $0.checked == (result.kind(of: $0) == .done) }, "run \(run)")
            if !merged.conflicts.isEmpty || Self.expectations(result) != expected { return }
        }
    }
}

/// The text's lines but blank ones: where blank-line layout is not what a test is about.
private func nonBlank(_ text: String) -> [Substring] { text.split(separator: "\n") }
