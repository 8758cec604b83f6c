@testable import BoardKit
import Testing

/// `ItemPairing` stays near-linear in the items on the shapes that made it quadratic, and pairs as it did.
@Suite struct DiffPairingWorkTests {
    /// Every item renamed: one stretch of left-over items, each old one compared with the new ones 16 places either
    /// side. Every new item of the stretch was looked at for each old one (200,000 renames: 25 s).
    @Test func aStretchOfRenamesLooksOnlyNearby() {
        let count = 2_000
        let old = Board(parsing: "## TODO\n" + (0..<count).map { "- [ ] item \(1_000 + $0)\n" }.joined() + "## DOING\n## DONE\n")
        let new = Board(parsing: "## TODO\n" + (0..<count).map { "- [ ] task \(1_000 + $0)\n" }.joined() + "## DOING\n## DONE\n")
        let pairing = ItemPairing(old: old, new: new)
        #expect(pairing.pairs.map { [$0.old, $0.new] } == (0..<count).map { [$0, $0] })
        #expect(pairing.removed.isEmpty && pairing.added.isEmpty)
        #expect(old.changes(to: new) == (0..<count).map { .retitled(from: "item \(1_000 + $0)", to: "task \(1_000 + $0)") })
        #expect(pairing.work.renameCandidates <= 33 * count, "\(pairing.work.renameCandidates) looked at")
        // A stretch with fewer new items than old: those past the end are not looked for.
        let fewer = Board(parsing: "## TODO\n" + (0..<40).map { "- [ ] task \(1_000 + $0)\n" }.joined() + "## DOING\n## DONE\n")
        let shorter = ItemPairing(old: old, new: fewer)
        #expect(shorter.pairs.map { [$0.old, $0.new] } == (0..<40).map { [$0, $0] })
        #expect(shorter.removed == Array(40..<count))
        #expect(shorter.work.renameCandidates <= 33 * 40 + 16 * 17)
    }

    /// Every item renamed, each with a body: a title is split into bigrams once, not once for each of the 33 it is
    /// weighed against, and bodies are compared only for a pair in place or alike in title (100,000 renamed items
    /// with bodies: 5 s, then 1.3 s).
    @Test func renamesSplitEachTitleOnceAndCompareFewBodies() {
        let count = 2_000
        // Six CJK characters of an item's own after the word: a renamed item is alike its old self, not its
        // neighbours.
        func own(_ index: Int) -> String {
            String((0..<6).map { Character(Unicode.Scalar(UInt32(0x4E00 + 6 * index + $0)) ?? "x") })
        }
        func board(_ word: String) -> Board {
            Board(parsing: "## TODO\n" + (0..<count).map { "- [ ] \(word) \(own($0))\n  body \($0)\n" }.joined() + "## DOING\n## DONE\n")
        }
        let (old, new) = (board("item"), board("task"))
        let pairing = ItemPairing(old: old, new: new)
        #expect(pairing.pairs.map { [$0.old, $0.new] } == (0..<count).map { [$0, $0] })
        #expect(pairing.work.renameCandidates > 30 * count)
        #expect(pairing.work.titlesSplit == 2 * count)
        #expect(pairing.work.bodiesCompared < 2 * count, "\(pairing.work.bodiesCompared) bodies compared")
    }

    /// Renames whose neighbours are alike too (`item 100001` → `task 100001`, and `task 100002` half alike): every
    /// pair within 16 places was kept and sorted (200,000 of them: 96 MB). A pair that is the first choice of both
    /// its items pairs first, and only what such pairs leave is kept, pairing as the sort did.
    @Test func firstChoicesPairWithoutKeepingTheOthers() {
        let count = 2_000
        func board(_ word: String) -> Board {
            Board(parsing: "## TODO\n" + (0..<count).map { "- [ ] \(word) \(100_000 + $0)\n" }.joined() + "## DOING\n## DONE\n")
        }
        let (old, new) = (board("item"), board("task"))
        #expect(ItemPairing.similarity("item 100001", "task 100002") >= 0.5)
        let pairing = ItemPairing(old: old, new: new)
        #expect(pairing.pairs.map { [$0.old, $0.new] } == (0..<count).map { [$0, $0] })
        #expect(pairing.work.candidatesKept == 0)
        // First choices that cross: old 0 and old 1 both prefer new 0 (an exact title); old 1 then takes new 1.
        let crossingOld = Board(parsing: "## TODO\n- [ ] alpha beta gamma\n- [ ] alpha beta gamma delta\n## DOING\n## DONE\n")
        let crossingNew = Board(parsing: "## TODO\n- [ ] alpha beta gamma!\n- [ ] alpha beta gamma delta?\n## DOING\n## DONE\n")
        let crossing = ItemPairing(old: crossingOld, new: crossingNew)
        #expect(crossing.pairs.map { [$0.old, $0.new] } == [[0, 0], [1, 1]])
    }

    /// Thousands of items alike in title, 64 of them with an edited body: 4,096 pairs are weighed, and each looked
    /// for its neighbours with another title by walking all its duplicates (160,000 items: 9.6 s). Each run of
    /// duplicates is walked once now.
    @Test func duplicatesNeighboursAreWalkedOnce() {
        let count = 2_000
        let edited = Set(stride(from: 0, to: count, by: 32))
        #expect(edited.count == 63)
        func board(_ edit: Bool) -> Board {
            Board(parsing: "## TODO\n- [ ] first\n" + (0..<count).map {
                "- [ ] same title\n  body \($0)\(edit && edited.contains($0) ? " edited" : "")\n"
            }.joined() + "- [ ] last\n## DOING\n## DONE\n")
        }
        let (old, new) = (board(false), board(true))
        let pairing = ItemPairing(old: old, new: new)
        #expect(pairing.pairs.map { [$0.old, $0.new] } == (0..<count + 2).map { [$0, $0] })
        #expect(old.changes(to: new) == edited.sorted().map {
            .body(title: "same title", removed: ["body \($0)"], added: ["body \($0) edited"])
        })
        #expect(pairing.work.neighbourSteps <= 4 * (count + 2), "\(pairing.work.neighbourSteps) steps")
    }

    /// Neighbours with another title still count as they did: of two alike items, the one whose neighbours stayed.
    @Test func neighboursStillTellDuplicatesApart() {
        let old = Board(parsing: "## TODO\n- [ ] a\n- [ ] x\n- [ ] x\n- [ ] b\n- [ ] c\n- [ ] x\n- [ ] d\n## DOING\n- [ ] x\n## DONE\n")
        let new = Board(parsing: "## TODO\n- [ ] x\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] x\n- [ ] x\n- [ ] d\n## DOING\n## DONE\n- [x] x\n")
        let pairing = ItemPairing(old: old, new: new)
        #expect(pairing.pairs.map { [$0.old, $0.new] } == [[2, 0], [0, 1], [3, 2], [4, 3], [1, 4], [5, 5], [6, 6], [7, 7]])
    }
}
