@testable import BoardCLI
import Foundation
import BoardDisplay
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

    /// Runs end at `itemsPerShare` indices, or sooner where the bytes they write from come to `runBytes`; an index
    /// of `runBytes` or more is a run of its own, marked large.
    @Test func runsAreCutByCountAndByBytesAndALargeIndexIsARunOfItsOwn() {
        let share = Report.itemsPerShare, bytes = Report.runBytes
        func runs(_ count: Int, _ weight: (Int) -> Int = { _ in 0 }) -> [(Range<Int>, Bool)] {
            let runs = Report.Runs(count: count, weight: weight)
            return (0..<runs.count).map { (runs.indices(of: $0), runs.isLarge[$0]) }
        }
        func same(_ a: [(Range<Int>, Bool)], _ b: [(Range<Int>, Bool)]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        }
        #expect(runs(0).isEmpty)
        #expect(same(runs(2 * share + 1), [(0..<share, false), (share..<2 * share, false), (2 * share..<2 * share + 1, false)]))
        // Ten indices of a quarter of `runBytes`: four to a run.
        #expect(same(runs(10, { _ in bytes / 4 }), [(0..<4, false), (4..<8, false), (8..<10, false)]))
        // Large indices first, last, side by side and between small ones.
        let large: Set = [0, 3, 4, 9]
        #expect(same(runs(10, { large.contains($0) ? bytes : 1 }),
                     [(0..<1, true), (1..<3, false), (3..<4, true), (4..<5, true), (5..<9, false), (9..<10, true)]))
    }

    /// An index whose text grows many times as it is escaped goes out as it is written, a piece at a time, never
    /// whole in memory, between the runs before and after it: on one core and on several.
    @Test(arguments: [1, 2, 3])
    func aLargeIndexGoesOutAsItIsWritten(cores: Int) {
        let controls = [UInt8](repeating: 1, count: 3 << 19)
        let count = 2 * Report.itemsPerShare + 10, large = Report.itemsPerShare + 3
        let write: @Sendable (Int, inout ByteWriter) -> Void = { index, out in
            if index == large {
                controls.withUnsafeBufferPointer { appendEscaped(utf8: $0, to: &out) }
            } else {
                out.appendNumber(index)
            }
            out.append(UInt8(ascii: "\n"))
        }
        var expected = ByteWriter()
        for index in 0..<count { write(index, &expected) }
        let pieces = StreamedOutputTests.Collector()
        var output = Output(writer: pieces.add)
        Report.writeInShares(count, cores: cores, weight: { $0 == large ? controls.count : 8 }, to: &output, write)
        let largest = pieces.all.map(\.count).max() ?? 0
        #expect(largest < 2 * ByteWriter.drainSize, "a piece of \(largest) bytes")
        #expect(Array(pieces.all.joined()) == expected.bytes)
    }

    /// Every command that writes items in shares hands on an item whose text grows as it is escaped (a title of
    /// control characters, a body of quotes in a page) a piece at a time, and the pieces are what it collects.
    @Test func commandsHandOnAnItemThatGrowsAsItIsEscapedInPieces() {
        let controls = String(repeating: "\u{1}", count: 600_000)
        let quotes = (0..<8).map { _ in "  " + String(repeating: "\"", count: 1 << 16) + "\n" }.joined()
        let around = (0..<(Report.itemsPerShare + 10)).map { "- [ ] around \($0)\n" }.joined()
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n" + around + "- [ ] " + controls + "\n" + quotes + around + "## DONE\n")
        for arguments in [["list"], ["list", "--format", "{title}"], ["list", "--json"], ["html"]] {
            let collected = sandbox.run(arguments)
            let pieces = StreamedOutputTests.Collector()
            let streamed = BoardCommandLine.run(Invocation(arguments: arguments, environment: ["BOARD_TODAY": "2026-11-21"],
                                                           currentDirectory: sandbox.directory, stdoutWriter: pieces.add))
            let largest = pieces.all.map(\.count).max() ?? 0
            #expect(collected.exitCode == 0 && streamed.exitCode == 0 && collected.stdoutBytes.count > 5 << 19)
            #expect(largest < 2 * ByteWriter.drainSize, "\(arguments): a piece of \(largest) bytes")
            #expect(Array(pieces.all.joined()) == collected.stdoutBytes, "\(arguments)")
        }
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
