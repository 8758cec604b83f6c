import BoardKit
import Testing

/// Test #1: every file comes back byte for byte.
@Suite struct RoundTripTests {
    @Test func corpusHasEnoughFixtures() {
        #expect(Fixtures.names.count >= 25)
    }

    @Test(arguments: Fixtures.names)
    func fixtureRoundTripsByteForByte(name: String) {
        let bytes = Fixtures.bytes(name)
        #expect(!bytes.isEmpty || name == "01-empty.md", "fixture \(name) could not be read")
        let board = Board(parsing: bytes)
        #expect(board.serialized() == bytes)
    }

    /// Files of several megabytes are printed in shares, on several threads (5 MB makes two shares at least):
    /// every byte lands in its place.
    @Test func largeFilesPrintInPlace() throws {
        var rng = SeededGenerator(seed: 0x1A46E)
        var bytes: [UInt8] = []
        while bytes.count < 5_000_000 { bytes += PropertyTests.randomDocument(&rng) }
        #expect(Self.firstDifference(Board(parsing: bytes).serialized(), bytes) == nil)

        // A move near the start of a large board: a line leaves the top and lands near the end.
        let items = (0..<60_000).map { "- [ ] item \($0) " + String(repeating: "x", count: 30 + $0 % 97) + "\n" }
        let board = Board(parsing: "## TODO\n" + items.joined() + "## DONE\n- [x] last\n")
        let moved = try board.printed(after: .move(board.items[1], to: .done, atTop: false)).bytes
        let expected = "## TODO\n" + items[0] + items[2...].joined() + "## DONE\n- [x] last\n"
            + "- [x]" + items[1].dropFirst(5)
        #expect(Self.firstDifference(moved, Array(expected.utf8)) == nil)
    }

    /// A file of several megabytes is split into lines in shares, one per core (twice `Shares.bytesPerShare` makes two shares): the
    /// lines are the same as one pass finds, wherever a share's border falls among short lines, CRs and LFs.
    @Test(arguments: 0..<26)
    func largeFilesSplitIntoTheSameLines(padding: Int) {
        // Long filler lines keep the parse cheap; the dense part sits where the borders fall.
        let filler = String(repeating: String(repeating: "x", count: 4_199) + "\n", count: 500)
        let dense = String(repeating: "\r\na\r\n\nb\rc\n\r", count: 50)
        let text = filler + dense + filler + String(repeating: "y", count: padding) + "\r"
        let bytes = Array(text.utf8)
        #expect(bytes.count >= 2 * Shares.bytesPerShare)
        var expected: [Line] = []
        var start = 0
        while let lf = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let contentEnd = lf > start && bytes[lf - 1] == UInt8(ascii: "\r") ? lf - 1 : lf
            expected.append(Line(start: start, contentEnd: contentEnd, end: lf + 1))
            start = lf + 1
        }
        expected.append(Line(start: start, contentEnd: bytes.count, end: bytes.count))
        let lines = Board(parsing: bytes).lines
        #expect(lines.count == expected.count)
        #expect(lines.indices.first { lines[$0] != expected[$0] } == nil)
    }

    /// Where two large byte arrays first differ (their shorter length when one is a prefix of the other),
    /// so a failure names a place instead of printing megabytes.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    @Test func linesCoverEveryByteInOrder() {
        for name in Fixtures.names {
            let board = Board(parsing: Fixtures.bytes(name))
            var expectedStart = 0
            for line in board.lines {
                #expect(line.start == expectedStart, "\(name)")
                #expect(line.start <= line.contentEnd && line.contentEnd <= line.end, "\(name)")
                expectedStart = line.end
            }
            #expect(expectedStart == board.bytes.count, "\(name)")
        }
    }
}
