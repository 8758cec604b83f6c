import BoardKit
import Testing

/// The parsed structure of each fixture kind, worked out by hand from FORMAT.md.
@Suite struct ParserTests {
    static let standard = [
        "TODO h2 1-5", "DOING h2 6-9", "DONE h2 10-12",
        "3 TODO [ ] 'Write docs' due 2026-12-01 body 4-4",
        "8 DOING [ ] 'Parser' due 2026-11-25",
        "12 DONE [x] 'Pick a format'",
    ]

    static let expected: [String: [String]] = [
        "01-empty.md": [],
        "02-standard.md": standard,
        "03-bom.md": standard,
        "04-bom-front-matter.md": [
            "frontMatter 1-3", "TODO h2 4-8", "DOING h2 9-12", "DONE h2 13-15",
            "6 TODO [ ] 'Write docs' due 2026-12-01 body 7-7",
            "11 DOING [ ] 'Parser' due 2026-11-25",
            "15 DONE [x] 'Pick a format'",
        ],
        "05-invalid-utf8.md": [
            "TODO h2 1-5", "DONE h2 6-6",
            "3 TODO [ ] 'Bad \u{FFFD}\u{FFFD} bytes \u{FFFD}' due 2026-12-01",
            "4 TODO [ ] '\u{FFFD}\u{FFFD}'",
        ],
        "06-nul-bytes.md": ["TODO h2 1-4", "DONE h2 5-6", "3 TODO [ ] 'NUL\u{0}inside'", "6 DONE [x] 'a\u{0}'"],
        "07-lone-cr.md": ["DONE h2 3-3"],
        "08-crlf.md": standard,
        "09-mixed-endings.md": ["TODO h2 1-6", "DONE h2 7-8", "3 TODO [ ] 'a'", "4 TODO [ ] 'b' body 5-5", "8 DONE [x] 'c'"],
        "10-no-final-newline.md": standard,
        "11-trailing-spaces-tabs.md": ["TODO h2 1-4", "DONE h2 5-5", "3 TODO [ ] 'spaced title' due 2026-12-01 body 4-4"],
        "12-unclosed-fence.md": ["fencedCode 4-6", "TODO h2 1-6", "2 TODO [ ] 'before'"],
        "13-tilde-fence.md": ["fencedCode 2-6", "TODO h2 1-7", "7 TODO [ ] 'after fence'"],
        "14-front-matter-unclosed.md": ["TODO h2 3-4", "4 TODO [ ] 'real item'"],
        "15-front-matter-dots.md": ["frontMatter 1-4", "TODO h2 5-6", "6 TODO [ ] 'item'"],
        "16-closing-hashes.md": ["TODO h2 1-2", "DONE h3 3-4", "2 TODO [ ] 'a'", "4 DONE [x] 'b'"],
        "17-setext.md": [],
        "18-duplicate-sections.md": [
            "TODO h2 1-2", "DONE h2 3-4", "TODO h2 5-6", "2 TODO [ ] 'a'", "4 DONE [x] 'b'", "6 TODO [ ] 'c'",
        ],
        "19-missing-sections.md": ["DOING h2 3-4", "4 DOING [ ] 'only doing'"],
        "20-date-spellings.md": [
            "TODO h2 1-7",
            "2 TODO [ ] 'todo.txt' due 2026-12-01",
            "3 TODO [ ] 'tasks tail' due 2026-12-02",
            "4 TODO [ ] 'kanban' due 2026-12-03",
            "5 TODO [ ] 'bad due:2026-02-30'",
            "6 TODO [ ] 'two @{2026-01-02}' due 2026-01-01",
            "7 TODO [ ] 'word due:soon'",
        ],
        "21-aliases-and-order.md": [
            "DONE h2 1-2", "DOING h1 3-4", "TODO h3 5-6", "TODO h2 7-7",
            "2 DONE [x] 'a'", "4 DOING [ ] 'b'", "6 TODO [ ] 'c'",
        ],
        "22-deeper-headings.md": ["TODO h2 1-5", "3 TODO [ ] 'a'", "5 TODO [ ] 'b'"],
        "23-html-comment.md": [
            "htmlComment 2-2", "htmlComment 5-8", "TODO h2 1-9", "3 TODO [ ] 'real'", "9 TODO [ ] 'after comment'",
        ],
        // An indented `<!--` right after an item is body text: body continuation is decided first.
        "33-body-precedence.md": [
            "htmlComment 2-2", "TODO h2 1-5", "DONE h2 6-8",
            "3 TODO [ ] 'real' body 4-4", "5 TODO [ ] 'hidden'", "8 DONE [ ] 'after comment'",
        ],
        "24-nested-body.md": ["TODO h2 1-11", "DONE h2 12-12", "2 TODO [ ] 'parent' body 3-8", "11 TODO [ ] 'next'"],
        "25-checkbox-variants.md": [
            "TODO h2 1-10", "2 TODO [ ] ''", "4 TODO [x] 'many spaces' body 5-5",
            "plain 3", "plain 6", "plain 7", "plain 10",
        ],
        "26-tabs-everywhere.md": ["TODO h2 2-6", "5 TODO [ ] 'a' body 6-6", "plain 4"],
        "27-only-newlines.md": [],
        "28-heading-levels.md": [
            "TODO h1 1-4", "DONE h6 7-10", "2 TODO [ ] 'a'", "4 TODO [ ] 'b'", "8 DONE [x] 'd'", "10 DONE [x] 'e'",
        ],
        "29-obsidian-kanban.md": [
            "frontMatter 1-5", "fencedCode 31-33", "TODO h2 7-14", "DOING h2 15-20", "DONE h2 21-34",
            "9 TODO [ ] 'Plan the sprint' due 2026-11-24",
            "10 TODO [ ] 'Draft the onboarding doc' due 2026-11-30 body 11-11",
            "12 TODO [ ] 'Clean up stale branches'",
            "17 DOING [ ] 'Migrate CI to the new runners' due 2026-11-20",
            "18 DOING [ ] 'Rotate the staging keys'",
            "24 DONE [x] 'Retire the old dashboard' due 2026-11-12",
            "25 DONE [x] 'Update the on-call rota'",
        ],
        "30-messy.md": [
            "fencedCode 5-8", "htmlComment 29-32", "TODO h2 10-22", "DOING h2 23-32", "DONE h2 33-35",
            "12 TODO [ ] 'Fix the login bug' due 2026-11-02 body 13-16",
            "17 TODO [x] 'Checked but still in TODO'",
            "20 TODO [ ] ''",
            "21 TODO [ ] 'Due in Tasks style' due 2026-12-24",
            "25 DOING [ ] 'Half-done thing' due 2026-11-30 body 26-26",
            "34 DONE [x] 'Shipped the thing' due 2026-11-01",
            "35 DONE [x] 'Last line, no final newline'",
            "plain 18", "plain 27",
        ],
        "31-no-newline-after-heading.md": ["TODO h2 1-1"],
        "32-single-cr.md": [],
    ]

    @Test func everyFixtureHasAnExpectedStructure() {
        #expect(Set(Fixtures.names) == Set(Self.expected.keys))
    }

    @Test(arguments: Fixtures.names)
    func fixtureStructure(name: String) {
        let board = Board(parsing: Fixtures.bytes(name))
        #expect(board.outline() == Self.expected[name])
    }

    @Test func dueTokensKeepTheirSpellingAndPlace() throws {
        let board = Board(parsing: "## TODO\n- [ ] a due:2026-12-01\n- [ ] b 📅 2026-12-02 tail\n- [ ] c @{2026-12-03}\n")
        let styles = board.items.map { $0.dueToken?.style }
        #expect(styles == [.todoTxt, .obsidianTasks, .obsidianKanban])
        let spellings = board.items.compactMap { item in
            item.dueToken.map { String(decoding: board.bytes[$0.range], as: UTF8.self) }
        }
        #expect(spellings == ["due:2026-12-01", "📅 2026-12-02", "@{2026-12-03}"])
        let tasks = try #require(board.items[1].dueToken)
        #expect(board.column(ofOffset: tasks.range.lowerBound, onLine: 2) == 9)
    }

    /// Every due token on a line, read word by word as FORMAT.md spells them: the reference for the parser's
    /// eight-bytes-at-a-time scan, whichever byte of a word of eight each trigger falls on.
    static func referenceDueTokens(_ text: [UInt8]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var position = 0
        while position < text.count {
            while position < text.count, text[position] == 0x20 || text[position] == 0x09 { position += 1 }
            let start = position
            while position < text.count, text[position] != 0x20, text[position] != 0x09 { position += 1 }
            if position > start { words.append(start..<position) }
        }
        let calendars = [Array("📅".utf8), Array("📅\u{FE0F}".utf8)]
        var tokens: [Range<Int>] = []
        for (index, word) in words.enumerated() {
            let bytes = Array(text[word])
            if bytes.starts(with: Array("due:".utf8)), bytes.count > 4 {
                tokens.append(word)
            } else if bytes.starts(with: Array("@{".utf8)), bytes.count >= 3, bytes.last == UInt8(ascii: "}") {
                tokens.append(word)
            } else if calendars.contains(bytes), index + 1 < words.count {
                let date = Array(text[words[index + 1]])
                let shaped = date.count == 10 && date.indices.allSatisfy { i in
                    i == 4 || i == 7 ? date[i] == UInt8(ascii: "-") : (48...57).contains(date[i])
                }
                if shaped { tokens.append(word.lowerBound..<words[index + 1].upperBound) }
            }
        }
        return tokens
    }

    /// The date a token spells, if it is a real one.
    static func referenceDate(_ token: [UInt8]) -> CivilDate? {
        if token.starts(with: Array("due:".utf8)) { return CivilDate(iso: token.dropFirst(4)) }
        if token.starts(with: Array("@{".utf8)) { return CivilDate(iso: token.dropFirst(2).dropLast()) }
        return CivilDate(iso: token.suffix(10))
    }

    static func randomTitle(_ rng: inout SeededGenerator) -> String {
        let words = ["due:2026-12-01", "due:", "due:x", "xdue:2026-01-01", "due:due:1", "@{2026-01-02}", "@{", "@{}",
                     "a@{2026-01-01}", "@{x", "📅", "📅\u{FE0F}", "2026-03-04", "2026-3-04", "📅2026-01-01", "🚀", "🚀📅",
                     "한국어", "w", "words", ":", "{", "::{{", "due:2026-02-30", "@{due:2026-01-01}",
                     // 📅 and ✅ are found by their last byte, 0x85, which these share: Å, ą, …, ✅ itself.
                     "Å", "Å📅", "ą📅", "…", "✅", "✅📅", "x✅", "📅Å"]
        let separators = [" ", " ", "  ", "\t"]
        var title = ""
        for index in 0..<Int.random(in: 1...8, using: &rng) {
            if index > 0 { title += separators.randomElement(using: &rng) ?? " " }
            title += words.randomElement(using: &rng) ?? ""
        }
        return title
    }

    /// The parser's due tokens of every item, as ranges relative to the text after the checkbox.
    static func parsedDueTokens(_ board: Board) -> [[Range<Int>]] {
        board.items.map { item in
            ([item.firstDueToken].compactMap { $0 } + board.otherDueTokens(of: item)).map {
                ($0.range.lowerBound - item.textStart)..<($0.range.upperBound - item.textStart)
            }
        }
    }

    @Test func dueTokensOnRandomLinesMatchAWordByWordReading() {
        var rng = SeededGenerator(seed: 0xD0E)
        for run in 0..<3_000 {
            let title = Self.randomTitle(&rng)
            let board = Board(parsing: Array("## TODO\n- [ ] \(title)\n".utf8))
            let expected = [Self.referenceDueTokens(Array(title.utf8))]
            #expect(Self.parsedDueTokens(board) == expected, "run \(run): \(title)")
            if Self.parsedDueTokens(board) != expected { return }
        }
    }

    /// A board large enough that its due tokens are found in shares, on several threads.
    @Test func dueTokensOfALargeBoardMatchAWordByWordReading() throws {
        var rng = SeededGenerator(seed: 0x5BA2E)
        let titles = (0..<40_000).map { _ in Self.randomTitle(&rng) }
        let board = Board(parsing: Array(("## TODO\n" + titles.map { "- [ ] \($0)\n" }.joined()).utf8))
        try #require(board.items.count == titles.count)
        let expected = titles.map { Self.referenceDueTokens(Array($0.utf8)) }
        let found = Self.parsedDueTokens(board)
        let wrong = titles.indices.filter { found[$0] != expected[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) items differ, the first: \(wrong.first.map { titles[$0] } ?? "")")
        // The due date is the first token whose date is real.
        let dueTokens = board.items.map { item in
            item.dueToken.map { ($0.range.lowerBound - item.textStart)..<($0.range.upperBound - item.textStart) }
        }
        let expectedDueTokens = zip(titles, expected).map { title, ranges in
            ranges.first { Self.referenceDate(Array(Array(title.utf8)[$0])) != nil }
        }
        let wrongDue = titles.indices.filter { dueTokens[$0] != expectedDueTokens[$0] }
        #expect(wrongDue.isEmpty, "\(wrongDue.count) due dates differ, the first: \(wrongDue.first.map { titles[$0] } ?? "")")
    }

    /// The due tokens are found behind the line loop, a run of 4,096 items at a time, the last runs by the loop's
    /// own core: at every count around a run's end, every item gets its own.
    @Test(arguments: [1, 4_095, 4_096, 4_097, 8_191, 12_288, 12_289, 40_961])
    func everyItemGetsItsDueDateAtEveryCount(count: Int) {
        let dates = (0..<count).map { CivilDate(year: 2000 + $0 % 50, month: 1 + $0 % 12, day: 1 + $0 % 28) }
        var text = "## TODO\n"
        for (index, date) in dates.enumerated() {
            // A body line now and then, so items and lines do not line up.
            text += "- [ ] item \(index) due:\(date.map(\.description) ?? "")\n" + (index % 3 == 0 ? "  body\n" : "")
        }
        let board = Board(parsing: Array(text.utf8))
        #expect(board.items.count == count)
        let wrong = board.items.indices.filter { board.items[$0].due != dates[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) items have another due date, the first: \(wrong.first.map(String.init) ?? "")")
    }

    @Test func bodyLinesAreTextWithoutTheirCommonIndent() {
        let board = Board(parsing: Fixtures.bytes("30-messy.md"))
        let item = board.items[0]
        #expect(board.bodyLines(of: item) == [
            "Steps: open the app, wait.", "", "- [ ] nested step, part of the body", "\ttab-indented body line",
        ])
    }

    @Test func titleCollapsesOnlyTheWhitespaceWhereTheTokenStood() {
        let board = Board(parsing: "## TODO\n- [ ]   two  spaces   due:2026-01-01   after  \n")
        #expect(board.title(of: board.items[0]) == "two  spaces after")
    }

    @Test func lineEndingIsTheFirstLines() {
        #expect(Board(parsing: "a\r\nb\n").lineEnding == Array("\r\n".utf8))
        #expect(Board(parsing: "a\nb\r\n").lineEnding == Array("\n".utf8))
        #expect(Board(parsing: "").lineEnding == Array("\n".utf8))
        #expect(Board(parsing: "no ending").lineEnding == Array("\n".utf8))
    }
}

/// Section headings are named by their text, compared without case and with inner whitespace collapsed (FORMAT.md
/// §3); the parser gathers a name in two words, so names around 16 bytes long are the edge.
@Suite struct SectionNameTests {
    static func kind(_ heading: String) -> SectionKind? {
        Board(parsing: Array("\(heading)\n- [ ] x\n".utf8)).sections.first?.kind
    }

    @Test func everyAliasInAnyCaseAndSpacingNamesItsSection() {
        let named: [(String, SectionKind)] = [
            ("## TODO", .todo), ("## to do", .todo), ("## To-Do", .todo), ("# todo", .todo), ("## To\t \tDo", .todo),
            ("## DOING", .doing), ("## In Progress", .doing), ("## in      progress", .doing), ("## IN PROGRESS (3)", .doing),
            ("## Done", .done), ("### DONE ##", .done), ("## Archive", .archive), ("## ARCHIVE", .archive),
            // The text is at most 24 bytes before its whitespace is collapsed.
            ("## to" + String(repeating: " ", count: 20) + "do", .todo),
        ]
        for (heading, kind) in named { #expect(Self.kind(heading) == kind, "\(heading)") }
    }

    @Test func otherNamesNameNoSection() {
        let others = [
            "## TOD", "## todos", "## to  do it", "## in progressss", "## in progres", "## doing it", "## done.", "## archived",
            // 16 bytes and more, in both words: no name of a section is that long.
            "## in progress in pr", "## todo todo todo todo", "## archive archive", "## in progressxxxxx",
            "## to" + String(repeating: " ", count: 21) + "do", "## ", "##",
        ]
        for heading in others { #expect(Self.kind(heading) == nil, "\(heading)") }
    }

    /// The name FORMAT.md §3 reads from a heading's text: ASCII letters lowered, runs of spaces and tabs made one
    /// space, the text (at most 24 bytes) compared whole with each alias.
    static func reference(_ text: [UInt8]) -> SectionKind? {
        guard text.count <= 24 else { return nil }
        var name: [UInt8] = []
        for byte in text {
            if byte == 0x20 || byte == 0x09 {
                if name.last != 0x20 { name.append(0x20) }
            } else {
                name.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
        }
        let aliases: [String: SectionKind] = [
            "todo": .todo, "to do": .todo, "to-do": .todo, "doing": .doing, "in progress": .doing, "done": .done,
            "archive": .archive,
        ]
        return aliases[String(decoding: name, as: UTF8.self)]
    }

    /// Random texts made of the aliases' letters in both cases, bytes one bit away from them, spaces and tabs: the
    /// parser names the same section as the reference reading.
    @Test func randomTextsNameWhatTheReferenceNames() {
        var rng = SeededGenerator(seed: 0x5EC7_10A5)
        let aliases = ["todo", "to do", "to-do", "doing", "in progress", "done", "archive"]
        var differences: [String] = []
        for _ in 0..<20_000 {
            var text = Array(aliases[Int.random(in: 0..<aliases.count, using: &rng)].utf8)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let at = Int.random(in: 0...text.count, using: &rng)
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: text.insert([0x20, 0x09][Int.random(in: 0...1, using: &rng)], at: at)
                case 1 where at < text.count: text[at] ^= 0x20  // case, or a byte one bit away
                case 2 where at < text.count: text[at] ^= [0x01, 0x40, 0x80][Int.random(in: 0...2, using: &rng)]
                case 3 where at < text.count: text.remove(at: at)
                case 4: text.insert(Array("todaginprsecvh-".utf8)[Int.random(in: 0..<15, using: &rng)], at: at)
                default: break
                }
            }
            // Headings are trimmed before they are named.
            while text.first == 0x20 || text.first == 0x09 { text.removeFirst() }
            while text.last == 0x20 || text.last == 0x09 { text.removeLast() }
            guard !text.isEmpty, !text.contains(0x23), !text.contains(0x0A), !text.contains(0x0D),
                  text.last != 0x29 else { continue }
            let board = Board(parsing: Array("## ".utf8) + text + Array("\n- [ ] x\n".utf8))
            if board.sections.first?.kind != Self.reference(text) { differences.append(String(decoding: text, as: UTF8.self)) }
        }
        #expect(differences.count == 0, "the first that differs: \(differences.first ?? "")")
    }
}

/// Due and done tokens are found sixteen bytes at a time, then eight, then in the line's last word: each kind of
/// token, and text with the bytes the scan stops at (Hangul with an 0x85 byte, colons, braces), at every offset
/// around those runs must be read as at the start of the line.
@Suite struct TokenOffsetTests {
    @Test(arguments: ["x", "테", ":", "{"])
    func everyTokenIsFoundAtEveryOffset(filler: String) throws {
        for padding in 0..<40 {
            let lead = "- [ ] " + String(repeating: filler, count: padding) + " "
            let line = lead + "due:2026-12-01 ✅ 2026-11-20 📅 2026-10-10 @{2026-09-09} Due:2026-01-01 tail"
            let board = Board(parsing: "## TODO\n" + line + "\n")
            let item = try #require(board.items.first)
            let at = 8 + lead.utf8.count
            #expect(item.dueToken?.range == at..<(at + 14), "padding \(padding)")
            #expect(item.due == CivilDate(year: 2026, month: 12, day: 1), "padding \(padding)")
            #expect(item.doneToken?.range == (at + 15)..<(at + 15 + 14), "padding \(padding)")
            #expect(item.hasOtherDueTokens, "padding \(padding)")
            #expect(board.otherDueTokens(of: item).map(\.range.lowerBound) == [at + 30, at + 46], "padding \(padding)")
            #expect(item.mayHaveNearMissDate, "padding \(padding)")
        }
    }
}
