@testable import BoardLanguageServer
import Testing

@Suite struct AnswerTextTests {
    /// The diagnostics and the folds are written as JSON text and the outline as it is sent, not built as trees of
    /// values (265 MB for the outline of 100,000 items), and read back as the protocol has them: escapes, keys in
    /// order, every field. The outline's length, worked out before it is written, is the length written.
    @Test func theOutlineAndTheDiagnosticsAreWrittenAsText() throws {
        let text = "## TODO\r\n- [ ] \"Quote\" \\ tab\t 한 🚀 due:2026-12-01\r\n- [ ] \r\n## DONE\r\n- [x] Old done:2026-11-01\r\n  body\r\n"
        let document = OpenDocument(uri: "file:///a\"b.md", version: 7, text: TextDocument(Array(text.utf8)))
        let symbols = document.symbols(.utf16), diagnostics = document.diagnostics(.utf16)
        let folds = document.foldingRanges()
        guard case .streamed = symbols, case .raw = diagnostics, case .raw = folds else {
            Issue.record("an answer was built as a tree")
            return
        }
        #expect(try JSON(parsing: folds.serialized) == [["startLine": 0, "endLine": 2, "kind": "region"],
                                                        ["startLine": 3, "endLine": 5, "kind": "region"],
                                                        ["startLine": 4, "endLine": 5, "kind": "region"]])
        #expect(symbols.serializedParts.reduce(0) { $0 + $1.count } == symbols.serialized.count)
        let outline = try JSON(parsing: symbols.serialized)
        let todo = outline.array?.first
        #expect(todo?["name"] == "TODO" && todo?["detail"] == "2 items" && todo?["kind"] == 3)
        #expect(numbers(todo?["range"]) == [0, 0, 2, 6] && numbers(todo?["selectionRange"]) == [0, 0, 0, 7])
        let first = todo?["children"]?.array?.first
        #expect(first?["name"] == "\"Quote\" \\ tab\t 한 🚀" && first?["detail"] == "due 2026-12-01" && first?["kind"] == 24)
        #expect(numbers(first?["range"]) == [1, 0, 1, 40] && numbers(first?["selectionRange"]) == [1, 6, 1, 25])
        #expect(todo?["children"]?.array?.last?["name"] == "(empty title)")
        let done = outline.array?.last?["children"]?.array?.first
        #expect(done?["detail"] == "done 2026-11-01" && numbers(done?["range"]) == [4, 0, 5, 6])
        let published = try JSON(parsing: diagnostics.serialized)
        #expect(published["method"] == "textDocument/publishDiagnostics")
        #expect(published["params"]?["uri"] == "file:///a\"b.md" && published["params"]?["version"] == 7)
        let found = published["params"]?["diagnostics"]?.array ?? []
        #expect(found.map { $0["code"] } == ["missing-section", "empty-title"] && found.map { $0["severity"] } == [2, 1])
        #expect(found.allSatisfy { $0["source"] == "board" } && found.map { numbers($0["range"]) } == [[0, 0, 0, 0], [2, 2, 2, 5]])
        #expect(found.map { $0["message"] } == document.findings.map { JSON.string($0.message) })
    }
}

extension AnswerTextTests {
    /// A fold ends on the protocol's line of its last line's end: a lone CR in the last body line is a line break to
    /// the editor, and the fold stopped at it, leaving the rest of the body in view.
    @Test func aFoldEndsWhereItsLastLineEnds() throws {
        let text = "## TODO\n- [ ] a\n  note one\r  note two\n## DOING\n## DONE\n"
        let document = OpenDocument(uri: "file:///b.md", version: 1, text: TextDocument(Array(text.utf8)))
        #expect(try JSON(parsing: document.foldingRanges().serialized) == [["startLine": 0, "endLine": 3, "kind": "region"],
                                                                          ["startLine": 1, "endLine": 3, "kind": "region"]])
    }
}

@Suite struct TextDocumentTests {
    /// A change looks again only at the lines around it: where lines start afterwards is where they start in the
    /// same text read whole, for random texts of CRs, LFs and letters and random changes, CRs meeting LFs at the
    /// change's edges included.
    @Test func aChangedDocumentHasTheLinesOfItsTextReadWhole() {
        var state: UInt64 = 0x7E57
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["\r", "\n", "\r\n", "a", "bc", "é"]
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces[random(pieces.count)] }.joined() }
        for round in 0..<5_000 {
            var document = TextDocument(Array(text(random(12)).utf8))
            for _ in 0..<4 {
                let from = Position(line: random(6), character: random(4))
                let to = Position(line: from.line + random(3), character: random(4))
                let encoding: PositionEncoding = round % 2 == 0 ? .utf8 : .utf16
                document.apply(Array(text(random(5)).utf8), in: (from, to), encoding)
                #expect(document == TextDocument(document.bytes), "round \(round)")
            }
        }
    }
}

extension TextDocumentTests {
    /// Positions and byte offsets convert as the protocol counts characters, in both encodings, on random lines of
    /// long ASCII runs (crossed eight bytes at a time) between characters of two, three and four bytes: a character
    /// past the line's end is its end, one inside a character that character's start; an offset inside a character
    /// counts its bytes so far in UTF-8 and the whole of it in UTF-16.
    @Test func positionsAndOffsetsCountCharactersAsTheProtocolDoes() {
        var state: UInt64 = 0xA5C11
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let wide = ["é", "한", "🚀"]
        for round in 0..<2_000 {
            let lines = (0..<(1 + random(3))).map { _ in
                (0..<random(5)).map { _ in String(repeating: "a", count: random(20)) + wide[random(3)] }.joined()
                    + String(repeating: "b", count: random(12))
            }
            let text = lines.joined(separator: round % 2 == 0 ? "\n" : "\r\n")
            let document = TextDocument(Array(text.utf8))
            let starts = lines.indices.map { index in lines[..<index].reduce(0) { $0 + $1.utf8.count + (round % 2 == 0 ? 1 : 2) } }
            for (number, line) in lines.enumerated() {
                for encoding in [PositionEncoding.utf8, .utf16] {
                    func units(_ scalar: Unicode.Scalar) -> Int { encoding == .utf8 ? scalar.utf8.count : scalar.utf16.count }
                    // Each character's units and bytes, counted before it.
                    var before: [(units: Int, bytes: Int)] = [(0, 0)]
                    for scalar in line.unicodeScalars {
                        before.append((before[before.count - 1].units + units(scalar), before[before.count - 1].bytes + scalar.utf8.count))
                    }
                    for character in 0...(before[before.count - 1].units + 2) {
                        let expected = starts[number] + (before.last { $0.units <= character }?.bytes ?? 0)
                        #expect(document.offset(of: Position(line: number, character: character), encoding) == expected,
                                "round \(round), line \(number), character \(character), \(encoding)")
                    }
                    for offset in 0...line.utf8.count {
                        let whole = before.last { $0.bytes <= offset } ?? (0, 0)
                        let inside = offset - whole.bytes
                        let next = before.first { $0.bytes > offset }
                        let character = inside == 0 ? whole.units : encoding == .utf8 ? whole.units + inside : next?.units ?? whole.units
                        #expect(document.position(of: starts[number] + offset, encoding) == Position(line: number, character: character),
                                "round \(round), line \(number), offset \(offset), \(encoding)")
                    }
                }
            }
        }
    }
}

/// A notification's changes applied together give the text they give applied one at a time: random texts of CRs,
/// LFs, letters and wide characters, and runs of changes each after the one before or each before it (starts past
/// their line's end or inside a CRLF, CRs meeting LFs, a change overlapping the one before), in both encodings.
@Suite struct ChangeRunTests {
    @Test func runsOfChangesGiveWhatOneAtATimeGives() {
        var state: UInt64 = 0xC4A96E
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        let pieces = ["\r", "\n", "\r\n", "a", "bc", "é", "🚀", "\n- [ ] x"]
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces[random(pieces.count)] }.joined() }
        var batched = 0
        for round in 0..<20_000 {
            let encoding: PositionEncoding = round % 2 == 0 ? .utf8 : .utf16
            let start = TextDocument(Array(text(random(30)).utf8))
            var oneAtATime = start
            var changes: [TextDocument.Change] = []
            // Each change before the last one's start, or after the end of what it put in, mostly.
            let descending = random(2) == 0
            var bound = descending ? start.bytes.count : 0
            for _ in 0..<(2 + random(6)) {
                let count = oneAtATime.bytes.count
                // A third of the changes touch the one before, where what it put in meets what this one puts in.
                let touching = random(3) == 0
                var from = touching ? bound : descending ? random(bound + 1) : bound + random(count - bound + 1)
                var to = min(count, from + random(4))
                // Going down, a change that touches the one before ends where that one starts.
                if touching, descending { (from, to) = (max(0, bound - random(4)), bound) }
                var range = (oneAtATime.position(of: from, encoding), oneAtATime.position(of: to, encoding))
                if random(8) == 0 { range.0.character += 1 + random(3); range.1 = range.0 }
                let newText = Array(text(random(3)).utf8)
                let change = TextDocument.Change(text: newText, range: random(40) == 0 ? nil : range)
                changes.append(change)
                oneAtATime.apply(change.text, in: change.range, encoding)
                bound = descending ? from : min(oneAtATime.bytes.count, from + newText.count)
            }
            if start.orderedRun(changes[...], encoding).taken > 1 { batched += 1 }
            var together = start
            together.apply(changes, encoding, shortestRun: 2)
            #expect(together == oneAtATime, "round \(round): \(String(decoding: start.bytes, as: UTF8.self).debugDescription)")
            if together != oneAtATime { return }
        }
        // Most rounds start with a run the batch takes.
        #expect(batched > 10_000, "\(batched) runs")
    }

    /// A change that meets the one before it within a run reads the bytes that one put in beside it, not the text's:
    /// an LF put in right after a CR the change before put in makes one line break, and the lines after it count
    /// one fewer (cases an adversarial run found, going up and going down).
    @Test func aChangeMeetingTheOneBeforeSeesWhatItPutIn() {
        func lines(_ text: String, _ changes: [(Int, Int, Int, Int, String)]) -> (together: String, oneAtATime: String) {
            let start = TextDocument(Array(text.utf8))
            let read = changes.map { TextDocument.Change(text: Array($0.4.utf8), range: (Position(line: $0.0, character: $0.1), Position(line: $0.2, character: $0.3))) }
            var together = start, oneAtATime = start
            together.apply(read, .utf16, shortestRun: 2)
            for change in read { oneAtATime.apply(change.text, in: change.range, .utf16) }
            return (String(decoding: together.bytes, as: UTF8.self), String(decoding: oneAtATime.bytes, as: UTF8.self))
        }
        for (text, changes) in [
            ("## TODO\n- [ ] ab\n- [ ] cd\n", [(1, 7, 1, 7, "\r"), (2, 0, 2, 0, "\n"), (3, 1, 3, 1, "Z")]),
            ("## TODO\n- [ ] ab\n- [ ] cd\n", [(1, 7, 1, 7, "x\r"), (2, 0, 2, 1, ""), (2, 0, 2, 0, "Z")]),
            ("## TODO\r- [ ] ab\n- [ ] cd\n", [(1, 0, 1, 1, ""), (1, 0, 1, 1, "\n"), (2, 6, 2, 6, "Z")]),
            ("## TODO\r- [ ] ab\n", [(1, 1, 1, 1, "\n"), (1, 0, 1, 1, ""), (1, 0, 1, 0, "- [ ] Z ")]),
        ] {
            let result = lines(text, changes)
            #expect(result.together == result.oneAtATime, "\(text.debugDescription)")
        }
        #expect(lines("## TODO\n- [ ] ab\n- [ ] cd\n", [(1, 7, 1, 7, "\r"), (2, 0, 2, 0, "\n"), (3, 1, 3, 1, "Z")]).together
                == "## TODO\n- [ ] a\r\nb\n-Z [ ] cd\n")
    }
}

/// The reader lets go of what it read once every frame in it is taken: a 6 MB `didOpen` was held twice (the bytes
/// read and the frame's) while the server handled it. A frame cut short keeps its bytes until the rest comes.
@Suite struct MessageReaderMemoryTests {
    @Test func theBytesReadGoOnceEveryFrameIsTaken() {
        let body = Array("{\"text\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 100_000) + Array("\"}".utf8)
        let framed = MessageReader.framed(body)
        var reader = MessageReader()
        reader.append(framed)
        #expect(reader.next() == .message(body))
        #expect(reader.buffer.isEmpty)
        // With the start of the next frame read too, its bytes stay until the rest comes; then they go as well.
        reader.append(framed + Array(framed.prefix(30)))
        #expect(reader.next() == .message(body))
        #expect(reader.next() == nil)
        reader.append(Array(framed.dropFirst(30)))
        #expect(reader.next() == .message(body))
        #expect(reader.buffer.isEmpty)
    }
}
