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
            Report.writeInShares(positions.count, to: &output) { position, out in
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
            board.forEachBodyLine(of: item) { blocks.add(UnsafeBufferPointer(rebasing: file[$0]), to: &out) }
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
    /// UTF-8 are first decoded as `String(decoding:as:)` would (U+FFFD in their place).
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        let rollback = out.count
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
            // Tab and line feed stay; other control characters HTML does not allow are dropped.
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                index += 1
                continue
            case ..<0x80: break
            default:
                let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
                if commonEnd > index {
                    index = commonEnd
                    continue
                }
                guard let scalarLength = UTF8Sequence.length(in: bytes, at: index) else {
                    out.truncate(to: rollback)
                    var text = String(decoding: bytes, as: UTF8.self)
                    return text.withUTF8 { escape($0, to: &out) }
                }
                length = scalarLength
                let scalar = UTF8Sequence.scalar(in: bytes, at: index, length: length)
                // C1 controls (U+0080 to U+009F) are dropped too; invisible formatting (a bidi override) is written
                // as a reference: the same page, and nothing hidden in its source.
                if isInvisibleFormatting(scalar) {
                    flush()
                    out.append(string: "&#x" + String(scalar, radix: 16, uppercase: true) + ";")
                    index += length
                    runStart = index
                    continue
                }
                guard (0x80...0x9F).contains(scalar) else {
                    index += length
                    continue
                }
            }
            flush()
            out.append(replacement)
            index += length
            runStart = index
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
        /// The indentation of each open list.
        private var lists: [Int] = []
        /// The open fence's marker byte (three of it close the fence), and whether a line of code was written.
        private var fence: (marker: UInt8, hasCode: Bool)?

        mutating func add(_ line: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
            if let open = fence {
                let spaces = line.prefix { $0 == UInt8(ascii: " ") }.count
                if Self.isFence(UnsafeBufferPointer(rebasing: line[spaces...]), marker: open.marker) {
                    out.append("</code></pre>")
                    fence = nil
                } else {
                    if open.hasCode { out.append(UInt8(ascii: "\n")) }
                    HTMLPage.escape(line, to: &out)
                    fence = (open.marker, true)
                }
                return
            }
            let indent = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let text = UnsafeBufferPointer(rebasing: line[indent...])
            if let first = text.first, Self.isFence(text, marker: first) {
                closeParagraph(&out)
                closeLists(deeperThan: -1, &out)
                out.append("<pre><code>")
                fence = (first, false)
                return
            }
            if text.isEmpty {
                closeParagraph(&out)
                return
            }
            if let (checked, rest) = Markdown.listItem(text) {
                closeParagraph(&out)
                closeLists(deeperThan: indent, &out)
                if lists.last == indent {
                    out.append("</li><li>")
                } else {
                    out.append("<ul><li>")
                    lists.append(indent)
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
            while let last = lists.last, last > indent {
                out.append("</li></ul>")
                lists.removeLast()
            }
        }

        /// Whether `text` starts with three backticks or three tildes: `marker`'s.
        private static func isFence(_ text: UnsafeBufferPointer<UInt8>, marker: UInt8) -> Bool {
            (marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~")) && text.count >= 3
                && text[0] == marker && text[1] == marker && text[2] == marker
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
    /// `[`) is only escaped.
    static func inline(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        let markers = text.contains {
            $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "[")
        }
        guard markers else { return HTMLPage.escape(text, to: &out) }
        // A line whose every ASCII byte is a character of its own is read on its bytes, so the markers stand where
        // the characters put them. Read as a string, a character at a time, it took about a microsecond a character:
        // 166 ms for 20,000 items with a link and a code span each.
        if asciiStandsAlone(in: text) { return inlineASCII(text, 0..<text.count, to: &out) }
        out.append(string: inline(String(decoding: text, as: UTF8.self)))
    }

    /// True when `text` is well-formed UTF-8 whose every scalar beyond ASCII stands alone (`TitleOrder.standsAlone`:
    /// Latin to U+02FF, symbols, kana, CJK, Hangul syllables, emoji): then each ASCII byte is a character of its own
    /// (a line holds no CR LF).
    static func asciiStandsAlone(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Sequence.scalarsBeyondASCII(in: text, allSatisfy: TitleOrder.standsAlone)
    }

    /// `inline(_:search:)` of `text[range]`, a run whose ASCII bytes are characters of their own
    /// (`asciiStandsAlone`), on its bytes, to `out`: the same markers, tried in the same order, found with the same
    /// memory of where each was found last (`ASCIIMarkers`).
    static func inlineASCII(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout ByteWriter) {
        var search = ASCIIMarkers(text, end: range.upperBound)
        var index = range.lowerBound
        var plain = index
        func flush() { HTMLPage.escape(UnsafeBufferPointer(rebasing: text[plain..<index]), to: &out) }
        while index < range.upperBound {
            let byte = text[index]
            if byte == UInt8(ascii: "`"), let close = search.next(.backtick, from: index + 1) {
                flush()
                out.append("<code>")
                HTMLPage.escape(UnsafeBufferPointer(rebasing: text[(index + 1)..<close]), to: &out)
                out.append("</code>")
                index = close + 1
            } else if byte == UInt8(ascii: "*"), index + 1 < range.upperBound, text[index + 1] == UInt8(ascii: "*"),
                      let close = search.next(.twoStars, from: index + 2), close > index + 2 {
                flush()
                out.append("<strong>")
                inlineASCII(text, (index + 2)..<close, to: &out)
                out.append("</strong>")
                index = close + 2
            } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_"),
                      let close = search.next(byte == UInt8(ascii: "*") ? .star : .underscore, from: index + 1), close > index + 1 {
                flush()
                out.append("<em>")
                inlineASCII(text, (index + 1)..<close, to: &out)
                out.append("</em>")
                index = close + 1
            } else if byte == UInt8(ascii: "["), let middle = search.next(.linkMiddle, from: index),
                      let close = search.next(.parenthesis, from: middle + 2), search.isSafeLink((middle + 2)..<close) {
                flush()
                out.append("<a href=\"")
                HTMLPage.escape(UnsafeBufferPointer(rebasing: text[(middle + 2)..<close]), to: &out)
                out.append("\">")
                inlineASCII(text, (index + 1)..<middle, to: &out)
                out.append("</a>")
                index = close + 1
            } else {
                index += 1
                continue
            }
            plain = index
        }
        flush()
    }

    /// `MarkerSearch` for a run read as bytes (`inlineASCII`): each marker, and the first whitespace or control
    /// character, is looked for from some place to the run's end, and again only once the place it was found at is
    /// behind.
    struct ASCIIMarkers {
        enum Marker: Int, CaseIterable {
            case backtick, twoStars, star, underscore, linkMiddle, parenthesis
            /// Whitespace or a control character (U+0000–U+0020, U+007F), which no safe link holds.
            case blank
        }
        private let text: UnsafeBufferPointer<UInt8>
        private let end: Int
        /// For each marker, where it was last looked for from, and where it was found (nil: nowhere after).
        private var known: [(from: Int, at: Int?)?] = Array(repeating: nil, count: Marker.allCases.count)

        init(_ text: UnsafeBufferPointer<UInt8>, end: Int) {
            self.text = text
            self.end = end
        }

        /// Where `marker` first starts at or after `from`, before the end.
        mutating func next(_ marker: Marker, from: Int) -> Int? {
            if let last = known[marker.rawValue], last.from <= from, last.at.map({ $0 >= from }) ?? true { return last.at }
            var at: Int?
            var index = from
            while index < end {
                if starts(marker, at: index) {
                    at = index
                    break
                }
                index += 1
            }
            known[marker.rawValue] = (from, at)
            return at
        }

        /// Whether `marker` starts at `index`, wholly before the end.
        private func starts(_ marker: Marker, at index: Int) -> Bool {
            let byte = text[index]
            func then(_ next: UInt8) -> Bool { index + 1 < end && text[index + 1] == next }
            switch marker {
            case .backtick: return byte == UInt8(ascii: "`")
            case .twoStars: return byte == UInt8(ascii: "*") && then(UInt8(ascii: "*"))
            case .star: return byte == UInt8(ascii: "*")
            case .underscore: return byte == UInt8(ascii: "_")
            case .linkMiddle: return byte == UInt8(ascii: "]") && then(UInt8(ascii: "("))
            case .parenthesis: return byte == UInt8(ascii: ")")
            case .blank: return byte <= 0x20 || byte == 0x7F
            }
        }

        /// `Markdown.isSafeLink` of the URL `range` (up to a `)`): http, https or mailto, ASCII case ignored, and no
        /// whitespace or control character from its start to the `)`.
        mutating func isSafeLink(_ range: Range<Int>) -> Bool {
            let schemes: [StaticString] = ["https://", "http://", "mailto:"]
            let hasScheme = schemes.contains { scheme in
                scheme.utf8CodeUnitCount <= range.count && (0..<scheme.utf8CodeUnitCount).allSatisfy { offset in
                    let byte = text[range.lowerBound + offset]
                    return (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == scheme.utf8Start[offset]
                }
            }
            guard hasScheme else { return false }
            return next(.blank, from: range.lowerBound).map { $0 >= range.upperBound } ?? true
        }
    }

    /// Emphasis (`*a*`, `_a_`), strong (`**a**`), code (`` `a` ``) and links (`[a](https://…)`; other schemes stay
    /// text); everything else escaped.
    static func inline(_ text: String) -> String {
        var search = MarkerSearch()
        return inline(text, search: &search)
    }

    /// `inline`, its markers looked for with `search`.
    static func inline(_ text: String, search: inout MarkerSearch) -> String {
        var html = ""
        var rest = Substring(text)
        func next(_ marker: String, in part: Substring) -> Range<String.Index>? { search.next(marker, in: part) }
        while let first = rest.first {
            if first == "`", let close = next("`", in: rest.dropFirst())?.lowerBound {
                html += "<code>" + HTMLPage.escape(String(rest[rest.index(after: rest.startIndex)..<close])) + "</code>"
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**"), let close = next("**", in: rest.dropFirst(2)), !rest.dropFirst(2)[..<close.lowerBound].isEmpty {
                html += "<strong>" + inline(String(rest.dropFirst(2)[..<close.lowerBound])) + "</strong>"
                rest = rest[close.upperBound...]
            } else if first == "*" || first == "_", let close = next(String(first), in: rest.dropFirst())?.lowerBound,
                      close > rest.index(after: rest.startIndex) {
                html += "<em>" + inline(String(rest[rest.index(after: rest.startIndex)..<close])) + "</em>"
                rest = rest[rest.index(after: close)...]
            } else if first == "[", let middle = next("](", in: rest), let close = next(")", in: rest[middle.upperBound...])?.lowerBound,
                      isSafeLink(rest[middle.upperBound..<close], search: &search) {
                let label = String(rest[rest.index(after: rest.startIndex)..<middle.lowerBound])
                html += "<a href=\"" + HTMLPage.escape(String(rest[middle.upperBound..<close])) + "\">" + inline(label) + "</a>"
                rest = rest[rest.index(after: close)...]
            } else {
                html += HTMLPage.escape(String(first))
                rest = rest.dropFirst()
            }
        }
        return html
    }

    /// Looks for markers (`](`, `**`, a backtick) in one text, each time from some place to the text's end, the
    /// places moving forward: a marker is looked for again only once the place it was found at is behind, so a run
    /// of openers without a closer (forty thousand `[`) is read once, not once per opener.
    struct MarkerSearch {
        private var known: [String: (from: String.Index, at: Range<String.Index>?)] = [:]
        /// The bytes read so far, for tests: about the text's length for each marker, at most.
        private(set) var bytesRead = 0

        /// The first `marker` in `part`, a piece of the text that runs to its end.
        mutating func next(_ marker: String, in part: Substring) -> Range<String.Index>? {
            if let last = known[marker], last.from <= part.startIndex, last.at.map({ $0.lowerBound >= part.startIndex }) ?? true {
                return last.at
            }
            let at = part.firstRange(of: marker)
            bytesRead += part.utf8.distance(from: part.startIndex, to: at?.upperBound ?? part.endIndex)
            known[marker] = (part.startIndex, at)
            return at
        }

        private var blank: (from: String.Index, at: String.Index?)?

        /// The first whitespace or control character (U+0000–U+0020, U+007F) in `part`, a piece of the text that
        /// runs to its end; looked for again, as markers are, only once the place it was found at is behind.
        mutating func firstBlank(in part: Substring) -> String.Index? {
            if let last = blank, last.from <= part.startIndex, last.at.map({ $0 >= part.startIndex }) ?? true { return last.at }
            let scalars = part.unicodeScalars
            let at = scalars.firstIndex { $0.value <= 0x20 || $0.value == 0x7F }
            bytesRead += part.utf8.distance(from: part.startIndex, to: at ?? part.endIndex)
            blank = (part.startIndex, at)
            return at
        }

        /// Counts bytes read other than by a search, for tests.
        mutating func read(_ count: Int) { bytesRead += count }
    }

    /// Only http, https and mailto links are kept, and none with whitespace or a control character in them. `url` is
    /// a piece of the text `search` reads: whitespace is looked for from the link's start with `search`, and only the
    /// first scalars are lowercased, so that forty thousand `[` before one far `)` do not each read the text up to it.
    static func isSafeLink(_ url: Substring, search: inout MarkerSearch) -> Bool {
        // A scalar lowercases on its own, whatever follows it, and whether the scheme is there is seen in the first
        // nine scalars (the longest scheme's eight, and one that could join the last into one character).
        let head = Substring(url.unicodeScalars.prefix(16))
        search.read(head.utf8.count)
        let lowered = head.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:") else { return false }
        let tail = url.base[url.startIndex...]
        return search.firstBlank(in: tail).map { $0 >= url.endIndex } ?? true
    }
}
