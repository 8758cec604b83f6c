import BoardKit

/// `board html`: the board as one self-contained HTML page. Nothing from the file can run script or load anything:
/// every string is escaped, links are kept only for http, https and mailto, and the page's own policy forbids
/// scripts and every load besides its inline style.
enum HTMLPage {
    /// The page, streamed to `output`; with `stats`, the cumulative flow under the board as an inline SVG chart.
    /// The items are written from the file's bytes, a share of them on each core, as `list --json` is.
    static func write(_ board: Board, today: CivilDate, stats: StatsReport? = nil, to output: inout Output) {
        let title = escape(pageTitle(board))
        var piece = ByteWriter()
        piece.append(string: """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            <header><h1>\(title)</h1><p class="today">As of \(today)</p></header>
            <main class="board">

            """)
        // The items of the three sections (by their index in the board, in the file's order within each) in one
        // run of shares (a ring of buffers each), each section's first item led by what comes between it and the
        // last section's items. The list has room for every item from the start, laid out for huge pages, rather
        // than grown into fresh pages.
        var order: [UInt32] = []
        Memory.reserve(&order, board.items.count)
        var leads: [(position: Int, bytes: [UInt8])] = []
        for kind in SectionKind.allCases {
            let start = order.count
            for index in board.items.indices where board.kind(of: board.items[index]) == kind {
                order.append(UInt32(truncatingIfNeeded: index))
            }
            let itemCount = order.count - start
            let id = "section-\(kind.name.lowercased())"
            var count = "\(itemCount)"
            var over = false
            if let limit = board.firstSection(kind).flatMap({ board.sections[$0].limit }) {
                count += "/\(limit)"
                over = itemCount > limit
            }
            piece.append(string: "<section class=\"column\(over ? " over-limit" : "")\" aria-labelledby=\"\(id)\">\n")
            piece.append(string: "<h2 id=\"\(id)\">\(kind.name) <span class=\"count\">\(count)</span>")
            if over { piece.append(" <span class=\"warning\">over limit</span>") }
            piece.append("</h2>\n")
            if itemCount == 0 {
                piece.append("<p class=\"empty\">(empty)</p>\n")
            } else {
                piece.append("<ul class=\"items\">\n")
                leads.append((start, piece.bytes))
                piece.truncate(to: 0)
                piece.append("</ul>\n")
            }
            piece.append("</section>\n")
        }
        piece.append("</main>\n")
        if let stats { piece.append(string: flowChart(stats)) }
        piece.append("</body>\n</html>\n")
        let (positions, sectionStarts) = (order, leads)
        // The file's bytes, lent once for every title and body line; the shares only read them.
        board.bytes.withUnsafeBufferPointer { file in
            nonisolated(unsafe) let file = file
            Report.writeInShares(positions.count, weight: { Report.fileBytes(of: board.items[Int(positions[$0])], in: board) },
                                 to: &output) { position, out in
                if let lead = sectionStarts.first(where: { $0.position == position }) {
                    lead.bytes.withUnsafeBufferPointer { out.append($0) }
                }
                item(board.items[Int(positions[position])], board, today, file, to: &out)
            }
        }
        output.stream(&piece)
    }

    /// The counts at the end of each week as stacked bars (TODO, DOING, DONE from the top), with the figures in
    /// text for those who do not see the chart.
    static func flowChart(_ stats: StatsReport) -> String {
        let weeks = stats.weeklyCounts
        let most = max(1, weeks.compactMap { $0.counts.map { $0.todo + $0.doing + $0.done } }.max() ?? 1)
        let (barWidth, height, gap) = (36, 160, 12)
        let width = weeks.count * (barWidth + gap) + gap
        var svg = "<svg class=\"flow\" role=\"img\" aria-labelledby=\"flow-title\" viewBox=\"0 0 \(width) \(height + 20)\" width=\"\(width)\" height=\"\(height + 20)\">"
        svg += "<title id=\"flow-title\">Cumulative flow: items in TODO, DOING and DONE at the end of each week</title>"
        var rows = ""
        for (index, week) in weeks.enumerated() {
            let x = gap + index * (barWidth + gap)
            svg += "<text x=\"\(x)\" y=\"\(height + 14)\" class=\"axis\">\(week.week.month)/\(week.week.day)</text>"
            guard let counts = week.counts else { continue }
            var y = height
            for (count, kind) in [(counts.done, "done"), (counts.doing, "doing"), (counts.todo, "todo")] where count > 0 {
                let h = count * height / most
                y -= h
                svg += "<rect class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(h)\"></rect>"
            }
            rows += "<tr><td>\(week.week)</td><td>\(counts.todo)</td><td>\(counts.doing)</td><td>\(counts.done)</td></tr>"
        }
        svg += "</svg>"
        return """
            <section class="stats" aria-labelledby="stats-title">
            <h2 id="stats-title">Cumulative flow</h2>
            <p class="legend"><span class="key todo"></span> TODO <span class="key doing"></span> DOING <span class="key done"></span> DONE</p>
            \(svg)
            <table><thead><tr><th>Week of</th><th>TODO</th><th>DOING</th><th>DONE</th></tr></thead><tbody>\(rows)</tbody></table>
            </section>

            """
    }

    /// The first level-one heading's text outside front matter, code, comments and items (their bodies included);
    /// else "Board". A heading as FORMAT §3 reads one: up to three spaces (after a byte-order mark on the first
    /// line), `#`, then a space or a tab; its text without surrounding blanks and a closing run of `#`.
    static func pageTitle(_ board: Board) -> String {
        let bytes = board.bytes
        var region = 0, item = 0
        for (index, line) in board.lines.enumerated() {
            while region < board.regions.count, board.regions[region].lines.upperBound <= index { region += 1 }
            if region < board.regions.count, board.regions[region].lines.contains(index) { continue }
            while item < board.items.count, board.items[item].lines.upperBound <= index { item += 1 }
            if item < board.items.count, board.items[item].lines.contains(index) { continue }
            var start = index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, line.contentEnd) : line.start
            let indent = start
            func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            while start < line.contentEnd, start - indent < 4, bytes[start] == UInt8(ascii: " ") { start += 1 }
            guard start - indent < 4, start + 1 < line.contentEnd, bytes[start] == UInt8(ascii: "#"), isBlank(bytes[start + 1])
            else { continue }
            var text = (start + 2)..<line.contentEnd
            while let last = text.last, isBlank(bytes[last]) || bytes[last] == UInt8(ascii: "#") { text = text.dropLast() }
            while let first = text.first, isBlank(bytes[first]) { text = text.dropFirst() }
            if !text.isEmpty { return String(decoding: bytes[text], as: UTF8.self) }
        }
        return "Board"
    }

    /// One item as a list entry, written from the file's bytes (`file`).
    static func item(_ item: Item, _ board: Board, _ today: CivilDate, _ file: UnsafeBufferPointer<UInt8>,
                     to out: inout ByteWriter) {
        let kind = board.kind(of: item)
        let overdue = item.due.map { $0 < today && kind != .done } ?? false
        out.append("<li class=\"item")
        if item.checked { out.append(" checked") }
        if overdue { out.append(" overdue") }
        out.append("\">")
        out.append(item.checked ? "<span class=\"box\" role=\"img\" aria-label=\"done\">☑</span> "
            : "<span class=\"box\" role=\"img\" aria-label=\"not done\">☐</span> ")
        // `dir` isolates the title (HTML's `[dir] { unicode-bidi: isolate }`): a right-to-left title, or a bidi
        // override in it, never reorders the dates after it.
        out.append("<span class=\"title\" dir=\"auto\">")
        board.withTitleBytes(of: item, in: file) { bytes, range in titleWithChips(UnsafeBufferPointer(rebasing: bytes[range]), to: &out) }
        out.append("</span>")
        if let due = item.due {
            if overdue {
                out.append(" <span class=\"due overdue\">! ")
                due.append(to: &out)
                out.append(" overdue</span>")
            } else if due == today && kind != .done {
                out.append(" <span class=\"due today\">")
                due.append(to: &out)
                out.append(" today</span>")
            } else {
                out.append(" <span class=\"due\">due ")
                due.append(to: &out)
                out.append("</span>")
            }
        }
        if let done = board.doneDate(of: item) {
            out.append(" <span class=\"done\">done ")
            done.append(to: &out)
            out.append("</span>")
        }
        if !item.body.isEmpty {
            out.append("\n<div class=\"body\">")
            var blocks = Markdown.Blocks()
            board.forEachBodyLine(of: item) {
                blocks.add(UnsafeBufferPointer(rebasing: file[$0]), to: &out)
                out.drainIfFull()
            }
            blocks.finish(&out)
            out.append("</div>")
        }
        out.append("</li>\n")
    }

    /// The title escaped, its tags and people (words between spaces or tabs, as `list --json` reads them) as chips.
    static func titleWithChips(_ title: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        // Most titles have no sigil: escaped whole, not a word at a time.
        guard title.contains(where: { $0 == Labels.tag || $0 == Labels.person }) else { return escape(title, to: &out) }
        var start = 0
        while start <= title.count {
            var end = start
            while end < title.count, title[end] != UInt8(ascii: " "), title[end] != UInt8(ascii: "\t") { end += 1 }
            let word = UnsafeBufferPointer(rebasing: title[start..<end])
            if start > 0 { out.append(title[start - 1]) }
            // Only a word that starts with a sigil is read as a label.
            if let first = word.first, first == Labels.tag || first == Labels.person, let sigil = Labels.sigil(ofLabel: word) {
                out.append(sigil == Labels.tag ? "<span class=\"chip tag\">" : "<span class=\"chip person\">")
                escape(word, to: &out)
                out.append("</span>")
            } else {
                escape(word, to: &out)
            }
            start = end + 1
        }
    }

    /// Text for HTML, in content or in a quoted attribute.
    static func escape(_ text: String) -> String {
        var text = text
        var out = ByteWriter(capacity: text.utf8.count + 16)
        text.withUTF8 { escape($0, to: &out) }
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `escape` of bytes from the file, written to `out`: runs that need nothing copied whole. Bytes that are not
    /// UTF-8 are U+FFFD, as `String(decoding:as:)` would decode them. What is written may go out as it comes
    /// (`drainIfFull`).
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        var runStart = 0
        var index = 0
        func flush() { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        while index < bytes.count {
            index = UTF8Sequence.printableASCIIEnd(in: bytes, from: index, markup: true)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            var length = 1
            var replacement: StaticString = ""
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            // Tab and line feed stay; a lone CR, a line ending to CommonMark, is a space (the words either side stay
            // apart); other control characters, which HTML does not allow, are U+FFFD (helper-52: dropped, they hid
            // that the file held something there).
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                index += 1
                continue
            case UInt8(ascii: "\r"): replacement = " "
            case ..<0x80: replacement = "\u{FFFD}"
            default:
                let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
                if commonEnd > index {
                    index = commonEnd
                    continue
                }
                guard let scalarLength = UTF8Sequence.length(in: bytes, at: index) else {
                    index = out.appendReplacingIllFormed(bytes, run: runStart, at: index)
                    runStart = index
                    continue
                }
                length = scalarLength
                let scalar = UTF8Sequence.scalar(in: bytes, at: index, length: length)
                // C1 controls (U+0080 to U+009F) and noncharacters (U+FDD0 to U+FDEF, U+FFFE, U+FFFF, U+1FFFE, …:
                // a parse error in a page) are U+FFFD too; invisible formatting (a bidi override) is written as a
                // reference: the same page, and nothing hidden in its source.
                if isInvisibleFormatting(scalar) {
                    flush()
                    out.append("&#x")
                    out.appendHex(scalar)
                    out.append(UInt8(ascii: ";"))
                    index += length
                    runStart = index
                    out.drainIfFull()
                    continue
                }
                guard (0x80...0x9F).contains(scalar) || (0xFDD0...0xFDEF).contains(scalar) || scalar & 0xFFFE == 0xFFFE else {
                    index += length
                    continue
                }
                replacement = "\u{FFFD}"
            }
            flush()
            out.append(replacement)
            index += length
            runStart = index
            out.drainIfFull()
        }
        flush()
    }

    static let style = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1f;--muted:#5f6368;--card:#f4f5f7;--line:#d8dadf;--red:#b3261e;--today:#8a5a00;--chip:#e3e8f4}
        @media (prefers-color-scheme:dark){:root{--bg:#16171a;--fg:#e6e6e9;--muted:#a0a3aa;--card:#202227;--line:#34363c;--red:#ff8a80;--today:#ffcc66;--chip:#2c3445}}
        *{box-sizing:border-box}body{margin:0;padding:1rem;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif}
        header h1{margin:0 0 .25rem;font-size:1.5rem}.today{margin:0 0 1rem;color:var(--muted)}
        .board{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:1rem}
        .column{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem}
        .column h2{margin:0 0 .5rem;font-size:1.05rem}.count{color:var(--muted);font-weight:normal}
        .over-limit .count,.warning{color:var(--red);font-weight:bold}.warning{font-size:.8rem}
        .items{list-style:none;margin:0;padding:0}.item{background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.5rem;margin:0 0 .5rem}
        .checked .title{color:var(--muted)}.due,.done{display:inline-block;font-size:.85rem;color:var(--muted)}
        .due.overdue{color:var(--red);font-weight:bold}.due.today{color:var(--today);font-weight:bold}
        .chip{display:inline-block;padding:0 .4em;border-radius:999px;background:var(--chip);font-size:.85em}
        .body{margin-top:.35rem;font-size:.9rem;overflow-wrap:anywhere}.body p{margin:.25rem 0}.body ul{margin:.25rem 0;padding-left:1.2rem}
        .body pre{background:var(--card);padding:.5rem;overflow:auto}.empty{color:var(--muted)}
        .stats{margin-top:1rem}.stats table{border-collapse:collapse;font-size:.85rem;margin-top:.5rem}.stats td,.stats th{padding:.1rem .6rem;text-align:right}
        .flow{max-width:100%;height:auto}.flow .axis{font-size:10px;fill:var(--muted)}
        .flow .todo,.key.todo{fill:#6b8fd6;background:#6b8fd6}.flow .doing,.key.doing{fill:#e0a030;background:#e0a030}.flow .done,.key.done{fill:#3a9e5c;background:#3a9e5c}
        .key{display:inline-block;width:.8em;height:.8em;border-radius:2px}
        @media (max-width:700px){.board{grid-template-columns:1fr}}
        @media print{body{background:#fff;color:#000}.board{grid-template-columns:repeat(3,1fr)}.column,.item{break-inside:avoid}}
        """
}

/// The Markdown people write in item bodies, as HTML: paragraphs, lists (checklists nested by indentation),
/// code blocks, and inline emphasis, code and links. Anything else is escaped text.
enum Markdown {
    /// An item's body, a line at a time (each without the indentation the body shares), written as HTML.
    struct Blocks {
        private var inParagraph = false
        /// The indentation of each open list, and whether it is numbered.
        private var lists: [(indent: Int, ordered: Bool)] = []
        /// The open fence's marker byte and length (a run of as many or more closes it), its indentation, and whether
        /// a line of code was written.
        private var fence: (marker: UInt8, length: Int, indent: Int, hasCode: Bool)?

        mutating func add(_ line: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
            if let open = fence {
                let spaces = line.prefix { $0 == UInt8(ascii: " ") }.count
                let text = UnsafeBufferPointer(rebasing: line[spaces...])
                if let length = Self.fenceLength(text, marker: open.marker), length >= open.length,
                   text[length...].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                    out.append("</code></pre>")
                    fence = nil
                } else {
                    if open.hasCode { out.append(UInt8(ascii: "\n")) }
                    // Each line loses as many of its leading spaces as the fence was indented by, as in CommonMark.
                    HTMLPage.escape(UnsafeBufferPointer(rebasing: line[min(spaces, open.indent)...]), to: &out)
                    fence = (open.marker, open.length, open.indent, true)
                }
                return
            }
            let indent = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let text = UnsafeBufferPointer(rebasing: line[indent...])
            // A fence opens at most three columns in from where the innermost open list's text starts; four or more
            // make its line text, as CommonMark makes it code (helper-49: the rest of the body became code).
            let columns = line[..<indent].reduce(0) { $1 == UInt8(ascii: "\t") ? $0 + 4 - $0 % 4 : $0 + 1 }
            if columns <= (lists.last.map { $0.indent + 2 } ?? 0) + 3,
               let first = text.first, let length = Self.fenceLength(text, marker: first),
               first == UInt8(ascii: "~") || !text[length...].contains(UInt8(ascii: "`")) {
                closeParagraph(&out)
                // A fence as deep as a list item's text is in that item (helper-79: it closed every list, and the
                // items after it made a second list).
                closeLists(deeperThan: indent - 2, &out)
                out.append("<pre><code>")
                fence = (first, length, indent, false)
                return
            }
            if text.isEmpty {
                closeParagraph(&out)
                return
            }
            if let (checked, rest) = Markdown.listItem(text) {
                let ordered = !text.isEmpty && text[0] >= UInt8(ascii: "0") && text[0] <= UInt8(ascii: "9")
                closeParagraph(&out)
                closeLists(deeperThan: indent, &out)
                if let last = lists.last, last.indent == indent, last.ordered == ordered {
                    out.append("</li><li>")
                } else {
                    if let last = lists.last, last.indent == indent { closeLists(deeperThan: indent - 1, &out) }
                    if ordered {
                        // Numbered from the first item's number, as CommonMark numbers a list.
                        let number = Int(String(decoding: text.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self)) ?? 1
                        out.append(string: number == 1 ? "<ol><li>" : "<ol start=\"\(number)\"><li>")
                    } else {
                        out.append("<ul><li>")
                    }
                    lists.append((indent, ordered))
                }
                if let checked {
                    out.append(checked ? "<span class=\"box\" role=\"img\" aria-label=\"done\">☑</span> "
                        : "<span class=\"box\" role=\"img\" aria-label=\"not done\">☐</span> ")
                }
                Markdown.inline(UnsafeBufferPointer(rebasing: text[rest...]), to: &out)
                return
            }
            if !lists.isEmpty, indent > 0 {
                out.append(UInt8(ascii: " "))  // a list item's continuation
                Markdown.inline(text, to: &out)
                return
            }
            closeLists(deeperThan: -1, &out)
            // A paragraph's lines, joined by line breaks (no list is open while one is).
            out.append(inParagraph ? "<br>" : "<p>")
            inParagraph = true
            Markdown.inline(text, to: &out)
        }

        /// Closes what the last lines left open.
        mutating func finish(_ out: inout ByteWriter) {
            closeParagraph(&out)
            closeLists(deeperThan: -1, &out)
            if fence != nil { out.append("</code></pre>") }
        }

        private mutating func closeParagraph(_ out: inout ByteWriter) {
            if inParagraph { out.append("</p>") }
            inParagraph = false
        }

        private mutating func closeLists(deeperThan indent: Int, _ out: inout ByteWriter) {
            while let last = lists.last, last.indent > indent {
                out.append(last.ordered ? "</li></ol>" : "</li></ul>")
                lists.removeLast()
            }
        }

        /// The length of the run of `marker` (a backtick or a tilde) `text` starts with, when it is three or more:
        /// a fence.
        private static func fenceLength(_ text: UnsafeBufferPointer<UInt8>, marker: UInt8) -> Int? {
            guard marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else { return nil }
            let length = text.prefix { $0 == marker }.count
            return length >= 3 ? length : nil
        }
    }

    /// `- [ ] x`, `- x`, `* x`, `+ x`, `1. x`: whether it has a checkbox (and its state), and where the text starts.
    static func listItem(_ text: UnsafeBufferPointer<UInt8>) -> (Bool?, Int)? {
        var rest = 0
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+"),
           text.count > 1, text[1] == UInt8(ascii: " ") {
            rest = 2
        } else {
            let digits = text.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard digits > 0, digits <= 9, text.count > digits + 1, text[digits] == UInt8(ascii: "."),
                  text[digits + 1] == UInt8(ascii: " ") else { return nil }
            rest = digits + 2
        }
        guard text.count >= rest + 4, text[rest] == UInt8(ascii: "["), text[rest + 2] == UInt8(ascii: "]"),
              text[rest + 3] == UInt8(ascii: " ") else { return (nil, rest) }
        switch text[rest + 1] {
        case UInt8(ascii: " "): return (false, rest + 4)
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return (true, rest + 4)
        default: return (nil, rest)
        }
    }

    /// `inline` of bytes from the file, written to `out`: text with no marker byte in it (a backtick, `*`, `_`,
    /// `[`), or longer than `longestMarkedLine`, is only escaped.
    static func inline(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        let markers = text.count <= longestMarkedLine && text.contains {
            $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "[")
        }
        guard markers else { return HTMLPage.escape(text, to: &out) }
        // A line whose every ASCII byte is a character of its own is read a byte at a time, so the markers stand
        // where the characters put them; any other line a character at a time (a mark joining a `*` makes it no
        // marker). Both are read by the same rules (`InlineText`).
        if asciiStandsAlone(in: text) {
            var inline = InlineText(bytes: text)
            return inline.write(0..<text.count, to: &out)
        }
        var decoded = String(decoding: text, as: UTF8.self)
        decoded.withUTF8 { bytes in
            var inline = InlineText(characters: bytes)
            inline.write(0..<inline.count, to: &out)
        }
    }

    /// The longest line whose markers are read, in bytes. Reading one takes up to about 40 bytes of memory for each
    /// of its bytes (its index and delimiter runs: helper-52 found 4 MB of `[` took 104 MB); a longer line is text.
    static let longestMarkedLine = 65_536

    /// Emphasis (`*a*`, `_a_`), strong (`**a**`, `__a__`), code (`` `a` ``) and links (`[a](https://…)`; other
    /// schemes stay text); everything else escaped.
    static func inline(_ text: String) -> String { inlineReading(text).html }

    /// `inline(_:)`, with the number of characters its searches read (for tests: linear in the text's length);
    /// `byCharacter` reads it a character at a time, or a byte at a time, whatever it holds (nil: as `inline` does).
    static func inlineReading(_ text: String, byCharacter: Bool? = nil) -> (html: String, read: Int) {
        var out = ByteWriter()
        var read = 0
        var text = text
        text.withUTF8 { bytes in
            var inline = byCharacter ?? !asciiStandsAlone(in: bytes) ? InlineText(characters: bytes) : InlineText(bytes: bytes)
            inline.write(0..<inline.count, to: &out)
            read = inline.read
        }
        return (out.withBytes { String(decoding: $0, as: UTF8.self) }, read)
    }

    /// True when `text` is well-formed UTF-8 whose every scalar beyond ASCII stands alone (`TitleOrder.standsAlone`:
    /// Latin to U+02FF, symbols, kana, CJK, Hangul syllables, emoji): then each ASCII byte is a character of its own
    /// (a line holds no CR LF). And none is whitespace (a no-break space), which a byte at a time reads as a letter:
    /// a character at a time, it flanks emphasis as a space does (helper-52).
    static func asciiStandsAlone(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Sequence.scalarsBeyondASCII(in: text) { TitleOrder.standsAlone($0) && $0.properties.generalCategory != .spaceSeparator }
    }

    /// One line's text as CommonMark's inline rules read it, a character at a time: each character is read as
    /// its ASCII byte when it is one ASCII scalar, as `blank` when it holds ASCII whitespace or a control character
    /// (a space and a mark that joins it), as `space` when it holds other whitespace (a no-break space), and as
    /// `other` beyond that. Read a byte at a time where every ASCII byte is a character of its own. The line's code
    /// spans and links are found in one reading from the left (`indexed`), then emphasis by CommonMark's delimiter
    /// runs, so that a run of openers without closers (forty thousand `[`) is read once, not once per opener.
    struct InlineText {
        /// A character that holds ASCII whitespace or a control character, not one ASCII scalar.
        static let blank: UInt8 = 0x01
        /// A character that holds a space beyond ASCII (Unicode's Zs, as CommonMark's whitespace: a no-break space, not
        /// U+2028): a space to emphasis, not to a link.
        static let space: UInt8 = 0x02
        /// Any other character beyond ASCII (in a line read a byte at a time, any byte from 0x80 stands for it).
        static let other: UInt8 = 0x80

        private let bytes: UnsafeBufferPointer<UInt8>
        /// A character at a time: where each character's bytes start (and the end), and what each is read as.
        private let starts: [Int]?
        private let kinds: [UInt8]
        let count: Int
        /// The characters the searches read, for tests.
        private(set) var read = 0

        /// What the searches need from the whole line, made in one pass when a backtick or a `[` is first met.
        private var lineIndex: LineIndex?

        private struct LineIndex {
            /// The code spans and the links, each in order.
            var codeSpans: [CodeSpan] = []
            var links: [Link] = []
            /// Each parenthesis's place in order, and for an opening one the place of the one that balances it (-1:
            /// none).
            var parentheses = Pairs()
            /// How many blanks (`isBlank`) stand before each block of 64 characters.
            var blanksBefore: [UInt32] = []
        }

        private struct CodeSpan {
            let whole: Range<Int>
            let content: Range<Int>
        }

        private struct Link {
            let whole: Range<Int>
            let text: Range<Int>
            let destination: Range<Int>
        }

        private struct Pairs {
            var places: [Int] = []
            var closing: [Int] = []

            /// Adds the one at `place`, opening or closing, `open` holding the numbers of those still open.
            mutating func pair(_ place: Int, opens: Bool, open: inout [Int]) {
                if opens {
                    open.append(places.count)
                } else if let opening = open.popLast() {
                    closing[opening] = place
                }
                closing.append(-1)
                places.append(place)
            }
        }

        /// A run of `*` or `_` that may open or close emphasis, as the delimiter stack holds it (in 36 bytes: a line
        /// of a million runs is 36 MB).
        private struct DelimiterRun {
            let start: Int32
            let length: Int32
            /// Its characters no emphasis has taken yet.
            var unused: Int32
            /// The runs before and after it still on the stack (-1: none).
            var previous: Int32
            var next: Int32
            /// `*`, not `_`.
            let star: Bool
            let canOpen: Bool
            let canClose: Bool
            /// The emphasis it closes and opens, innermost first, a bit each (set: strong), and how many: at most
            /// `mostTags` each way (a longer run stops pairing there).
            var closes: UInt32 = 0
            var opens: UInt32 = 0
            var closeCount: UInt8 = 0
            var openCount: UInt8 = 0
            static let mostTags: UInt8 = 32

            /// The characters its tags took, `closed` from its start and `opened` from its end.
            var closed: Int { Int(closeCount) + closes.nonzeroBitCount }
            var opened: Int { Int(openCount) + opens.nonzeroBitCount }
        }

        /// A code span or a link, in the order of the line.
        private enum Piece {
            case code(CodeSpan)
            case link(Link)

            var start: Int {
                switch self {
                case .code(let span): span.whole.lowerBound
                case .link(let link): link.whole.lowerBound
                }
            }
        }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            starts = nil
            kinds = []
            count = bytes.count
        }

        init(characters bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            var starts: [Int] = [], kinds: [UInt8] = []
            let text = String(decoding: bytes, as: UTF8.self)
            var offset = 0
            for character in text {
                starts.append(offset)
                offset += character.utf8.count
                let scalars = character.unicodeScalars
                if scalars.count == 1, let scalar = scalars.first, scalar.isASCII {
                    kinds.append(UInt8(scalar.value))
                } else {
                    kinds.append(scalars.contains { $0.value <= 0x20 || $0.value == 0x7F } ? Self.blank
                        : scalars.contains { $0.properties.generalCategory == .spaceSeparator } ? Self.space : Self.other)
                }
            }
            starts.append(offset)
            self.starts = starts
            self.kinds = kinds
            count = kinds.count
        }

        /// The character at `index` as the rules read it.
        @inline(__always)
        subscript(index: Int) -> UInt8 { starts == nil ? bytes[index] : kinds[index] }

        private func byteRange(_ range: Range<Int>) -> Range<Int> {
            guard let starts else { return range }
            return starts[range.lowerBound]..<starts[range.upperBound]
        }

        private func escape(_ range: Range<Int>, to out: inout ByteWriter) {
            HTMLPage.escape(UnsafeBufferPointer(rebasing: bytes[byteRange(range)]), to: &out)
        }

        /// Whitespace, or the line's start or end, as CommonMark reads what flanks a `*` or `_`.
        @inline(__always)
        private func isWhitespace(_ index: Int) -> Bool {
            guard index >= 0, index < count else { return true }
            let unit = self[index]
            return unit == Self.blank || unit == Self.space || unit == 0x20 || (0x09...0x0D).contains(unit)
        }

        /// Whitespace or a control character (U+0000–U+0020, U+007F), which no safe link holds: a character read as
        /// `unit`.
        @inline(__always)
        private static func isBlank(_ unit: UInt8) -> Bool { (unit <= 0x20 && unit != space) || unit == 0x7F }

        /// ASCII punctuation (CommonMark's punctuation beyond ASCII is read as any other character).
        @inline(__always)
        private func isPunctuation(_ index: Int) -> Bool {
            guard index >= 0, index < count else { return false }
            let unit = self[index]
            return (0x21...0x2F).contains(unit) || (0x3A...0x40).contains(unit) || (0x5B...0x60).contains(unit)
                || (0x7B...0x7E).contains(unit)
        }

        /// Writes `range` as HTML: code spans, safe links (not within a link's text), strong and emphasis, and the
        /// rest escaped.
        mutating func write(_ range: Range<Int>, to out: inout ByteWriter, linksAllowed: Bool = true) {
            // Places are kept in 32 bits: a longer line (2 GB) is only escaped.
            guard count <= Int(Int32.max) else { return escape(range, to: &out) }
            var pieces: [Piece] = []
            var runs: [DelimiterRun] = []
            var index = range.lowerBound
            let end = range.upperBound
            while index < end {
                let unit = self[index]
                if unit == UInt8(ascii: "`") {
                    // A run of backticks opens a code span that a run of as many closes; without one it is text.
                    if let span = codeSpan(at: index), span.whole.upperBound <= end {
                        pieces.append(.code(span))
                        index = span.whole.upperBound
                    } else {
                        while index < end, self[index] == unit { index += 1 }
                    }
                } else if unit == UInt8(ascii: "*") || unit == UInt8(ascii: "_") {
                    var runEnd = index + 1
                    while runEnd < end, self[runEnd] == unit { runEnd += 1 }
                    if let run = delimiterRun(index..<runEnd, previous: runs.count - 1) {
                        if let last = runs.indices.last { runs[last].next = Int32(runs.count) }
                        runs.append(run)
                    }
                    index = runEnd
                } else if unit == UInt8(ascii: "["), linksAllowed, let link = link(at: index), link.whole.upperBound <= end {
                    pieces.append(.link(link))
                    index = link.whole.upperBound
                } else {
                    index += 1
                }
            }
            matchEmphasis(&runs)
            // The runs and the pieces, each in order, merged.
            var plain = range.lowerBound
            var (run, piece) = (0, 0)
            while run < runs.count || piece < pieces.count {
                guard piece == pieces.count || (run < runs.count && Int(runs[run].start) < pieces[piece].start) else {
                    escape(plain..<pieces[piece].start, to: &out)
                    switch pieces[piece] {
                    case .code(let span):
                        out.append("<code>")
                        escape(codeText(span.content), to: &out)
                        out.append("</code>")
                        plain = span.whole.upperBound
                    case .link(let link):
                        out.append("<a href=\"")
                        escape(link.destination, to: &out)
                        out.append("\">")
                        write(link.text, to: &out, linksAllowed: false)
                        out.append("</a>")
                        plain = link.whole.upperBound
                    }
                    piece += 1
                    continue
                }
                let delimiters = runs[run]
                let start = Int(delimiters.start), runEnd = start + Int(delimiters.length)
                escape(plain..<start, to: &out)
                for tag in 0..<delimiters.closeCount {
                    out.append(delimiters.closes >> tag & 1 == 1 ? "</strong>" : "</em>")
                }
                escape((start + delimiters.closed)..<(runEnd - delimiters.opened), to: &out)
                for tag in (0..<delimiters.openCount).reversed() {
                    out.append(delimiters.opens >> tag & 1 == 1 ? "<strong>" : "<em>")
                }
                plain = runEnd
                run += 1
            }
            escape(plain..<end, to: &out)
        }

        /// The run of `*` or `_` at `range`, when it can open or close emphasis: CommonMark's left- and
        /// right-flanking rules, with `_` inside a word opening and closing nothing.
        private func delimiterRun(_ range: Range<Int>, previous: Int) -> DelimiterRun? {
            let before = range.lowerBound - 1, after = range.upperBound
            let spaceBefore = isWhitespace(before), spaceAfter = isWhitespace(after)
            let markBefore = isPunctuation(before), markAfter = isPunctuation(after)
            let leftFlanking = !spaceAfter && (!markAfter || spaceBefore || markBefore)
            let rightFlanking = !spaceBefore && (!markBefore || spaceAfter || markAfter)
            let star = self[range.lowerBound] == UInt8(ascii: "*")
            let canOpen = star ? leftFlanking : leftFlanking && (!rightFlanking || markBefore)
            let canClose = star ? rightFlanking : rightFlanking && (!leftFlanking || markAfter)
            guard canOpen || canClose else { return nil }
            return DelimiterRun(start: Int32(range.lowerBound), length: Int32(range.count), unused: Int32(range.count),
                                previous: Int32(previous), next: -1, star: star, canOpen: canOpen, canClose: canClose)
        }

        /// Pairs openers with closers as CommonMark's "process emphasis" does: each closer, left to right, with the
        /// nearest opener of its character before it (not one where either could open and close and their lengths
        /// sum to a multiple of three, unless both are multiples of three), two characters from each where both have
        /// two left; runs between a pair are left as text. `floor` keeps, per kind of closer, the run at and below
        /// which no opener for it is left. Each run looked at on the way back counts as read.
        private mutating func matchEmphasis(_ runs: inout [DelimiterRun]) {
            guard runs.count > 1 else { return }
            // On the stack: an array made for each line cost as much as the rest of the line's reading.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 12) { floor in
                floor.initialize(repeating: -1)
                matchEmphasis(&runs, floor: floor)
            }
        }

        private mutating func matchEmphasis(_ runs: inout [DelimiterRun], floor: UnsafeMutableBufferPointer<Int>) {
            func unlink(_ number: Int) {
                let (previous, next) = (Int(runs[number].previous), Int(runs[number].next))
                if previous >= 0 { runs[previous].next = Int32(next) }
                if next >= 0 { runs[next].previous = Int32(previous) }
            }
            var current = runs.isEmpty ? -1 : 0
            while current >= 0 {
                let closer = runs[current]
                guard closer.canClose, closer.closeCount < DelimiterRun.mostTags else {
                    current = Int(closer.next)
                    continue
                }
                let kind = (closer.star ? 6 : 0) + (closer.canOpen ? 3 : 0) + Int(closer.length % 3)
                var opener = Int(closer.previous)
                while opener > floor[kind] {
                    let candidate = runs[opener]
                    if candidate.canOpen, candidate.star == closer.star, candidate.openCount < DelimiterRun.mostTags,
                       !((candidate.canClose || closer.canOpen) && (candidate.length + closer.length) % 3 == 0
                           && !(candidate.length % 3 == 0 && closer.length % 3 == 0)) {
                        break
                    }
                    opener = Int(candidate.previous)
                    read += 1
                }
                guard opener > floor[kind] else {
                    floor[kind] = Int(closer.previous)
                    if !closer.canOpen { unlink(current) }
                    current = Int(closer.next)
                    continue
                }
                let strong = runs[opener].unused >= 2 && closer.unused >= 2
                runs[opener].unused -= strong ? 2 : 1
                runs[opener].opens |= (strong ? 1 : 0) << runs[opener].openCount
                runs[opener].openCount += 1
                runs[current].unused -= strong ? 2 : 1
                runs[current].closes |= (strong ? 1 : 0) << runs[current].closeCount
                runs[current].closeCount += 1
                // The runs between are text now.
                runs[opener].next = Int32(current)
                runs[current].previous = Int32(opener)
                if runs[opener].unused == 0 { unlink(opener) }
                if runs[current].unused == 0 {
                    let next = Int(runs[current].next)
                    unlink(current)
                    current = next
                }
            }
        }

        /// A code span's text: one space stripped from each end where both ends have one and it is not all spaces.
        private func codeText(_ content: Range<Int>) -> Range<Int> {
            guard content.count >= 2, self[content.lowerBound] == 0x20, self[content.upperBound - 1] == 0x20,
                  content.contains(where: { self[$0] != 0x20 }) else { return content }
            return (content.lowerBound + 1)..<(content.upperBound - 1)
        }

        /// The link whose text starts at the `[` at `index`, if one does.
        private mutating func link(at index: Int) -> Link? {
            Self.element(startingAt: index, in: indexed().links) { $0.whole.lowerBound }
        }

        /// The line's index, made on the first call. One pass over the line finds its backtick runs, parentheses and
        /// blanks; then the line is read from the left as CommonMark reads it: a run of backticks opens a code span
        /// that the next run of as many closes (its brackets are text), a `[` waits on a stack, and a `]` takes the
        /// nearest `[` waiting, a link when a `(`, a safe destination and its `)` follow at once; the reading goes on
        /// after the link's `)` (a backtick in its destination opens nothing), and no `[` before it can open a link
        /// any more (links hold no links).
        private mutating func indexed() -> LineIndex {
            if let lineIndex { return lineIndex }
            var blanksBefore = [UInt32](repeating: 0, count: count / 64 + 1)
            var runs: [(start: Int, length: Int)] = [], parentheses = Pairs(), open: [Int] = []
            func scan(_ units: UnsafeBufferPointer<UInt8>) {
                var blanks: UInt32 = 0
                for (position, unit) in units.enumerated() {
                    if position & 63 == 0 { blanksBefore[position >> 6] = blanks }
                    switch unit {
                    case UInt8(ascii: "`"):
                        if let last = runs.last, last.start + last.length == position {
                            runs[runs.count - 1].length += 1
                        } else {
                            runs.append((position, 1))
                        }
                    case UInt8(ascii: "("), UInt8(ascii: ")"): parentheses.pair(position, opens: unit == UInt8(ascii: "("), open: &open)
                    default: if Self.isBlank(unit) { blanks += 1 }
                    }
                }
            }
            if starts == nil { scan(bytes) } else { kinds.withUnsafeBufferPointer(scan) }
            read += count
            // The parentheses and blanks first: a link's destination is read with them below.
            lineIndex = LineIndex(parentheses: parentheses, blanksBefore: blanksBefore)
            // Each run's next of the same length: the runs in order of length, then of place, side by side.
            let byLength = runs.indices.sorted { (runs[$0].length, $0) < (runs[$1].length, $1) }
            var nextOfLength = [Int](repeating: -1, count: runs.count)
            for (first, second) in zip(byLength, byLength.dropFirst()) where runs[first].length == runs[second].length {
                nextOfLength[first] = second
            }
            var codeSpans: [CodeSpan] = [], links: [Link] = [], waiting: [Int] = []
            var (position, run) = (0, 0)
            while position < count {
                switch self[position] {
                case UInt8(ascii: "`"):
                    while run < runs.count, runs[run].start < position { run += 1 }
                    guard run < runs.count, runs[run].start == position else {
                        position += 1
                        continue
                    }
                    let opener = runs[run], closing = nextOfLength[run]
                    guard closing >= 0 else {
                        position += opener.length
                        continue
                    }
                    let closer = runs[closing]
                    codeSpans.append(CodeSpan(whole: opener.start..<(closer.start + closer.length),
                                              content: (opener.start + opener.length)..<closer.start))
                    position = closer.start + closer.length
                case UInt8(ascii: "["):
                    waiting.append(position)
                    position += 1
                case UInt8(ascii: "]"):
                    guard let start = waiting.popLast(), position + 1 < count, self[position + 1] == UInt8(ascii: "("),
                          let close = destinationEnd(from: position + 2), isSafeLink((position + 2)..<close) else {
                        position += 1
                        continue
                    }
                    links.append(Link(whole: start..<(close + 1), text: (start + 1)..<position, destination: (position + 2)..<close))
                    waiting.removeAll()
                    position = close + 1
                default:
                    position += 1
                }
            }
            read += count
            lineIndex?.codeSpans = codeSpans
            lineIndex?.links = links
            return lineIndex ?? LineIndex()
        }

        /// The number of `elements` (in order of `place`) placed before `index`: where the first at or after it is.
        private static func first<Element>(atOrAfter index: Int, in elements: [Element], place: (Element) -> Int) -> Int {
            var low = 0, high = elements.count
            while low < high {
                let middle = (low + high) / 2
                if place(elements[middle]) < index { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The code span starting at `index`, if one does.
        private mutating func codeSpan(at index: Int) -> CodeSpan? {
            Self.element(startingAt: index, in: indexed().codeSpans) { $0.whole.lowerBound }
        }

        /// The one of `elements` (in order of `start`) that starts at `index`, if one does.
        private static func element<Element>(startingAt index: Int, in elements: [Element], start: (Element) -> Int) -> Element? {
            let number = first(atOrAfter: index, in: elements, place: start)
            return number < elements.count && start(elements[number]) == index ? elements[number] : nil
        }

        /// Where a link's destination starting at `start` ends: at the first `)` its parentheses leave unclosed
        /// (`https://en.wikipedia.org/wiki/Foo_(bar)`), at most eight pairs of them; nil when there is none.
        private mutating func destinationEnd(from start: Int) -> Int? {
            let parentheses = indexed().parentheses
            let (places, closing) = (parentheses.places, parentheses.closing)
            // The first parenthesis at or after `start`, then from one pair's end to the next.
            var number = Self.first(atOrAfter: start, in: places) { $0 }
            var pairs = 0
            while number < places.count, pairs <= 8 {
                let place = places[number]
                if self[place] == UInt8(ascii: ")") { return place }
                guard closing[number] >= 0 else { return nil }
                pairs += 1
                number = Self.first(atOrAfter: closing[number] + 1, in: places) { $0 }
            }
            return nil
        }

        private static let schemes: [StaticString] = ["https://", "http://", "mailto:"]

        /// A link's destination `range` is kept when it starts with http://, https:// or mailto: (ASCII case
        /// ignored) and holds no whitespace or control character.
        private mutating func isSafeLink(_ range: Range<Int>) -> Bool {
            let hasScheme = Self.schemes.contains { scheme in
                scheme.utf8CodeUnitCount <= range.count && (0..<scheme.utf8CodeUnitCount).allSatisfy { offset in
                    let unit = self[range.lowerBound + offset]
                    return (unit &- UInt8(ascii: "A") < 26 ? unit | 0x20 : unit) == scheme.utf8Start[offset]
                }
            }
            guard hasScheme else { return false }
            let blanksBefore = indexed().blanksBefore
            // A range's blanks: the counts before the blocks at its ends, apart, and those of the partial blocks.
            func blanks(before end: Int) -> UInt32 {
                var total = blanksBefore[end / 64]
                for index in (end - end % 64)..<end where Self.isBlank(self[index]) { total += 1 }
                return total
            }
            return blanks(before: range.upperBound) == blanks(before: range.lowerBound)
        }
    }
}
