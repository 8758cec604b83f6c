import BoardKit
import Testing

/// Random documents built from nasty fragments and random bytes.
@Suite struct PropertyTests {
    static let fragments: [String] = [
        "## TODO", "## DOING", "## DONE", "# Done ##", "### Sub", "## In  Progress", "#", "##TODO", "Todo\n===",
        "- [ ] item due:2026-01-01", "* [x] done item", "+ [X] up", "- [ ]", "- [x]x", "- plain", "   - [ ] three",
        "    - [ ] four", "  body", "\tbody", "  ## indented heading", "", "", "", " ", "\t",
        "```", "~~~~", "```swift", "<!--", "-->", "<!-- x -->", "---", "...", "***",
        "- [ ] 📅 2026-02-30", "- [ ] @{2026-13-01} @{2026-01-01}", "- [ ] due:soon due:2026-12-31",
        "\u{FEFF}", "\u{0}", "한국어 제목", "- [ ] 🚀 launch", "\r",
    ]
    static let endings = ["\n", "\n", "\n", "\r\n", "\r", ""]

    static func randomDocument(_ rng: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...30, using: &rng) {
            if Int.random(in: 0..<10, using: &rng) == 0 {
                for _ in 0..<Int.random(in: 1...8, using: &rng) { bytes.append(UInt8.random(in: 0...255, using: &rng)) }
            } else {
                bytes += Array(fragments.randomElement(using: &rng)?.utf8 ?? "".utf8)
            }
            bytes += Array(endings.randomElement(using: &rng)?.utf8 ?? "".utf8)
        }
        return bytes
    }

    @Test func tenThousandRandomDocumentsRoundTripAndKeepTheirInvariants() {
        var rng = SeededGenerator(seed: 0xB0A4D)
        for run in 0..<10_000 {
            let bytes = Self.randomDocument(&rng)
            let board = Board(parsing: bytes)
            #expect(board.serialized() == bytes, "run \(run)")
            let problems = Self.invariantViolations(board)
            #expect(problems.isEmpty, "run \(run): \(problems) in \(bytes)")
            if !problems.isEmpty || board.serialized() != bytes { return }
        }
    }

    /// Every item lies inside exactly one section, outside every region, and not inside another item's body.
    static func invariantViolations(_ board: Board) -> [String] {
        var problems: [String] = []
        for (a, b) in zip(board.sections, board.sections.dropFirst()) where a.lines.upperBound > b.lines.lowerBound {
            problems.append("sections overlap: \(a.lines) \(b.lines)")
        }
        let bodyLines = Set(board.items.flatMap { Array($0.body) })
        for item in board.items {
            let containing = board.sections.filter { $0.lines.contains(item.line) }
            if containing.count != 1 || !board.sections[item.section].lines.contains(item.line) {
                problems.append("item \(item.line) is in \(containing.count) sections")
            }
            if !board.sections[item.section].lines.contains(item.body.upperBound - 1) && !item.body.isEmpty {
                problems.append("body of \(item.line) leaves its section")
            }
            if board.regions.contains(where: { $0.lines.overlaps(item.lines) }) {
                problems.append("item \(item.line) is inside a region")
            }
            if bodyLines.contains(item.line) {
                problems.append("body line \(item.line) parsed as an item")
            }
        }
        return problems
    }
}
