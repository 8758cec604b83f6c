@testable import BoardCLI
import Foundation
import BoardKit
import Testing

/// Output written in shares (runs of items the cores take in turn, into a ring of buffers) is the bytes one core
/// writes alone.
@Suite struct SharedWritingTests {
    @Test(arguments: [1, 2, 3])
    func everyIndexIsWrittenOnceInOrder(cores: Int) {
        let share = Report.itemsPerShare
        for count in [0, 1, share - 1, 2 * share - 1, 2 * share, 2 * share + 1, 3 * share + 5, 5 * share + 17] {
            var output = Output(writer: nil)
            Report.writeInShares(count, cores: cores, to: &output) { index, out in
                out.appendNumber(index)
                out.append(UInt8(ascii: "\n"))
            }
            let expected = (0..<count).map { "\($0)\n" }.joined()
            #expect(String(decoding: output.stdout, as: UTF8.self) == expected, "\(count) items on \(cores) cores")
        }
    }

    /// Many more runs than the ring has buffers, some far slower than the rest: while one core writes a slow run,
    /// the others could write every later run, but a buffer is written again only after its run went out, and the
    /// runs go out in order whichever core finishes first.
    @Test(arguments: [2, 3, 4])
    func runsGoOutInOrderThroughTheRing(cores: Int) {
        let share = Report.itemsPerShare
        let count = 30 * share + 101
        var output = Output(writer: nil)
        Report.writeInShares(count, cores: cores, to: &output) { index, out in
            var mixed = UInt64(index)
            if (index / share) % 7 == 3 {
                for _ in 0..<300 { mixed = mixed &* 6_364_136_223_846_793_005 &+ 1 }
            }
            // Never true (the work is not left out as unused).
            if mixed == 0xDEAD_BEEF_DEAD_BEEF { out.append(UInt8(ascii: "!")) }
            out.appendNumber(index)
            out.append(UInt8(ascii: "\n"))
        }
        let written = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let inOrder = written.dropLast().enumerated().allSatisfy { $0.element == "\($0.offset)" }
        #expect(written.count == count + 1 && written.last == "" && inOrder, "\(written.count - 1) lines, in order: \(inOrder)")
    }

    /// A run takes its buffer only after the run before it in that buffer went out, even when its writer asks first
    /// (a writer stopped between taking an earlier run and asking for the buffer, as happened once under load).
    @Test func aRunWaitsForTheEarlierRunOfItsBufferWhoeverAsksFirst() {
        let turns = Report.RunTurns(runCount: 10, slots: 4)
        let soon = { DispatchTime.now() + .milliseconds(30) }
        #expect(!turns.waitForTurn(of: 4, timeout: soon()))
        #expect(turns.waitForTurn(of: 0, timeout: soon()))
        #expect(turns.waitForTurn(of: 3, timeout: soon()))
        #expect(!turns.waitForTurn(of: 4, timeout: soon()))
        turns.streamed(0)
        #expect(turns.waitForTurn(of: 4, timeout: soon()))
        #expect(!turns.waitForTurn(of: 8, timeout: soon()))
        turns.streamed(4)
        #expect(turns.waitForTurn(of: 8, timeout: soon()))
        turns.streamed(8)  // past the last run: nothing to hand on
    }

    /// A filter on a large board runs in shares, one per core: the items it keeps come out once each, in file order.
    @Test func aLargeBoardFilteredInSharesKeepsItsOrder() {
        let count = 3 * Shares.itemsPerShare + 17
        // Every third item matches the search, in TODO and DONE alike; every fifth is dated.
        let items = (0..<count).map { index in
            "- [\(index % 2 == 0 ? " " : "x")] \(index % 3 == 0 ? "Fix" : "Write") item \(index)\(index % 5 == 0 ? " due:2026-01-01" : "")\n"
        }
        let half = count / 2
        let board = "## TODO\n" + items[..<half].joined() + "## DONE\n" + items[half...].joined()
        let sandbox = Sandbox()
        sandbox.write("board.md", board)
        let lineOf = { (index: Int) in index < half ? index + 2 : index + 3 }
        let searched = sandbox.run(["list", "--search", "FIX", "--format", "{line}"])
        #expect(searched.stdout == (0..<count).filter { $0 % 3 == 0 }.map { "\(lineOf($0))\n" }.joined())
        let overdue = sandbox.run(["list", "--overdue", "--format", "{line}"])
        #expect(overdue.stdout == (0..<half).filter { $0 % 5 == 0 }.map { "\(lineOf($0))\n" }.joined())
    }
}

/// `list --json` writes the items of a large board in shares, grouped by section as one document.
@Suite struct SharedJSONTests {
    /// Sections out of order and a section twice: each kind's items in file order, under their kind in the order
    /// TODO, DOING, DONE, as a small board gives them; a kind with no items still listed.
    @Test func aLargeBoardsItemsAreGroupedByKindInFileOrder() throws {
        let perSection = Report.itemsPerShare + 300
        func items(_ name: String) -> String {
            (0..<perSection).map { "- [ ] \(name) \($0)\n" }.joined()
        }
        let sandbox = Sandbox()
        sandbox.write("board.md", "## DONE\n" + items("done") + "## TODO\n" + items("first") + "## Archive\n" + items("old")
                      + "## TODO\n" + items("second"))
        // Sorted (by a key no item has, so in file order still), the items are grouped without the file's order.
        for arguments in [["list", "--json"], ["list", "--json", "--sort", "due"]] {
            let json = try JSONSerialization.jsonObject(with: Data(sandbox.run(arguments).stdout.utf8)) as? [String: Any]
            let sections = try #require(json?["sections"] as? [[String: Any]])
            #expect(sections.map { $0["name"] as? String } == ["TODO", "DOING", "DONE"])
            let titles = sections.map { section in ((section["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String } }
            let expected = [(0..<perSection).map { "first \($0)" } + (0..<perSection).map { "second \($0)" }, [],
                            (0..<perSection).map { "done \($0)" }]
            for (kind, (listed, wanted)) in zip(titles, expected).enumerated() {
                let same = listed == wanted
                #expect(same, "kind \(kind): \(listed.count) items listed, \(wanted.count) expected, first \(listed.first ?? "none")")
            }
        }
        let archived = try JSONSerialization.jsonObject(with: Data(sandbox.run(["list", "--json", "--archived"]).stdout.utf8)) as? [String: Any]
        let archive = try #require(archived?["sections"] as? [[String: Any]])
        #expect(archive.map { $0["name"] as? String } == ["Archive"])
        let old = (archive[0]["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        let sameOld = old == (0..<perSection).map { "old \($0)" }
        #expect(sameOld, "\(old?.count ?? 0) archived items listed")
    }

    /// With no items at all, every kind is still listed, empty.
    @Test func aBoardWithoutItemsListsEveryKindEmpty() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n## DONE\n")
        #expect(sandbox.run(["list", "--json"]).stdout == #"{"schemaVersion":1,"today":"2026-11-21","sections":[{"name":"TODO","items":[]},{"name":"DOING","items":[]},{"name":"DONE","items":[]}]}"# + "\n")
    }
}

/// `Output` hands lines for stderr to a writer in order.
@Suite struct StreamedErrorTests {
    /// Lines streamed to stderr go after the lines for stderr collected before them.
    @Test func streamedErrorsFollowTheLinesBeforeThem() {
        let collector = StreamedOutputTests.Collector()
        var output = Output(writer: nil, errorWriter: collector.add)
        output.error("first \u{7}")
        var piece = ByteWriter()
        piece.append("second\n")
        output.streamErrors(&piece)
        output.error("third")
        #expect(piece.count == 0)
        #expect(String(decoding: collector.all.joined(), as: UTF8.self) == "first \\u{7}\nsecond\n")
        #expect(output.stderr == "third\n")
        var collecting = Output(writer: nil)
        collecting.error("first")
        piece.append("second\n")
        collecting.streamErrors(&piece)
        #expect(collecting.stderr == "first\nsecond\n")
    }
}
