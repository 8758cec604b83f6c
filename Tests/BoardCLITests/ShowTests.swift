@testable import BoardCLI
@testable import BoardDisplay
import BoardKit
import Foundation
import Testing

/// `board show` at 120, 80 and 50 cells, color on and off, against files under `Golden/`
/// (set `BOARD_UPDATE_GOLDEN=1` to rewrite them after a deliberate change, then read the diff).
@Suite struct ShowGoldenTests {
    static let folder = Paths.root.appendingPathComponent("Tests/BoardCLITests/Golden")

    @Test(arguments: [120, 80, 50], [false, true])
    func matchesGolden(width: Int, color: Bool) throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("show.md"))))
        let outcome = sandbox.run(["show", "--width", String(width), "--color", color ? "always" : "never"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.stderr == "")
        let golden = Self.folder.appendingPathComponent("show-\(width)\(color ? "-color" : "").txt")
        if ProcessInfo.processInfo.environment["BOARD_UPDATE_GOLDEN"] == "1" {
            try Data(outcome.stdout.utf8).write(to: golden)
        }
        let expected = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
        #expect(outcome.stdout == expected)
    }
}

@Suite struct ShowLayoutTests {
    static let board = "## TODO\n- [ ] 한국어 제목 due:2026-11-01\n- [ ] Due today due:2026-11-21\n  first body line\n  second\n"
        + "- [ ] Later due:2026-12-01\n## DOING\n## DONE\n- [x] Old due:2026-01-01\n"

    func show(_ arguments: [String], environment: [String: String] = [:], terminal: Int? = nil) -> Outcome {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        return sandbox.run(["show"] + arguments, environment: environment, terminal: terminal)
    }

    @Test func columnsCarryCountsTitlesDatesAndFirstBodyLine() {
        let out = show(["--width", "90"]).stdout.split(separator: "\n").map(String.init)
        // 90 cells: two separators of 3 and three columns of 28.
        func row(_ cells: String...) -> String {
            let padded = cells.dropLast().map { $0 + String(repeating: " ", count: 28 - DisplayWidth.of($0)) }
            var line = (padded + [cells[cells.count - 1]]).joined(separator: " │ ")
            while line.last == " " { line.removeLast() }
            return line
        }
        #expect(out[0] == row("TODO (3)", "DOING (0)", "DONE (1)"))
        #expect(out[1] == [String](repeating: String(repeating: "─", count: 28), count: 3).joined(separator: "─┼─"))
        #expect(out[2] == row("[ ] 한국어 제목", "(empty)", "[x] Old"))
        #expect(out[3] == row("    ! 2026-11-01 overdue", "", "    2026-01-01"), "a date in DONE is never overdue")
        #expect(out[4] == row("[ ] Due today", "", ""))
        #expect(out[5] == row("    2026-11-21 today", "", ""))
        #expect(out[6] == row("    first body line", "", ""))
        #expect(!out.contains { $0.contains("second") }, "only the first body line is shown")
        #expect(out[7] == row("[ ] Later", "", ""))
        #expect(out[8] == row("    2026-12-01", "", ""))
        #expect(out.count == 9)
    }

    @Test func overdueIsRedAndBoldAndTodayYellowWithColor() {
        let out = show(["--width", "90", "--color", "always"]).stdout
        #expect(out.contains("\u{1B}[1;31m! 2026-11-01 overdue\u{1B}[0m"))
        #expect(out.contains("\u{1B}[33m2026-11-21 today\u{1B}[0m"))
        #expect(out.contains("\n    2026-12-01 "), "a later date is not styled")
    }

    @Test func belowSixtyCellsTheSectionsAreStacked() {
        let narrow = show(["--width", "59"]).stdout
        #expect(narrow.hasPrefix("TODO (3)\n" + String(repeating: "─", count: 59) + "\n[ ] 한국어 제목\n"))
        #expect(narrow.contains("\n\nDOING (0)\n"))
        #expect(!narrow.contains("│"))
        let wide = show(["--width", "60"]).stdout
        #expect(wide.hasPrefix("TODO (3)           │ DOING (0)          │ DONE (1)\n"))
    }

    @Test func widthComesFromTheOptionThenTheTerminalThenColumnsThen80() {
        func ruleWidth(_ outcome: Outcome) -> Int {
            DisplayWidth.of(String(outcome.stdout.split(separator: "\n")[1]))
        }
        // The rule row spans the whole width.
        #expect(ruleWidth(show([])) == 80)
        #expect(ruleWidth(show([], environment: ["COLUMNS": "100"])) == 100)
        #expect(ruleWidth(show([], environment: ["COLUMNS": "100"], terminal: 130)) == 130)
        #expect(ruleWidth(show(["--width", "70"], environment: ["COLUMNS": "100"], terminal: 130)) == 70)
        #expect(ruleWidth(show([], environment: ["COLUMNS": "wide"])) == 80)
    }

    @Test func colorFollowsTheTerminalNoColorAndTheOption() {
        func colored(_ arguments: [String], _ environment: [String: String] = [:], terminal: Int? = nil) -> Bool {
            show(arguments, environment: environment, terminal: terminal).stdout.contains("\u{1B}[")
        }
        #expect(!colored([]), "not a terminal")
        #expect(colored([], terminal: 100))
        #expect(!colored([], ["NO_COLOR": "1"], terminal: 100))
        #expect(colored([], ["NO_COLOR": ""], terminal: 100), "an empty NO_COLOR is unset")
        #expect(!colored(["--color", "never"], terminal: 100))
        #expect(colored(["--color", "always"]))
        #expect(colored(["--color", "always"], ["NO_COLOR": "1"]), "the option given on the command line wins")
        #expect(!colored(["--color", "auto"]))
    }

    @Test func badWidthOrColorIsAUsageError() {
        for arguments in [["--width", "19"], ["--width", "wide"], ["--color", "sometimes"]] {
            let outcome = show(arguments)
            #expect(outcome.exitCode == 64)
            #expect(outcome.stdout == "")
            #expect(outcome.stderr.hasPrefix("Error: Invalid "))
        }
    }

    @Test func jsonIsTheListDocumentOfEveryItem() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let shown = sandbox.run(["show", "--json"])
        #expect(shown.exitCode == 0)
        #expect(shown.stdout == sandbox.run(["list", "--json"]).stdout)
        #expect(shown.stdout.hasPrefix("{\"schemaVersion\":1,\"today\":\"2026-11-21\",\"sections\":[{\"name\":\"TODO\",\"items\":[{\"title\":\"한국어 제목\""))
    }

    @Test func controlCharactersAreShownEscaped() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Clear \u{1b}[2J screen\n  \u{9b}31m body\n")
        let out = sandbox.run(["show", "--color", "always", "--width", "120"]).stdout
        #expect(out.contains("[ ] Clear \\u{1B}[2J screen"))
        #expect(out.contains("\\u{9B}31m body"))
        #expect(!out.contains("\u{1B}[2J"))
        #expect(!out.contains("\u{9B}"))
    }

    @Test func aMissingBoardFailsWithNothingOnStdout() {
        let outcome = Sandbox().run(["show"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr.hasPrefix("error: no board.md in "))
    }
}

extension BoardView {
    /// `wrap` of a string, its lines as cells.
    static func wrap(_ text: String, width: Int) -> [Cell] {
        var text = text
        var cells: [Cell] = []
        var scratch = ByteWriter()
        text.withUTF8 { bytes in
            wrap(bytes, width: width, scratch: &scratch) { cells.append(Cell(text: String(decoding: $0, as: UTF8.self), width: $1)) }
        }
        return cells
    }
}

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("한", 2), ("漢", 2), ("か", 2), ("Ａ", 2), ("ｱ", 1), ("🚀", 2), ("🔀", 2), ("✅", 2),
        ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("👩‍💻", 2), ("🇰🇷", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0),
        ("\u{1100}\u{1161}", 2), ("…", 1), ("é", 1),
    ])
    func characterWidth(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// The byte scan that spares most text the walk by characters counts what the walk counts: every scalar it
    /// counts itself (any other sends the whole text to the walk) between letters, after a wide one, and before
    /// each joiner, selector and modifier that changes a count. U+3099 and U+309A among the kana were counted as
    /// wide when they join the kana before them.
    @Test func theByteScanAgreesWithTheCharactersOnEveryScalar() {
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value),
                  value < 0x3400 || (0x3400...0xD7FF).contains(value) && value % 7 == 0 || (0x1F000...0x1FFFF).contains(value)
                  || scalar.properties.isEmojiPresentation else { continue }
            let one = String(Character(scalar))
            for text in ["a" + one + "b", "abcdefghij" + one + "klmnopqrstu", "한" + one, one + "\u{FE0F}", one + "\u{200D}🚀",
                         one + "\u{1F3FD}", one + one] {
                let byCharacters = text.reduce(0) { $0 + DisplayWidth.of($1) }
                if DisplayWidth.of(text) != byCharacters { disagreements.append(String(value, radix: 16)) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    @Test func textWidthSumsItsCharacters() {
        #expect(DisplayWidth.of("릴리스 notes 🚀") == 6 + 1 + 5 + 1 + 2)
    }

    @Test func wrapFillsWordsAndCutsLongOnes() {
        #expect(BoardView.wrap("one two three four", width: 9).map(\.text) == ["one two", "three", "four"])
        #expect(BoardView.wrap("한국어 사용자를 위한", width: 8).map(\.text) == ["한국어", "사용자를", "위한"])
        let cut = BoardView.wrap("a Supercalifragilistic b", width: 8)
        #expect(cut.map(\.text) == ["a", "Superca…", "b"])
        #expect(cut.map(\.width) == [1, 8, 1])
        #expect(BoardView.wrap("가나다라마바사", width: 6).map(\.text) == ["가나…"], "a wide character never straddles the cut")
        #expect(BoardView.wrap("", width: 6).map(\.text) == [""])
    }

    /// A title that needs escaping is escaped a word at a time, a word of more than `longWord` bytes cut to them and
    /// `…` (a 16 MB title of control characters took five times its size, escaped whole, and 1.8 s): the rows are
    /// those of the title escaped whole, and the escaped text stays near `longWord` however long the word.
    @Test func aLongWordToEscapeIsEscapedOnlyAsFarAsARowShows() {
        let long = String(repeating: "\u{1}", count: 1_000_000), longer = String(repeating: "x\u{202E}", count: 300_000)
        for title in ["a \u{1B}[31m b", long, "start " + long + " end\u{7}", "\u{7}\t" + longer + "\t" + long, "caf\u{E9} \u{85}"] {
            var text = title, escapedWords = ByteWriter()
            text.withUTF8 { BoardView.appendEscapedWords($0, to: &escapedWords) }
            #expect(escapedWords.count < 16 * BoardView.longWord, "\(escapedWords.count) bytes")
            let rows = BoardView.wrap(String(decoding: escapedWords.bytes, as: UTF8.self), width: 40).map(\.text)
            #expect(rows == BoardView.wrap(escaped(title), width: 40).map(\.text), "\(rows.prefix(3))")
        }
    }

    /// A long word is cut by whole characters, however many bytes a character takes: a start of the word is
    /// decoded at a time, and a character its end cuts short (here one of 6,001 scalars, or a family emoji of five)
    /// is read again from a longer start, never cut or counted as the start would have it.
    @Test func aLongWordIsCutByWholeCharacters() {
        let marked = "a" + String(repeating: "\u{301}", count: 6_000)
        #expect(BoardView.wrap(marked + "bbbbbbbbbb", width: 5).map(\.text) == [marked + "bbb…"])
        // The first start (16 bytes a cell: 80) ends inside the family, after one character of 77 bytes.
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦", short = "a" + String(repeating: "\u{301}", count: 38)
        #expect(BoardView.wrap(short + family + "yyyyyy", width: 5).map(\.text) == [short + family + "y…"])
        // The first start ends inside the 38th accent: read as it is, its last character (U+FFFD) would not fit.
        let accented = "\u{E9}" + String(repeating: "\u{301}", count: 100)
        #expect(BoardView.wrap("bbb" + accented + "cc", width: 5).map(\.text) == ["bbb" + accented + "…"])
    }

    /// The eight-bytes-at-a-time test of whether text is single-spaced agrees with the definition (no tab, no
    /// space first or last, no two spaces in a row) and wrapping splits words at every space and tab, at every
    /// place in the text, across and at the edges of the eight-byte words.
    @Test func singleSpacingAndWordsAreFoundAtEveryOffset() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x20], [0x20], [0x09], Array("a".utf8), Array("bc".utf8), Array("한".utf8), Array("🚀".utf8)]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &generator) { bytes += pieces.randomElement(using: &generator) ?? [] }
            let expected = !bytes.contains(0x09) && bytes.first != 0x20 && bytes.last != 0x20
                && !zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
            #expect(bytes.withUnsafeBufferPointer(BoardView.isSingleSpaced) == expected, "\(bytes)")
            let text = String(decoding: bytes, as: UTF8.self)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            #expect(BoardView.wrap(text, width: 1_000).map(\.text) == [words], "\(bytes)")
        }
    }

    /// Random boards of wide, narrow and combining text, under WIP limits small (gone over: `DOING (4/1, over limit)`)
    /// and long: no line of `show` is ever wider than asked.
    @Test func noLineIsWiderThanTheWidth() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["릴리스", "노트", "🚀", "👩‍💻", "e\u{301}", "café", "word", "x", "完了した作業",
                      "Supercalifragilisticexpialidocious", "한국어사용자를위한번역과검토를마친다", "❤️", "—", "\t"]
        for _ in 0..<300 {
            var text = ""
            for kind in ["TODO", "DOING", "DONE"] {
                let limit = [nil, 1, 999_999_999].randomElement(using: &generator) ?? nil
                text += "## \(kind)" + (limit.map { " (\($0))" } ?? "") + "\n"
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let words = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                    text += "- [ ] " + words.joined(separator: " ") + (Bool.random(using: &generator) ? " due:2026-11-0\(Int.random(in: 1...9, using: &generator))" : "") + "\n"
                    if Bool.random(using: &generator) { text += "  " + words.reversed().joined(separator: " ") + "\n" }
                }
            }
            let width = Int.random(in: 20...200, using: &generator)
            let rendered = BoardView(board: Board(parsing: text), today: CivilDate(daysSinceEpoch: 20_397), color: false)
                .render(width: width)
            for line in rendered.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
            }
        }
    }
}

@Suite struct ReadmeSampleTests {
    /// The README's `board show` sample is what the tool prints for the example board.
    @Test func readmeShowsTheRealOutput() throws {
        let readme = String(decoding: try Data(contentsOf: Paths.root.appendingPathComponent("README.md")), as: UTF8.self)
        let sandbox = Sandbox()
        sandbox.write("board.md", Paths.example("board.md"))
        let shown = sandbox.run(["show", "--width", "80"]).stdout
        #expect(shown.hasPrefix("TODO (7)"))
        #expect(readme.contains("```\n" + shown + "```\n"))
    }
}

/// The scalar-by-scalar count of display width agrees with the count by characters.
@Suite struct DisplayWidthFastPathTests {
    @Test func scalarsAndCharactersGiveTheSameWidth() {
        let pieces = ["a", " ", "é", "e\u{301}", "릴", "리스", "가\u{11A8}", "\u{1100}\u{1161}", "漢", "か", "🚀", "🐛", "🔥", "👍🏽",
                      "👩\u{200D}💻", "❤\u{FE0F}", "✅", "🇰🇷", "\u{200B}", "ß", "Ω", "\u{7F}", "ｱ", "１"]
        // Every sequence of three pieces: joins happen between neighbours.
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let text = a + b + c
                    #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) },
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
    }
}

/// A long column's rows are made a run of items per core at a time, the next run in the background while one is
/// read: read in order, they are each item's rows as `rows(of:width:)` makes them alone, after the heading and its
/// rule and before `+K more`, on any number of cores.
@Suite struct ShowSharesTests {
    @Test(arguments: [1, 2, 3])
    func aColumnMadeInSharesHoldsEveryItemsRowsInOrder(cores: Int) throws {
        var text = "## TODO\n"
        // Enough items for several runs of two or three shares, the second made while the first is read, and a last
        // run of one share; not a multiple of a share; titles of one to four rows, and bodies.
        for number in 0..<(5 * BoardView.ColumnRows.itemsPerShare + 517) {
            text += "- [ ] item \(number) " + String(repeating: "word ", count: number % 13)
                + (number % 3 == 0 ? "due:2026-01-0\(number % 9 + 1)" : "") + "\n" + (number % 4 == 0 ? "  body \(number)\n" : "")
        }
        let board = Board(parsing: Array((text + "## DOING\n## DONE\n").utf8))
        let view = BoardView(board: board, today: try #require(CivilDate(year: 2026, month: 1, day: 4)), color: true)
        var column = BoardView.ColumnRows(view: view, kind: .todo, items: Array(board.items.indices), hidden: 7, width: 30,
                                          cores: cores)
        var rows: [String] = []
        while column.next() { column.current { rows.append(String(decoding: $0, as: UTF8.self) + "|\($1)") } }
        let heading = view.heading(.todo, count: board.items.count + 7)
        var expected = ["\(heading.text)|\(heading.width)", String(repeating: "─", count: 30) + "|30"]
        for item in board.items { expected += view.rows(of: item, width: 30).map { "\($0.text)|\($0.width)" } }
        let more = view.styled("+7 more", "2")
        expected.append("\(more.text)|\(more.width)")
        #expect(rows.count == expected.count)
        let difference = zip(rows, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(difference == nil, "row \(difference?.offset ?? 0): \(difference?.element.0 ?? "") instead of \(difference?.element.1 ?? "")")
    }
}
