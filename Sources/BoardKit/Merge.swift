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
        /// A conflict whose markers would stand where `check` does not look (in a code fence): the whole
        /// file is marked instead, ours above theirs.
        case hidden
        /// The merged file keeps conflict markers a side already had, the first at this line (from 1).
        case keptMarkers(line: Int)
        /// The items' merge found conflicts, and cannot be laid out (a line of one side would change its role beside
        /// the other's: a heading swap against a reopen): the whole file is marked, ours above theirs.
        case unplaceable
        /// Keeping either side's half of every conflict block would put the item in another section than both sides
        /// have it in: the whole file is marked, ours above theirs.
        case halvesMisplace
        /// The lines merged, though nothing in them conflicts, do not have the item where both sides have it (in one
        /// section): changes apart took it out side by side (an unclosed comment of one side taking in an item the
        /// other moved below it). The whole file is marked, ours above theirs.
        case displacedSideBySide
        /// The base holds a conflict (git's virtual base of a criss-cross merge) that the two sides resolved
        /// differently: the whole file is marked, ours above theirs.
        case resolvedApart
        /// `side` put the item in `section` (nil: outside the sections, under a heading that names none), whose
        /// heading the other side removed, renamed or moved: the merge put it under another section, which neither
        /// side did.
        case sectionGone(placedBy: MergeSide, section: SectionKind?)
        /// The merged file, though nothing in it conflicts, has an error `check` reports (its first, at this line from
        /// 1) where neither side has one: changes apart can break the board side by side (a fence line of one side
        /// closing a code block the other opened).
        case failsCheck(line: Int, problem: String)
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
    /// bytes come out exactly as that side wrote them, but that a side that gave every line another ending gives
    /// it to every line of the merge. Markers are `markerSize` characters long, and never fewer than seven.
    public static func merge(base: Board, ours: Board, theirs: Board, markerSize: Int = 7) -> BoardMerge {
        // Markers shorter than seven are not markers to `check` (FORMAT §7): git's `conflict-marker-size` of 3 let an
        // unresolved merge through the pre-commit hook.
        let size = max(7, markerSize)
        // A side that gave every line another ending (a Windows editor converting the file; or both sides) is merged
        // with the base's endings, and the merge takes that ending after: its other changes merge as changes, where
        // every line of it had changed (a heading edited by the other side was a conflict).
        guard let conversion = ThreeWayMerge.conversion(base: base, ours: ours, theirs: theirs) else {
            var merge = ThreeWayMerge(base: base, ours: ours, theirs: theirs, markerSize: size)
            return merge.run()
        }
        var merge = ThreeWayMerge(base: base, ours: conversion.ours, theirs: conversion.theirs, markerSize: size)
        let merged = merge.run()
        return BoardMerge(bytes: ThreeWayMerge.withEveryLineEnding(merged.bytes, conversion.to), conflicts: merged.conflicts)
    }
}

extension Board {
    /// The item's section; nil for an off-board section of `Board(parsing:offBoardSections:)`.
    func section(of item: Item) -> SectionKind? {
        let section = sections[item.section]
        return section.namesNoSection ? nil : section.kind
    }
}

/// The steps of one three-way merge.
///
/// A version is read as its skeleton, the non-blank lines outside items (headings, group headings, text), with
/// the items and blank lines between two skeleton lines as one region. The skeletons merge line by line as
/// `git merge-file` merges text, each region counting as one line all versions share, so changes a blank line or
/// an item stands between merge cleanly; each region then goes after the merged line its skeleton line became. Items
/// are paired across the versions by `ItemPairing`, so each has one identity; an item's place is the region
/// the side that moved it put it in, and its content is merged field by field. Within a region, the sequences
/// of item identities and blank lines merge as diff3 does, so blank-line layout comes out as each side left it
/// wherever only one side touched it, and where both changed the same stretch, ours' order stands with theirs'
/// items put after their neighbours.
private struct ThreeWayMerge {
    /// An item or a blank line of one version, what regions hold, in one word: an item's index, or for a blank
    /// line, -1 - its line index (a large board has hundreds of thousands).
    typealias Unit = Int

    /// One version: its skeleton, its regions, and where each region goes in the merged skeleton.
    struct Version {
        let board: Board
        /// Indices of the non-blank lines outside items.
        let skeleton: [Int]
        /// The items and blank lines before the first skeleton line (index 0) and after each (index n + 1).
        let regions: [[Unit]]
        /// For each item, the index of its region.
        let regionOfItem: [Int]
        /// For each region, the merged skeleton line it goes after (-1: before all of them; `inConflictBlock`: its
        /// blank lines stand in a conflict block).
        var places: [Int]
        /// The items by a hash of their lines.
        let content: ContentIndex
        /// For a side, the base's regions the line merge matched to one of its regions, with that region.
        var counterpart: [Int: Int] = [:]
        /// For a side, the base's regions that followed a line it moved into another section (`followMovedLines`):
        /// it moved their items there, though they keep their place.
        var carriedAcross: Set<Int> = []

        init(_ board: Board) {
            self.board = board
            content = ContentIndex(board)
            var skeleton: [Int] = []
            var regions: [[Unit]] = [[]]
            var regionOfItem: [Int] = []
            regionOfItem.reserveCapacity(board.items.count)
            var nextItem = 0
            var line = 0
            while line < board.lines.count {
                if nextItem < board.items.count, board.items[nextItem].line == line {
                    regions[regions.count - 1].append(nextItem)
                    regionOfItem.append(regions.count - 1)
                    line = board.items[nextItem].lines.upperBound
                    nextItem += 1
                } else if board.isBlankLine(line) {
                    regions[regions.count - 1].append(-1 - line)
                    line += 1
                } else {
                    skeleton.append(line)
                    regions.append([])
                    line += 1
                }
            }
            self.skeleton = skeleton
            self.regions = regions
            self.regionOfItem = regionOfItem
            places = [Int](repeating: -1, count: regions.count)
        }

        func place(ofItem index: Int) -> Int { places[regionOfItem[index]] }
        /// Whether the region holds an item (not blank lines alone).
        func holdsItems(region: Int) -> Bool { regions[region].contains { $0 >= 0 } }
        /// Whether the item's region starts at a skeleton line whose text none of `texts` is (the base's: a line the
        /// version wrote).
        func standsUnderLine(notIn texts: Set<ArraySlice<UInt8>>, item index: Int) -> Bool {
            let region = regionOfItem[index]
            guard region > 0 else { return false }
            let line = board.lines[skeleton[region - 1]]
            return !texts.contains(board.bytes[line.start..<line.contentEnd])
        }
        /// The section a skeleton line stands in (its own, for a heading); nil outside the sections.
        func section(ofLine index: Int) -> SectionKind? {
            let line = skeleton[index]
            guard let section = lastSection(from: line), section.lines.contains(line), !section.namesNoSection else { return nil }
            return section.kind
        }
        /// The last section whose heading stands at `line` or above it; the sections stand in line order, found by
        /// halving.
        func lastSection(from line: Int) -> Section? {
            let sections = board.sections
            var (low, high) = (0, sections.count)
            while low < high {
                let middle = (low + high) / 2
                if sections[middle].headingLine <= line { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? sections[low - 1] : nil
        }
        /// The item's section; nil for an off-board section (`Board(parsing:offBoardSections:)`).
        func section(ofItem index: Int) -> SectionKind? { board.section(of: board.items[index]) }
        /// The spaces the item's line starts with.
        func indent(ofItem index: Int) -> Int { ThreeWayMerge.indent(board.bytes[board.lines[board.items[index].line].start...]) }

        func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
            board.bytes[board.lines[index].start..<board.lines[index].end]
        }

        /// The item's lines, line endings included.
        func itemBytes(_ index: Int) -> ArraySlice<UInt8> {
            let item = board.items[index]
            return board.bytes[board.lines[item.line].start..<board.lines[item.lines.upperBound - 1].end]
        }

        /// What stands right above the item: the title of the item there, or the nearest non-blank line (empty at the
        /// file's start).
        func predecessor(ofItem index: Int) -> (title: TitleKey?, line: ArraySlice<UInt8>) {
            let item = board.items[index]
            if index > 0, (board.items[index - 1].lines.upperBound..<item.line).allSatisfy(board.isBlankLine) {
                return (board.titleKey(of: board.items[index - 1]), [])
            }
            let line = (0..<item.line).last { !board.isBlankLine($0) }
            return (nil, line.map { board.bytes[board.lines[$0].start..<board.lines[$0].contentEnd] } ?? [])
        }

        /// The item's lines without their endings: what "changed" is judged by.
        func itemContent(_ index: Int) -> [ArraySlice<UInt8>] {
            board.items[index].lines.map { board.bytes[board.lines[$0].start..<board.lines[$0].contentEnd] }
        }
    }

    var base: Version
    var ours: Version
    var theirs: Version
    let markerSize: Int
    /// The merged skeleton lines.
    var output: [ArraySlice<UInt8>] = []
    var conflicts: [MergeConflict] = []

    /// Item identities: a base item is its index; an item a side added gets one past the base's.
    var oursIdentity: [Int] = []
    var theirsIdentity: [Int] = []
    /// For each identity, the merged item's bytes, the skeleton line it goes after, and the section the side whose
    /// place it takes put it in; nil when it is gone.
    var merged: [Merged?] = []
    typealias Merged = (content: Content, place: Int, section: SectionKind?, placedBy: MergeSide)
    /// The identities of the items the items' merge found in conflict.
    var conflictedItems: [Int] = []
    /// Items that go right after another item, by its identity (see `follow`).
    var followers: [Int: [Int]] = [:]

    /// A merged item's lines: one side's item as it stands (most items: not copied), or new bytes.
    enum Content {
        case ours(Int)
        case theirs(Int)
        case bytes([UInt8])
    }

    func bytes(of content: Content) -> ArraySlice<UInt8> {
        switch content {
        case .ours(let index): return ours.itemBytes(index)
        case .theirs(let index): return theirs.itemBytes(index)
        case .bytes(let bytes): return bytes[...]
        }
    }

    /// True when the versions are read with off-board sections (`Board(parsing:offBoardSections:)`): some version
    /// has checklist lines outside the sections. A side that renamed `## DOING` to `## Review`, or removed `## TODO`,
    /// turned items into such lines; read as text, they came back after the other side removed one.
    let offBoardSections: Bool
    /// Neither side has an error `check` reports.
    let sidesPassCheck: Bool

    init(base: Board, ours: Board, theirs: Board, markerSize: Int) {
        let offBoard = !base.strayChecklists.isEmpty || !ours.strayChecklists.isEmpty || !theirs.strayChecklists.isEmpty
        func read(_ board: Board) -> Version {
            Version(offBoard ? Board(parsing: board.bytes, offBoardSections: true) : board)
        }
        offBoardSections = offBoard
        self.base = read(base)
        self.ours = read(ours)
        self.theirs = read(theirs)
        self.markerSize = markerSize
        sidesPassCheck = ours.firstError == nil && theirs.firstError == nil
    }

    mutating func run() -> BoardMerge {
        // Two sides alike are the merge, as git takes them (a twin renamed on both sides alike could be paired apart).
        if ours.board.bytes == theirs.board.bytes { return seenByCheck(BoardMerge(bytes: ours.board.bytes, conflicts: [])) }
        if !base.board.conflictMarkers.isEmpty, resolvedApart() { return wholeFileConflict(.resolvedApart) }
        mergeSkeletonsMatchingItems()
        mergeItems()
        var (bytes, result, placed) = laidOut()
        // Side by side, lines two sides left alone can change role (a line after a removed item becoming the body of
        // the one before it); then the items' merge would change the file's meaning, and the lines merge instead.
        func readsAsPlaced() -> Bool {
            result.items.elementsEqual(placed) { $0.line == $1.line && $0.lines.count == $1.count }
        }
        guard readsAsPlaced() else { return fallBack() }
        if markItemsOutOfTheirSection(result, placed) {
            (bytes, result, placed) = laidOut()
            guard readsAsPlaced() else { return fallBack() }
        }
        return seenByCheck(BoardMerge(bytes: bytes, conflicts: conflicts), parsed: offBoardSections ? nil : result)
    }

    /// The merge where the items' merge cannot stand (lines change roles side by side): the line merge, git's answer,
    /// with the items it put in another section marked (`keepingSections`). Where it settles a conflict the items'
    /// merge found (an item ours removed and theirs moved came back moved, exit 0), the whole file is one conflict,
    /// with the items' conflicts named.
    func fallBack() -> BoardMerge {
        let lines = lineMerge()
        guard settlesNoItemConflict(lines) else {
            let whole = wholeFileConflict(.unplaceable)
            return BoardMerge(bytes: whole.bytes, conflicts: whole.conflicts + conflicts)
        }
        return seenByCheck(keepingSections(lines), linesMerged: true)
    }

    /// False when the line merge holds a side's version of an item the items' merge found in conflict, outside its
    /// conflict blocks: it settled that conflict for the user, one way.
    func settlesNoItemConflict(_ merge: BoardMerge) -> Bool {
        guard !conflictedItems.isEmpty else { return true }
        let result = Board(parsing: merge.bytes, offBoardSections: true)
        let conflicted = Self.conflictBlocks(of: result)
        var settled: Set<ArraySlice<UInt8>> = []
        for item in result.items where !conflicted.contains(where: { $0.contains(item.line) }) {
            settled.insert(result.bytes[result.lines[item.line].start..<result.lines[item.lines.upperBound - 1].end])
        }
        let indices = sideIndices()
        return !conflictedItems.contains { id in
            indices.ours[id].map { settled.contains(ours.itemBytes($0)) } == true
                || indices.theirs[id].map { settled.contains(theirs.itemBytes($0)) } == true
        }
    }

    /// The merged file, parsed, and where each item was placed.
    func laidOut() -> (bytes: [UInt8], board: Board, placed: [Placed]) {
        var (bytes, placed) = layOut()
        endFile(&bytes)
        return (bytes, Board(parsing: bytes, offBoardSections: offBoardSections), placed)
    }

    /// Marks as a conflict each item the merge put under another section than the side whose place it takes put it
    /// in: that side's heading is gone (the other side removed or renamed it), and the item fell under the section
    /// before it, where neither side put it (a `done` of theirs landing ticked in DOING). The conflict stands where
    /// the item fell, each side's version labelled with its section. True when there was any.
    mutating func markItemsOutOfTheirSection(_ result: Board, _ placed: [Placed]) -> Bool {
        let conflicted = Self.conflictBlocks(of: result)
        var misplaced: [Int] = []
        for (item, place) in zip(result.items, placed) {
            guard let id = place.identity, let merged = merged[id], result.section(of: item) != merged.section,
                  !conflicted.contains(where: { $0.contains(result.sections[item.section].headingLine) }) else { continue }
            misplaced.append(id)
        }
        guard !misplaced.isEmpty else { return false }
        let indices = sideIndices()
        for id in misplaced {
            guard let (conflict, block) = sectionConflict(id, indices) else { continue }
            conflicts.append(conflict)
            conflictedItems.append(id)
            self.merged[id]?.content = .bytes(block)
        }
        return true
    }

    /// The line merge (`lineMerge`), with each item it put under another section than the items' merge gave it
    /// marked as `markItemsOutOfTheirSection` marks them: git's answer can leave an item under a heading the other
    /// side moved (theirs reopening an item into TODO, ours swapping the TODO and DOING headings: the item landed in
    /// DOING, exit 0), or off the board (under a heading the other side added). Items are known by their lines; one
    /// whose lines no merged item has, or several, is left as it stands, and so is one in or after a conflict block.
    func keepingSections(_ merge: BoardMerge) -> BoardMerge {
        // Read with the lines outside the sections as items too: the line merge can put one there, off the board.
        let result = Board(parsing: merge.bytes, offBoardSections: true)
        var identityOf: [ArraySlice<UInt8>: Int] = [:]  // -1: lines several merged items have
        for (id, item) in merged.enumerated() {
            guard let item else { continue }
            let bytes = bytes(of: item.content)
            identityOf[bytes] = identityOf[bytes] == nil ? id : -1
        }
        let conflicted = Self.conflictBlocks(of: result)
        var bytes: [UInt8] = [], copied = 0
        var conflicts = merge.conflicts
        var indices: SideIndices?
        // Past a conflict block the file reads as neither side has it (a fence line in one half turns what follows
        // into code): items there are the user's to look at, with the block (seed 78 of the merge property test).
        for item in result.items where item.line < conflicted.first?.lowerBound ?? Int.max {
            let lines = result.lines[item.line].start..<result.lines[item.lines.upperBound - 1].end
            guard let id = identityOf[result.bytes[lines]], id >= 0, let merged = merged[id], result.section(of: item) != merged.section
            else { continue }
            let found = indices ?? sideIndices()
            indices = found
            guard let (conflict, block) = sectionConflict(id, found) else { continue }
            conflicts.append(conflict)
            bytes += result.bytes[copied..<lines.lowerBound]
            bytes += block
            copied = lines.upperBound
        }
        guard copied > 0 else { return merge }
        bytes += result.bytes[copied...]
        return BoardMerge(bytes: bytes, conflicts: conflicts)
    }

    /// The lines of each conflict block the merged file holds, markers included.
    static func conflictBlocks(of result: Board) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var opening: Int?
        for line in result.conflictMarkers {
            switch result.bytes[result.lines[line].start] {
            case UInt8(ascii: "<"): opening = line
            case UInt8(ascii: ">"):
                if let start = opening { blocks.append(start..<(line + 1)) }
                opening = nil
            default: break
            }
        }
        return blocks
    }

    /// Each side's item index by identity (an index into `merged`); nil where the side has no such item.
    func sideIndices() -> SideIndices {
        var oursIndex = [Int?](repeating: nil, count: merged.count), theirsIndex = oursIndex
        for (index, id) in oursIdentity.enumerated() where id >= 0 { oursIndex[id] = index }
        for (index, id) in theirsIdentity.enumerated() where id >= 0 { theirsIndex[id] = index }
        return (oursIndex, theirsIndex)
    }

    typealias SideIndices = (ours: [Int?], theirs: [Int?])

    /// The conflict of a merged item that fell under another section than the side that placed it put it in, and
    /// its block: each side's version, labelled with its section. Nil for an item that is gone.
    func sectionConflict(_ id: Int, _ indices: SideIndices) -> (MergeConflict, [UInt8])? {
        guard let item = merged[id] else { return nil }
        func half(_ version: Version, _ index: Int?, _ name: String) -> (bytes: ArraySlice<UInt8>, label: String) {
            guard let index else { return ([], name) }
            return (version.itemBytes(index), "\(name) (\(Self.name(of: version.section(ofItem: index))))")
        }
        let oursHalf = half(ours, indices.ours[id], "ours"), theirsHalf = half(theirs, indices.theirs[id], "theirs")
        let title = indices.ours[id].map { ours.board.title(of: ours.board.items[$0]) }
            ?? indices.theirs[id].map { theirs.board.title(of: theirs.board.items[$0]) }
        return (MergeConflict(title: title, reason: .sectionGone(placedBy: item.placedBy, section: item.section)),
                conflictBlock(ours: oursHalf.bytes, theirs: theirsHalf.bytes, labels: (oursHalf.label, theirsHalf.label)))
    }

    /// The merge as `check` sees it, so that an unfinished merge never passes a pre-commit hook (FORMAT §7). Markers
    /// the merge wrote inside a code fence, where `check` does not look, make the whole file one
    /// conflict, ours above theirs, its first marker on the first line. Markers a side already had, kept, are a
    /// conflict of their own; so is a clean merge with an error `check` finds in neither side, which git would commit.
    /// A clean merge of lines (`linesMerged`) that takes an item out of the section both sides have it in is the whole
    /// file as one conflict (`misplacedItem`).
    func seenByCheck(_ merge: BoardMerge, parsed: Board? = nil, linesMerged: Bool = false) -> BoardMerge {
        let board = parsed ?? Board(parsing: merge.bytes)
        guard merge.conflicts.isEmpty else {
            // A hidden `<<<<<<<` line more than the sides account for, by its text (the merge's are `<<<<<<< ours…`):
            // one the merge wrote. The sides account for ours + theirs - base of each text (a sample in a code block
            // that each added, or that one took away), as a clean merge gives them; a sample both sides' lines of a
            // conflict hold counts twice, and marks the whole file too, which is only coarser.
            let merged = Self.hiddenOpeningMarkers(board), first = Self.hiddenOpeningMarkers(base.board)
            let mine = Self.hiddenOpeningMarkers(ours.board), others = Self.hiddenOpeningMarkers(theirs.board)
            let hides = merged.contains { text, count in count > (mine[text] ?? 0) + (others[text] ?? 0) - (first[text] ?? 0) }
            if hides { return wholeFileConflict() }
            // Blocks whose halves would move an item (a block taking in the next section's heading, items below it):
            // the whole file, whose halves are the sides themselves.
            // Markers a version already had are not the merge's to resolve (helper-59: an old block in all three,
            // resolved too, made the whole file a conflict of nested markers).
            let markersBefore = [base, ours, theirs].contains { !$0.board.conflictMarkers.isEmpty }
            if !markersBefore, let title = itemMisplacedByHalves(board) {
                let whole = wholeFileConflict(.halvesMisplace)
                return BoardMerge(bytes: whole.bytes, conflicts: [MergeConflict(title: title, reason: .halvesMisplace)] + merge.conflicts)
            }
            return merge
        }
        if let first = board.conflictMarkers.first {
            return BoardMerge(bytes: merge.bytes, conflicts: [MergeConflict(title: nil, reason: .keptMarkers(line: first + 1))])
        }
        // The items' merge is read back against where it placed each item (`run`); the lines merged are checked here.
        if linesMerged, let title = misplacedItem(offBoardSections ? Board(parsing: merge.bytes, offBoardSections: true) : board,
                                                  sectionsAgreed()) {
            let whole = wholeFileConflict(.displacedSideBySide)
            return BoardMerge(bytes: whole.bytes, conflicts: [MergeConflict(title: title, reason: .displacedSideBySide)])
        }
        guard let error = board.firstError, sidesPassCheck else { return merge }
        return BoardMerge(bytes: merge.bytes, conflicts: [MergeConflict(title: nil, reason: .failsCheck(line: error.line, problem: error.message))])
    }

    /// The title of an item that keeping ours' half of every plain block (`<<<<<<< ours`, no section named) in the
    /// `merged` file, or theirs', takes out of the section both sides have it in (`misplacedItem`):
    /// helper-55's note added under `## TODO` against `## DOING` renamed made a block of the note and DOING's heading,
    /// TODO's items below it, and keeping either half put them in DOING. An item's block (`<<<<<<< ours (DOING)`)
    /// keeps both halves: where it stands is the merge's choice, said in its labels. Nil when there is none.
    func itemMisplacedByHalves(_ merged: Board) -> String? {
        // Read as the halves are: items under a heading that names no section are items too (helper-76's 03: ours'
        // onew, below a block of ours' `## DONE` and theirs' `## Review`, was in neither half's count).
        let merged = offBoardSections ? Board(parsing: merged.bytes, offBoardSections: true) : merged
        let bytes = merged.bytes
        func text(_ line: Line) -> ArraySlice<UInt8> { bytes[line.start..<line.contentEnd] }
        func withoutEnding(_ marker: [UInt8]) -> ArraySlice<UInt8> { marker.prefix { $0 != Bytes.cr && $0 != Bytes.lf } }
        // The blocks' openings as `check` finds them (the versions had none, so they are the merge's). The rest of a
        // block is found by its text: a fence line in ours' half hides theirs' half and the block's end from `check`
        // (helper-62), which sees the opening and fails the file, as it should.
        let openings = Set(merged.conflictMarkers.filter { bytes[merged.lines[$0].start] == UInt8(ascii: "<") })
        let opening = withoutEnding(marker("<", label: "ours")), separator = withoutEnding(marker("=", label: nil))
        let closing = withoutEnding(marker(">", label: "theirs"))
        // Where every block is an item's, both halves are kept: one reading.
        let plainBlocks = openings.contains { text(merged.lines[$0]).elementsEqual(opening) }
        var agreed = sectionsAgreed()
        addingItemsMovedByOneSide(to: &agreed)
        let itemBlock = 2
        // The lines of the items that stand outside every block, in both halves: found on the first reading.
        var outside: Set<LineKey> = []
        for kept in plainBlocks ? [0, 1] : [0] {
            // The merged lines with one half of each block kept (0: ours, 1: theirs), the markers dropped.
            var resolved: [UInt8] = []
            // The half being read, in a text block; `itemBlock` in an item's.
            var half: Int?
            var itemLines = merged.items.lazy.map(\.line).makeIterator(), nextItemLine = kept == 0 ? itemLines.next() : nil
            for (index, line) in merged.lines.enumerated() {
                if index == nextItemLine {
                    if half == nil { outside.insert(LineKey(text(line))) }
                    nextItemLine = itemLines.next()
                }
                if openings.contains(index) {
                    half = text(line).elementsEqual(opening) ? 0 : itemBlock
                } else if let current = half, text(line).elementsEqual(separator) {
                    half = current == itemBlock ? itemBlock : 1
                } else if half != nil, text(line).starts(with: closing) {
                    half = nil
                } else if half == nil || half == kept || half == itemBlock {
                    resolved += bytes[line.start..<line.end]
                }
            }
            // Each half keeps the items its side added where that side put them; and those the other side added that
            // stand outside the blocks, in both halves (helper-76: ours' `add O --to done` made `## DONE`, theirs'
            // `add T --to doing` made `## DOING`, the headings one block; keeping ours' half put T in DONE).
            var mustKeep = agreed
            addingItemsAdded(by: kept == 1 ? .theirs : .ours, to: &mustKeep)
            addingItemsAdded(by: kept == 1 ? .ours : .theirs, to: &mustKeep, standingIn: outside)
            if let title = misplacedItem(Board(parsing: resolved, offBoardSections: offBoardSections), mustKeep) { return title }
        }
        return nil
    }

    /// The items any merge of the sides must keep in their sections (`sectionsAgreed`): each group of them, known by
    /// one or more lines in one section, with how many items a merge must have there of those lines.
    struct AgreedItems {
        /// An item's line in a section.
        struct Place: Hashable {
            let line: LineKey
            let section: SectionKind?
        }

        struct Group {
            var count: Int
            /// The first item, for its title: its index in ours, or in theirs after all of ours' (`title(of:)`).
            var first: Int
        }

        /// Each place's group in `groups`.
        private(set) var groupOf: [Place: Int] = [:]
        private(set) var groups: [Group] = []

        /// Counts an item both sides have in `section`, its line `line` (or `otherLine`, as the other side wrote it),
        /// the item `first` (`Group.first`): in the group one of its places has, else a new one. An item with another
        /// one's line is counted with that one, so either line stands for either item.
        mutating func agree(_ line: LineKey, or otherLine: LineKey?, in section: SectionKind?, first: Int) {
            let place = Place(line: line, section: section), otherPlace = otherLine.map { Place(line: $0, section: section) }
            let known = groupOf[place], otherKnown = otherPlace.flatMap { groupOf[$0] }
            let group = known ?? otherKnown ?? groups.count
            if group == groups.count { groups.append(Group(count: 0, first: first)) }
            groups[group].count += 1
            groups[group].first = min(groups[group].first, first)
            if known == nil { groupOf[place] = group }
            if let otherPlace, otherKnown == nil { groupOf[otherPlace] = group }
        }
    }

    /// The items any merge of the sides must keep in their sections: each item the merge paired that both sides have
    /// in one section, known by its line as either side wrote it (helper-59's 04: ours also gave A a due date; a half
    /// of a block the lines merged holds that side's line, helper-61), but for a line rebuilt from both sides' changes,
    /// which stands in neither half; an item in conflict only where both sides' lines are alike. Twins count twice
    /// (helper-60); twins each side removed one of are gone, as the merge makes them.
    func sectionsAgreed() -> AgreedItems {
        var agreed = AgreedItems()
        let conflicted = Set(conflictedItems), indices = sideIndices()
        for (id, item) in merged.enumerated() {
            guard let item, let mine = indices.ours[id], let yours = indices.theirs[id],
                  ours.section(ofItem: mine) == theirs.section(ofItem: yours) else { continue }
            let oursLine = Self.itemLine(ours.board, ours.board.items[mine])
            let theirsLine = Self.itemLine(theirs.board, theirs.board.items[yours])
            if conflicted.contains(id) {
                guard oursLine == theirsLine else { continue }
            } else {
                let line = LineKey(bytes(of: item.content).prefix { $0 != Bytes.lf })
                guard line == oursLine || line == theirsLine else { continue }
            }
            agreed.agree(oursLine, or: oursLine == theirsLine ? nil : theirsLine, in: ours.section(ofItem: mine), first: mine)
        }
        return agreed
    }

    /// `agreed` with each base item one side alone moved into a section the base does not have, in that section, as
    /// the merge has it: either half must keep it there (helper-75: on a board of TODO alone, ours' `start A` made
    /// `## DOING`, theirs' `done B` made `## DONE`, the two headings one block, A and B below it; keeping ours' half
    /// put the ticked B in DOING). A section the base has may be renamed or moved, and its items with it.
    func addingItemsMovedByOneSide(to agreed: inout AgreedItems) {
        let conflicted = Set(conflictedItems), indices = sideIndices()
        for id in 0..<base.board.items.count where !conflicted.contains(id) {
            guard let item = merged[id], let mine = indices.ours[id], let yours = indices.theirs[id],
                  let target = item.section, base.board.firstSection(target) == nil else { continue }
            let section = base.section(ofItem: id), moved = (ours: ours.section(ofItem: mine), theirs: theirs.section(ofItem: yours))
            guard (moved.ours == section) != (moved.theirs == section) else { continue }
            agreed.agree(LineKey(bytes(of: item.content).prefix { $0 != Bytes.lf }), or: nil, in: target, first: mine)
        }
    }

    /// `agreed` with each item `side` alone added, in the section it put it in, where the merge has it as that side
    /// wrote it: the half of that side must keep it there (helper-73: two boards added apart, their headings one
    /// block, every item came after it, in DONE). The other side's half may leave it out, in a block's half of its own:
    /// with `lines`, only the items whose line is one of them (those outside every block).
    func addingItemsAdded(by side: MergeSide, to agreed: inout AgreedItems, standingIn lines: Set<LineKey>? = nil) {
        let version = side == .ours ? ours : theirs, identities = side == .ours ? oursIdentity : theirsIdentity
        let indices = sideIndices(), otherIndex = side == .ours ? indices.theirs : indices.ours
        let conflicted = Set(conflictedItems), firstIndex = side == .ours ? 0 : ours.board.items.count
        for (index, id) in identities.enumerated() where id >= base.board.items.count && otherIndex[id] == nil && !conflicted.contains(id) {
            guard let item = merged[id] else { continue }
            let line = Self.itemLine(version.board, version.board.items[index])
            if LineKey(bytes(of: item.content).prefix { $0 != Bytes.lf }) == line, lines?.contains(line) ?? true {
                agreed.agree(line, or: nil, in: version.section(ofItem: index), first: firstIndex + index)
            }
        }
    }

    /// The title of an item of `agreed` (`sectionsAgreed`) that `board` has fewer of in its section than both sides:
    /// changes apart, side by side, took it out (helper-59: ours moved A below G, theirs opened a comment it never
    /// closed above G; the lines merged put A in the comment, off the board), or into another section. Nil when each
    /// stands where both sides have it.
    func misplacedItem(_ board: Board, _ agreed: AgreedItems) -> String? {
        var found = [Int](repeating: 0, count: agreed.groups.count)
        for item in board.items {
            if let group = agreed.groupOf[AgreedItems.Place(line: Self.itemLine(board, item), section: board.section(of: item))] {
                found[group] += 1
            }
        }
        let short = zip(agreed.groups, found).filter { $0.1 < $0.0.count }.map(\.0.first).min()
        return short.map { first in
            first < ours.board.items.count ? ours.board.title(of: ours.board.items[first])
                : theirs.board.title(of: theirs.board.items[first - ours.board.items.count])
        }
    }

    /// An item's line as `sectionsAgreed` knows it (`LineKey`).
    static func itemLine(_ board: Board, _ item: Item) -> LineKey {
        LineKey(board.bytes[board.lines[item.line].start..<board.lines[item.line].contentEnd])
    }

    /// A line without its ending, the file's byte order mark, its indentation, or carriage returns at its end: the
    /// merge re-indents an item that would otherwise become the body of a new item above it, a first line keeps the
    /// mark only while it is first, and a last line ending in a bare `\r` gains a `\n` where the merge puts it above
    /// another.
    struct LineKey: Hashable {
        let bytes: ArraySlice<UInt8>

        init(_ line: ArraySlice<UInt8>) {
            var end = line.endIndex
            while end > line.startIndex, line[end - 1] == Bytes.cr { end -= 1 }
            let start = Bytes.hasBOM(line) ? min(line.startIndex + 3, end) : line.startIndex
            bytes = line[Bytes.skipWhitespace(line, start..<end)..<end]
        }

        func hash(into hasher: inout Hasher) {
            // In one piece: a slice of bytes hashes byte by byte otherwise, which is slow on a large board.
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (a: LineKey, b: LineKey) -> Bool { Bytes.equal(a.bytes, b.bytes) }
    }

    /// The `<<<<<<<` lines that `check` does not see as markers (in fences), by their text, with how
    /// many there are of each.
    static func hiddenOpeningMarkers(_ board: Board) -> [ArraySlice<UInt8>: Int] {
        var seen = Set(board.conflictMarkers)
        var hidden: [ArraySlice<UInt8>: Int] = [:]
        for (index, line) in board.lines.enumerated()
        where Parser.conflictMarker(board.bytes, line.start, line.contentEnd) == UInt8(ascii: "<") && seen.insert(index).inserted {
            hidden[board.bytes[line.start..<line.contentEnd], default: 0] += 1
        }
        return hidden
    }

    /// Whether the sides resolved a conflict of their base differently. git's virtual base of a criss-cross merge (its
    /// two merge bases merged, with a conflict) holds both versions of what they changed apart, in marked blocks; each
    /// side kept one, or made another. Where the sides' items whose titles stand in the blocks differ (their lines,
    /// wherever they stand), they resolved it apart: item by item, each side seemed to remove the version the other
    /// kept, and the item was lost. Resolved alike, the base merges as any other: each side kept the same version,
    /// and its later changes (a move, an edit) are changes to it.
    func resolvedApart() -> Bool {
        let board = base.board
        var blocked = [Bool](repeating: false, count: board.lines.count)
        var inBlock = false
        let markers = Set(board.conflictMarkers)
        for (index, line) in board.lines.enumerated() {
            let marker = markers.contains(index) ? Parser.conflictMarker(board.bytes, line.start, line.contentEnd) : nil
            if marker == UInt8(ascii: "<") { inBlock = true }
            blocked[index] = inBlock
            if marker == UInt8(ascii: ">") { inBlock = false }
        }
        let titles = Set(board.items.filter { blocked[$0.line] }.map { board.title(of: $0) })
        func resolution(_ side: Version) -> [[UInt8]] {
            side.board.items.indices.filter { titles.contains(side.board.title(of: side.board.items[$0])) }
                .map { Array(side.itemBytes($0)) }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        return resolution(ours) != resolution(theirs)
    }

    /// Ours and theirs whole, as one conflict.
    func wholeFileConflict(_ reason: MergeConflict.Reason = .hidden) -> BoardMerge {
        var out = marker("<", label: "ours")
        appendLines(ours.board.bytes, to: &out)
        appendLines(marker("=", label: nil), to: &out)
        appendLines(theirs.board.bytes, to: &out)
        appendLines(marker(">", label: "theirs"), to: &out)
        return BoardMerge(bytes: out, conflicts: [MergeConflict(title: nil, reason: reason)])
    }

    // MARK: - Skeleton

    /// `mergeSkeletons` with regions matched by their items (`SkeletonTokens.matching`) where the lines then merge
    /// without a conflict, else by their places: a note one side writes right under `## TODO` stands between the
    /// heading and TODO's items, and the other side's rename of the heading then touches it.
    mutating func mergeSkeletonsMatchingItems() {
        var byItems = self
        if byItems.mergeSkeletons(byItems: true), byItems.conflicts.count > conflicts.count {
            mergeSkeletons(byItems: false)
        } else {
            self = byItems
        }
    }

    /// A diff3 over the skeleton lines, each non-empty region standing between them as one line (as the blank lines
    /// and items there are to `git merge-file`): changes apart from each other merge cleanly, and a conflict takes in
    /// only lines that touch. Runs all three share stay; a stretch only one side changed takes that side's lines; a
    /// stretch both changed the same way takes them once; anything else is a conflict. Fills each version's `places`:
    /// a region that stands after k of its version's lines in a stretch goes after the k-th merged line of the
    /// stretch (or its last), so a side's regions go after its own lines, and the other's where those lines went.
    /// Where one side changed lines, a region after them goes where that side put its items (`followItems`), and one
    /// after a section a side moved, with it (`followMovedLines`).
    /// With `byItems`, regions are matched by their items where those tell (`SkeletonTokens.matching`); returns true
    /// when that matched a region otherwise than its place would.
    @discardableResult
    mutating func mergeSkeletons(byItems: Bool) -> Bool {
        var lineTokens = LineTokens()
        let b = SkeletonTokens(base, &lineTokens), o = SkeletonTokens(ours, &lineTokens), t = SkeletonTokens(theirs, &lineTokens)
        let (toOurs, oursByItems) = b.matching(o, itemsKept: { byItems ? itemsKept(fromRegion: $0, in: ours) : nil },
                                               holdsItems: ours.holdsItems(region:))
        let (toTheirs, theirsByItems) = b.matching(t, itemsKept: { byItems ? itemsKept(fromRegion: $0, in: theirs) : nil },
                                                   holdsItems: theirs.holdsItems(region:))
        let stretches = Diff3.stretches(counts: (b.tokens.count, o.tokens.count, t.tokens.count), toOurs: toOurs, toTheirs: toTheirs)
        for (position, index) in b.indices.enumerated() where index < 0 {
            if let match = toOurs[position] { ours.counterpart[-1 - index] = -1 - o.indices[match] }
            if let match = toTheirs[position] { theirs.counterpart[-1 - index] = -1 - t.indices[match] }
        }
        // Each merged line's token; `SkeletonTokens.region` for the lines of a conflict block.
        var outputTokens: [Int] = []
        // The regions after lines a stretch did not take as they stand, with those lines' tokens.
        var unplaced: [(version: WritableKeyPath<ThreeWayMerge, Version>, region: Int, token: Int)] = []
        // The regions of the base and of the side that left a stretch as it was, where the other side changed it.
        var following: [(base: Int, other: Int, side: WritableKeyPath<ThreeWayMerge, Version>,
                         changer: WritableKeyPath<ThreeWayMerge, Version>, places: ClosedRange<Int>)] = []
        // A stretch where one side put a line the base has once and the other side removed is that side's move of the
        // line against the other's removal, a conflict as `git merge-file` reads it too, where the removal put items in
        // another section (`## DOING` removed, its items in TODO, against the DOING section moved): merged, the two
        // removals from the line's place were one change and the move's addition another, and the removal was lost. A
        // group heading removed leaves its items in their section, and the move of the group stands.
        let baseLines = b.lineOfText, oursLines = o.lineOfText, theirsLines = t.lineOfText
        func movesALineTheOtherRemoved(_ bs: ArraySlice<Int>, _ os: ArraySlice<Int>, _ ts: ArraySlice<Int>) -> Bool {
            guard os != ts else { return false }
            let oursMoves = ts == bs
            let (mover, moverLines, removerLines) = oursMoves ? (os, oursLines, theirsLines) : (ts, theirsLines, oursLines)
            return mover.contains { token in
                guard let line = baseLines[token], line >= 0, let moved = moverLines[token], moved >= 0,
                      removerLines[token] == nil else { return false }
                return oursMoves ? removalChangesSections(after: line, in: theirs, against: ours)
                    : removalChangesSections(after: line, in: ours, against: theirs)
            }
        }
        for stretch in stretches {
            let bs = b.tokens[stretch.base], os = o.tokens[stretch.ours], ts = t.tokens[stretch.theirs]
            guard os == bs || os == ts || ts == bs, !movesALineTheOtherRemoved(bs, os, ts) else {
                markConflict(stretch, b, o, t)
                outputTokens += repeatElement(SkeletonTokens.region, count: output.count - outputTokens.count)
                for (version, skeleton, range) in [(\ThreeWayMerge.base, b, stretch.base), (\.ours, o, stretch.ours), (\.theirs, t, stretch.theirs)] {
                    unplaced += skeleton.regionsAfterLines(range).map { (version, $0.region, $0.token) }
                }
                continue
            }
            let before = output.count - 1
            let taken = os == bs || os == ts ? ts : os
            if os == bs || os == ts {
                emit(theirs, t, stretch.theirs)
            } else {
                emit(ours, o, stretch.ours)
            }
            outputTokens += taken.filter { $0 != SkeletonTokens.region }
            let count = output.count - 1 - before
            Self.place(&base, b, stretch.base, after: before, count: count)
            Self.place(&ours, o, stretch.ours, after: before, count: count)
            Self.place(&theirs, t, stretch.theirs, after: before, count: count)
            for (version, skeleton, range, tokens) in [(\ThreeWayMerge.base, b, stretch.base, bs), (\.ours, o, stretch.ours, os),
                                                       (\.theirs, t, stretch.theirs, ts)] where tokens != taken {
                unplaced += skeleton.regionsAfterLines(range).map { (version, $0.region, $0.token) }
            }
            // One side changed the stretch so that its lines do not tell which became which: the base's regions after
            // its lines there, and the other side's alike, follow their items among the stretch's lines.
            let places = before...(before + count)
            if os == bs, ts != bs, Self.linesAreUnclear(base, b, stretch.base, theirs, t, stretch.theirs) {
                following += zip(b.regionsAfterLines(stretch.base), o.regionsAfterLines(stretch.ours)).map { ($0.region, $1.region, \.ours, \.theirs, places) }
            } else if ts == bs, os != bs, Self.linesAreUnclear(base, b, stretch.base, ours, o, stretch.ours) {
                following += zip(b.regionsAfterLines(stretch.base), t.regionsAfterLines(stretch.theirs)).map { ($0.region, $1.region, \.theirs, \.ours, places) }
            }
        }
        let followingLines = followMovedLines(unplaced, outputTokens: outputTokens,
                                                lines: [\.base: baseLines, \.ours: oursLines, \.theirs: theirsLines])
        followItems(following.filter { !followingLines.contains($0.base) })
        return oursByItems || theirsByItems
    }

    /// True when a side's removal of the base's skeleton line put an item after it in another section (the line headed
    /// a section, or ended one) than the one the side that moved the line has it in: the mover moved its items with
    /// it. A removal that puts them where the move does (ours renaming `## TODO` to `## Review`, theirs swapping those
    /// two headings) is no other change.
    func removalChangesSections(after line: Int, in remover: Version, against mover: Version) -> Bool {
        base.regions[line + 1].contains { unit in
            guard unit >= 0, let kept = unchanged(unit, in: remover) else { return false }
            let section = remover.section(ofItem: kept)
            return section != base.section(ofItem: unit) && section != (unchanged(unit, in: mover).map(mover.section(ofItem:)) ?? base.section(ofItem: unit))
        }
    }

    /// The side's item whose lines are the base item's, found by their hash, when no other item of the side has them.
    func unchanged(_ baseItem: Int, in side: Version) -> Int? {
        side.content.onlyItem(withHash: base.content.hashes[baseItem])
    }

    /// For each region of the side, how many items of the base's region `baseRegion` it has unchanged, in the
    /// section the base has them in (items a heading of the side put in another section, the side moved).
    /// Nil when the region holds no items.
    func itemsKept(fromRegion baseRegion: Int, in side: Version) -> [Int: Int]? {
        guard base.holdsItems(region: baseRegion) else { return nil }
        var kept: [Int: Int] = [:]
        for item in base.regions[baseRegion] where item >= 0 {
            if let index = unchanged(item, in: side), side.section(ofItem: index) == base.section(ofItem: item) {
                kept[side.regionOfItem[index], default: 0] += 1
            }
        }
        return kept
    }

    /// True when the lines of a stretch a side changed do not tell which line became which: it removed some, or a
    /// section's heading stands where another section's stood (the line merge lined a moved `## DONE` up with
    /// `## TODO`). A line renamed or edited in place (`## DOING` to `## In progress`) is the line it was, wherever the
    /// side moved its items.
    static func linesAreUnclear(_ base: Version, _ b: SkeletonTokens, _ baseRange: Range<Int>,
                                _ side: Version, _ s: SkeletonTokens, _ sideRange: Range<Int>) -> Bool {
        func lines(_ version: Version, _ skeleton: SkeletonTokens, _ range: Range<Int>) -> [Int] {
            range.compactMap { skeleton.indices[$0] >= 0 ? version.skeleton[skeleton.indices[$0]] : nil }
        }
        // The section a line heads, nil for other lines.
        func kind(_ version: Version, _ line: Int) -> SectionKind? {
            guard let section = version.lastSection(from: line), section.headingLine == line, !section.namesNoSection else { return nil }
            return section.kind
        }
        let (old, new) = (lines(base, b, baseRange), lines(side, s, sideRange))
        return new.count < old.count || old.map { kind(base, $0) } != new.map { kind(side, $0) }
    }

    /// Each base region after a line of a stretch one side changed goes where that side put most of its items (those
    /// it left exactly as they were, whose lines no other item has), and the other side's region there (the same as
    /// the base's) with it: the lines alone do not tell which line became which, and the regions went by their count
    /// (theirs removing `## DOING` and renaming `## DONE` put the DOING region under the renamed heading, where it
    /// seemed the removing side had not moved its items, and ours' `done` of one was lost). A region goes only after a
    /// line of the stretch or the one before it (`places`): items the side moved further it moved itself (ours removing
    /// a group heading and moving the group's items to TODO by hand did not take the group there). A region none of
    /// whose items the side kept there keeps its place by count, as does one whose place by count holds one of them.
    /// (A region after a line the side moved, not removed, follows the line instead: `followMovedLines`.)
    mutating func followItems(_ following: [(base: Int, other: Int, side: WritableKeyPath<ThreeWayMerge, Version>,
                                            changer: WritableKeyPath<ThreeWayMerge, Version>, places: ClosedRange<Int>)]) {
        for (baseRegion, otherRegion, side, changer, places) in following {
            let version = self[keyPath: changer]
            var votes: [Int: Int] = [:]
            for item in base.regions[baseRegion] where item >= 0 {
                if let kept = unchanged(item, in: version),
                   version.itemContent(kept) == base.itemContent(item), places.contains(version.place(ofItem: kept)) {
                    votes[version.regionOfItem[kept], default: 0] += 1
                }
            }
            // Where the side has one of them after the line the region goes after by count, that is the line it became:
            // the others it moved itself.
            if votes.keys.contains(where: { version.places[$0] == base.places[baseRegion] }) { continue }
            // The most items, and among as many the first region.
            guard let region = votes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { continue }
            let place = version.places[region]
            guard place != Self.inConflictBlock else { continue }
            base.places[baseRegion] = place
            self[keyPath: side].places[otherRegion] = place
            // That region, not the one the line merge matched, is the base region's to the side.
            self[keyPath: changer].counterpart[baseRegion] = region
        }
    }

    /// Each region after a line a stretch did not take as it stands goes after that line where the merge took it,
    /// when a side moved the section the line starts: the line is its version's only one of its text, and the base's
    /// and each side's; the merge has one line of that text, outside the conflict blocks, which a side took there with
    /// items that followed it in the base (or the base had none there). So a side that moves the DOING section below
    /// DONE moves its region for both sides: an item the other side took out of DOING is where that side put it, not
    /// back in DOING (the line merge read the move as a removal and an addition, and put the other side's DOING region
    /// under TODO). A line moved alone leaves its items where they were, as does a line one side removed (its items
    /// then stand in the section before, which is that side's move of them). Returns the base regions that followed a
    /// line.
    mutating func followMovedLines(_ unplaced: [(version: WritableKeyPath<ThreeWayMerge, Version>, region: Int, token: Int)],
                                   outputTokens: [Int], lines: [WritableKeyPath<ThreeWayMerge, Version>: [Int: Int]]) -> Set<Int> {
        guard !unplaced.isEmpty else { return [] }
        var mergedLine: [Int: Int] = [:]
        for (index, token) in outputTokens.enumerated() where token != SkeletonTokens.region {
            mergedLine[token] = mergedLine[token] == nil ? index : -1
        }
        func line(_ version: WritableKeyPath<ThreeWayMerge, Version>, _ token: Int) -> Int? {
            lines[version]?[token].flatMap { $0 >= 0 ? $0 : nil }
        }
        // Whether the mover has one of the base's items after the line, as it was in the base (one the mover's own
        // command put there, `done` into a group moved under DONE, tells nothing of the line's move).
        func carriesItems(_ mover: Version, after line: Int, from baseLine: Int) -> Bool {
            base.regions[baseLine + 1].contains { unit in
                unit >= 0 && unchanged(unit, in: mover).map { mover.regionOfItem[$0] == line + 1 } == true
            }
        }
        let sides = [\ThreeWayMerge.ours, \ThreeWayMerge.theirs]
        var followed: Set<Int> = []
        for (version, region, token) in unplaced {
            guard let merged = mergedLine[token], merged >= 0, self[keyPath: version].places[region] != Self.inConflictBlock,
                  line(version, token) != nil, let baseLine = line(\.base, token),
                  sides.allSatisfy({ line($0, token) != nil }) else { continue }
            let baseHasItems = base.regions[baseLine + 1].contains { $0 >= 0 }
            let movers = sides.filter { side in
                guard let sideLine = line(side, token) else { return false }
                let mover = self[keyPath: side]
                return mover.places[sideLine + 1] == merged
                    && (!baseHasItems || carriesItems(mover, after: sideLine, from: baseLine))
            }
            guard !movers.isEmpty else { continue }
            self[keyPath: version].places[region] = merged
            guard version == \.base else { continue }
            followed.insert(region)
            for side in movers where line(side, token).flatMap(self[keyPath: side].section(ofLine:)) != base.section(ofLine: baseLine) {
                self[keyPath: side].carriedAcross.insert(region)
            }
        }
        return followed
    }

    /// Both sides' lines of a stretch both changed differently, in conflict markers. A region of blank lines alone
    /// stands between its side's lines there, as `git merge-file` shows them; the others go after the block.
    mutating func markConflict(_ stretch: Diff3.Stretch, _ b: SkeletonTokens, _ o: SkeletonTokens, _ t: SkeletonTokens) {
        conflicts.append(MergeConflict(title: nil, reason: .text))
        let oursHalf = Self.conflictHalf(ours, o, stretch.ours), theirsHalf = Self.conflictHalf(theirs, t, stretch.theirs)
        output.append(ArraySlice(marker("<", label: "ours")))
        output += oursHalf.lines
        output.append(ArraySlice(marker("=", label: nil)))
        output += theirsHalf.lines
        output.append(ArraySlice(marker(">", label: "theirs")))
        let last = output.count - 1
        Self.place(&base, b, stretch.base, after: last, count: 0)
        Self.place(&ours, o, stretch.ours, after: last, count: 0)
        Self.place(&theirs, t, stretch.theirs, after: last, count: 0)
        for region in oursHalf.blankRegions { ours.places[region] = Self.inConflictBlock }
        for region in theirsHalf.blankRegions { theirs.places[region] = Self.inConflictBlock }
    }

    /// The place of a region whose lines stand in a conflict block: no merged line's.
    static let inConflictBlock = -2

    /// One side's half of a conflict block: its skeleton lines in `range` with the regions of blank lines alone.
    static func conflictHalf(_ version: Version, _ skeleton: SkeletonTokens,
                             _ range: Range<Int>) -> (lines: [ArraySlice<UInt8>], blankRegions: [Int]) {
        var lines: [ArraySlice<UInt8>] = []
        var blankRegions: [Int] = []
        for position in range {
            let index = skeleton.indices[position]
            if index >= 0 {
                lines.append(version.lineBytes(version.skeleton[index]))
            } else if version.regions[-1 - index].allSatisfy({ $0 < 0 }) {
                blankRegions.append(-1 - index)
                lines += version.regions[-1 - index].map { version.lineBytes(-1 - $0) }
            }
        }
        return (lines, blankRegions)
    }

    /// A version's skeleton as diff3 reads it: its lines' tokens, with `region` where a non-empty region stands.
    struct SkeletonTokens {
        /// The token of every non-empty region, alike in all versions.
        static let region = -1
        var tokens: [Int] = []
        /// For each token, the index of its skeleton line, or for a region, -1 - the region's index.
        var indices: [Int] = []
        /// The skeleton line of each text it has (-1: more than one).
        var lineOfText: [Int: Int] = [:]

        init(_ version: Version, _ lineTokens: inout LineTokens) {
            for region in version.regions.indices {
                if !version.regions[region].isEmpty {
                    tokens.append(Self.region)
                    indices.append(-1 - region)
                }
                if region < version.skeleton.count {
                    let token = lineTokens.token(version.lineBytes(version.skeleton[region]))
                    tokens.append(token)
                    indices.append(region)
                    lineOfText[token] = lineOfText[token] == nil ? region : -1
                }
            }
        }

        /// For each token, the one of `other` it is matched with. The lines match as a longest common subsequence
        /// of the lines alone. Between two matched lines, a region matches the other's after as many lines when
        /// both hold as many lines there. Otherwise, where the lines there are new to the other version (text added or
        /// removed, not moved) and each region of mine there that holds items has some of them in a region of the
        /// other's there (`itemsKept`: for a region of mine, how many of its items each region of the other's holds;
        /// nil when it holds none), each matches the one that holds the most, in order, when the other's regions left
        /// unmatched there hold no items (`holdsItems`, for a region of the other's: a line written between items
        /// splits their region, and reads as a move of those on either side); else a region matches the other's right
        /// after the same matched line or right before the next. (A note written under `## TODO`, above its items, is
        /// a line added before them, not their move below it.) `decidedByItems` is true when items matched some region
        /// otherwise than its place would.
        func matching(_ other: SkeletonTokens, itemsKept: (Int) -> [Int: Int]?,
                      holdsItems: (Int) -> Bool) -> (matches: [Int?], decidedByItems: Bool) {
            var result = [Int?](repeating: nil, count: tokens.count)
            var decidedByItems = false
            var start = (0, 0)
            func matchRegions(upTo end: (Int, Int)) {
                let (mine, others) = (slots(start.0..<end.0), other.slots(start.1..<end.1))
                // Slot pairs, by place.
                var pairs: [(mine: Int, other: Int)] = []
                if mine.count == others.count {
                    pairs = mine.indices.map { ($0, $0) }
                } else {
                    let first = mine[0] != nil && others[0] != nil
                    if first { pairs.append((0, 0)) }
                    if !(first && (mine.count == 1 || others.count == 1)) { pairs.append((mine.count - 1, others.count - 1)) }
                }
                pairs.removeAll { mine[$0.mine] == nil || others[$0.other] == nil }
                let linesAreNew = mine.count != others.count
                    && (start.0..<end.0).allSatisfy { indices[$0] < 0 || other.lineOfText[tokens[$0]] == nil }
                    && (start.1..<end.1).allSatisfy { other.indices[$0] < 0 || lineOfText[other.tokens[$0]] == nil }
                if linesAreNew {
                    var slotOfRegion: [Int: Int] = [:]
                    for (slot, match) in others.enumerated() { if let match { slotOfRegion[-1 - other.indices[match]] = slot } }
                    var byItems: [(mine: Int, other: Int)] = []
                    for (slot, region) in mine.enumerated() {
                        guard let region, let kept = itemsKept(-1 - indices[region]) else { continue }
                        let after = byItems.last.map { $0.other + 1 } ?? 0
                        var best: (slot: Int, kept: Int)?
                        for (otherRegion, count) in kept {
                            guard let otherSlot = slotOfRegion[otherRegion], otherSlot >= after else { continue }
                            // The most items; of as many, the first region.
                            if let best, count < best.kept || (count == best.kept && otherSlot > best.slot) { continue }
                            best = (otherSlot, count)
                        }
                        guard let best else {
                            byItems = []
                            break
                        }
                        byItems.append((slot, best.slot))
                    }
                    let leftHoldItems = others.indices.contains { slot in
                        others[slot].map { holdsItems(-1 - other.indices[$0]) } == true && !byItems.contains { $0.other == slot }
                    }
                    if !byItems.isEmpty, !leftHoldItems, !byItems.elementsEqual(pairs, by: { $0 == $1 }) {
                        pairs = byItems
                        decidedByItems = true
                    }
                }
                for pair in pairs {
                    if let region = mine[pair.mine], let match = others[pair.other] { result[region] = match }
                }
            }
            let lines = indices.indices.filter { indices[$0] >= 0 }
            let otherLines = other.indices.indices.filter { other.indices[$0] >= 0 }
            let lineMatch = LineMatching.match(lines.map { tokens[$0] }, otherLines.map { other.tokens[$0] })
            for case let (line, match?) in lineMatch.enumerated() {
                let pair = (lines[line], otherLines[match])
                matchRegions(upTo: pair)
                result[pair.0] = pair.1
                start = (pair.0 + 1, pair.1 + 1)
            }
            matchRegions(upTo: (tokens.count, other.tokens.count))
            return (result, decidedByItems)
        }

        /// The non-empty regions right after the lines of `range`, each with that line's token; the one after its last
        /// line too, though it stands past the range (a region matched to the other version's after a line changed).
        func regionsAfterLines(_ range: Range<Int>) -> [(region: Int, token: Int)] {
            range.filter { indices[$0] >= 0 && $0 + 1 < indices.count && indices[$0 + 1] < 0 }.map { (-1 - indices[$0 + 1], tokens[$0]) }
        }

        /// For the tokens of `range`, the position of the region after k of its lines, for each k (nil: none).
        func slots(_ range: Range<Int>) -> [Int?] {
            var slots: [Int?] = [nil]
            for position in range {
                if indices[position] >= 0 {
                    slots.append(nil)
                } else {
                    slots[slots.count - 1] = position
                }
            }
            return slots
        }
    }

    /// Appends the skeleton lines of `range` to the output.
    mutating func emit(_ version: Version, _ skeleton: SkeletonTokens, _ range: Range<Int>) {
        for position in range where skeleton.indices[position] >= 0 {
            output.append(version.lineBytes(version.skeleton[skeleton.indices[position]]))
        }
    }

    /// Places the regions among the tokens of `range`: one after k lines there goes after merged line `line` + k,
    /// at most `line` + `count`.
    static func place(_ version: inout Version, _ skeleton: SkeletonTokens, _ range: Range<Int>, after line: Int, count: Int) {
        var lines = 0
        for position in range {
            let index = skeleton.indices[position]
            if index >= 0 {
                lines += 1
            } else {
                version.places[-1 - index] = line + min(lines, count)
            }
        }
    }

    /// A conflict marker line: `size` times `character`, then the label, in ours' line ending.
    func marker(_ character: Character, label: String?) -> [UInt8] {
        var line = Array(String(repeating: character, count: markerSize).utf8)
        if let label { line += Array((" " + label).utf8) }
        return line + ours.board.lineEnding
    }

    /// The three files merged line by line, as `git merge-file` merges them.
    func lineMerge() -> BoardMerge {
        var tokens = LineTokens()
        let b = tokens.tokens(base, base.board.lines.indices), o = tokens.tokens(ours, ours.board.lines.indices)
        let t = tokens.tokens(theirs, theirs.board.lines.indices)
        var out: [UInt8] = []
        var conflicts: [MergeConflict] = []
        func put(_ lines: ArraySlice<Int>) {
            for token in lines { appendLines(tokens.lines[token], to: &out) }
        }
        for stretch in Diff3.stretches(base: b, ours: o, theirs: t) {
            if let picked = Self.pick(b[stretch.base], o[stretch.ours], t[stretch.theirs]) {
                put(picked)
            } else {
                conflicts.append(MergeConflict(title: nil, reason: .text))
                appendLines(marker("<", label: "ours"), to: &out)
                put(o[stretch.ours])
                appendLines(marker("=", label: nil), to: &out)
                put(t[stretch.theirs])
                appendLines(marker(">", label: "theirs"), to: &out)
            }
        }
        return BoardMerge(bytes: out, conflicts: conflicts)
    }

    // MARK: - Items

    /// Pairs the items, gives each an identity, and decides each merged item's content and place; records the
    /// items' conflicts.
    mutating func mergeItems() {
        // Where duplicates leave a side's pairing open, each side pairs as the other's changes ask (`preference`):
        // theirs against ours' first pairing, again where its twins mirror ours' (`mirror`), then ours against
        // theirs'. (Only duplicates ask, and ours is paired again only where theirs' changes could make a difference.)
        let content = (base: base.content, ours: ours.content, theirs: theirs.content)
        let firstToOurs = ItemPairing(old: base.board, new: ours.board, oldContent: content.base, newContent: content.ours,
                                      preference: { _, _ in .none })
        let keepingClear = ItemPairing(old: base.board, new: theirs.board, oldContent: content.base, newContent: content.theirs,
                                       preference: { preference(old: $0, new: $1, of: theirs, [:], against: firstToOurs, of: ours) })
        // Theirs is paired again only where its twins mirror ours'.
        let mirrored = mirror(theirs, content.theirs, pairedBy: keepingClear, of: ours, content.ours, pairedBy: firstToOurs,
                              base: content.base)
        let theirsMirror = Dictionary(mirrored.map { ($0.side, $0.twin) }) { first, _ in first }
        let toTheirs = mirrored.isEmpty ? keepingClear
            : ItemPairing(old: base.board, new: theirs.board, oldContent: content.base, newContent: content.theirs,
                          preference: { preference(old: $0, new: $1, of: theirs, theirsMirror, against: firstToOurs, of: ours) })
        let repairs = firstToOurs.duplicates.contains { changed($0, by: toTheirs, theirs) }
        // Ours keeps its first pairing where theirs mirrors it.
        let oursMirror = Dictionary(mirrored.map { ($0.other, $0.twin) }) { first, _ in first }
        let toOurs = repairs
            ? ItemPairing(old: base.board, new: ours.board, oldContent: content.base, newContent: content.ours,
                          preference: { preference(old: $0, new: $1, of: ours, oursMirror, against: toTheirs, of: theirs) })
            : firstToOurs
        let baseCount = base.board.items.count
        var oursOf = [Int?](repeating: nil, count: baseCount)
        var theirsOf = oursOf
        oursIdentity = [Int](repeating: -1, count: ours.board.items.count)
        theirsIdentity = [Int](repeating: -1, count: theirs.board.items.count)
        for pair in toOurs.pairs {
            oursOf[pair.old] = pair.new
            oursIdentity[pair.new] = pair.old
        }
        for pair in toTheirs.pairs {
            theirsOf[pair.old] = pair.new
            theirsIdentity[pair.new] = pair.old
        }
        merged = [Merged?](repeating: nil, count: baseCount + toOurs.added.count + toTheirs.added.count)

        for index in 0..<baseCount {
            switch (oursOf[index], theirsOf[index]) {
            case (nil, nil):
                continue
            case let (o?, nil):
                if changed(index, in: ours, at: o) {
                    conflicts.append(MergeConflict(title: ours.board.title(of: ours.board.items[o]),
                                                   reason: .removedAndEdited(removedBy: .theirs)))
                    conflictedItems.append(index)
                    merged[index] = (.bytes(conflictBlock(ours: ours.itemBytes(o), theirs: [])), ours.place(ofItem: o),
                                     ours.section(ofItem: o), .ours)
                }
            case let (nil, t?):
                if changed(index, in: theirs, at: t) {
                    conflicts.append(MergeConflict(title: theirs.board.title(of: theirs.board.items[t]),
                                                   reason: .removedAndEdited(removedBy: .ours)))
                    conflictedItems.append(index)
                    merged[index] = (.bytes(conflictBlock(ours: [], theirs: theirs.itemBytes(t))), theirs.place(ofItem: t),
                                     theirs.section(ofItem: t), .theirs)
                }
            case let (o?, t?):
                merged[index] = mergeItem(index, ours: o, theirs: t)
            }
        }
        // An item one side alone moved into another section, or after another item of its section, right after an
        // item the other side put under a group heading of its own there, goes with that item, as an added one does
        // (`follow`): `start B` after E, against E put under a new `### Waiting`, stays after E (it went above the
        // heading); A moved by hand below C, against `### Later` written above B and C, stays after C (helper-64's
        // 07: it stayed first, above the heading).
        let baseLines = Set(base.skeleton.map { base.board.bytes[base.board.lines[$0].start..<base.board.lines[$0].contentEnd] })
        let conflicted = Set(conflictedItems)
        for index in 0..<baseCount where !conflicted.contains(index) {
            guard let o = oursOf[index], let t = theirsOf[index], merged[index] != nil else { continue }
            let section = base.section(ofItem: index)
            let oursMoved = ours.section(ofItem: o) != section || standsBetweenOtherItems(index, in: ours, at: o, identity: oursIdentity)
            let theirsMoved = theirs.section(ofItem: t) != section || standsBetweenOtherItems(index, in: theirs, at: t, identity: theirsIdentity)
            if oursMoved, !theirsMoved {
                follow(index, side: ours, index: o, identity: oursIdentity, other: (theirs, theirsOf), underLineNotIn: baseLines)
            } else if theirsMoved, !oursMoved {
                follow(index, side: theirs, index: t, identity: theirsIdentity, other: (ours, oursOf), underLineNotIn: baseLines)
            }
        }
        // Items only one side has: added there (or renamed past recognition). One title added on both sides
        // is one item.
        var next = baseCount
        var theirsAdded: [TitleKey: [Int]] = [:]
        for index in toTheirs.added.reversed() {
            theirsAdded[theirs.board.titleKey(of: theirs.board.items[index]), default: []].append(index)
        }
        for index in toOurs.added {
            oursIdentity[index] = next
            var content = Content.ours(index)
            if let twin = theirsAdded[ours.board.titleKey(of: ours.board.items[index])]?.popLast() {
                theirsIdentity[twin] = next
                // Alike but in different sections (ours to DOING, theirs to TODO) is added differently too.
                let sections = (ours: ours.section(ofItem: index), theirs: theirs.section(ofItem: twin))
                if ours.itemContent(index) != theirs.itemContent(twin) || sections.ours != sections.theirs {
                    conflicts.append(MergeConflict(title: ours.board.title(of: ours.board.items[index]), reason: .addedTwice))
                    conflictedItems.append(next)
                    let labels = sections.ours == sections.theirs ? ("ours", "theirs")
                        : ("ours (\(Self.name(of: sections.ours)))", "theirs (\(Self.name(of: sections.theirs)))")
                    content = .bytes(conflictBlock(ours: ours.itemBytes(index), theirs: theirs.itemBytes(twin), labels: labels))
                }
            }
            merged[next] = (content, ours.place(ofItem: index), ours.section(ofItem: index), .ours)
            follow(next, side: ours, index: index, identity: oursIdentity, other: (theirs, theirsOf))
            next += 1
        }
        for index in toTheirs.added where theirsIdentity[index] < 0 {
            theirsIdentity[index] = next
            merged[next] = (.theirs(index), theirs.place(ofItem: index), theirs.section(ofItem: index), .theirs)
            follow(next, side: theirs, index: index, identity: theirsIdentity, other: (ours, oursOf))
            next += 1
        }
    }

    /// True when `side` has the base item between other items of its region than the base has it between, both the
    /// one before it and the one after it another (or none where there was one, or the other way round): the side
    /// moved it. An item next to one the side moved has one neighbour changed only, and was not moved (helper-76:
    /// E moved to the top made A, after it now, follow E into the other side's new group).
    func standsBetweenOtherItems(_ baseIndex: Int, in side: Version, at index: Int, identity: [Int]) -> Bool {
        func neighbour(_ version: Version, _ item: Int, _ step: Int) -> Int? {
            version.board.items.indices.contains(item + step)
                && version.regionOfItem[item + step] == version.regionOfItem[item] ? item + step : nil
        }
        return [-1, 1].allSatisfy { step in neighbour(base, baseIndex, step) != neighbour(side, index, step).map { identity[$0] } }
    }

    /// An item a side added right after another item goes with that item where the other side regrouped it (put it
    /// under a group heading of the same section): it takes that item's place and comes right after it. With
    /// `baseLines` (an item the side moved, not added), only after a base item the other side put under a line of
    /// its own, one whose text the base's skeleton lines lack (a heading a side moved regroups nothing).
    mutating func follow(_ id: Int, side: Version, index: Int, identity: [Int], other: (version: Version, of: [Int?]),
                         underLineNotIn baseLines: Set<ArraySlice<UInt8>>? = nil) {
        let previous = index - 1
        guard previous >= 0, side.regionOfItem[previous] == side.regionOfItem[index], identity[previous] >= 0,
              let leader = merged[identity[previous]], leader.place != side.place(ofItem: index) else { return }
        let leaderID = identity[previous]
        if leaderID < base.board.items.count {
            // Regrouped by the other side within its section, not moved to another section.
            guard let there = other.of[leaderID],
                  other.version.section(ofItem: there) == side.section(ofItem: previous),
                  baseLines.map({ other.version.standsUnderLine(notIn: $0, item: there) }) ?? true
            else { return }
        } else if baseLines != nil || followers.values.allSatisfy({ !$0.contains(leaderID) }) {
            return
        }
        merged[id]?.place = leader.place
        followers[leaderID, default: []].append(id)
    }

    /// Where `side`'s items of a title several base items have are the other side's items of that title, in the same
    /// order, alike line for line, section for section and in what stands above each (`predecessor`: so a twin each
    /// side kept in another place is no like change, as git tells two lines apart by their places) and the merged line
    /// its region goes after (`place`: a text line repeated above each twin, `a`, x, `a`, x, is alike above both; seed
    /// 25 of the merge property test: ours renamed one twin, theirs the other, and the twin left came out too) and,
    /// where the item above is a twin too, which of its twins it is (`y`, x, `y`, x: helper-76), and the other
    /// side changed those twins, the base twin each
    /// of them pairs with: the one the other side's item pairs with (`pairing`). The two sides made the same changes
    /// to those twins, and the merge makes them once (both removing one of two twins removed both; both starting one
    /// started both). A twin renamed away from the title counts among them, as `sidePairing` and `pairing` pair it, and
    /// titles a renamed twin joins are one group.
    /// Only the items pairing by title are looked at: an item whose lines only it has, on its side and in the base,
    /// pairs by them (`ItemPairing`, step 0), alike on both sides where they are alike, and its title is not read.
    func mirror(_ side: Version, _ sideContent: ContentIndex, pairedBy sidePairing: ItemPairing, of other: Version,
                _ otherContent: ContentIndex, pairedBy pairing: ItemPairing,
                base baseContent: ContentIndex) -> [(side: Int, other: Int, twin: Int)] {
        guard !pairing.duplicates.isEmpty else { return [] }
        var baseTwins: [TitleKey: [Int]] = [:]
        for index in pairing.duplicates { baseTwins[base.board.titleKey(of: base.board.items[index]), default: []].append(index) }
        func twins(_ version: Version, _ content: ContentIndex) -> [TitleKey: [Int]] {
            var found: [TitleKey: [Int]] = [:]
            for (index, hash) in content.hashes.enumerated()
            where content.onlyItem(withHash: hash) != index || baseContent.onlyItem(withHash: hash) == nil {
                let key = version.board.titleKey(of: version.board.items[index])
                if baseTwins[key] != nil { found[key, default: []].append(index) }
            }
            return found
        }
        let (sideTwins, otherTwins) = (twins(side, sideContent), twins(other, otherContent))
        // Where the item above a twin is a twin too, which of them it is, counted in file order: twins under twins
        // (`y`, x, `y`, x) stand under other items, though under the same title (helper-76: each side renaming another
        // x brought a stray x back).
        func twinsAbove(_ version: Version, _ twins: [TitleKey: [Int]]) -> (Int) -> Int? {
            var occurrence: [Int: Int] = [:]
            for list in twins.values { for (number, index) in list.enumerated() { occurrence[index] = number } }
            return { index in
                index > 0 && version.regionOfItem[index - 1] == version.regionOfItem[index] ? occurrence[index - 1] : nil
            }
        }
        let (sideTwinAbove, otherTwinAbove) = (twinsAbove(side, sideTwins), twinsAbove(other, otherTwins))
        // Each title's twins with each side's items of the title and those it renamed from a twin; titles that share
        // an item (one renamed from a twin of one title to the other's) are one group.
        let titles = Array(baseTwins)
        var groupOf = Array(titles.indices)
        func group(_ index: Int) -> Int {
            var index = index
            while groupOf[index] != index {
                groupOf[index] = groupOf[groupOf[index]]
                index = groupOf[index]
            }
            return index
        }
        var titleOfItem: [Int: Int] = [:], titleOfOther: [Int: Int] = [:]
        let members = titles.map { key, baseItems in
            (items: Set(sideTwins[key] ?? []).union(baseItems.compactMap { sidePairing.partnerOfOld[$0] }),
             others: Set(otherTwins[key] ?? []).union(baseItems.compactMap { pairing.partnerOfOld[$0] }))
        }
        for (title, member) in members.enumerated() {
            for item in member.items {
                if let earlier = titleOfItem[item] { groupOf[group(title)] = group(earlier) } else { titleOfItem[item] = title }
            }
            for item in member.others {
                if let earlier = titleOfOther[item] { groupOf[group(title)] = group(earlier) } else { titleOfOther[item] = title }
            }
        }
        var groups: [Int: (twins: [Int], items: Set<Int>, others: Set<Int>)] = [:]
        for (title, member) in members.enumerated() {
            groups[group(title), default: ([], [], [])].twins += titles[title].value
            groups[group(title), default: ([], [], [])].items.formUnion(member.items)
            groups[group(title), default: ([], [], [])].others.formUnion(member.others)
        }
        var mirror: [(side: Int, other: Int, twin: Int)] = []
        for (baseItems, itemSet, otherSet) in groups.values {
            let (items, others) = (itemSet.sorted(), otherSet.sorted())
            guard others.count == items.count,
                  others.count != baseItems.count || baseItems.contains(where: { changed($0, by: pairing, other) }),
                  zip(items, others).allSatisfy({ side.itemContent($0) == other.itemContent($1)
                      && side.section(ofItem: $0) == other.section(ofItem: $1)
                      && side.predecessor(ofItem: $0) == other.predecessor(ofItem: $1)
                      && side.place(ofItem: $0) == other.place(ofItem: $1)
                      && sideTwinAbove($0) == otherTwinAbove($1) })
            else { continue }
            for (item, otherItem) in zip(items, others) {
                if let twin = pairing.partnerOfNew[otherItem] { mirror.append((item, otherItem, twin)) }
            }
        }
        return mirror
    }

    /// How a side's item `new` should pair with the base twin `old`, given the other side's pairing: where the side's
    /// twins mirror the other's (`mirror`), with the twin the other pairs with, before any other pair; otherwise a
    /// twin the other side changed goes first among equals, so that two sides' edits to twins keep clear of each
    /// other where they can.
    func preference(old: Int, new: Int, of side: Version, _ mirror: [Int: Int], against pairing: ItemPairing,
                    of other: Version) -> ItemPairing.Preference {
        if let twin = mirror[new] { return twin == old ? .beforeAll : .none }
        return changed(old, by: pairing, other) ? .firstAmongEquals : .none
    }

    /// Whether `side` removed the base item or changed its lines or section, as `pairing` pairs them.
    func changed(_ baseIndex: Int, by pairing: ItemPairing, _ side: Version) -> Bool {
        guard let index = pairing.partnerOfOld[baseIndex] else { return true }
        return side.itemContent(index) != base.itemContent(baseIndex)
            || side.section(ofItem: index) != base.section(ofItem: baseIndex)
    }

    /// True when a side changed any of the base item's lines, or put it in another region (another section or
    /// group). Reordering it among its neighbours is no change to the item: against a removal, it is moot.
    func changed(_ baseIndex: Int, in side: Version, at index: Int) -> Bool {
        side.itemContent(index) != base.itemContent(baseIndex) || moved(baseIndex, in: side, at: index)
    }

    /// True when a side put the base item in another region: one with another place, or another than the one its base
    /// region is to the side (the line merge matched them), which places alone do not tell where the other side took
    /// the line before that region away (theirs' `start T` went unseen, T's DONE region being placed under DOING's
    /// heading once ours moved `## DONE` away).
    /// So is one in a region that followed a line the side moved into another section (`carriedAcross`), which the
    /// side has in another section than the base: it moved the line, and the item with it.
    func moved(_ baseIndex: Int, in side: Version, at index: Int) -> Bool {
        placedElsewhere(baseIndex, in: side, at: index)
            || (side.carriedAcross.contains(base.regionOfItem[baseIndex]) && side.section(ofItem: index) != base.section(ofItem: baseIndex))
    }

    /// `moved` by the item's place or region alone.
    func placedElsewhere(_ baseIndex: Int, in side: Version, at index: Int) -> Bool {
        side.place(ofItem: index) != base.place(ofItem: baseIndex)
            || side.counterpart[base.regionOfItem[baseIndex]].map { $0 != side.regionOfItem[index] } ?? false
    }

    /// An item both sides kept: its place and each of its fields from the side that changed them.
    mutating func mergeItem(_ b: Int, ours o: Int, theirs t: Int) -> Merged {
        let oursPlace = ours.place(ofItem: o), theirsPlace = theirs.place(ofItem: t)
        let (oursMoved, theirsMoved) = (moved(b, in: ours, at: o), moved(b, in: theirs, at: t))
        let (oursPlaced, theirsPlaced) = (placedElsewhere(b, in: ours, at: o), placedElsewhere(b, in: theirs, at: t))
        let sections = (base: base.section(ofItem: b), ours: ours.section(ofItem: o), theirs: theirs.section(ofItem: t))
        var reasons: [MergeConflict.Reason] = []
        // Two places can meet where two sections' regions followed a line one side moved (ours pasting `## DOING` above
        // TODO's items, theirs' TODO region with them): sections apart are moves apart all the same. A move only
        // carried by a line (`carriedAcross`) into the section the other side put the item in by itself is that side's
        // move; against a section the other side's heading edit gave the item (it moved neither item nor line), it is
        // one of two moves (both sides moving heading lines put a group in DONE and in DOING).
        let (oursCarried, theirsCarried) = (oursMoved && !oursPlaced, theirsMoved && !theirsPlaced)
        let carriedAlongside = oursPlaced != theirsPlaced && sections.ours == sections.theirs
        let carriedAgainstHeadings = sections.ours != sections.theirs
            && ((oursCarried && !theirsMoved && sections.theirs != sections.base)
                || (theirsCarried && !oursMoved && sections.ours != sections.base))
        // Both sides' heading edits, neither moving the item, can put it in different sections too (ours renaming its
        // group `### Done`, theirs adding `## Review` above it): one side's was lost, exit 0, as the other merged.
        let headingsApart = !oursMoved && !theirsMoved && sections.ours != sections.base && sections.theirs != sections.base
            && sections.ours != sections.theirs
        if oursMoved && theirsMoved && !carriedAlongside && (oursPlace != theirsPlace || sections.ours != sections.theirs)
            || carriedAgainstHeadings || headingsApart {
            reasons.append(.section)
        }
        // The side that moved the item places it, in its section (the one that put it there by itself first). Where
        // neither did, a side may still have put it in another section, by removing or renaming a heading above it
        // (ours removing `## DOING` leaves its items in TODO): that side's section, ours' if both.
        let placedBy: MergeSide = oursPlaced ? .ours : theirsPlaced ? .theirs : oursMoved ? .ours : theirsMoved ? .theirs
            : sections.ours != sections.base ? .ours : .theirs
        let (place, section) = placedBy == .ours ? (oursPlace, sections.ours) : (theirsPlace, sections.theirs)

        // Line endings count here, so a side that changed only them is taken whole.
        let baseBytes = base.itemBytes(b), oursBytes = ours.itemBytes(o), theirsBytes = theirs.itemBytes(t)
        var content: Content
        if oursBytes.elementsEqual(baseBytes) {
            content = .theirs(t)
        } else if theirsBytes.elementsEqual(baseBytes) || oursBytes.elementsEqual(theirsBytes) {
            content = .ours(o)
        } else {
            content = .bytes(mergeFields(base: b, ours: o, theirs: t, reasons: &reasons))
        }
        if !reasons.isEmpty {
            let title = ours.board.title(of: ours.board.items[o])
            for reason in reasons { conflicts.append(MergeConflict(title: title, reason: reason)) }
            conflictedItems.append(b)
            let labels = reasons.contains(.section) && sections.ours != sections.theirs
                ? ("ours (\(Self.name(of: sections.ours)))", "theirs (\(Self.name(of: sections.theirs)))") : ("ours", "theirs")
            content = .bytes(conflictBlock(ours: ours.itemBytes(o), theirs: theirs.itemBytes(t), labels: labels))
        }
        return (content, place, section, placedBy)
    }

    /// The item line and body rebuilt from ours, with each field theirs alone changed taken from theirs.
    /// Appends a reason for each field both changed differently.
    func mergeFields(base b: Int, ours o: Int, theirs t: Int, reasons: inout [MergeConflict.Reason]) -> [UInt8] {
        func parts(_ version: Version, _ index: Int) -> (prefix: ArraySlice<UInt8>, text: ArraySlice<UInt8>, title: [UInt8],
                                                         token: ArraySlice<UInt8>?, due: CivilDate?, done: DoneToken?,
                                                         body: ArraySlice<UInt8>) {
            let board = version.board, item = board.items[index], line = board.lines[item.line]
            let body = item.body.isEmpty ? board.bytes[line.end..<line.end]
                : board.bytes[board.lines[item.body.lowerBound].start..<board.lines[item.body.upperBound - 1].end]
            return (board.bytes[line.start..<item.textStart], board.bytes[item.textStart..<line.contentEnd],
                    board.withTitleBytes(of: item) { Array($0[$1]) }, item.dueToken.map { board.bytes[$0.range] }, item.due,
                    item.doneToken.flatMap { $0.date == nil ? nil : $0 }, body)
        }
        func doneBytes(_ version: Version, _ token: DoneToken?) -> ArraySlice<UInt8>? {
            token.map { version.board.bytes[$0.range] }
        }
        let bp = parts(base, b), op = parts(ours, o), tp = parts(theirs, t)
        let oursItem = ours.board.items[o]

        // A checkbox has two states, so both sides cannot change it differently; they may spell it differently.
        let checked = Self.pick(base.board.items[b].checked, oursItem.checked, theirs.board.items[t].checked) ?? oursItem.checked
        let pickedPrefix = Self.pick(bp.prefix, op.prefix, tp.prefix)
        var prefix = Array(pickedPrefix ?? op.prefix)
        if pickedPrefix == nil, checked != oursItem.checked {
            prefix[oursItem.checkboxOffset + 1 - ours.board.lines[oursItem.line].start] = UInt8(ascii: checked ? "x" : " ")
        }

        var text: [UInt8]
        if let picked = Self.pick(bp.text, op.text, tp.text) {
            text = Array(picked)
        } else {
            // Compared as bytes, then as texts (a title spelt in other scalars alike is no change), and written as
            // they are: bytes that are no UTF-8 stay (as strings they were U+FFFD, and written so).
            let title = Self.pick(bp.title, op.title, tp.title) ?? Self.pick(bp.title, op.title, tp.title, by: TextIdentity.init)
            if title == nil { reasons.append(.title) }
            // A token respelled for the same date (`due:` to `📅`, as another tool writes it) is no change of the
            // date: the other side's new date is taken (it was "both changed the due date").
            let token = Self.pick(bp.token, op.token, tp.token) ?? Self.pick(bp, op, tp) { part in
                part.due.map { "\($0)" } ?? part.token.map { String(decoding: $0, as: UTF8.self) } ?? ""
            }.map(\.token)
            if token == nil { reasons.append(.due) }
            // Both sides recording a different done date (both moved it to DONE, on different days): the earlier.
            // One side without one took it out of DONE: none, never one made up.
            let done = Self.pick(doneBytes(base, bp.done), doneBytes(ours, op.done), doneBytes(theirs, tp.done)) ?? {
                guard let oursDone = op.done, let theirsDone = tp.done, let a = oursDone.date, let b = theirsDone.date
                else { return nil }
                return a <= b ? doneBytes(ours, oursDone) : doneBytes(theirs, theirsDone)
            }()
            text = title ?? op.title
            for tokenBytes in [token ?? op.token, done].compactMap({ $0 }) {
                text += text.isEmpty ? Array(tokenBytes) : [Bytes.space] + tokenBytes
            }
        }

        // A side changed the body when it differs from the base's re-indented as a move to that side's indentation
        // re-indents it (`done` next to an item of another indentation re-indents the item): a move alone is no
        // change of the body, and the other side's new body is taken, at the merged item's indentation.
        let indent = (ours: ours.indent(ofItem: o), theirs: theirs.indent(ofItem: t), merged: Self.indent(prefix[...]))
        let oursChanged = bodyContent(base, b, at: indent.ours) != bodyContent(ours, o, at: indent.ours)
        let theirsChanged = bodyContent(base, b, at: indent.theirs) != bodyContent(theirs, t, at: indent.theirs)
        var body = indent.merged == indent.ours ? Array(op.body) : reindentedItem(ours, o, at: indent.merged).body
        if !oursChanged {
            body = indent.merged == indent.theirs ? Array(tp.body) : reindentedItem(theirs, t, at: indent.merged).body
        } else if theirsChanged && bodyContent(ours, o, at: indent.merged) != bodyContent(theirs, t, at: indent.merged)
                    // Both moved it, each re-indenting the body its own way: the same body.
                    && bodyText(ours, o) != bodyText(theirs, t) {
            reasons.append(.body)
        }

        // The item line's ending, too, from the side that changed it (one side may have converted the file to CRLF).
        func ending(_ version: Version, _ index: Int) -> ArraySlice<UInt8> {
            let line = version.board.lines[version.board.items[index].line]
            return version.board.bytes[line.contentEnd..<line.end]
        }
        let oursEnding = ending(ours, o)
        var bytes = prefix + text + (Self.pick(ending(base, b), oursEnding, ending(theirs, t)) ?? oursEnding)
        appendLines(body, to: &bytes)
        return bytes
    }

    /// The item's lines as they stand with the item line at `indent`, re-indented as a move re-indents them: the
    /// item parsed, and the bytes of its body (its lines after the item line, endings included).
    func reindentedItem(_ version: Version, _ index: Int, at indent: Int) -> (board: Board, body: [UInt8]) {
        let bytes = Self.reindented(Array(version.itemBytes(index)), from: version.indent(ofItem: index), to: indent)
        let board = Board(parsing: bytes)
        return (board, Array(bytes[(board.lines.first?.end ?? bytes.count)...]))
    }

    /// The item's body lines as `bodyLines(of:)` gives them (without the indentation they share), each as a
    /// `TextIdentity`: two lines of other bytes that are no UTF-8 are two strings alike.
    func bodyText(_ version: Version, _ index: Int) -> [TextIdentity] {
        var lines: [TextIdentity] = []
        version.board.forEachBodyLine(of: version.board.items[index]) { lines.append(TextIdentity(version.board.bytes[$0])) }
        return lines
    }

    /// The item's body lines without their endings, as they stand with the item line at `indent`.
    func bodyContent(_ version: Version, _ index: Int, at indent: Int) -> [ArraySlice<UInt8>] {
        guard indent != version.indent(ofItem: index) else { return Array(version.itemContent(index).dropFirst()) }
        let board = reindentedItem(version, index, at: indent).board
        return board.lines.dropFirst().map { board.bytes[$0.start..<$0.contentEnd] }
    }

    /// A section's name in a conflict's labels and messages.
    static func name(of section: SectionKind?) -> String { section?.name ?? "outside the sections" }

    /// The spaces a line starts with, after the file's byte order mark on its first line (the parser's reading: items
    /// below a first item that has one were taken for its body, and re-indented, when it was counted).
    static func indent(_ line: ArraySlice<UInt8>) -> Int {
        (Bytes.hasBOM(line) ? line.dropFirst(3) : line).prefix { $0 == Bytes.space }.count
    }

    /// The merged value of a field: the side that changed it, or either when both made the same change;
    /// nil when both changed it differently.
    static func pick<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value? {
        pick(base, ours, theirs) { $0 }
    }

    /// `pick`, the values compared by `key`.
    static func pick<Value, Key: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value, by key: (Value) -> Key) -> Value? {
        let (b, o, t) = (key(base), key(ours), key(theirs))
        if o == b || o == t { return theirs }
        if t == b { return ours }
        return nil
    }

    // MARK: - Output

    /// Ours' lines, then a separator, then theirs', wrapped in conflict markers.
    func conflictBlock(ours oursBytes: ArraySlice<UInt8>, theirs theirsBytes: ArraySlice<UInt8>,
                       labels: (String, String) = ("ours", "theirs")) -> [UInt8] {
        var block = marker("<", label: labels.0)
        appendLines(oursBytes, to: &block)
        appendLines(marker("=", label: nil), to: &block)
        appendLines(theirsBytes, to: &block)
        appendLines(marker(">", label: labels.1), to: &block)
        return block
    }

    /// Gives the merged file's last line a line ending exactly when the versions' last lines have one, as both
    /// sides leave it or as the side that changed it does (FORMAT.md §6): a side's last item moved away by the other
    /// leaves a line that had an ending last.
    func endFile(_ bytes: inout [UInt8]) {
        let without = Self.pick(base.board.endsWithoutNewline, ours.board.endsWithoutNewline, theirs.board.endsWithoutNewline)
            ?? ours.board.endsWithoutNewline
        if without {
            // Blank lines at the end would give the file a final line ending again.
            while bytes.last == Bytes.lf {
                bytes.removeLast()
                if bytes.last == Bytes.cr { bytes.removeLast() }
            }
        } else if let last = bytes.last, last != Bytes.lf {
            bytes += Board.ending(after: [last], ours.board.lineEnding)
        } else if !Self.endsWithBlankLine(ours.board), !Self.endsWithBlankLine(theirs.board) {
            // Blank lines at the end that neither side has come of merging the regions' blank lines apart.
            while let lineStart = bytes.dropLast().lastIndex(of: Bytes.lf).map({ $0 + 1 }), lineStart > 0 {
                var contentEnd = bytes.count - 1
                if contentEnd > lineStart, bytes[contentEnd - 1] == Bytes.cr { contentEnd -= 1 }
                guard Bytes.isBlank(bytes, lineStart..<contentEnd) else { break }
                bytes.removeSubrange(lineStart...)
            }
        }
    }

    /// True when the file's last line is blank (spaces and tabs at most).
    static func endsWithBlankLine(_ board: Board) -> Bool {
        !board.lines.isEmpty && board.isBlankLine(board.lines.count - 1)
    }

    /// Where every line of each version has one ending, and a side (or both) gave every line another than the base
    /// has (a Windows editor converting the file): the sides with the base's ending, and the ending given.
    static func conversion(base: Board, ours: Board, theirs: Board) -> (ours: Board, theirs: Board, to: [UInt8])? {
        let (b, o, t) = (everyLineEnding(base), everyLineEnding(ours), everyLineEnding(theirs))
        guard let b, let o, let t, o != b || t != b else { return nil }
        func unconverted(_ side: Board, _ ending: [UInt8]) -> Board {
            ending == b ? side : Board(parsing: withEveryLineEnding(side.bytes, b))
        }
        return (unconverted(ours, o), unconverted(theirs, t), o != b ? o : t)
    }

    /// The ending every line that has one has (LF or CRLF), when they all have the same; nil for none or a mix.
    static func everyLineEnding(_ board: Board) -> [UInt8]? {
        var length: Int?
        for line in board.lines where line.hasEnding {
            if let length, length != line.end - line.contentEnd { return nil }
            length = line.end - line.contentEnd
        }
        return length.map { $0 == 2 ? [Bytes.cr, Bytes.lf] : [Bytes.lf] }
    }

    /// The bytes with every line ending (LF, or CR LF) made `ending`, as `Board.ending(after:)` gives it (a line whose
    /// text ends in CR keeps it); a last line without one stays without.
    static func withEveryLineEnding(_ bytes: [UInt8], _ ending: [UInt8]) -> [UInt8] {
        let board = Board(parsing: bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + board.lines.count)
        for line in board.lines {
            out += bytes[line.start..<line.contentEnd]
            if line.hasEnding { out += Board.ending(after: bytes[line.start..<line.contentEnd], ending) }
        }
        return out
    }

    /// Appends lines, first ending the last line when it has no line ending.
    func appendLines<C: Collection<UInt8>>(_ lines: C, to out: inout [UInt8]) {
        guard !lines.isEmpty else { return }
        if let last = out.last, last != Bytes.lf { out += ours.board.lineEnding }
        out += lines
    }

    /// An item's lines (with their endings) with the item line indented `newIndent` instead of `indent` spaces,
    /// its body shifted as `Board.ItemLines` shifts it.
    static func reindented(_ bytes: [UInt8], from indent: Int, to newIndent: Int) -> [UInt8] {
        let board = Board(parsing: bytes)
        let lines = board.lines.map { line in
            Board.NewLine(content: Array(bytes[line.start..<line.contentEnd]), ending: Array(bytes[line.contentEnd..<line.end]))
        }
        return board.reindented(Board.ItemLines(lines: lines, indent: indent), newIndent).lines.flatMap(board.textAndEnding)
    }

    /// The merged file: each merged skeleton line followed by the merged items and blank lines of its region.
    /// Also returns where each item is (its first line and number of lines), items inside conflict blocks included.
    /// Where an item went in the merged file: the number of lines before it, its number of lines, and its identity
    /// (nil for an item in a conflict block).
    typealias Placed = (line: Int, count: Int, identity: Int?)

    func layOut() -> (bytes: [UInt8], items: [Placed]) {
        // Each version's regions by the place they go (region indices, not copies of their units).
        func regionsByPlace(_ version: Version) -> [Int: [Int]] {
            var result: [Int: [Int]] = [:]
            for (region, units) in version.regions.enumerated() where !units.isEmpty {
                result[version.places[region], default: []].append(region)
            }
            return result
        }
        let baseRegions = regionsByPlace(base), oursRegions = regionsByPlace(ours), theirsRegions = regionsByPlace(theirs)
        var itemsByPlace: [Int: [Int]] = [:]
        for (identity, item) in merged.enumerated() { if let item { itemsByPlace[item.place, default: []].append(identity) } }

        // Tokens: an item's identity, or for a blank line, -1 - its token in `blanks`.
        var blanks = LineTokens()
        func tokens(_ regions: [Int]?, _ version: Version, _ identity: (Int) -> Int, place: Int) -> [Int] {
            var result: [Int] = []
            for region in regions ?? [] {
                for unit in version.regions[region] {
                    if unit >= 0 {
                        // An item that stays goes only where its place is; one that goes away is context for diff3.
                        let id = identity(unit)
                        if let item = merged[id], item.place != place { continue }
                        result.append(id)
                        continue
                    }
                    result.append(-1 - blanks.token(version.lineBytes(-1 - unit)))
                }
            }
            return result
        }

        var out: [UInt8] = []
        out.reserveCapacity(ours.board.bytes.count + theirs.board.bytes.count / 8)
        // Where each item goes: the number of lines before it, and its number of lines.
        var placed: [Placed] = []
        var lines = 0
        func put<C: Collection<UInt8>>(_ bytes: C) {
            guard !bytes.isEmpty else { return }
            let before = out.count
            appendLines(bytes, to: &out)
            for byte in out[before...] where byte == Bytes.lf { lines += 1 }
        }
        let conflictStart = Array(repeating: UInt8(ascii: "<"), count: markerSize)
        var emitted = [Bool](repeating: false, count: merged.count)
        for place in -1..<output.count {
            if place >= 0 { put(output[place]) }
            let regionTokens = (base: tokens(baseRegions[place], base, { $0 }, place: place),
                                ours: tokens(oursRegions[place], ours, { oursIdentity[$0] }, place: place),
                                theirs: tokens(theirsRegions[place], theirs, { theirsIdentity[$0] }, place: place))
            var region = Self.mergeRegion(base: regionTokens.base, ours: regionTokens.ours, theirs: regionTokens.theirs)
            region.removeAll { id in
                guard id >= 0 else { return false }
                // Gone, or already out (both sides moved it within the region, each to its own place).
                if merged[id] == nil || emitted[id] { return true }
                emitted[id] = true
                return false
            }
            if !followers.isEmpty { region = withFollowers(region, emitted: &emitted) }
            // An item the stretches left out (one side removed it, the other changed it) goes after its nearest
            // predecessor on the side that kept it.
            let missing = (itemsByPlace[place] ?? []).filter { !emitted[$0] }
            if !missing.isEmpty {
                region = Self.inserting(Set(missing), from: [regionTokens.ours, regionTokens.theirs], into: region)
                for id in missing { emitted[id] = true }
            }
            var previousIndent: Int?
            for token in region {
                guard token >= 0, let item = merged[token] else {
                    put(blanks.lines[-1 - token])
                    continue
                }
                // Items the two sides put next to each other: one indented two deeper than the item before it would
                // become that item's body, so it takes that item's indentation (FORMAT.md §6).
                var bytes = bytes(of: item.content)
                var indent = Self.indent(bytes)
                if let previousIndent, indent >= previousIndent + 2 {
                    bytes = Self.reindented(Array(bytes), from: indent, to: previousIndent)[...]
                    indent = previousIndent
                }
                let start = out.last == nil || out.last == Bytes.lf ? lines : lines + 1
                put(bytes)
                let isConflictBlock = bytes.starts(with: conflictStart)
                // After a conflict block, its last marker line stands between the items.
                previousIndent = isConflictBlock ? nil : indent
                if isConflictBlock {
                    // The items in a conflict block are where each side had them.
                    let block = Board(parsing: Array("## TODO\n".utf8) + bytes)
                    placed += block.items.map { (start + $0.line - 1, $0.lines.count, nil) }
                } else {
                    placed.append((start, lines - start + (out.last == Bytes.lf ? 0 : 1), token))
                }
            }
        }
        return (out, placed)
    }

    /// `region` with each item's followers (and theirs) right after it.
    func withFollowers(_ region: [Int], emitted: inout [Bool]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(region.count)
        func add(_ token: Int) {
            result.append(token)
            guard token >= 0 else { return }
            for follower in followers[token] ?? [] where !emitted[follower] {
                emitted[follower] = true
                add(follower)
            }
        }
        for token in region { add(token) }
        return result
    }

    /// `region` with the items of `missing` inserted, each after the nearest item before it in the first of
    /// `keepers` that holds it, among those `region` holds (before the region's first item when there is none).
    static func inserting(_ missing: Set<Int>, from keepers: [[Int]], into region: [Int]) -> [Int] {
        let present = Set(region.filter { $0 >= 0 })
        var after: [Int: [Int]] = [:]  // -1: before the first item
        var placed = Set<Int>()
        for keeper in keepers {
            var anchor = -1
            for token in keeper where token >= 0 {
                if present.contains(token) {
                    anchor = token
                } else if missing.contains(token), placed.insert(token).inserted {
                    after[anchor, default: []].append(token)
                }
            }
        }
        var result: [Int] = []
        result.reserveCapacity(region.count + missing.count)
        // With no item there, before the region's last blank line.
        let first = region.firstIndex { $0 >= 0 } ?? (region.last.map { $0 < 0 } == true ? region.count - 1 : region.count)
        for (position, token) in region.enumerated() {
            if position == first { result += after[-1] ?? [] }
            result.append(token)
            if token >= 0 { result += after[token] ?? [] }
        }
        if first == region.count { result += after[-1] ?? [] }
        // One no keeper holds here goes before the region's last blank lines: never lost.
        let unplaced = missing.subtracting(placed).sorted()
        if !unplaced.isEmpty {
            var end = result.count
            while end > 0, result[end - 1] < 0 { end -= 1 }
            result.insert(contentsOf: unplaced, at: end)
        }
        return result
    }

    /// One region's tokens merged as diff3 merges them. Where both sides changed the same stretch: a side that
    /// changed only blank lines there yields to the other; otherwise ours' stretch stands, with each item theirs
    /// has and ours lacks put after its nearest predecessor in theirs' stretch (ours' own additions first).
    static func mergeRegion(base b: [Int], ours o: [Int], theirs t: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(o.count + t.count / 8)
        let oursItems = Set(o.filter { $0 >= 0 }), theirsItems = Set(t.filter { $0 >= 0 })
        for stretch in Diff3.stretches(base: b, ours: o, theirs: t) {
            let bs = b[stretch.base], os = o[stretch.ours], ts = t[stretch.theirs]
            if let picked = Self.pick(bs, os, ts) {
                result += picked
            } else if os.filter({ $0 >= 0 }) == bs.filter({ $0 >= 0 }) {
                result += ts
                // Blank lines ours alone added where theirs added items stood before what follows (a heading ours
                // moved there): after theirs' items, they still do.
                if bs.isEmpty, let last = ts.last, last >= 0 { result += os }
            } else if ts.filter({ $0 >= 0 }) == bs.filter({ $0 >= 0 }) {
                result += os
                if bs.isEmpty, let last = os.last, last >= 0 { result += ts }
            } else {
                // An item theirs moved elsewhere in the region, out of this stretch where ours left it, goes.
                let baseHere = Set(bs), theirsHere = Set(ts)
                let os = os.filter { !($0 >= 0 && baseHere.contains($0) && !theirsHere.contains($0) && theirsItems.contains($0)) }
                var positionInOurs: [Int: Int] = [:]
                for (position, token) in os.enumerated() where token >= 0 { positionInOurs[token] = position }
                var after: [Int: [Int]] = [:]  // by position in ours' stretch; -1: no predecessor
                var anchor = -1
                for token in ts where token >= 0 {
                    if let position = positionInOurs[token] {
                        anchor = position
                    } else if !oursItems.contains(token) {
                        after[anchor, default: []].append(token)
                    }
                }
                var lead = 0
                while lead < os.count, os[lead] >= 0, !theirsItems.contains(os[lead]) { lead += 1 }
                if lead == 0 { result += after[-1] ?? [] }
                for (position, token) in os.enumerated() {
                    result.append(token)
                    if position == lead - 1 { result += after[-1] ?? [] }
                    result += after[position] ?? []
                }
            }
        }
        return result
    }
}

/// Lines as tokens for diff3: equal bytes, the same token.
private struct LineTokens {
    private var ids: [ArraySlice<UInt8>: Int] = [:]
    /// Each token's bytes.
    private(set) var lines: [ArraySlice<UInt8>] = []

    mutating func token(_ bytes: ArraySlice<UInt8>) -> Int {
        if let id = ids[bytes] { return id }
        ids[bytes] = lines.count
        lines.append(bytes)
        return lines.count - 1
    }

    /// The tokens of a version's lines `indices`.
    mutating func tokens<Indices: Sequence<Int>>(_ version: ThreeWayMerge.Version, _ indices: Indices) -> [Int] {
        indices.map { token(version.lineBytes($0)) }
    }
}
