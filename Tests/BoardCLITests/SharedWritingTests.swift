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
}
