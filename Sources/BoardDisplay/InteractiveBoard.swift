import BoardKit

/// `board ui` as a pure state machine: a key in, the new state and at most one effect out. Every change is the file
/// a command would write (BoardKit's own edits), handed to the caller to write safely; the caller then reports
/// whether it was written (`written`) or the file had changed (`reload`).
public struct InteractiveBoard: Sendable {
    /// What the caller does for the state.
    public enum Effect: Equatable, Sendable {
        /// Write this file in place of the board shown (whose bytes it was made from), unless the file on disk
        /// changed meanwhile; then call `written` or `reload`.
        case write([UInt8])
        /// Open the board in `$VISUAL` or `$EDITOR` at this 1-based line, then `reload` it.
        case openEditor(line: Int)
        /// Give the terminal back and stop (Ctrl-Z), then draw everything again once continued.
        case suspend
        case quit
    }

    /// What the keys do at the moment.
    public enum Mode: Equatable, Sendable {
        case board
        case help
        /// `x` asked: `y` deletes the selected item.
        case confirmDelete
        /// `/`: the keys type the filter.
        case filter
        case form(Form)
    }

    /// The add and edit form: title, due date and body, one line each.
    public struct Form: Equatable, Sendable {
        /// The line of the item being edited (moved along when the file is reloaded); nil when adding.
        public internal(set) var itemLine: Int?
        /// The section the item is in (moved along when another program moves the item), or the one to add to.
        public internal(set) var section: SectionKind
        public var fields: [String]
        /// The field being typed in: 0 title, 1 due date, 2 body.
        public var field = 0
        /// The body when it has more than one line: it is not edited here (`E` edits it in the editor).
        let longBody: Bool
        /// The fields whose text in the file holds bytes that are not UTF-8 (a Latin-1 editor's `é`), shown as U+FFFD:
        /// not typed in here, where the file's bytes would become U+FFFD (helper-74); `E` edits them in the editor.
        let heldBytes: [Bool]
        let original: [String]
        static let names = ["Title", "Due", "Body"]
    }

    public private(set) var board: Board
    public private(set) var mode = Mode.board
    /// A one-line message for the footer (what was done, or what went wrong), until the next key.
    public private(set) var message: String?
    /// The text items are filtered by (titles and bodies, ignoring case); empty for none.
    public private(set) var filter = ""
    /// The section column selected: 0 TODO, 1 DOING, 2 DONE.
    public private(set) var column = 0
    public private(set) var width: Int
    public private(set) var height: Int
    public var today: CivilDate
    let color: Bool
    let title: String
    /// The selected item's index in each column's shown items, and the first item shown of each.
    var selected = [0, 0, 0]
    var top = [0, 0, 0]
    /// The title of the selected item when a reload found it gone (deleted, or changed by someone else): no item is
    /// selected until a key selects one, so that a key meant for it never acts on the item that took its place.
    var goneTitle: String?
    /// Changes made in this session, newest last: the file before and after each.
    private var undoStack: [(before: [UInt8], after: [UInt8], what: String)] = []
    /// The write asked for and not yet reported: what it does, whether it is an undo, and the item to select after.
    private var pending: (what: String, isUndo: Bool, select: Target?, entering: SectionKind?)?

    /// The item to select after a change: by title, in a section, and of several with that title the one nearest
    /// `near` in its column (`Int.max`: the last, where moves and adds put an item).
    struct Target {
        let title: String
        let kind: SectionKind
        var near = Int.max
    }

    /// Below this many cells one section is shown at a time, with tabs.
    public static let minimumSideBySide = BoardView.minimumSideBySide

    public init(board: Board, title: String, width: Int, height: Int, today: CivilDate, color: Bool) {
        self.board = board
        self.title = title
        self.width = width
        self.height = height
        self.today = today
        self.color = color
    }

    // MARK: - Items shown

    /// The items of a column's section (archived items are in none).
    func sectionItems(_ column: Int) -> [Item] {
        let kind = SectionKind.allCases[column]
        return board.items.filter { board.kind(of: $0) == kind }
    }

    /// The items each column shows: its section's items matching the filter.
    func shownItems(_ column: Int) -> [Item] {
        guard !filter.isEmpty else { return sectionItems(column) }
        let search = TextSearch(filter, on: board)
        return sectionItems(column).filter { board.item($0, contains: search) }
    }

    /// The selected item, if its column shows any.
    public var selectedItem: Item? {
        guard goneTitle == nil else { return nil }
        let items = shownItems(column)
        return items.isEmpty ? nil : items[min(selected[column], items.count - 1)]
    }

    // MARK: - Keys

    /// The state after a key, and what the caller must do for it.
    public mutating func press(_ key: Key) -> Effect? {
        message = nil
        // Ctrl-Z stops the program whatever it shows, and changes nothing.
        if key == .suspend { return .suspend }
        // The screen says only that the terminal is too small: any key but quitting would act unseen.
        guard !isTooSmall else { return key == .interrupt || key == .character("q") ? .quit : nil }
        switch mode {
        case .help:
            mode = .board
            return nil
        case .confirmDelete:
            mode = .board
            guard key == .character("y") || key == .character("Y"), let item = selectedItem else {
                message = "Nothing deleted."
                return nil
            }
            return change("Deleted '\(board.title(of: item))'.", select: nil) { try $0.removing([item]).bytes }
        case .filter:
            return typeFilter(key)
        case .form(let form):
            return type(key, in: form)
        case .board:
            return boardKey(key)
        }
    }

    /// Presses the keys in order, each after `perform` has carried out the effect of the one before and reported
    /// back (`written`, `reload`, `failed`), so that every key acts on the board the keys before it left: keys read
    /// together (typed fast, or pasted) must not each act on the board before all of them. `perform` returns false
    /// to stop (`quit`); then so does this, and the keys after are not pressed.
    public mutating func press(_ keys: [Key], perform: (inout InteractiveBoard, Effect) -> Bool) -> Bool {
        for key in keys {
            guard let effect = press(key) else { continue }
            if !perform(&self, effect) { return false }
            // Keys typed after Ctrl-Z are dropped, as a terminal drops what was typed after it in a shell.
            if effect == .suspend { break }
        }
        return true
    }

    private mutating func boardKey(_ key: Key) -> Effect? {
        switch key {
        case .interrupt, .character("q"): return .quit
        case .left, .character("h"): select(column: max(0, column - 1))
        case .right, .character("l"): select(column: min(2, column + 1))
        case .tab: select(column: (column + 1) % 3)
        case .up, .character("k"): select(by: -1)
        case .down, .character("j"): select(by: 1)
        case .pageUp: select(by: -max(1, height - 4))
        case .pageDown: select(by: max(1, height - 4))
        case .home: select(by: -selected[column])
        case .end: select(by: shownItems(column).count)
        case .character("?"): mode = .help
        case .character("/"): mode = .filter
        case .escape where !filter.isEmpty:
            filter = ""
            clampSelection()
        case .character("a"):
            mode = .form(Form(itemLine: nil, section: SectionKind.allCases[column], fields: ["", "", ""], longBody: false,
                              heldBytes: [false, false, false], original: ["", "", ""]))
        case .character("u"): return undo()
        case .paste: message = "Paste into the filter (/) or a form (a, e)."
        default:
            guard let item = selectedItem else {
                if case .character(let typed) = key, "eEdsrxHLJK<>".contains(typed) {
                    message = goneTitle.map { "'\($0)' is gone, so nothing was done: select an item." } ?? "No item selected."
                }
                return nil
            }
            return itemKey(key, item)
        }
        return nil
    }

    /// The keys that act on the selected item.
    private mutating func itemKey(_ key: Key, _ item: Item) -> Effect? {
        let kind = board.kind(of: item)
        let title = board.title(of: item)
        func move(to target: SectionKind, _ verb: String) -> Effect? {
            guard target != kind else {
                // A checkbox its section disagrees with is set, as `board done` and `board reopen` set it.
                guard item.checked != (kind == .done) else {
                    message = "'\(title)' is in \(kind.name) already."
                    return nil
                }
                let change = kind == .done ? "Checked" : "Unchecked"
                return self.change("\(change) '\(title)' in \(kind.name).", select: Target(title: title, kind: kind)) { board in
                    try board.moving([(item, target)]).bytes
                }
            }
            let today = today
            return change("\(verb) '\(title)'.", select: Target(title: title, kind: target), entering: target) { board in
                try board.moving([(item, target)], doneOn: today).bytes
            }
        }
        switch key {
        case .character("H"), .character("<"):
            guard column > 0 else { return nil }
            return move(to: SectionKind.allCases[column - 1], "Moved to \(SectionKind.allCases[column - 1].name):")
        case .character("L"), .character(">"):
            guard column < 2 else { return nil }
            return move(to: SectionKind.allCases[column + 1], "Moved to \(SectionKind.allCases[column + 1].name):")
        case .character("d"): return move(to: .done, "Done:")
        case .character("s"): return move(to: .doing, "Started:")
        case .character("r"): return move(to: .todo, "Reopened:")
        case .character("J"), .character("K"):
            let step = key == .character("J") ? 1 : -1
            guard filter.isEmpty else {
                message = "Clear the filter (Esc) to reorder items."
                return nil
            }
            let near = selected[column] + step
            return change("Moved '\(title)' \(step > 0 ? "down" : "up").", select: Target(title: title, kind: kind, near: near)) { board in
                try board.reordered(item, by: step)?.bytes ?? board.bytes
            }
        case .character("x"):
            mode = .confirmDelete
        case .character("e"):
            let due = item.due.map(\.description) ?? ""
            let body = board.bodyLines(of: item).filter { !$0.trimmingCharacters(in: " \t").isEmpty }
            let fields = [title, due, body.count > 1 ? "" : body.first?.trimmingCharacters(in: " \t") ?? ""]
            let titleHeld = board.withTitleBytes(of: item) { String(validating: $0[$1], as: UTF8.self) == nil }
            var bodyHeld = false
            board.forEachBodyLine(of: item) { line in bodyHeld = bodyHeld || String(validating: board.bytes[line], as: UTF8.self) == nil }
            mode = .form(Form(itemLine: item.line, section: kind, fields: fields, longBody: body.count > 1,
                              heldBytes: [titleHeld, false, bodyHeld], original: fields))
        case .character("E"):
            return .openEditor(line: item.line + 1)
        default:
            break
        }
        return nil
    }

    /// Pasted text for a one-line field: line breaks (CR LF one) and tabs become spaces, other control characters go,
    /// and so does a string one of the C1 controls OSC, DCS, SOS, PM or APC begins, up to its ST or BEL.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        var inString = false
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if inString {
                inString = scalar.value != 0x9C && scalar.value != 0x07
                continue
            }
            if scalar.value < 0x100, KeyDecoder.stringIntroducers.contains(UInt8(scalar.value)) {
                inString = true
                continue
            }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else if scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private mutating func select(column: Int) {
        self.column = column
        goneTitle = nil
    }

    private mutating func select(by step: Int) {
        goneTitle = nil
        let count = shownItems(column).count
        selected[column] = max(0, min(count - 1, selected[column] + step))
    }

    private mutating func clampSelection() {
        for column in 0..<3 {
            let count = shownItems(column).count
            selected[column] = max(0, min(selected[column], count - 1))
            top[column] = min(top[column], selected[column])
        }
    }

    private mutating func typeFilter(_ key: Key) -> Effect? {
        switch key {
        case .paste(let text): filter += Self.oneLine(text)
        case .enter: mode = .board
        case .escape:
            filter = ""
            mode = .board
        case .interrupt: return .quit
        case .backspace: if !filter.isEmpty { filter.removeLast() }
        case .character(let character): filter.append(character)
        default: break
        }
        selected = [0, 0, 0]
        top = [0, 0, 0]
        goneTitle = nil
        return nil
    }

    private mutating func type(_ key: Key, in form: Form) -> Effect? {
        var form = form
        switch key {
        case .escape:
            mode = .board
            message = form.itemLine == nil ? "Nothing added." : "Nothing changed."
            return nil
        case .interrupt: return .quit
        case .tab, .down: form.field = (form.field + 1) % 3
        case .up: form.field = (form.field + 2) % 3
        case .backspace where form.heldBytes[form.field], .character where form.heldBytes[form.field],
             .paste where form.heldBytes[form.field]:
            message = "The \(Form.names[form.field].lowercased()) holds bytes that are not UTF-8 (shown as \u{FFFD}), which typing here would lose: E edits it in your editor."
        case .backspace: if !form.fields[form.field].isEmpty { form.fields[form.field].removeLast() }
        case .character(let character):
            if !(form.field == 2 && form.longBody) { form.fields[form.field].append(character) }
        case .paste(let text):
            if !(form.field == 2 && form.longBody) { form.fields[form.field] += Self.oneLine(text) }
        case .enter: return submit(form)
        default: break
        }
        mode = .form(form)
        return nil
    }

    /// The form's change, or a message saying what is wrong with it (the form stays open).
    private mutating func submit(_ form: Form) -> Effect? {
        let title = form.fields[0].trimmingCharacters(in: " \t")
        let dueText = form.fields[1].trimmingCharacters(in: " \t")
        let due = dueText.isEmpty ? nil : DateArgument.parse(dueText, today: today)
        if !dueText.isEmpty && due == nil {
            message = DateArgument.daysAhead(dueText, today: today) != nil
                ? "'\(dueText)' falls after 9999-12-31, the last date a board holds."
                : "'\(dueText)' is not a date: YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday."
            return nil
        }
        let body = form.fields[2].trimmingCharacters(in: " \t")
        guard let line = form.itemLine else {
            guard !title.isEmpty else {
                message = "The title is empty."
                return nil
            }
            mode = .board
            return change("Added '\(title)' to \(form.section.name).", select: Target(title: title, kind: form.section),
                          entering: form.section) { board in
                try board.addedFile(title: title, due: due, body: body.isEmpty ? nil : body, to: form.section, atTop: false).file.bytes
            }
        }
        guard let item = board.items.first(where: { $0.line == line }) else { return nil }
        let newTitle = form.fields[0] == form.original[0] ? nil : title
        let dueChange: DueChange = form.fields[1] == form.original[1] ? .keep : due.map { .set($0) } ?? .remove
        let bodyChange: BodyChange = form.longBody || form.fields[2] == form.original[2] ? .keep : body.isEmpty ? .remove : .set(body)
        mode = .board
        if newTitle == nil, dueChange == .keep, bodyChange == .keep {
            message = "Nothing changed."
            return nil
        }
        let near = shownItems(form.section.rawValue).firstIndex { $0.line == item.line } ?? 0
        return change("Changed '\(newTitle ?? board.title(of: item))'.",
                      select: Target(title: newTitle ?? board.title(of: item), kind: form.section, near: near)) { board in
            try board.printed(after: .edit(item, title: newTitle, due: dueChange, body: bodyChange)).bytes
        }
    }

    /// A write of the file `edit` makes, or the reason it cannot be made as the message. `entering`: the section an
    /// item goes into, whose WIP limit the message warns of when the change puts it over.
    private mutating func change(_ what: String, select: Target?, entering: SectionKind? = nil,
                                 _ edit: (Board) throws -> [UInt8]) -> Effect? {
        if let marker = board.conflictMarkers.first {
            // As every command: the merge is not resolved, so which lines are items is not known.
            message = "Line \(marker + 1) is a merge conflict marker: resolve the merge (keep the right lines, delete the markers) before board edits the file; nothing was written."
            if case .form = mode { mode = .board }
            return nil
        }
        do {
            let file = try edit(board)
            guard file != board.bytes else {
                message = "Nothing to change."
                return nil
            }
            pending = (what, false, select, entering)
            return .write(file)
        } catch {
            message = "Not changed: \(error)."
            if case .form = mode { mode = .board }
            return nil
        }
    }

    private mutating func undo() -> Effect? {
        guard let last = undoStack.last else {
            message = "Nothing to undo in this session."
            return nil
        }
        guard last.after == board.bytes else {
            message = "The file changed since your last change; undo would lose that, so nothing was undone."
            return nil
        }
        pending = ("Undid: \(last.what)", true, currentTarget, nil)
        return .write(last.before)
    }

    // MARK: - What the caller reports

    /// A line for the footer, after what it says already.
    public mutating func note(_ text: String) {
        message = message.map { $0 + " " + text } ?? text
    }

    /// The board after the write the last effect asked for: the file now holds `board`.
    public mutating func written(_ board: Board) {
        guard let done = pending else { return reload(board, message: nil) }
        pending = nil
        if done.isUndo {
            undoStack.removeLast()
        } else {
            undoStack.append((self.board.bytes, board.bytes, done.what))
        }
        // Warned of as the section stands after the write (helper-51: an undo repeated the warning of the change it
        // took back, and an add into a full section gave none). An undo warns of a section it put items back into.
        func count(_ board: Board, _ kind: SectionKind) -> Int { board.firstSection(kind).map(board.itemCount(inSection:)) ?? 0 }
        let entering = done.entering ?? (done.isUndo ? SectionKind.allCases.first { kind in
            board.overLimitMessage(kind) != nil && count(board, kind) > count(self.board, kind)
        } : nil)
        self.board = board
        message = done.what + (entering.flatMap { board.overLimitMessage($0) }.map { " Warning: \($0)." } ?? "")
        clampSelection()
        if let target = done.select { select(target) }
    }

    /// The board as it is on disk now (changed by someone else, or after the editor): the selection stays on the
    /// same item where it still is; when it is gone, no item is selected. A write asked for and not made is forgotten.
    ///
    /// A question about the item (delete it?) is withdrawn: it may no longer be the item asked about. An edit form
    /// follows its item, to another section too (helper-74: `board start` of it closed the form, the typing lost);
    /// when the item is gone, or off the board in the archive, the form closes.
    public mutating func reload(_ board: Board, message: String?) {
        let current = currentTarget
        let old = self.board
        // The items as `board diff` pairs them, so that of several with one title (told apart by body and
        // neighbours) the same one stays selected, not the one nearest its old place.
        let pairing = ItemPairing(old: old, new: board)
        func counterpart(ofLine line: Int?) -> Item? {
            guard let index = old.items.firstIndex(where: { $0.line == line }),
                  let new = pairing.pairs.first(where: { $0.old == index })?.new,
                  board.title(of: board.items[new]) == old.title(of: old.items[index]) else { return nil }
            return board.items[new]
        }
        let selectedLine = selectedItem?.line
        pending = nil
        self.board = board
        clampSelection()
        var notes = message.map { [$0] } ?? []
        let gone = current.flatMap { select(counterpart(ofLine: selectedLine)) ? nil : $0.title }
        if let gone { goneTitle = gone }
        switch mode {
        case .confirmDelete:
            mode = .board
            notes.append(gone.map { "'\($0)' is gone; nothing deleted." } ?? "Nothing deleted.")
        case .form(var form) where form.itemLine != nil:
            if let item = counterpart(ofLine: form.itemLine), board.kind(of: item) != .archive {
                form.itemLine = item.line
                form.section = board.kind(of: item)
                mode = .form(form)
            } else {
                mode = .board
                notes.append("The item being edited is gone; nothing changed.")
            }
        default:
            if let gone { notes.append("'\(gone)' is gone; no item is selected.") }
        }
        self.message = notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// The selected item as a target to select again.
    private var currentTarget: Target? {
        selectedItem.map { Target(title: board.title(of: $0), kind: board.kind(of: $0), near: selected[column]) }
    }

    /// Selects the item in its column; false when it is in none (archived) or the filter hides it.
    private mutating func select(_ item: Item?) -> Bool {
        guard let item, let column = SectionKind.allCases.firstIndex(of: board.kind(of: item)),
              let index = shownItems(column).firstIndex(where: { $0.line == item.line }) else { return false }
        select(column: column)
        selected[column] = index
        return true
    }

    /// Selects the target's item: in its section if it is there (of several with its title, the nearest to its
    /// place), else wherever it is. False when it is nowhere.
    @discardableResult
    private mutating func select(_ target: Target) -> Bool {
        let columns = [target.kind.rawValue] + (0..<3).filter { $0 != target.kind.rawValue }
        let title = target.title.streamSafe
        for column in columns {
            let items = shownItems(column)
            let near = min(target.near, items.count)
            let matches = items.indices.filter { board.title(of: items[$0]).streamSafe == title }
            guard let index = matches.min(by: { abs($0 - near) < abs($1 - near) }) else { continue }
            select(column: column)
            selected[column] = index
            return true
        }
        return false
    }

    /// The terminal's new size.
    public mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Says what a failed write was (the file could not be written, and nothing was).
    public mutating func failed(_ reason: String) {
        pending = nil
        message = reason
    }
}

extension String {
    /// Without these characters at either end.
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
