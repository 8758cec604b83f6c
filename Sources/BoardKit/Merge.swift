/// One side of a three-way merge.
public enum MergeSide: String, Sendable {
    case ours, theirs
}

/// Something both sides of a merge changed incompatibly; the merged file marks it with conflict markers.
public struct MergeConflict: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// Both moved the item, to different places.
        case section
        case title
        case due
        case body
        /// One side removed the item, the other edited or moved it.
        case removedAndEdited(removedBy: MergeSide)
        /// Both added an item of this title, written differently.
        case addedTwice
        /// Both changed the same text outside items differently.
        case text
    }

    /// The item's title (ours, when it has one), nil for text outside items.
    public let title: String?
    public let reason: Reason

    public init(title: String?, reason: Reason) {
        self.title = title
        self.reason = reason
    }
}

/// The result of `Board.merge(base:ours:theirs:)`.
public struct BoardMerge: Sendable {
    /// The merged file, with conflict markers where `conflicts` says.
    public let bytes: [UInt8]
    /// What conflicted, in the order the merge met it; empty for a clean merge.
    public let conflicts: [MergeConflict]
}

extension Board {
    /// Merges two boards that both descend from `base`, item by item.
    ///
    /// Items are identified across the versions as `ItemPairing` pairs them. Each side's changes apply
    /// together: additions, removals, moves, reorders, and edits of title, due date, checkbox and body.
    /// An item is in conflict only when both sides changed the same field differently, or one removed it
    /// while the other changed it; its conflict markers wrap that item's lines alone. The lines outside
    /// items merge line by line as `git merge-file` does. Where only one side changed something, its
    /// bytes come out exactly as that side wrote them.
    public static func merge(base: Board, ours: Board, theirs: Board, markerSize: Int = 7) -> BoardMerge {
        var merge = ThreeWayMerge(base: base, ours: ours, theirs: theirs, markerSize: max(1, markerSize))
        return merge.run()
    }
}

/// The steps of one three-way merge: the text outside items first, then each item's content and place.
private struct ThreeWayMerge {
    /// One version's lines outside items, and where each item hangs among them.
    struct Version {
        let board: Board
        /// Indices of the lines that belong to no item.
        let outsideLines: [Int]
        /// For each item, the index into `outsideLines` of the line just before it (-1 for none).
        let anchors: [Int]
        /// For each entry of `outsideLines`: after which merged output line its items go (-1: before all).
        var slots: [Int]

        init(_ board: Board) {
            self.board = board
            var outside: [Int] = []
            var anchors: [Int] = []
            anchors.reserveCapacity(board.items.count)
            var next = 0
            for item in board.items {
                while next < item.line { outside.append(next); next += 1 }
                anchors.append(outside.count - 1)
                next = item.lines.upperBound
            }
            while next < board.lines.count { outside.append(next); next += 1 }
            outsideLines = outside
            self.anchors = anchors
            slots = [Int](repeating: -1, count: outside.count)
        }

        func slot(ofItem index: Int) -> Int {
            anchors[index] < 0 ? -1 : slots[anchors[index]]
        }

        func lineBytes(_ outsideIndex: Int) -> ArraySlice<UInt8> {
            let line = board.lines[outsideLines[outsideIndex]]
            return board.bytes[line.start..<line.end]
        }

        /// The item's lines, line endings included.
        func itemBytes(_ index: Int) -> ArraySlice<UInt8> {
            let item = board.items[index]
            return board.bytes[board.lines[item.line].start..<board.lines[item.lines.upperBound - 1].end]
        }

        /// True when a blank line follows the item.
        func isFollowedByBlankLine(_ index: Int) -> Bool {
            let next = board.items[index].lines.upperBound
            return next < board.lines.count && board.isBlankLine(next)
        }

        /// The item's lines without their endings: what "changed" is judged by.
        func itemContent(_ index: Int) -> [ArraySlice<UInt8>] {
            board.items[index].lines.map { board.bytes[board.lines[$0].start..<board.lines[$0].contentEnd] }
        }
    }

    /// A merged item: where it goes and what it prints.
    struct Entry {
        let side: MergeSide
        /// Its item index on `side`.
        let index: Int
        /// Its item index in theirs, if theirs has it.
        let theirsIndex: Int?
        let bytes: [UInt8]
        /// True when it was added, or moved here from another place, by its side.
        var arrived = true
    }

    var base: Version
    var ours: Version
    var theirs: Version
    let markerSize: Int
    /// The merged lines outside items.
    var output: [ArraySlice<UInt8>] = []
    var conflicts: [MergeConflict] = []

    init(base: Board, ours: Board, theirs: Board, markerSize: Int) {
        self.base = Version(base)
        self.ours = Version(ours)
        self.theirs = Version(theirs)
        self.markerSize = markerSize
    }

    mutating func run() -> BoardMerge {
        mergeOutsideLines()
        let entries = mergeItems()
        return BoardMerge(bytes: layOut(entries), conflicts: conflicts)
    }

    // MARK: - Lines outside items

    /// A diff3 over the lines outside items: runs all three share stay; a stretch only one side changed
    /// takes that side's lines; a stretch both changed the same way takes them once; anything else is a
    /// conflict. Fills each version's `slots`.
    mutating func mergeOutsideLines() {
        var tokens: [ArraySlice<UInt8>: Int] = [:]
        func tokenize(_ version: Version) -> [Int] {
            version.outsideLines.indices.map { index in
                let bytes = version.lineBytes(index)
                if let token = tokens[bytes] { return token }
                tokens[bytes] = tokens.count
                return tokens.count - 1
            }
        }
        let b = tokenize(base), o = tokenize(ours), t = tokenize(theirs)
        let toOurs = LineMatching.match(b, o), toTheirs = LineMatching.match(b, t)
        var (i, j, k) = (0, 0, 0)
        while i < b.count || j < o.count || k < t.count {
            if i < b.count, toOurs[i] == j, toTheirs[i] == k {
                output.append(ours.lineBytes(j))
                base.slots[i] = output.count - 1
                ours.slots[j] = output.count - 1
                theirs.slots[k] = output.count - 1
                (i, j, k) = (i + 1, j + 1, k + 1)
                continue
            }
            var next = i
            while next < b.count, toOurs[next] == nil || toTheirs[next] == nil { next += 1 }
            let oursEnd = next < b.count ? toOurs[next] ?? o.count : o.count
            let theirsEnd = next < b.count ? toTheirs[next] ?? t.count : t.count
            mergeStretch(base: i..<next, ours: j..<oursEnd, theirs: k..<theirsEnd,
                         same: (b[i..<next].elementsEqual(o[j..<oursEnd]), b[i..<next].elementsEqual(t[k..<theirsEnd]),
                                o[j..<oursEnd].elementsEqual(t[k..<theirsEnd])))
            (i, j, k) = (next, oursEnd, theirsEnd)
        }
    }

    /// One stretch where the three versions differ. `same` tells which pairs of sides hold equal lines.
    /// Lines that do not come out themselves hang their items after the stretch.
    mutating func mergeStretch(base b: Range<Int>, ours o: Range<Int>, theirs t: Range<Int>,
                               same: (baseOurs: Bool, baseTheirs: Bool, oursTheirs: Bool)) {
        // A side that changed only blank lines here (removing an item takes a blank line with it; adding one can
        // add one) yields to the other side's change, as if it had left the stretch alone.
        var same = same
        if !(same.baseOurs || same.baseTheirs || same.oursTheirs) {
            let baseText = nonBlank(base, b)
            if nonBlank(ours, o) == baseText {
                same.baseOurs = true
            } else if nonBlank(theirs, t) == baseText {
                same.baseTheirs = true
            }
        }
        if !(same.baseOurs || same.baseTheirs || same.oursTheirs) {
            conflicts.append(MergeConflict(title: nil, reason: .text))
            output.append(ArraySlice(marker("<", label: "ours")))
            for index in o { output.append(ours.lineBytes(index)) }
            output.append(ArraySlice(marker("=", label: nil)))
            for index in t { output.append(theirs.lineBytes(index)) }
            output.append(ArraySlice(marker(">", label: "theirs")))
            for index in o { ours.slots[index] = output.count - 1 }
            for index in t { theirs.slots[index] = output.count - 1 }
        } else if same.baseOurs && !same.oursTheirs {
            for index in t {
                output.append(theirs.lineBytes(index))
                theirs.slots[index] = output.count - 1
            }
            for index in o { ours.slots[index] = output.count - 1 }
        } else {
            for index in o {
                output.append(ours.lineBytes(index))
                ours.slots[index] = output.count - 1
            }
            for (offset, index) in t.enumerated() {
                theirs.slots[index] = same.oursTheirs ? ours.slots[o.lowerBound + offset] : output.count - 1
            }
        }
        for index in b { base.slots[index] = output.count - 1 }
    }

    /// The non-blank lines of a stretch of a version's lines outside items.
    func nonBlank(_ version: Version, _ range: Range<Int>) -> [ArraySlice<UInt8>] {
        range.map { version.lineBytes($0) }.filter { line in
            !line.allSatisfy { Bytes.isWhitespace($0) || $0 == Bytes.lf || $0 == Bytes.cr }
        }
    }

    /// A conflict marker line: `size` times `character`, then the label, in ours' line ending.
    func marker(_ character: Character, label: String?) -> [UInt8] {
        var line = Array(String(repeating: character, count: markerSize).utf8)
        if let label { line += Array((" " + label).utf8) }
        return line + ours.board.lineEnding
    }

    // MARK: - Items

    /// Every item of the result, with its side and content; records the items' conflicts.
    mutating func mergeItems() -> [Entry] {
        let toOurs = ItemPairing(old: base.board, new: ours.board)
        let toTheirs = ItemPairing(old: base.board, new: theirs.board)
        var oursOf = [Int?](repeating: nil, count: base.board.items.count)
        var theirsOf = oursOf
        for pair in toOurs.pairs { oursOf[pair.old] = pair.new }
        for pair in toTheirs.pairs { theirsOf[pair.old] = pair.new }
        let oursReordered = reordered(side: ours, sideOf: oursOf, pairs: toOurs.pairs)
        let theirsReordered = reordered(side: theirs, sideOf: theirsOf, pairs: toTheirs.pairs)

        var entries: [Entry] = []
        for index in base.board.items.indices {
            switch (oursOf[index], theirsOf[index]) {
            case (nil, nil):
                continue
            case let (o?, nil):
                if changed(index, in: ours, at: o, sideOf: oursOf, pairs: toOurs.pairs) {
                    conflicts.append(MergeConflict(title: ours.board.title(of: ours.board.items[o]),
                                                   reason: .removedAndEdited(removedBy: .theirs)))
                    entries.append(Entry(side: .ours, index: o, theirsIndex: nil,
                                         bytes: conflictBlock(ours: ours.itemBytes(o), theirs: []), arrived: false))
                }
            case let (nil, t?):
                if changed(index, in: theirs, at: t, sideOf: theirsOf, pairs: toTheirs.pairs) {
                    conflicts.append(MergeConflict(title: theirs.board.title(of: theirs.board.items[t]),
                                                   reason: .removedAndEdited(removedBy: .ours)))
                    entries.append(Entry(side: .theirs, index: t, theirsIndex: t,
                                         bytes: conflictBlock(ours: [], theirs: theirs.itemBytes(t)), arrived: false))
                }
            case let (o?, t?):
                entries.append(mergeItem(index, ours: o, theirs: t,
                                         reordered: (oursReordered[index], theirsReordered[index])))
            }
        }
        // Items only one side has: added there (or renamed past recognition). One title added on both sides
        // is one item.
        var theirsAdded: [TitleKey: [Int]] = [:]
        for index in toTheirs.added.reversed() {
            theirsAdded[theirs.board.titleKey(of: theirs.board.items[index]), default: []].append(index)
        }
        for index in toOurs.added {
            guard let twin = theirsAdded[ours.board.titleKey(of: ours.board.items[index])]?.popLast() else {
                entries.append(Entry(side: .ours, index: index, theirsIndex: nil, bytes: Array(ours.itemBytes(index))))
                continue
            }
            if ours.itemContent(index) == theirs.itemContent(twin) {
                entries.append(Entry(side: .ours, index: index, theirsIndex: twin, bytes: Array(ours.itemBytes(index))))
            } else {
                conflicts.append(MergeConflict(title: ours.board.title(of: ours.board.items[index]), reason: .addedTwice))
                entries.append(Entry(side: .ours, index: index, theirsIndex: twin,
                                     bytes: conflictBlock(ours: ours.itemBytes(index), theirs: theirs.itemBytes(twin))))
            }
        }
        for index in theirsAdded.values.joined() {
            entries.append(Entry(side: .theirs, index: index, theirsIndex: index, bytes: Array(theirs.itemBytes(index))))
        }
        return entries
    }

    /// True when a side changed any of the base item's lines, or moved it: to another section, or both to another
    /// place among the lines outside items and after another item that stayed in its section. (Removing a
    /// neighbour with its blank line can change the first without moving the item.)
    func changed(_ baseIndex: Int, in side: Version, at index: Int, sideOf: [Int?], pairs: [(old: Int, new: Int)]) -> Bool {
        guard side.itemContent(index) == base.itemContent(baseIndex) else { return true }
        let baseItem = base.board.items[baseIndex], sideItem = side.board.items[index]
        guard base.board.kind(of: baseItem) == side.board.kind(of: sideItem) else { return true }
        // Its place among the lines outside items is the same: not moved. (When blank lines repeat, that place
        // can look changed though it is not: then the items around it decide.)
        if side.slot(ofItem: index) == base.slot(ofItem: baseIndex) { return false }
        // Items that stayed in this section on both: the nearest such before it must be the same item on both.
        var baseOf = [Int: Int]()
        for pair in pairs { baseOf[pair.new] = pair.old }
        func stayed(base b: Int) -> Bool {
            guard base.board.items[b].section == baseItem.section, let s = sideOf[b] else { return false }
            return side.board.items[s].section == sideItem.section
        }
        var earlier = baseIndex - 1
        while earlier >= 0, !stayed(base: earlier) { earlier -= 1 }
        let expected = earlier >= 0 ? sideOf[earlier] : nil
        var before = index - 1
        while before >= 0, !(baseOf[before].map(stayed) ?? false) { before -= 1 }
        let actual = before >= 0 ? before : nil
        return expected != actual
    }

    /// For each base item, whether `side` put it somewhere else among its neighbours: moved it to another
    /// place, or gave it another predecessor among the items both versions keep in that same place.
    /// `sideOf` maps base items to the side's, as `pairs` pair them.
    func reordered(side: Version, sideOf: [Int?], pairs: [(old: Int, new: Int)]) -> [Bool] {
        var baseOf = [Int?](repeating: nil, count: side.board.items.count)
        for pair in pairs { baseOf[pair.new] = pair.old }
        func staysPut(_ baseIndex: Int) -> Bool {
            guard let index = sideOf[baseIndex] else { return false }
            return side.slot(ofItem: index) == base.slot(ofItem: baseIndex)
        }
        // The nearest earlier item in the same place that stays put, as a base index, in each version.
        var basePredecessor = [Int?](repeating: nil, count: base.board.items.count)
        var last: [Int: Int] = [:]
        for index in base.board.items.indices {
            let slot = base.slot(ofItem: index)
            basePredecessor[index] = last[slot]
            if staysPut(index) { last[slot] = index }
        }
        var result = [Bool](repeating: false, count: base.board.items.count)
        last = [:]
        for index in side.board.items.indices {
            let slot = side.slot(ofItem: index)
            guard let baseIndex = baseOf[index] else { continue }
            result[baseIndex] = !staysPut(baseIndex) || last[slot] != basePredecessor[baseIndex]
            if staysPut(baseIndex) { last[slot] = baseIndex }
        }
        return result
    }

    /// An item both sides kept: its place and each of its fields from the side that changed them.
    mutating func mergeItem(_ b: Int, ours o: Int, theirs t: Int, reordered: (ours: Bool, theirs: Bool)) -> Entry {
        let baseSlot = base.slot(ofItem: b), oursSlot = ours.slot(ofItem: o), theirsSlot = theirs.slot(ofItem: t)
        let movedByOurs = oursSlot != baseSlot, movedByTheirs = theirsSlot != baseSlot
        var reasons: [MergeConflict.Reason] = []
        if movedByOurs && movedByTheirs && oursSlot != theirsSlot { reasons.append(.section) }
        let placeFromTheirs = movedByTheirs ? !movedByOurs : (!movedByOurs && reordered.theirs && !reordered.ours)
        let side: MergeSide = placeFromTheirs ? .theirs : .ours

        // Line endings count here, so a side that changed only them is taken whole.
        let baseBytes = base.itemBytes(b), oursBytes = ours.itemBytes(o), theirsBytes = theirs.itemBytes(t)
        var bytes: [UInt8]
        if oursBytes.elementsEqual(baseBytes) {
            bytes = Array(theirsBytes)
        } else if theirsBytes.elementsEqual(baseBytes) || oursBytes.elementsEqual(theirsBytes) {
            bytes = Array(oursBytes)
        } else {
            bytes = mergeFields(base: b, ours: o, theirs: t, reasons: &reasons)
        }
        if !reasons.isEmpty {
            let title = ours.board.title(of: ours.board.items[o])
            for reason in reasons { conflicts.append(MergeConflict(title: title, reason: reason)) }
            let kinds = (ours.board.kind(of: ours.board.items[o]), theirs.board.kind(of: theirs.board.items[t]))
            let labels = reasons.contains(.section) && kinds.0 != kinds.1
                ? ("ours (\(kinds.0.name))", "theirs (\(kinds.1.name))") : ("ours", "theirs")
            bytes = conflictBlock(ours: ours.itemBytes(o), theirs: theirs.itemBytes(t), labels: labels)
        }
        return Entry(side: side, index: placeFromTheirs ? t : o, theirsIndex: t, bytes: bytes,
                     arrived: placeFromTheirs ? movedByTheirs : movedByOurs)
    }

    /// The item line and body rebuilt from ours, with each field theirs alone changed taken from theirs.
    /// Appends a reason for each field both changed differently.
    func mergeFields(base b: Int, ours o: Int, theirs t: Int, reasons: inout [MergeConflict.Reason]) -> [UInt8] {
        func parts(_ version: Version, _ index: Int) -> (prefix: ArraySlice<UInt8>, text: ArraySlice<UInt8>, title: String,
                                                         token: ArraySlice<UInt8>?, body: ArraySlice<UInt8>) {
            let board = version.board, item = board.items[index], line = board.lines[item.line]
            let body = item.body.isEmpty ? board.bytes[line.end..<line.end]
                : board.bytes[board.lines[item.body.lowerBound].start..<board.lines[item.body.upperBound - 1].end]
            return (board.bytes[line.start..<item.textStart], board.bytes[item.textStart..<line.contentEnd],
                    board.title(of: item), item.dueToken.map { board.bytes[$0.range] }, body)
        }
        let bp = parts(base, b), op = parts(ours, o), tp = parts(theirs, t)
        let oursItem = ours.board.items[o]

        // A checkbox has two states, so both sides cannot change it differently; they may spell it differently.
        let checked = pick(base.board.items[b].checked, oursItem.checked, theirs.board.items[t].checked) ?? oursItem.checked
        let pickedPrefix = pick(bp.prefix, op.prefix, tp.prefix)
        var prefix = Array(pickedPrefix ?? op.prefix)
        if pickedPrefix == nil, checked != oursItem.checked {
            prefix[oursItem.checkboxOffset + 1 - ours.board.lines[oursItem.line].start] = UInt8(ascii: checked ? "x" : " ")
        }

        var text: [UInt8]
        if let picked = pick(bp.text, op.text, tp.text) {
            text = Array(picked)
        } else {
            let title = pick(bp.title, op.title, tp.title)
            if title == nil { reasons.append(.title) }
            let token = pick(bp.token, op.token, tp.token)
            if token == nil { reasons.append(.due) }
            text = Array((title ?? op.title).utf8)
            if let tokenBytes = token ?? op.token {
                text += text.isEmpty ? Array(tokenBytes) : [Bytes.space] + tokenBytes
            }
        }

        let bodyContent = (base.itemContent(b).dropFirst(), ours.itemContent(o).dropFirst(), theirs.itemContent(t).dropFirst())
        var body = op.body
        if bodyContent.0.elementsEqual(bodyContent.1) {
            body = tp.body
        } else if !bodyContent.0.elementsEqual(bodyContent.2) && !bodyContent.1.elementsEqual(bodyContent.2) {
            reasons.append(.body)
        }

        let line = ours.board.lines[oursItem.line]
        var bytes = prefix + text + ours.board.bytes[line.contentEnd..<line.end]
        appendLines(body, to: &bytes)
        return bytes
    }

    /// The merged value of a field: the side that changed it, or either when both made the same change;
    /// nil when both changed it differently.
    func pick<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value? {
        if ours == base || ours == theirs { return theirs }
        if theirs == base { return ours }
        return nil
    }

    // MARK: - Output

    /// Ours' lines, then a separator, then theirs', wrapped in conflict markers.
    func conflictBlock(ours oursBytes: ArraySlice<UInt8>, theirs theirsBytes: ArraySlice<UInt8>,
                       labels: (String, String) = ("ours", "theirs")) -> [UInt8] {
        var block = marker("<", label: labels.0)
        appendLines(oursBytes, to: &block)
        block += marker("=", label: nil)
        appendLines(theirsBytes, to: &block)
        return block + marker(">", label: labels.1)
    }

    /// Appends lines, first ending the last line when it has no line ending.
    func appendLines<C: Collection<UInt8>>(_ lines: C, to out: inout [UInt8]) {
        guard !lines.isEmpty else { return }
        if let last = out.last, last != Bytes.lf { out += ours.board.lineEnding }
        out += lines
    }

    /// The merged file: the lines outside items in merged order, each followed by the items that hang after
    /// it, in ours' order, with the items whose place comes from theirs put after their predecessor there.
    /// An item's lines (with their endings) with the item line indented `newIndent` instead of `indent` spaces,
    /// its body shifted as `Board.ItemLines` shifts it.
    static func reindented(_ bytes: [UInt8], from indent: Int, to newIndent: Int) -> [UInt8] {
        let board = Board(parsing: bytes)
        let lines = board.lines.map { line in
            Board.NewLine(content: Array(bytes[line.start..<line.contentEnd]), ending: Array(bytes[line.contentEnd..<line.end]))
        }
        return Board.ItemLines(lines: lines, indent: indent).reindented(newIndent).lines.flatMap { $0.content + $0.ending }
    }

    func layOut(_ entries: [Entry]) -> [UInt8] {
        var bySlot: [Int: [Int]] = [:]
        var entryOfTheirs: [Int: Int] = [:]
        for (number, entry) in entries.enumerated() {
            if let t = entry.theirsIndex { entryOfTheirs[t] = number }
        }
        // Each side's entries in that side's file order.
        let ordered = entries.indices.sorted { entries[$0].index < entries[$1].index }
        for number in ordered where entries[number].side == .ours {
            bySlot[ours.slot(ofItem: entries[number].index), default: []].append(number)
        }
        for number in ordered where entries[number].side == .theirs {
            let entry = entries[number]
            let place = theirs.slot(ofItem: entry.index)
            var list = bySlot[place] ?? []
            var position = 0
            var previous = entry.index - 1
            while previous >= 0, theirs.slot(ofItem: previous) == theirs.slot(ofItem: entry.index) {
                if let found = entryOfTheirs[previous], let at = list.firstIndex(of: found) {
                    position = at + 1
                    break
                }
                previous -= 1
            }
            // Ours' own additions right there come first.
            while position < list.count, entries[list[position]].theirsIndex == nil { position += 1 }
            list.insert(number, at: position)
            bySlot[place] = list
        }
        var out: [UInt8] = []
        out.reserveCapacity(ours.board.bytes.count + theirs.board.bytes.count / 8)
        for number in bySlot[-1] ?? [] { appendLines(entries[number].bytes, to: &out) }
        for (line, bytes) in output.enumerated() {
            appendLines(bytes, to: &out)
            guard let group = bySlot[line], let last = group.last else { continue }
            // Items the two sides put next to each other: one indented two deeper than the item before it would
            // become that item's body, so it takes that item's indentation (FORMAT.md §6).
            var previousIndent: Int?
            for number in group {
                var bytes = entries[number].bytes
                var indent = bytes.prefix { $0 == Bytes.space }.count
                if let previousIndent, indent >= previousIndent + 2 {
                    bytes = Self.reindented(bytes, from: indent, to: previousIndent)
                    indent = previousIndent
                }
                previousIndent = indent
                appendLines(bytes, to: &out)
            }
            // A side that emptied a section dropped the blank line after its items; an item the other side put
            // there keeps the blank line it had before the next heading or text.
            let entry = entries[last]
            if entry.arrived, line + 1 < output.count, !output[line + 1].allSatisfy({ Bytes.isWhitespace($0) || $0 == Bytes.cr || $0 == Bytes.lf }),
               (entry.side == .ours ? ours : theirs).isFollowedByBlankLine(entry.index) {
                appendLines(ours.board.lineEnding, to: &out)
            }
        }
        return out
    }
}
