import BoardKit

extension InteractiveBoard {
    /// The keys, as the help screen lists them.
    static let help = [
        ("←→ h l, Tab", "select a section"),
        ("↑↓ j k, PgUp PgDn, Home End", "select an item"),
        ("H L  < >", "move the item to the previous / next section"),
        ("J K", "move the item down / up in its section"),
        ("a", "add an item to this section (title, due date, body)"),
        ("e", "edit the item (title, due date, one-line body)"),
        ("E", "open the board in $VISUAL or $EDITOR at the item"),
        ("s d r", "start (DOING), done (DONE), reopen (TODO)"),
        ("x", "delete the item (asks y/n)"),
        ("u", "undo the last change of this session"),
        ("/", "filter items by text (Esc clears it)"),
        ("?", "this help"),
        ("q  Ctrl-C", "quit"),
        ("Ctrl-Z", "stop, as a shell's job stops (fg brings it back)"),
    ]

    static let hints = "? help  q quit  ←→↑↓ select  H/L move  J/K reorder  a add  e edit  E editor  s start  d done  r reopen  x delete  u undo  / filter"

    /// True when the terminal is smaller than 20×6, too small to show the board: the screen says so.
    var isTooSmall: Bool { width < 20 || height < 6 }

    /// The screen: exactly `height` lines, each at most `width` cells (ANSI styles when in color). Drawing it keeps
    /// where each column is scrolled to, so that a column scrolls only when the selection leaves it.
    public mutating func screen() -> [String] {
        guard !isTooSmall else {
            return [fit("Terminal too small for board ui (at least 20×6).", width)] + Array(repeating: "", count: max(0, height - 1))
        }
        if mode == .help {
            var lines = [style(fit(" board ui: keys", width), "1"), ""]
            lines += Self.help.map { key, what in fit("  " + pad(key, 28) + what, width) }
            lines += ["", fit("  Every change is written to the file at once, as the board commands write it.", width),
                      fit("  Press any key to go back.", width)]
            return Array((lines + Array(repeating: "", count: height)).prefix(height))
        }
        var lines = [header()]
        let footer = footer()
        var area = boardRows(height - 1 - footer.count)
        if case .form(let form) = mode {
            let shown = formRows(form)
            area = Array(area.prefix(max(0, area.count - shown.count))) + shown.suffix(area.count)
        }
        lines += area
        lines += footer
        return lines
    }

    private func header() -> String {
        var text = " board ui · \(shown(title))"
        if !filter.isEmpty { text += " · filter: \(shown(filter))" }
        return style(fit(text, width), "1")
    }

    /// The footer's lines: one, or a message wrapped over up to three (helper-51: cut at the width, a rescued
    /// file's name was lost).
    private func footer() -> [String] {
        switch mode {
        case .confirmDelete:
            let title = selectedItem.map { board.title(of: $0) } ?? ""
            return [style(fit("Delete '\(shown(title))' and its body? y/n", width), "1;33")]
        case .filter:
            return [fit("Filter: \(shown(filter))▏  (Enter keeps it, Esc clears it)", width)]
        case .form:
            if let message { return wrapped(shown(message), lines: min(3, height - 5)).map { style($0, "1;31") } }
            return [style(fit("Enter saves · Tab or ↑↓ next field · Esc cancels", width), "2")]
        default:
            if let message { return wrapped(shown(message), lines: min(3, height - 5)).map { style($0, "1") } }
            return [style(fit(Self.hints, width), "2")]
        }
    }

    /// `text` in lines of at most `width` cells, broken after spaces (a word wider than a line is cut), at most
    /// `lines` of them (at least one); text left over ends the last in `…`.
    func wrapped(_ text: String, lines: Int) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard result.count < max(1, lines) - 1 || DisplayWidth.of(String(rest)) <= width else {
                result.append(fit(String(rest), width - 1) + "…")
                break
            }
            var line = fit(String(rest), width)
            if line.count < rest.count, let space = line.lastIndex(of: " "), space > line.startIndex {
                line = String(line[..<space])
            }
            result.append(line)
            rest = rest.dropFirst(line.count).drop { $0 == " " }
        }
        return result.isEmpty ? [""] : result
    }

    private func formRows(_ form: Form) -> [String] {
        let heading = form.itemLine == nil ? "Add to \(form.section.name)" : "Edit"
        var rows = [style(fit("── \(heading) " + String(repeating: "─", count: width), width), "1")]
        let hints = ["", "  (YYYY-MM-DD, today, tomorrow, +3d, +2w, fri; empty for none)", ""]
        for (index, name) in Form.names.enumerated() {
            let value = index == 2 && form.longBody ? "(several lines: E edits them in your editor)" : shown(form.fields[index])
            let cursor = index == form.field ? "▏" : ""
            let marker = index == form.field ? "> " : "  "
            rows.append(fit(marker + pad(name + ":", 7) + value + cursor + hints[index], width))
        }
        return rows
    }

    // MARK: - The columns

    /// The board area: three columns side by side, or below `minimumSideBySide` cells the selected one under tabs.
    private mutating func boardRows(_ count: Int) -> [String] {
        let view = BoardView(board: board, today: today, color: color)
        guard width >= Self.minimumSideBySide else {
            let plain = BoardView(board: board, today: today, color: false)
            let tabs = (0..<3).map { index -> String in
                let text = plain.heading(SectionKind.allCases[index], count: sectionItems(index).count).text
                return index == column ? "[\(text)]" : " \(text) "
            }.joined(separator: " ")
            return [style(fit(tabs, width), "1")] + columnRows(column, view: view, width: width, count: count - 1).map(\.text)
        }
        let room = width - 2 * DisplayWidth.of(BoardView.separator)
        let widths = (0..<3).map { room / 3 + ($0 < room % 3 ? 1 : 0) }
        let columns = (0..<3).map { columnRows($0, view: view, width: widths[$0], count: count) }
        return (0..<count).map { row in
            var line = ""
            for index in 0..<3 {
                let cell = columns[index][row]
                if index > 0 { line += row == 1 ? "─┼─" : BoardView.separator }
                line += cell.text
                if index < 2 { line += String(repeating: " ", count: max(0, widths[index] - cell.width)) }
            }
            return line
        }
    }

    /// A column's rows: its heading and rule (side by side), then the items from the first shown, the selected one
    /// marked `>`; `↑ N more` and `↓ N more` where items are above or below. Exactly `count` rows.
    private mutating func columnRows(_ index: Int, view: BoardView, width: Int, count: Int) -> [BoardView.Cell] {
        var rows: [BoardView.Cell] = []
        let isActive = index == column
        // Side by side, each column has its heading; one at a time, the tabs stand for them.
        if self.width >= Self.minimumSideBySide {
            let kind = SectionKind.allCases[index], total = sectionItems(index).count
            // Too wide for the column, the count and the limit stay (`DOING (12/1)`), then it is cut with `…`.
            let heading = view.heading(kind, count: total, width: width - 2)
            rows.append(isActive ? BoardView.Cell(text: style("> ", "1") + heading.text, width: heading.width + 2) : heading)
            rows.append(BoardView.Cell(text: String(repeating: "─", count: width), width: width))
        }
        let items = shownItems(index)
        let room = count - rows.count
        if items.isEmpty {
            rows.append(view.styled(filter.isEmpty ? "(empty)" : "(none match)", "2"))
        } else if room > 0 {
            rows += itemRows(items, index, view: view, width: width, room: room)
        }
        let blank = BoardView.Cell.empty
        return Array((rows + Array(repeating: blank, count: max(0, count - rows.count))).prefix(count))
    }

    /// The rows of the items that fit in `room`, scrolled so that the selected one shows.
    private mutating func itemRows(_ items: [Item], _ index: Int, view: BoardView, width: Int, room: Int) -> [BoardView.Cell] {
        let chosen = min(selected[index], items.count - 1)
        let itemWidth = max(1, width - 2)
        func cells(_ position: Int) -> [BoardView.Cell] {
            let marked = position == chosen && index == column && goneTitle == nil
            return view.rows(of: items[position], width: itemWidth).enumerated().map { row, cell in
                let lead = marked && row == 0 ? "> " : "  "
                let text = marked && color ? "\u{1B}[7m" + cell.text.replacingResets() + "\u{1B}[0m" : cell.text
                return BoardView.Cell(text: lead + text, width: cell.width + 2)
            }
        }
        // The first item shown: the one kept from before, unless the selected item would not fit below it; then
        // the earliest from which it does, found walking back from it (only what shows is ever laid out).
        let chosenRows = cells(chosen)
        var first = min(top[index], chosen)
        var used = chosenRows.count + (chosen < items.count - 1 ? 1 : 0)
        var start = chosen
        while start > first {
            let above = cells(start - 1).count
            // The "↑ N more" row is needed unless the window starts at the first item.
            guard used + above + (start - 1 > 0 ? 1 : 0) <= room else { break }
            used += above
            start -= 1
        }
        if start > first { first = start }
        top[index] = first
        var rows: [BoardView.Cell] = []
        if first > 0 { rows.append(view.styled("↑ \(first) more", "2")) }
        var position = first
        while position < items.count {
            let next = position == chosen ? chosenRows : cells(position)
            let below = items.count - position - 1
            // Items after the selected one come while they fit; the selected one always does (cut if taller).
            if position > chosen, rows.count + next.count > room - (below > 0 ? 1 : 0) { break }
            rows += next
            position += 1
        }
        if position < items.count {
            rows = Array(rows.prefix(room - 1))
            rows.append(view.styled("↓ \(items.count - position) more", "2"))
        }
        return Array(rows.prefix(room))
    }

    // MARK: - Text

    /// Text from the file or the keyboard as the screen shows it: escaped, tabs as spaces (a tab has no width).
    func shown(_ text: String) -> String {
        escaped(text).replacing("\t", with: " ")
    }

    private func style(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The text cut to `width` cells (plain text, no styles).
    func fit(_ text: String, _ width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width { break }
            out.append(character)
            used += cells
        }
        return out
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
}

extension String {
    /// The text with each style reset turned into a reset that keeps reverse video on (for the selected item).
    func replacingResets() -> String {
        replacing("\u{1B}[0m", with: "\u{1B}[0;7m")
    }
}
