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
