import BoardKit

/// `board html`: the board as one self-contained HTML page. Nothing from the file can run script or load anything:
/// every string is escaped, links are kept only for http, https and mailto, and the page's own policy forbids
/// scripts and every load besides its inline style.
enum HTMLPage {
    /// The page; with `stats`, the cumulative flow under the board as an inline SVG chart.
    static func render(_ board: Board, today: CivilDate, stats: StatsReport? = nil) -> String {
        let title = pageTitle(board)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(escape(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header><h1>\(escape(title))</h1><p class="today">As of \(today)</p></header>
            <main class="board">

            """
        for kind in SectionKind.allCases {
            let items = board.items.filter { board.kind(of: $0) == kind }
            let id = "section-\(kind.name.lowercased())"
            var count = "\(items.count)"
            var over = false
            if let limit = board.firstSection(kind).flatMap({ board.sections[$0].limit }) {
                count += "/\(limit)"
                over = items.count > limit
            }
            html += "<section class=\"column\(over ? " over-limit" : "")\" aria-labelledby=\"\(id)\">\n"
            html += "<h2 id=\"\(id)\">\(kind.name) <span class=\"count\">\(count)</span>"
            if over { html += " <span class=\"warning\">over limit</span>" }
            html += "</h2>\n"
            if items.isEmpty {
                html += "<p class=\"empty\">(empty)</p>\n"
            } else {
                html += "<ul class=\"items\">\n" + items.map { self.item($0, board, today) }.joined() + "</ul>\n"
            }
            html += "</section>\n"
        }
        html += "</main>\n"
        if let stats { html += flowChart(stats) }
        html += "</body>\n</html>\n"
        return html
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

    /// The first level-one heading's text outside front matter, code and comments; else "Board".
    static func pageTitle(_ board: Board) -> String {
        let hidden = Set(board.regions.flatMap { Array($0.lines) })
        for index in board.lines.indices where !hidden.contains(index) {
            let text = board.text(ofLine: index).trimmingPrefix { $0 == " " }
            if text.hasPrefix("# ") {
                // The text without surrounding blanks and a closing run of #, as headings are read.
                var heading = text.dropFirst(2)
                while let last = heading.last, last == " " || last == "\t" || last == "#" { heading = heading.dropLast() }
                heading = heading.trimmingPrefix { $0 == " " || $0 == "\t" }
                if !heading.isEmpty { return String(heading) }
            }
        }
        return "Board"
    }

    static func item(_ item: Item, _ board: Board, _ today: CivilDate) -> String {
        let kind = board.kind(of: item)
        let overdue = item.due.map { $0 < today && kind != .done } ?? false
        var html = "<li class=\"item\(item.checked ? " checked" : "")\(overdue ? " overdue" : "")\">"
        html += item.checked ? "<span class=\"box\" role=\"img\" aria-label=\"done\">☑</span> "
            : "<span class=\"box\" role=\"img\" aria-label=\"not done\">☐</span> "
        // `dir` isolates the title (HTML's `[dir] { unicode-bidi: isolate }`): a right-to-left title, or a bidi
        // override in it, never reorders the dates after it.
        html += "<span class=\"title\" dir=\"auto\">" + titleWithChips(board.title(of: item)) + "</span>"
        if let due = item.due {
            if overdue {
                html += " <span class=\"due overdue\">! \(due) overdue</span>"
            } else if due == today && kind != .done {
                html += " <span class=\"due today\">\(due) today</span>"
            } else {
                html += " <span class=\"due\">due \(due)</span>"
            }
        }
        if let done = board.doneDate(of: item) { html += " <span class=\"done\">done \(done)</span>" }
        if !item.body.isEmpty { html += "\n<div class=\"body\">" + Markdown.blocks(board.bodyLines(of: item)) + "</div>" }
        return html + "</li>\n"
    }

    /// The title escaped, its tags and people as chips.
    static func titleWithChips(_ title: String) -> String {
        title.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard let sigil = Labels.sigil(ofLabel: word.utf8) else { return escape(String(word)) }
            return "<span class=\"chip \(sigil == Labels.tag ? "tag" : "person")\">\(escape(String(word)))</span>"
        }.joined(separator: " ")
    }

    /// Text for HTML, in content or in a quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // Control characters HTML does not allow are dropped; tab and line feed stay.
                if (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) { continue }
                // Invisible formatting (a bidi override) as a reference: the same page, and nothing hidden in its source.
                if isInvisibleFormatting(scalar.value) {
                    escaped += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                    continue
                }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
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
    static func blocks(_ lines: [String]) -> String {
        var html = ""
        var paragraph: [String] = []
        var lists: [Int] = []  // the indentation of each open list
        var fence: (marker: String, code: [String])?

        func closeParagraph() {
            if !paragraph.isEmpty { html += "<p>" + paragraph.map(inline).joined(separator: "<br>") + "</p>" }
            paragraph = []
        }
        func closeLists(deeperThan indent: Int) {
            while let last = lists.last, last > indent {
                html += "</li></ul>"
                lists.removeLast()
            }
        }
        for line in lines {
            if var open = fence {
                if line.trimmingPrefix(while: { $0 == " " }).hasPrefix(open.marker) {
                    html += "<pre><code>" + HTMLPage.escape(open.code.joined(separator: "\n")) + "</code></pre>"
                    fence = nil
                } else {
                    open.code.append(line)
                    fence = open
                }
                continue
            }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let text = String(line.dropFirst(indent))
            if text.hasPrefix("```") || text.hasPrefix("~~~") {
                closeParagraph()
                closeLists(deeperThan: -1)
                fence = (String(text.prefix(3)), [])
                continue
            }
            if text.isEmpty {
                closeParagraph()
                continue
            }
            if let (marker, rest) = listItem(text) {
                closeParagraph()
                closeLists(deeperThan: indent)
                if lists.last == indent {
                    html += "</li><li>"
                } else {
                    html += "<ul><li>"
                    lists.append(indent)
                }
                html += marker.map { checked in
                    "<span class=\"box\" role=\"img\" aria-label=\"\(checked ? "done" : "not done")\">\(checked ? "☑" : "☐")</span> "
                } ?? ""
                html += inline(rest)
                continue
            }
            if !lists.isEmpty, indent > 0 {
                html += " " + inline(text)  // a list item's continuation
                continue
            }
            closeLists(deeperThan: -1)
            paragraph.append(text)
        }
        closeParagraph()
        closeLists(deeperThan: -1)
        if let open = fence { html += "<pre><code>" + HTMLPage.escape(open.code.joined(separator: "\n")) + "</code></pre>" }
        return html
    }

    /// `- [ ] x`, `- x`, `* x`, `+ x`, `1. x`: whether it has a checkbox (and its state), and the text.
    static func listItem(_ text: String) -> (Bool?, String)? {
        var rest = Substring(text)
        if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
            rest = rest.dropFirst(2)
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, rest.dropFirst(digits.count).hasPrefix(". ") else { return nil }
            rest = rest.dropFirst(digits.count + 2)
        }
        for (box, checked) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where rest.hasPrefix(box) {
            return (checked, String(rest.dropFirst(4)))
        }
        return (nil, String(rest))
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
