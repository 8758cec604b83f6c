@testable import BoardCLI
import BoardKit
import Testing

/// Output written in shares (a run of items per core, round after round) is the bytes one core writes alone.
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
