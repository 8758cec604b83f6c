/// The result of looking an item up by a REF (CLI.md): a title query or `:LINE`.
public enum ItemMatch: Equatable, Sendable {
    case one(Item)
    case none
    /// More than one item fits; nothing should change.
    case many([Item])

    init(_ found: [Item]) {
        switch found.count {
        case 0: self = .none
        case 1: self = .one(found[0])
        default: self = .many(found)
        }
    }
}

/// An item that `tidied()` moved.
public struct TidyMove: Equatable, Sendable {
    public let title: String
    public let from: SectionKind
    public let to: SectionKind

    public init(title: String, from: SectionKind, to: SectionKind) {
        self.title = title
        self.from = from
        self.to = to
    }
}

extension Board {
    /// The item a REF names: `:N` is the item whose item line is line N (1-based); otherwise the item whose
    /// title equals the query case-insensitively wins, else the items whose titles contain it.
    /// An archived item matches only when no item on the board does (`:N` names any item).
    public func item(matching ref: String) -> ItemMatch {
        // Digits alone: `:+2` (which `Int` reads as 2) and `:-1` are titles to look for, as any other text.
        if ref.hasPrefix(":"), ref.utf8.count > 1, ref.utf8.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
           let number = Int(ref.dropFirst()) {
            // Found by halving: `board done :3 :4 …` with thousands of lines looks each up.
            guard number >= 1, let index = itemIndex(atOrBefore: number - 1), items[index].line + 1 == number else { return .none }
            return .one(items[index])
        }
        let found = items(matching: ref, archived: false)
        return found.isEmpty ? .init(items(matching: ref, archived: true)) : .init(found)
    }

    /// What `check` would warn of once an item titled `title` stands on the board: another item there (archived ones
    /// aside, and the item at line `besides`, 0-based, the one being retitled) has that title, compared as refs
    /// compare titles, ignoring case. Nil when none has.
    public func repeatedTitleWarning(_ title: String, besides: Int? = nil) -> String? {
        let found = items(matching: title, archived: false)
        // Items with the title, when there are any, are all that a title ref finds.
        guard let first = found.first, self.title(of: first).lowercased().streamSafe == title.lowercased().streamSafe,
              found.contains(where: { $0.line != besides }) else { return nil }
        return Self.repeatedTitleMessage(title, line: nil)
    }

    /// The items on the board (or, with `archived`, in the archive) a title ref names: those whose title equals it
    /// ignoring case, else those whose title contains it.
    private func items(matching ref: String, archived: Bool) -> [Item] {
        let query = ref.lowercased().streamSafe
        let found: [Item]
        if query.utf8.allSatisfy({ $0 < 0x80 }), !mayHoldLowercased(asciiQuery: query.utf8) {
            found = itemsMatching(asciiQuery: Array(query.utf8), archived: archived)
        } else {
            // Only the titles of items whose line, lowercased, holds the query's anchor are lowercased and compared:
            // on their bytes when they and the query stand alone, else as strings.
            let anchor = Self.anchor(of: query)
            let needle = Self.standsAlone(query) ? Array(query.utf8) : nil
            var exact: [Item] = []
            var containing: [Item] = []
            var lowered: [UInt8] = []
            for item in items where isArchived(item) == archived && lineHolds(anchor, item) {
                let onBytes = needle.flatMap { needle in
                    withTitleBytes(of: item) { text, range -> (equal: Bool, contains: Bool)? in
                        guard Self.lowerStandingAlone(text, range, to: &lowered) else { return nil }
                        return lowered.withUnsafeBufferPointer { lowered in
                            needle.withUnsafeBufferPointer { needle in
                                (lowered.elementsEqual(needle), Bytes.containsFoldingASCII(lowered, 0..<lowered.count, needle))
                            }
                        }
                    }
                }
                let (equal, contains) = onBytes ?? {
                    let title = title(of: item).lowercased().streamSafe
                    return (title == query, title.contains(query))
                }()
                if equal { exact.append(item) } else if contains { containing.append(item) }
            }
            found = exact.isEmpty ? containing : exact
        }
        return found
    }

    /// Whether text of this board beyond ASCII may hold the ASCII `query` once lowercased, which a search on the file's
    /// bytes (ASCII case folded) would not see: U+212A KELVIN SIGN lowercases to `k`, the one scalar beyond ASCII
    /// whose lowercase is a letter of ASCII alone (a test checks all of Unicode). Such a query, with a `k`, on a board
    /// holding the sign, is looked for as a query beyond ASCII is: an item titled with it was found by no ref.
    func mayHoldLowercased(asciiQuery query: some Sequence<UInt8>) -> Bool {
        // The sign's bytes hold no ASCII letter: the folding search finds them as they are.
        query.contains(UInt8(ascii: "k")) && bytes.withUnsafeBufferPointer { file in
            Self.kelvinSign.withUnsafeBufferPointer { Bytes.containsFoldingASCII(file, 0..<file.count, $0) }
        }
    }

    /// U+212A KELVIN SIGN in UTF-8.
    static let kelvinSign: [UInt8] = [0xE2, 0x84, 0xAA]

    /// True when every scalar of `text` (lowercased) beyond ASCII stands alone (`TitleOrder.standsAlone`): then
    /// each of its characters is one scalar, and text of such characters holds it as a string exactly when it holds
    /// its bytes.
    static func standsAlone(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII || TitleOrder.standsAlone($0) }
    }

    /// Puts `text[range]` lowercased in `lowered`; true when that is UTF-8 whose every scalar stands alone
    /// (`TitleOrder.standsAlone`), so that it may be compared on its bytes with a query that stands alone too.
    static func lowerStandingAlone(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to lowered: inout [UInt8]) -> Bool {
        lowered.removeAll(keepingCapacity: true)
        guard TitleOrder.appendLowercased(utf8: UnsafeBufferPointer(rebasing: text[range]), to: &lowered) != nil else { return false }
        return lowered.withUnsafeBufferPointer { UTF8Sequence.scalarsBeyondASCII(in: $0, allSatisfy: TitleOrder.standsAlone) }
    }

    /// `item(matching:)` with the board's exact titles looked up in `index` (made from this board): a ref that
    /// is an item's whole title is found without reading every title; any other ref is searched for as there.
    public func item(matching ref: String, in index: inout TitleIndex) -> ItemMatch {
        if ref.hasPrefix(":") { return item(matching: ref) }
        let query = ref.lowercased().streamSafe
        let found = index.items(titled: query, on: self)
        let exact: [Item]
        if query.utf8.allSatisfy({ $0 < 0x80 }) {
            exact = found.filter { !isArchived($0) }
        } else {
            // As `items(matching:archived:)` reads them: only titles whose line holds the query's anchor.
            let anchor = Self.anchor(of: query)
            exact = found.filter { !isArchived($0) && lineHolds(anchor, $0) }
        }
        return exact.isEmpty ? item(matching: ref) : ItemMatch(exact)
    }

    /// True when the item's line, from its text on, may hold `anchor` (a query's `anchor(of:)`) lowercased: only
    /// such an item's title can equal or hold the query.
    private func lineHolds(_ anchor: Anchor, _ item: Item) -> Bool {
        mayHold(anchor, lowercased: item.textStart..<lines[item.line].contentEnd)
    }

    /// The longest run of a query's scalars (lowercased and stream-safe, as refs and searches are compared) that NFC
    /// leaves alone, ASCII whitespace excepted, as UTF-8; empty when there is none. A run's last scalar is left out
    /// when another scalar follows it (not whitespace): it may be part of a character with it (`o` and a combining
    /// diaeresis are `ö`). Text that holds the query as a string holds these bytes in its lowercased UTF-8 wherever
    /// NFC leaves all of it alone: each of its scalars is then its own character, and the run stands within one part
    /// of a title or one body line.
    /// Of two runs, one with a byte beyond ASCII is taken over a longer one without: it is rarer (`배포` in
    /// `x 배포 tests flow migrate`, not `migrate`, which a third of a board's titles may hold).
    static func anchor(of query: String) -> Anchor {
        let utf8 = Array(query.utf8)
        var best = 0..<0
        var bestIsASCII = true
        var run: (start: Int, lastStart: Int)?
        var offset = 0
        func end(_ run: (start: Int, lastStart: Int)?, at end: Int) {
            guard let run, run.start < end else { return }
            let isASCII = utf8[run.start..<end].allSatisfy { $0 < 0x80 }
            if (!isASCII && bestIsASCII) || (isASCII == bestIsASCII && end - run.start > best.count) {
                (best, bestIsASCII) = (run.start..<end, isASCII)
            }
        }
        for scalar in query.unicodeScalars {
            let isBlank = scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
            if TitleOrder.isLeftAloneByNFC(scalar), !isBlank {
                run = (run?.start ?? offset, offset)
            } else {
                end(run, at: isBlank ? offset : run?.lastStart ?? offset)
                run = nil
            }
            offset += UTF8.width(scalar)
        }
        end(run, at: offset)
        return Anchor(Array(utf8[best]))
    }

    /// A query's `anchor(of:)`: its bytes, and whether it is caseless, every scalar of it one that lowercasing
    /// neither changes nor makes (Hangul, CJK, kana, symbols, emoji; ASCII but its letters). Text NFC leaves alone
    /// holds a caseless anchor lowercased exactly when it holds it as it is: no text need be lowercased to tell.
    struct Anchor: Sendable {
        let bytes: [UInt8]
        let isCaseless: Bool
        /// For an anchor with a scalar beyond ASCII: each scalar NFC leaves alone that lowercases to text holding
        /// the first such scalar (`é` and `É` for `é`, `σ` and `Σ` for `σ`, `한` alone for `한`). Text NFC leaves
        /// alone that holds none of them cannot hold the anchor lowercased: it is ruled out in one walk, without
        /// being lowercased (a search for `é` on a large board lowercased the text of every item).
        let spellings: [UInt32]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
            isCaseless = scalars.allSatisfy { scalar in
                scalar.isASCII ? !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)) : TitleOrder.hasNoCase(scalar)
            }
            spellings = scalars.first { !$0.isASCII }.map(TitleOrder.spellings(lowercasingTo:)) ?? []
        }

        /// False when `text` is well-formed UTF-8 that NFC leaves alone and holds none of `spellings`: then it
        /// cannot hold the anchor lowercased. One walk over it.
        func mayBeSpelt(in text: UnsafeBufferPointer<UInt8>) -> Bool {
            !UTF8Sequence.scalarsBeyondASCII(in: text) { !spellings.contains($0.value) && TitleOrder.isLeftAloneByNFC($0) }
        }
    }

    /// False only when `bytes[range]` lowercased cannot hold `anchor` (an `anchor(of:)`): it is well-formed, NFC
    /// leaves it alone, and its lowercased UTF-8 lacks the anchor's bytes. (Text NFC may change is not ruled out.)
    func mayHold(_ anchor: Anchor, lowercased range: Range<Int>) -> Bool {
        guard !anchor.bytes.isEmpty else { return true }
        if !anchor.spellings.isEmpty,
           !bytes.withUnsafeBufferPointer({ anchor.mayBeSpelt(in: UnsafeBufferPointer(rebasing: $0[range])) }) {
            return false
        }
        if anchor.isCaseless {
            // Held as it is, or by text NFC may change (a syllable written in jamo): may hold it.
            return bytes.withUnsafeBufferPointer { file in
                anchor.bytes.withUnsafeBufferPointer { Bytes.containsFoldingASCII(file, range, $0) }
                    || !UTF8Sequence.scalarsBeyondASCII(in: UnsafeBufferPointer(rebasing: file[range]), allSatisfy: TitleOrder.isLeftAloneByNFC)
            }
        }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(range.count + 16)
        let leftAlone = bytes.withUnsafeBufferPointer { TitleOrder.appendLowercased(utf8: UnsafeBufferPointer(rebasing: $0[range]), to: &lowered) }
        guard leftAlone == true else { return true }
        return lowered.withUnsafeBufferPointer { lowered in
            anchor.bytes.withUnsafeBufferPointer { Bytes.containsFoldingASCII(lowered, 0..<lowered.count, $0) }
        }
    }

    /// The items whose title equals a lowercase ASCII query ignoring ASCII case, else those whose title contains
    /// it: compared on the title's bytes, with no string made per item (a large board's title refs cost about
    /// what a `:LINE` ref does).
    private func itemsMatching(asciiQuery query: [UInt8], archived: Bool) -> [Item] {
        var exact: [Item] = []
        var containing: [Item] = []
        do {
            func match(_ title: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (exact: Bool, contains: Bool) {
                guard range.count >= query.count else { return (false, false) }
                if query.isEmpty { return (range.isEmpty, true) }
                let contains = query.withUnsafeBufferPointer { Bytes.containsFoldingASCII(title, range, $0) }
                return (contains && range.count == query.count, contains)
            }
            for item in items where isArchived(item) == archived {
                let result = withTitleBytes(of: item) { match($0, $1) }
                if result.exact { exact.append(item) } else if result.contains { containing.append(item) }
            }
        }
        return exact.isEmpty ? containing : exact
    }

    /// The done date `list` and `show` give an item: its valid done date when it is in DONE or the archive, else
    /// nil (a done token elsewhere is a leftover `check` warns about).
    public func doneDate(of item: Item) -> CivilDate? {
        kind(of: item) >= .done ? item.done : nil
    }

    /// Whether the item is done: in DONE, or ticked wherever it stands (a tick made in an editor). `archive` takes
    /// only these.
    public func isDone(_ item: Item) -> Bool { kind(of: item) == .done || item.checked }

    /// True for an item under the `Archive` heading: off the board.
    public func isArchived(_ item: Item) -> Bool {
        kind(of: item) == .archive
    }

    /// The number of items in a section (an index into `sections`).
    public func itemCount(inSection section: Int) -> Int {
        items.reduce(0) { $0 + ($1.section == section ? 1 : 0) }
    }

    /// A message when the first section of `kind` would hold more items than its WIP limit once `adding` more
    /// come in (FORMAT.md §3): `DOING holds 4 items, over its limit of 3`; nil within it, or with no limit.
    public func overLimitMessage(_ kind: SectionKind, adding: Int = 0) -> String? {
        guard let index = firstSection(kind), let limit = sections[index].limit else { return nil }
        let count = itemCount(inSection: index) + adding
        guard count > limit else { return nil }
        return "\(kind.name) holds \(count) item\(count == 1 ? "" : "s"), over its limit of \(limit)"
    }

    /// The section kind an item is in.
    public func kind(of item: Item) -> SectionKind {
        sections[item.section].kind
    }

    /// True when the item has a due date before `today` and is on the board, not done.
    public func isOverdue(_ item: Item, today: CivilDate) -> Bool {
        guard let due = item.due else { return false }
        return kind(of: item) != .done && kind(of: item) != .archive && due < today
    }

    /// The items `tidied()` moves, in file order: ticked outside DONE, or unticked in it (never archived ones), each
    /// to `tidyTarget(of:)`.
    public var itemsToTidy: [Item] {
        items.filter(isToTidy)
    }

    /// True for an item `tidied()` moves: ticked outside DONE, or unticked in it, and not archived.
    public func isToTidy(_ item: Item) -> Bool {
        item.checked != (kind(of: item) == .done) && !isArchived(item)
    }

    /// Where `tidied()` moves one of `itemsToTidy`: to DONE when ticked, else to TODO.
    public func tidyTarget(of item: Item) -> SectionKind {
        item.checked ? .done : .todo
    }

    /// The WIP warnings of `tidied()` (`overLimitMessage`), for each section it fills past its limit: the first TODO or
    /// DONE section, with the items coming in and those leaving it counted. None for a section no item comes into,
    /// as `move` warns only then.
    public func tidyOverLimitMessages() -> [String] {
        [SectionKind.todo, .done].compactMap { kind in
            guard let first = firstSection(kind), sections[first].limit != nil else { return nil }
            var (coming, leaving) = (0, 0)
            for item in items where isToTidy(item) {
                if tidyTarget(of: item) == kind { coming += 1 } else if item.section == first { leaving += 1 }
            }
            return coming == 0 ? nil : overLimitMessage(kind, adding: coming - leaving)
        }
    }

    /// The moves `tidied()` makes, in file order, without making them.
    public func tidyMoves() -> [TidyMove] {
        itemsToTidy.map { item in TidyMove(title: title(of: item), from: kind(of: item), to: tidyTarget(of: item)) }
    }

    /// Ticks made in an editor applied: checked items outside DONE move to DONE, unchecked items in DONE move to
    /// TODO, in file order, as moving them one by one would. The moves go in as few splices as can be: each splice
    /// takes the longest run of the next moves whose targets exist and that no item leaves after one came in
    /// (`movedFile`), halved while the splice would have to refuse; a move no splice can take (into a section to
    /// create, or one every splice would refuse) is made alone, and may find an indentation that works.
    /// A board whose ticks all go in one splice is not parsed again, however many headings it has. With `doneOn`, each move into DONE records
    /// that date.
    public func tidied(doneOn: CivilDate? = nil) throws(EditError) -> (file: PrintedFile, moves: [TidyMove]) {
        (try tidiedFile(doneOn: doneOn), tidyMoves())
    }

    /// The file `tidied()` makes, without the moves' titles: for a caller that reads the moves from `itemsToTidy`.
    public func tidiedFile(doneOn: CivilDate? = nil) throws(EditError) -> PrintedFile {
        var board = self
        while true {
            // By place in `items`: a pasted board's hundred thousand ticks are not copied item by item.
            let moving = board.items.indices.filter { board.isToTidy(board.items[$0]) }
            guard let first = moving.first.map({ board.items[$0] }) else { return PrintedFile(board.bytes) }
            // A splice that would have to refuse is tried again with half its moves, down to one.
            var count = board.spliceableCount(moving)
            var file: PrintedFile?
            while count > 0, file == nil {
                let moves = moving.prefix(count).map { ItemMove(index: $0, to: board.tidyTarget(of: board.items[$0])) }
                file = try? board.movedFile(moves, doneOn: doneOn)
                if file == nil { count /= 2 }
            }
            if let file {
                if count == moving.count { return file }
                board = Board(parsing: file.bytes)
            } else {
                let between = board
                board = try refusingAsRemoval(of: items.filter(isToTidy)) { () throws(EditError) in
                    try between.moving(first, to: between.tidyTarget(of: first), doneOn: doneOn)
                }
            }
        }
    }

    /// How many of `moving` (items to tidy, in file order) one splice can move as moving them one by one would: the
    /// longest run from the first in which every target's first section exists and no item leaves a target after
    /// one has come into it (one by one, the item placed before would follow the one leaving, which the splice
    /// places after the items that stay).
    private func spliceableCount(_ moving: [Int]) -> Int {
        let targets = [SectionKind.todo, .done].map { firstSection($0) }
        var entered = [false, false]
        for (count, item) in moving.lazy.map({ items[$0] }).enumerated() {
            let target = item.checked ? 1 : 0
            guard targets[target] != nil else { return count }
            if (0..<2).contains(where: { entered[$0] && targets[$0] == item.section }) { return count }
            entered[target] = true
        }
        return moving.count
    }
}

/// Text to look for in items, ignoring case, as `list --search` does: in the title, and in each body line.
public struct TextSearch: Sendable {
    /// The text lowercased.
    let lowercased: String
    /// Its bytes when it is ASCII: then the search runs on the file's bytes, without making strings.
    let asciiFolded: [UInt8]?
    /// Its bytes when it is beyond ASCII, caseless (`Board.Anchor.isCaseless`: Hangul, CJK, kana, emoji, with ASCII
    /// but its letters) and every scalar of it stands alone: text whose every scalar stands alone holds it lowercased
    /// exactly when its bytes hold it (lowercasing neither makes nor changes such a scalar, and each scalar is a
    /// character of its own), so such an item is searched on its bytes, nothing lowercased.
    let caseless: [UInt8]?
    /// Otherwise its `Board.anchor(of:)`: only the items whose lowercased text holds it are compared.
    let anchor: Board.Anchor
    /// The text's bytes lowercased, when every scalar of it beyond ASCII stands alone (`TitleOrder.standsAlone`):
    /// then text whose lowercased scalars stand alone too holds it as a string exactly when it holds these bytes.
    let standingAlone: [UInt8]?

    /// `text` to look for in the items of `board`.
    public init(_ text: String, on board: Board) {
        lowercased = text.lowercased().streamSafe
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        asciiFolded = isASCII && !board.mayHoldLowercased(asciiQuery: lowercased.utf8) ? Array(lowercased.utf8) : nil
        anchor = asciiFolded == nil ? Board.anchor(of: lowercased) : Board.Anchor([])
        standingAlone = asciiFolded == nil && Board.standsAlone(lowercased) ? Array(lowercased.utf8) : nil
        caseless = standingAlone.flatMap { Board.Anchor($0).isCaseless && $0.contains { $0 >= 0x80 } ? $0 : nil }
    }
}

extension Board {
    /// True when the item's title or one of its body lines contains `search`, ignoring case.
    public func item(_ item: Item, contains search: TextSearch) -> Bool {
        // The title and the body lines each lie within the item's text, from its title to its last body line.
        let end = lines[item.body.isEmpty ? item.line : item.body.upperBound - 1].contentEnd
        // The search's bytes are read in place, never copied: a copy would count a reference to them for each item,
        // and a large board's items are searched on every core at once.
        let found = search.asciiFolded?.withUnsafeBufferPointer { needle in
            if needle.isEmpty { return true }
            return bytes.withUnsafeBufferPointer { file in
                // Text without a space lies within one part of the title or one body line, each a run of the item's
                // own bytes (the title joins its parts with a space): where those bytes lack it, so does the item,
                // and most items are settled by that one scan.
                if !needle.contains(Bytes.space), !Bytes.containsFoldingASCII(file, item.textStart..<end, needle) { return false }
                return self.item(item, holdsOnBytes: needle, in: file)
            }
        }
        if let found { return found }
        if let needle = search.caseless, let found = self.item(item, holdsCaseless: needle, end: end) { return found }
        guard mayHold(search.anchor, lowercased: item.textStart..<end) else { return false }
        if let needle = search.standingAlone, let found = self.item(item, holdsStandingAlone: needle) { return found }
        return title(of: item).lowercased().streamSafe.contains(search.lowercased)
            || bodyLines(of: item).contains { $0.lowercased().streamSafe.contains(search.lowercased) }
    }

    /// Whether the item's title or one of its body lines holds `needle` on its bytes, ASCII case folded.
    private func item(_ item: Item, holdsOnBytes needle: UnsafeBufferPointer<UInt8>, in file: UnsafeBufferPointer<UInt8>) -> Bool {
        if withTitleBytes(of: item, in: file, { Bytes.containsFoldingASCII($0, $1, needle) }) { return true }
        // Each body line as `bodyLines(of:)` gives it.
        let indent = item.body.isEmpty ? nil : sharedIndent(of: item)
        return item.body.contains { Bytes.containsFoldingASCII(file, bodyText(ofLine: $0, indent: indent), needle) }
    }

    /// Whether the item's title or one of its body lines holds `needle` (a `TextSearch`'s `caseless`) on its bytes;
    /// nil when its text, up to `end`, is not well-formed UTF-8 whose every scalar stands alone, and must be compared
    /// as strings. One walk over the text (`standsAlone(_:holding:)`) settles nearly every item. (Lowercasing each
    /// title and body line to compare them took a third of `list --search 테스트` on the 100,000-item board.)
    private func item(_ item: Item, holdsCaseless needle: [UInt8], end: Int) -> Bool? {
        needle.withUnsafeBufferPointer { needle in
            bytes.withUnsafeBufferPointer { file in
                guard let held = Self.standsAlone(UnsafeBufferPointer(rebasing: file[item.textStart..<end]), holding: needle) else {
                    return nil
                }
                // As for an ASCII search: text without a space lies within one part of the title or one body line.
                if !held, !needle.contains(Bytes.space) { return false }
                return self.item(item, holdsOnBytes: needle, in: file)
            }
        }
    }

    /// Nil when `text` is not well-formed UTF-8 whose every scalar beyond ASCII stands alone
    /// (`TitleOrder.standsAlone`); else whether it holds the bytes of `needle`, which has a byte beyond ASCII. ASCII
    /// is skipped eight bytes at a time, and the needle is compared only where its first scalar beyond ASCII would
    /// stand: at a sequence of the text that starts with that scalar's first byte. Past a budget of a few times the
    /// text's length in bytes compared (a line of a million `✅` and a query of twenty thousand: 2 s, helper-69), the
    /// rest of the walk only checks the scalars, and the text is searched once, in time linear in its length
    /// (`Bytes.containsFoldingASCII`).
    static func standsAlone(_ text: UnsafeBufferPointer<UInt8>, holding needle: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = text.baseAddress, let offset = needle.firstIndex(where: { $0 >= 0x80 }) else { return false }
        let key = needle[offset]
        var held = false
        var compared = 0
        let budget = 4 * text.count + 64
        var index = 0
        while index < text.count {
            let lead = text[index]
            guard lead >= 0x80 else {
                index += 1
                while index + 8 <= text.count,
                      UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            guard let length = UTF8Sequence.length(in: text, at: index),
                  let scalar = Unicode.Scalar(UTF8Sequence.scalar(in: text, at: index, length: length)),
                  TitleOrder.standsAlone(scalar) else { return nil }
            if !held, lead == key, compared <= budget {
                compared += needle.count
                held = Bytes.holds(text, needle, at: index - offset)
            }
            index += length
        }
        return held || (compared > budget && Bytes.containsFoldingASCII(text, 0..<text.count, needle))
    }

    /// Whether the item's title or one of its body lines, lowercased, holds `needle` (a `TextSearch`'s
    /// `standingAlone`) on its bytes; nil when some of that text, lowercased, has a scalar that does not stand alone
    /// or is no UTF-8, and must be compared as a string. (Strings compared 10,000 items that held a search for a
    /// common Korean word one by one: 40 ms on the 100,000-item board.)
    private func item(_ item: Item, holdsStandingAlone needle: [UInt8]) -> Bool? {
        var lowered: [UInt8] = []
        func holds(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
            guard Self.lowerStandingAlone(text, range, to: &lowered) else { return nil }
            return lowered.withUnsafeBufferPointer { lowered in
                needle.withUnsafeBufferPointer { Bytes.containsFoldingASCII(lowered, 0..<lowered.count, $0) }
            }
        }
        return bytes.withUnsafeBufferPointer { file in
            guard let inTitle = withTitleBytes(of: item, in: file, holds) else { return nil }
            if inTitle { return true }
            let indent = item.body.isEmpty ? nil : sharedIndent(of: item)
            for line in item.body {
                guard let inLine = holds(file, bodyText(ofLine: line, indent: indent)) else { return nil }
                if inLine { return true }
            }
            return false
        }
    }
}

/// A board's item titles, for resolving many title refs at once (`board done "A" "B" …`): each ref that is an item's
/// whole title is found by halving instead of reading every title (8,000 refs on 16,000 items took 2.8 s). A title
/// NFC leaves alone (nearly every one) is kept as a hash of its lowercased UTF-8 (seeded in each process, so no file
/// can make hashes collide), each found confirmed on its bytes; the others as lowercased strings, made at the first
/// ref that is not ASCII; and every title so, at the first ref NFC would change (Cyrillic, Greek, decomposed letters).
public struct TitleIndex: Sendable {
    /// Each title NFC leaves alone as one number, in order: its hash's top 36 bits, then its item's index (28
    /// bits; an item past those is kept with the others), so that the sort compares plain integers.
    private let plainTitles: [UInt64]
    /// The items of the other titles (not well-formed UTF-8, or with scalars NFC may change).
    private let otherItems: [Int]
    /// The other titles' items by their lowercased, stream-safe strings: made when first asked.
    private var otherTitles: [String: [Int]]?
    /// Every title's items by its lowercased, stream-safe string: made at the first query NFC may change, which may
    /// equal any title as a string (`e` and a combining accent equal `é`).
    private var allTitles: [String: [Int]]?

    public init(_ board: Board) {
        var plain: [UInt64] = []
        var others: [Int] = []
        var lowered: [UInt8] = []
        for index in board.items.indices {
            let isLeftAlone = board.withTitleBytes(of: board.items[index]) { bytes, range in
                lowered.removeAll(keepingCapacity: true)
                return TitleOrder.appendLowercased(utf8: UnsafeBufferPointer(rebasing: bytes[range]), to: &lowered)
            }
            if isLeftAlone == true, index < 1 << Self.itemBits {
                plain.append(Self.hash(lowered) | UInt64(index))
            } else {
                others.append(index)
            }
        }
        plainTitles = plain.sorted()
        otherItems = others
    }

    private static let itemBits: UInt64 = 28

    /// The top 36 bits of the bytes' hash, the rest zero.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return (UInt64(bitPattern: Int64(hasher.finalize())) >> itemBits) << itemBits
    }

    /// The items whose title is `query` (lowercased and stream-safe) as `items(matching:archived:)` compares a whole
    /// title, in file order: for an ASCII query, ignoring ASCII case byte by byte; else as lowercased strings.
    mutating func items(titled query: String, on board: Board) -> [Item] {
        let queryBytes = Array(query.utf8)
        let isASCII = queryBytes.allSatisfy { $0 < 0x80 }
        var lowered: [UInt8] = []
        guard isASCII || queryBytes.withUnsafeBufferPointer({ TitleOrder.appendLowercased(utf8: $0, to: &lowered) }) == true
        else {
            if allTitles == nil { allTitles = Self.lowercasedTitles(of: board.items.indices, on: board) }
            return (allTitles?[query] ?? []).map { board.items[$0] }
        }
        let hash = Self.hash(queryBytes)
        var low = 0, high = plainTitles.count
        while low < high {
            let middle = (low + high) / 2
            if plainTitles[middle] < hash { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < plainTitles.count, (plainTitles[low] >> Self.itemBits) << Self.itemBits == hash {
            let index = Int(plainTitles[low] & (1 << Self.itemBits - 1))
            let equal = board.withTitleBytes(of: board.items[index]) { bytes, range in
                if isASCII, range.count == queryBytes.count,
                   queryBytes.withUnsafeBufferPointer({ Bytes.containsFoldingASCII(bytes, range, $0) }) {
                    return true
                }
                // Else by the title lowercased: an ASCII query may equal a title beyond ASCII (`k` U+212A KELVIN SIGN).
                lowered.removeAll(keepingCapacity: true)
                _ = TitleOrder.appendLowercased(utf8: UnsafeBufferPointer(rebasing: bytes[range]), to: &lowered)
                return lowered == queryBytes
            }
            if equal { found.append(index) }
            low += 1
        }
        // Only text beyond ASCII can equal another title as a string: a query of ASCII equals only titles of it.
        if !isASCII {
            if otherTitles == nil { otherTitles = Self.lowercasedTitles(of: otherItems, on: board) }
            found += otherTitles?[query] ?? []
            found.sort()
        }
        return found.map { board.items[$0] }
    }

    /// These items by their titles lowercased and `streamSafe`.
    private static func lowercasedTitles(of items: some Sequence<Int>, on board: Board) -> [String: [Int]] {
        var titles: [String: [Int]] = [:]
        for index in items { titles[board.title(of: board.items[index]).lowercased().streamSafe, default: []].append(index) }
        return titles
    }
}
