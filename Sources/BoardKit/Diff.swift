/// What happened to one item between two versions of a board.
public enum BoardChange: Equatable, Sendable {
    case added(title: String, to: SectionKind)
    case removed(title: String, from: SectionKind)
    case moved(title: String, from: SectionKind, to: SectionKind)
    case retitled(from: String, to: String)
    case due(title: String, from: CivilDate?, to: CivilDate?)
    /// The done date changed other than by a move into or out of DONE.
    case done(title: String, from: CivilDate?, to: CivilDate?)
    case checked(title: String, Bool)
    /// The body changed: the lines that went, and the lines that came (a line diff of the two bodies).
    case body(title: String, removed: [String], added: [String])
    /// Non-blank text outside every item changed (headings, free text, front matter).
    case otherText
}

/// Items of two versions of a board paired up, from more than the title:
/// 0. An item left exactly as it was, whose lines no other item has, is the same item.
/// 1. Items with the same title (case-insensitive, whitespace collapsed) pair up; where a title stands on several
///    items, each pairs with the one that agrees best on the exact item line, body, bullet and neighbouring items,
///    then the lines right around it, section, due date and checkbox, then the nearest place in the list of items.
/// 2. The items left over are renames or removals and additions. Each left-over old item is compared only with the
///    left-over new items in the same stretch between two items paired in step 1 (so the work stays near-linear),
///    and pairs with the one that best agrees on title, place in that stretch, body, due date and section, when
///    that makes it clearly the same item: a title at least half alike, or a rename in place that keeps some of
///    the title or the same body or date.
/// 3. An item renamed and moved elsewhere (another section, or past other items) pairs with a left-over item that
///    shares a word with it, when the titles are at least half alike.
public struct ItemPairing: Sendable {
    /// Index pairs into `old.items` and `new.items`.
    public let pairs: [(old: Int, new: Int)]
    public let removed: [Int]
    public let added: [Int]
    /// For each old item, its partner in `new`, and for each new item, its partner in `old`.
    let partnerOfOld: [Int?]
    let partnerOfNew: [Int?]
    /// The old items of titles that stood on several items, which `preference` could have paired otherwise.
    let duplicates: [Int]
    /// What the pairing looked at, for tests: it stays near-linear in the items.
    let work: Work

    struct Work: Sendable {
        /// Left-over new items looked at for a left-over old item as a rename in its stretch (step 2).
        var renameCandidates = 0
        /// Items walked over looking for duplicates' neighbours with another title (step 1).
        var neighbourSteps = 0
        /// Titles split into bigrams for step 2: each once, not once for each of the 33 it is weighed against.
        var titlesSplit = 0
        /// Pairs of bodies compared in step 2: only for a pair in place or alike in title.
        var bodiesCompared = 0
        /// Candidate renames kept to be sorted in step 2: none for an item whose first choice is its first choice's.
        var candidatesKept = 0
    }

    /// Pairs the items of `old` and `new`.
    public init(old: Board, new: Board) {
        self.init(old: old, new: new, oldContent: ContentIndex(old), newContent: ContentIndex(new), preference: { _, _ in .none })
    }

    /// How a pair of duplicates, an old and a new item of a title several items have, should be made.
    enum Preference {
        /// As they agree.
        case none
        /// Before others that agree alike.
        case firstAmongEquals
        /// Before every other pair.
        case beforeAll
    }

    /// Pairs the items, each board's content already indexed. Among duplicates, `preference` says which pairs go
    /// first: a merge pairs each side's twins as the other side's changes to them ask (`ThreeWayMerge.preference`).
    init(old: Board, new: Board, oldContent: ContentIndex, newContent: ContentIndex,
         preference: (_ old: Int, _ new: Int) -> Preference) {
        var partnerOfOld = [Int?](repeating: nil, count: old.items.count)
        var partnerOfNew = [Int?](repeating: nil, count: new.items.count)
        // 0. An item left exactly as it was, whose lines no other item has on either side: the same item. Most items
        // of a large board pair here, cheaply; only the rest need their titles read.
        for (n, hash) in newContent.hashes.enumerated() where newContent.onlyItem(withHash: hash) == n {
            guard let o = oldContent.onlyItem(withHash: hash), Bytes.equal(old.content(of: o), new.content(of: n)) else { continue }
            partnerOfOld[o] = n
            partnerOfNew[n] = o
        }
        let oldKeys = TitleKeys(old), newKeys = TitleKeys(new)
        var duplicates: [Int] = []
        var work = Work()
        // The nearest item before (step -1) or after (step 1) an item in its own section with another title, its own
        // duplicates right next to it passed over. Each run of duplicates is walked once: every item walked over has
        // the same answer, kept for it (old before, old after, new before, new after; -1 none; only for the items
        // walked over, not for every item of a large board), so 4,096 pairs among 160,000 items alike do not each walk
        // all of them.
        var nearestOther: [[Int: Int]] = [[:], [:], [:], [:]]
        func neighbour(_ board: Board, _ keys: TitleKeys, _ index: Int, _ step: Int, _ slot: Int) -> TitleKey? {
            var found = nearestOther[slot][index]
            if found == nil {
                var other = index + step
                while board.items.indices.contains(other), board.items[other].section == board.items[index].section {
                    work.neighbourSteps += 1
                    if keys[other] != keys[index] {
                        found = other
                        break
                    }
                    if let known = nearestOther[slot][other] {
                        found = known
                        break
                    }
                    other += step
                }
                var walked = index
                while walked != other {
                    nearestOther[slot][walked] = found ?? -1
                    walked += step
                }
            }
            return found.flatMap { $0 >= 0 ? keys[$0] : nil }
        }
        func agreement(_ o: Int, _ n: Int) -> Int {
            let before = old.items[o], after = new.items[n]
            // What an edit rarely changes weighs most: the body, the bullet (commands keep it wherever the item goes)
            // and the neighbours (of two alike items, the one that stayed where it was); then the fields an edit
            // changes one at a time.
            var score = 0
            // An edit changes either the item line or the body: the one left exactly as it was says most.
            let oldLine = old.lines[before.line], newLine = new.lines[after.line]
            if old.bytes[oldLine.start..<oldLine.contentEnd].elementsEqual(new.bytes[newLine.start..<newLine.contentEnd]) { score += 32 }
            if old.bodyLines(of: before) == new.bodyLines(of: after) {
                score += 32
                // Indented as it was, too: a move may re-indent the body.
                func bodyBytes(_ board: Board, _ item: Item) -> ArraySlice<UInt8> {
                    board.bytes[board.lines[item.line].end..<board.lines[item.lines.upperBound - 1].end]
                }
                if bodyBytes(old, before) == bodyBytes(new, after) { score += 2 }
            }
            if before.bullet == after.bullet { score += 16 }
            // Neighbours count only within the item's own section: one moved away says nothing of this one. Its own
            // duplicates right next to it are passed over: of two alike items side by side, either could be the one
            // that went.
            for (slot, step) in [(0, -1), (1, 1)] {
                if let left = neighbour(old, oldKeys, o, step, slot), left == neighbour(new, newKeys, n, step, slot + 2) { score += 4 }
            }
            // The lines right around it (a fence, a note, a blank line), which tell apart duplicates alike in all else.
            func around(_ board: Board, _ item: Item) -> (ArraySlice<UInt8>?, ArraySlice<UInt8>?) {
                func text(_ index: Int) -> ArraySlice<UInt8>? {
                    board.lines.indices.contains(index) ? board.bytes[board.lines[index].start..<board.lines[index].contentEnd] : nil
                }
                return (text(item.line - 1), text(item.lines.upperBound))
            }
            let (oldAround, newAround) = (around(old, before), around(new, after))
            if oldAround.0 == newAround.0 { score += 2 }
            if oldAround.1 == newAround.1 { score += 2 }
            // The section outweighs one neighbour (which may have moved along with an item alike), not two.
            if old.kind(of: before) == new.kind(of: after) { score += 6 }
            if before.due == after.due { score += 1 }
            if before.checked == after.checked { score += 1 }
            return score
        }

        // 1. Same titles.
        var oldByKey: [TitleKey: [Int]] = [:]
        var newByKey: [TitleKey: [Int]] = [:]
        for index in old.items.indices where partnerOfOld[index] == nil { oldByKey[oldKeys[index], default: []].append(index) }
        for index in new.items.indices where partnerOfNew[index] == nil { newByKey[newKeys[index], default: []].append(index) }
        for (key, olds) in oldByKey {
            guard let news = newByKey[key] else { continue }
            if olds.count == 1, news.count == 1 {
                partnerOfOld[olds[0]] = news[0]
                partnerOfNew[news[0]] = olds[0]
                continue
            }
            // Duplicates: the best agreeing pairs first; among equals, the same rank. Large groups pair by rank.
            duplicates += olds
            var candidates: [(first: Bool, score: Int, gap: Int, old: Int, new: Int)] = []
            if olds.count * news.count <= 4_096 {
                for o in olds {
                    // Among equals, the preferred, then the nearest in the list of items: an edit elsewhere shifts it
                    // by a few at most.
                    for n in news {
                        let preferred = preference(o, n)
                        candidates.append((preferred == .beforeAll, 2 * agreement(o, n) + (preferred == .none ? 0 : 1), abs(o - n), o, n))
                    }
                }
                candidates.sort { ($0.first ? 1 : 0, $0.score, -$0.gap, -$0.old) > ($1.first ? 1 : 0, $1.score, -$1.gap, -$1.old) }
            } else {
                candidates = zip(olds, news).map { (false, 0, 0, $0, $1) }
            }
            for candidate in candidates where partnerOfOld[candidate.old] == nil && partnerOfNew[candidate.new] == nil {
                partnerOfOld[candidate.old] = candidate.new
                partnerOfNew[candidate.new] = candidate.old
            }
        }

        // 2. Renames, within the stretch between two items paired by title that stayed in their section: one that
        // moved to another section bounds no stretch (`start zzz` above `Ship it` renamed in place put the two
        // versions of `Ship it` in different stretches, a removal and an addition).
        func stays(_ o: Int, _ n: Int) -> Bool { old.kind(of: old.items[o]) == new.kind(of: new.items[n]) }
        var leftOverNewAfter: [Int: [Int]] = [:]  // key: the old partner of the last paired new item before it (-1: none)
        var anchor = -1
        for n in new.items.indices {
            if let o = partnerOfNew[n] {
                if stays(o, n) { anchor = o }
            } else {
                leftOverNewAfter[anchor, default: []].append(n)
            }
        }
        anchor = -1
        var leftOverOldAfter: [Int: [Int]] = [:]
        for o in old.items.indices {
            if let n = partnerOfOld[o] {
                if stays(o, n) { anchor = o }
            } else {
                leftOverOldAfter[anchor, default: []].append(o)
            }
        }
        var renames: [Candidate] = []
        for (anchor, olds) in leftOverOldAfter {
            guard let news = leftOverNewAfter[anchor] else { continue }
            // Each item's place among the stretch's items of its section.
            let oldPlaces = Self.placesInSection(olds, of: old), newPlaces = Self.placesInSection(news, of: new)
            // The new items' bigrams, made once each: a new item is looked at from the 33 old ones nearest its
            // place, and the 33 places in view never share a slot.
            var newBigrams = [(index: Int, bigrams: [UInt64])](repeating: (-1, []), count: 33)
            // In a long stretch, only the items near the same place in it: those 16 places either side, not every
            // new item of the stretch looked at and passed over (a stretch of 200,000 renames took 25 s).
            func window(_ i: Int, _ count: Int) -> Range<Int> {
                let first = max(0, i - 16)
                return first..<max(first, min(count, i + 17))
            }
            // Old item `i` of the stretch and new item `j` as a rename, by stretch places; nil when not a clear one.
            func candidate(_ i: Int, _ j: Int, _ oldBigrams: [UInt64]) -> Candidate? {
                work.renameCandidates += 1
                let (o, n) = (olds[i], news[j])
                if newBigrams[j % 33].index != j {
                    newBigrams[j % 33] = (j, Self.bigrams(newKeys[n].text))
                    work.titlesSplit += 1
                }
                // In place, counted among its section's items in the stretch from the stretch's start: a title kept
                // in part (a quarter), its body or its date is enough there. (Counted from the end too, weighing half,
                // it paired `Fix login` with `Fix login bug` added after it, not with `Fix the login page` renamed in
                // place with its date: helper-48. An item added at the top still takes the place of one renamed
                // below it where their titles tell no better.)
                let sameSection = old.kind(of: old.items[o]) == new.kind(of: new.items[n])
                let fromStart = sameSection && oldPlaces[i] == newPlaces[j]
                let similarity = Self.similarity(oldBigrams, newBigrams[j % 33].bigrams, minimum: fromStart ? 0 : 0.5,
                                                 equalTexts: { oldKeys[o].text == newKeys[n].text })
                // Bodies and dates count only for a pair in place or alike already: read for those alone (the
                // bodies of 100,000 renamed items compared 33 times each took seconds).
                guard fromStart || similarity >= 0.5 else { return nil }
                let sameBody = !old.items[o].body.isEmpty && old.bodyLines(of: old.items[o]) == new.bodyLines(of: new.items[n])
                if !old.items[o].body.isEmpty { work.bodiesCompared += 1 }
                let sameDue = old.items[o].due != nil && old.items[o].due == new.items[n].due
                let clear = similarity >= 0.5 || (fromStart && sameSection && (similarity >= 0.25 || sameBody || sameDue))
                guard clear else { return nil }
                // A title kept whole, words added before or after it, weighs as much as the place: of `Review PR 12`
                // and `Review PR 14`, one removed and the other renamed `Review PR 14 with Ana`, the rename is 14's,
                // though 12 stood in its place. Not where another old title nearby keeps it whole too: of `Pay rent`
                // and `Pay rent March`, `Pay rent April` tells nothing that way. Kept in its case too: a word put
                // before a title lowercases its first (`Review deploy`, added at the top beside `Deploy` renamed
                // `Deploy v2`, was taken for the rename: helper-47).
                let extended = Self.keepsWhole(newKeys[n].bytes, oldKeys[o].bytes)
                    && Self.keepsWhole(Array(new.title(of: new.items[n]).utf8), Array(old.title(of: old.items[o]).utf8))
                    && !window(i, olds.count).contains { $0 != i && Self.keepsWhole(oldKeys[olds[$0]].bytes, oldKeys[o].bytes) }
                let score = similarity + (fromStart ? 0.3 : 0) + (extended ? 0.3 : 0) + (sameBody ? 0.3 : 0) + (sameDue ? 0.2 : 0)
                    + (sameSection ? 0.1 : 0)
                return Candidate(score: score, old: i, new: j)
            }
            // A pair that is the first choice of both its items pairs whatever else is weighed: nothing before it in
            // the order touches either. Such pairs are found first, from each item's first choice alone, and only
            // the items they leave have their candidates kept (titles alike in most of their text made millions).
            var firstOfOld = [Candidate?](repeating: nil, count: olds.count)
            var firstOfNew = [Candidate?](repeating: nil, count: news.count)
            for i in olds.indices {
                let oldBigrams = Self.bigrams(oldKeys[olds[i]].text)
                work.titlesSplit += 1
                for j in window(i, news.count) {
                    guard let found = candidate(i, j, oldBigrams) else { continue }
                    if firstOfOld[i].map({ Candidate.precedes(found, $0) }) ?? true { firstOfOld[i] = found }
                    if firstOfNew[j].map({ Candidate.precedes(found, $0) }) ?? true { firstOfNew[j] = found }
                }
            }
            var settledNew = [Bool](repeating: false, count: news.count)
            var unsettledOld: [Int] = []
            for i in olds.indices {
                if let first = firstOfOld[i], firstOfNew[first.new].map({ $0.old == i }) == true {
                    partnerOfOld[olds[i]] = news[first.new]
                    partnerOfNew[news[first.new]] = olds[i]
                    settledNew[first.new] = true
                } else {
                    unsettledOld.append(i)
                }
            }
            for i in unsettledOld {
                let oldBigrams = Self.bigrams(oldKeys[olds[i]].text)
                work.titlesSplit += 1
                for j in window(i, news.count) where !settledNew[j] {
                    guard let found = candidate(i, j, oldBigrams) else { continue }
                    renames.append(Candidate(score: found.score, old: olds[i], new: news[j]))
                    work.candidatesKept += 1
                }
            }
        }
        renames.sort(by: Candidate.precedes)
        for rename in renames where partnerOfOld[rename.old] == nil && partnerOfNew[rename.new] == nil {
            partnerOfOld[rename.old] = rename.new
            partnerOfNew[rename.new] = rename.old
        }

        // 3. Renames of items that also moved (to another section or stretch): each left-over old item is compared
        // with the left-over new items that share a word of three letters or more with its title (words that many
        // items share are passed over), and pairs when the titles are at least half alike.
        var newByWord: [String: [Int]] = [:]
        let leftOverNew = new.items.indices.filter { partnerOfNew[$0] == nil }
        for n in leftOverNew {
            for word in Set(newKeys[n].text.split(separator: " ").filter { $0.count >= 3 }) { newByWord[String(word), default: []].append(n) }
        }
        var moves: [Candidate] = []
        if !newByWord.isEmpty {
            for o in old.items.indices where partnerOfOld[o] == nil {
                var candidates = Set<Int>()
                for word in Set(oldKeys[o].text.split(separator: " ").filter({ $0.count >= 3 })) {
                    guard let news = newByWord[String(word)], news.count <= 16 else { continue }
                    candidates.formUnion(news)
                }
                for n in candidates {
                    let similarity = Self.similarity(oldKeys[o].text, newKeys[n].text)
                    if similarity >= 0.5 { moves.append(Candidate(score: similarity, old: o, new: n)) }
                }
            }
        }
        moves.sort(by: Candidate.precedes)
        for move in moves where partnerOfOld[move.old] == nil && partnerOfNew[move.new] == nil {
            partnerOfOld[move.old] = move.new
            partnerOfNew[move.new] = move.old
        }

        self.duplicates = duplicates
        self.work = work
        self.partnerOfOld = partnerOfOld
        self.partnerOfNew = partnerOfNew
        pairs = partnerOfNew.enumerated().compactMap { n, o in o.map { (old: $0, new: n) } }
        removed = partnerOfOld.indices.filter { partnerOfOld[$0] == nil }
        added = partnerOfNew.indices.filter { partnerOfNew[$0] == nil }
    }

    /// For each of `items` (indices into `board.items`, in order), how many of them in the same section come
    /// before it.
    static func placesInSection(_ items: [Int], of board: Board) -> [Int] {
        var seen = [Int](repeating: 0, count: SectionKind.allCases.count + 1)
        return items.map { index in
            let kind = board.kind(of: board.items[index]).rawValue
            defer { seen[kind] += 1 }
            return seen[kind]
        }
    }

    /// Whether the title `longer` holds `shorter` whole, with words added before or after it.
    static func keepsWhole(_ longer: [UInt8], _ shorter: [UInt8]) -> Bool {
        guard longer.count > shorter.count + 1 else { return false }
        return (longer.starts(with: shorter) && longer[shorter.count] == Bytes.space)
            || (longer.reversed().starts(with: shorter.reversed()) && longer[longer.count - shorter.count - 1] == Bytes.space)
    }

    /// A pair of a left-over old item and a left-over new one that may be one item renamed, with how alike they are:
    /// 16 bytes, as a stretch of renames alike in most of their title makes millions (tuples of three words took
    /// 96 MB for 200,000 renames). `old` and `new` are item indices, or while one stretch is weighed, places in it.
    struct Candidate {
        let score: Double
        private let oldIndex: UInt32
        private let newIndex: UInt32
        var old: Int { Int(oldIndex) }
        var new: Int { Int(newIndex) }

        init(score: Double, old: Int, new: Int) {
            self.score = score
            oldIndex = UInt32(truncatingIfNeeded: old)
            newIndex = UInt32(truncatingIfNeeded: new)
        }

        /// The order they pair in: the most alike first, then by old item, then by new item. (Within a stretch, its
        /// places are in the items' order: candidates by place keep this order.)
        static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            if a.score != b.score { return a.score > b.score }
            return (a.oldIndex, a.newIndex) < (b.oldIndex, b.newIndex)
        }
    }

    /// Dice's coefficient over the titles' pairs of adjacent Unicode scalars: 1 for equal titles, 0 for nothing in
    /// common. (Sorted arrays rather than dictionaries: thousands of renames are compared in one merge.)
    static func similarity(_ a: String, _ b: String) -> Double {
        similarity(bigrams(a), bigrams(b), equalTexts: { a == b })
    }

    /// A title's pairs of adjacent Unicode scalars, sorted.
    static func bigrams(_ text: String) -> [UInt64] {
        var result: [UInt64] = []
        var previous: UInt32?
        for scalar in text.unicodeScalars {
            if let previous { result.append(UInt64(previous) << 32 | UInt64(scalar.value)) }
            previous = scalar.value
        }
        return result.sorted()
    }

    /// `similarity` of two titles from their `bigrams`; `equalTexts` tells titles of a scalar or none apart. Below
    /// `minimum` it may give 0 as soon as the pairs left cannot reach it.
    static func similarity(_ left: [UInt64], _ right: [UInt64], minimum: Double = 0, equalTexts: () -> Bool) -> Double {
        let total = left.count + right.count
        guard total > 0 else { return equalTexts() ? 1 : 0 }
        let needed = Int((minimum * Double(total) / 2).rounded(.up))
        var shared = 0
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if shared + min(left.count - i, right.count - j) < needed { return 0 }
            if left[i] == right[j] {
                shared += 1
                i += 1
                j += 1
            } else if left[i] < right[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return 2 * Double(shared) / Double(total)
    }
}

/// A hash of each item's lines, and which hashes exactly one item has: an open-addressing table of the hashes
/// themselves (they are hashes already; a `Dictionary` would hash them again).
struct ContentIndex {
    let hashes: [Int]
    /// Slots of (hash, item), side by side so that a probe reads one cache line; item -1 when several items have
    /// the hash, `Int.min` for an empty slot.
    private var slots: [(hash: Int, item: Int)]
    private let mask: Int

    init(_ board: Board) {
        hashes = board.items.indices.map { board.contentHash(of: $0) }
        var size = 16
        while size < 2 * hashes.count { size *= 2 }
        mask = size - 1
        slots = [(hash: Int, item: Int)](repeating: (0, Int.min), count: size)
        for (index, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot].item != Int.min, slots[slot].hash != hash { slot = (slot + 1) & mask }
            slots[slot] = (hash, slots[slot].item == Int.min ? index : -1)
        }
    }

    /// The one item whose lines hash to `hash`; nil when none or several do.
    func onlyItem(withHash hash: Int) -> Int? {
        var slot = hash & mask
        while slots[slot].item != Int.min {
            if slots[slot].hash == hash { return slots[slot].item >= 0 ? slots[slot].item : nil }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

/// A board's item titles as items are matched by, each read the first time it is asked for.
final class TitleKeys {
    let board: Board
    private var keys: [TitleKey?]

    init(_ board: Board) {
        self.board = board
        keys = [TitleKey?](repeating: nil, count: board.items.count)
    }

    subscript(index: Int) -> TitleKey {
        if let key = keys[index] { return key }
        let key = board.titleKey(of: board.items[index])
        keys[index] = key
        return key
    }
}

/// A title as items are matched by: lowercased, runs of whitespace as one space, trimmed; as UTF-8.
struct TitleKey: Hashable {
    let bytes: [UInt8]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func hash(into hasher: inout Hasher) {
        // In one piece: an array of bytes hashes byte by byte otherwise, which is slow on a large board.
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension Board {
    /// The item's lines, from the item line's start to the last line's content end.
    func content(of index: Int) -> ArraySlice<UInt8> {
        let item = items[index]
        return bytes[lines[item.line].start..<lines[item.lines.upperBound - 1].contentEnd]
    }

    /// A hash of `content(of:)`.
    func contentHash(of index: Int) -> Int {
        var hasher = Hasher()
        content(of: index).withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// The item's title as items are matched by, read from the bytes: ASCII words are lowercased byte by
    /// byte, other words by Unicode case mapping, which is the slow part on a large board, and put in NFC.
    func titleKey(of item: Item) -> TitleKey {
        let line = lines[item.line]
        var key: [UInt8] = []
        key.reserveCapacity(line.contentEnd - item.textStart)
        func add(_ range: Range<Int>) {
            var position = range.lowerBound
            while true {
                while position < range.upperBound, Bytes.isWhitespace(bytes[position]) { position += 1 }
                let start = position
                var ascii = true
                while position < range.upperBound, !Bytes.isWhitespace(bytes[position]) {
                    ascii = ascii && bytes[position] < 0x80
                    position += 1
                }
                guard start < position else { return }
                if ascii {
                    if !key.isEmpty { key.append(Bytes.space) }
                    for byte in bytes[start..<position] {
                        key.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
                    }
                } else if let word = String(validating: bytes[start..<position], as: UTF8.self) {
                    // In NFC: `Café` typed in two scalars (macOS) is the title typed in one (helper-75: both sides
                    // adding it, each its way, kept two items). Stream-safe first, as long runs of marks sort slowly.
                    for part in word.lowercased().split(whereSeparator: \.isWhitespace) {
                        if !key.isEmpty { key.append(Bytes.space) }
                        key += String(part).streamSafe._nfcCodeUnits
                    }
                } else {
                    // Bytes that are no UTF-8 as they are: decoded, `Caf\xE9` and `Caf\xFF` were one title
                    // (helper-76: each side adding one, another, conflicted as one title added twice).
                    if !key.isEmpty { key.append(Bytes.space) }
                    key += bytes[start..<position]
                }
            }
        }
        titleParts(of: item).forEach { add($0) }
        return TitleKey(bytes: key)
    }

    /// The changes from this board to `new`, item by item: removals in old file order, then additions, moves
    /// and edits in new file order; `.otherText` last when text outside the items changed.
    public func changes(to new: Board) -> [BoardChange] {
        let pairing = ItemPairing(old: self, new: new)
        var changes: [BoardChange] = pairing.removed.map {
            .removed(title: title(of: items[$0]), from: kind(of: items[$0]))
        }
        // Each new item's changes made in its turn: a list of them kept for each item took more memory than both
        // boards when every item changed.
        var oldPartner = [Int](repeating: -1, count: new.items.count)
        for (o, n) in pairing.pairs { oldPartner[n] = o }
        for n in new.items.indices {
            let after = new.items[n]
            guard oldPartner[n] >= 0 else {
                changes.append(.added(title: new.title(of: after), to: new.kind(of: after)))
                continue
            }
            let o = oldPartner[n], before = items[o]
            // Most items of a large board are left exactly as they were.
            if Bytes.equal(content(of: o), new.content(of: n)), kind(of: before) == new.kind(of: after) { continue }
            let oldTitle = title(of: before), newTitle = new.title(of: after)
            let from = kind(of: before), to = new.kind(of: after)
            if withTitleBytes(of: before, { TextIdentity($0[$1]) }) != new.withTitleBytes(of: after, { TextIdentity($0[$1]) }) {
                changes.append(.retitled(from: oldTitle, to: newTitle))
            }
            if from != to { changes.append(.moved(title: newTitle, from: from, to: to)) }
            if before.due != after.due { changes.append(.due(title: newTitle, from: before.due, to: after.due)) }
            // A move into or out of DONE records or drops the done date: the move says so already.
            let doneByMove = from != to && (from == .done || to == .done)
            if before.done != after.done && !doneByMove { changes.append(.done(title: newTitle, from: before.done, to: after.done)) }
            // A move into or out of DONE that ticks or unticks the box says so already.
            let tickedByMove = from != to && after.checked == (to == .done)
            if before.checked != after.checked && !tickedByMove { changes.append(.checked(title: newTitle, after.checked)) }
            let oldBody = bodyLines(of: before), newBody = new.bodyLines(of: after)
            if oldBody != newBody {
                let (removed, added) = Self.lineDifference(oldBody, newBody)
                changes.append(.body(title: newTitle, removed: removed, added: added))
            }
        }
        if textOutsideItems() != new.textOutsideItems() { changes.append(.otherText) }
        return changes
    }

    /// The lines only in `old` and the lines only in `new`, each in order: what a line diff removes and adds
    /// (a longest common subsequence; bodies of more than 2,000 lines are compared as wholes).
    static func lineDifference(_ old: [String], _ new: [String]) -> (removed: [String], added: [String]) {
        guard old.count * new.count <= 4_000_000 else { return (old, new) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var removed: [String] = [], added: [String] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j == new.count || (i < old.count && table[i + 1][j] >= table[i][j + 1]) {
                removed.append(old[i])
                i += 1
            } else {
                added.append(new[j])
                j += 1
            }
        }
        return (removed, added)
    }

    /// The non-blank lines that belong to no item, in order. Blank lines do not count: adding and removing
    /// items moves them about.
    func textOutsideItems() -> [ArraySlice<UInt8>] {
        var inItem = [Bool](repeating: false, count: lines.count)
        for item in items { for index in item.lines { inItem[index] = true } }
        return lines.indices.filter { !inItem[$0] && !isBlankLine($0) }.map { bytes[lines[$0].start..<lines[$0].contentEnd] }
    }
}
