/// What happened to one item between two versions of a board.
public enum BoardChange: Equatable, Sendable {
    case added(title: String, to: SectionKind)
    case removed(title: String, from: SectionKind)
    case moved(title: String, from: SectionKind, to: SectionKind)
    case retitled(from: String, to: String)
    case due(title: String, from: CivilDate?, to: CivilDate?)
    case checked(title: String, Bool)
    case body(title: String)
    /// Non-blank text outside every item changed (headings, free text, front matter).
    case otherText
}

/// Items of two versions of a board paired up: by title (case-insensitive, whitespace collapsed), the k-th
/// item of a title with the k-th of the same title; then each left-over old item with the most similar
/// left-over new title, when that pairing is clear.
public struct ItemPairing: Sendable {
    /// Index pairs into `old.items` and `new.items`.
    public let pairs: [(old: Int, new: Int)]
    public let removed: [Int]
    public let added: [Int]

    public init(old: Board, new: Board) {
        let oldKeys = old.items.map(old.titleKey)
        let newKeys = new.items.map(new.titleKey)
        var waiting: [TitleKey: [Int]] = [:]
        waiting.reserveCapacity(newKeys.count)
        for (index, key) in newKeys.enumerated().reversed() { waiting[key, default: []].append(index) }
        var pairs: [(old: Int, new: Int)] = []
        var unmatchedOld: [Int] = []
        for (index, key) in oldKeys.enumerated() {
            if let match = waiting[key]?.popLast() {
                pairs.append((index, match))
            } else {
                unmatchedOld.append(index)
            }
        }
        var unmatchedNew = Set(waiting.values.joined())
        // Renames: the most similar pairs first, each only when clearly alike.
        var candidates: [(score: Double, old: Int, new: Int)] = []
        for o in unmatchedOld {
            for n in unmatchedNew {
                let score = Self.similarity(oldKeys[o].text, newKeys[n].text)
                if score >= 0.5 { candidates.append((score, o, n)) }
            }
        }
        candidates.sort { ($0.score, -$0.old, -$0.new) > ($1.score, -$1.old, -$1.new) }
        var renamedOld = Set<Int>()
        for candidate in candidates where !renamedOld.contains(candidate.old) && unmatchedNew.contains(candidate.new) {
            pairs.append((candidate.old, candidate.new))
            renamedOld.insert(candidate.old)
            unmatchedNew.remove(candidate.new)
        }
        self.pairs = pairs.sorted { $0.new < $1.new }
        removed = unmatchedOld.filter { !renamedOld.contains($0) }
        added = unmatchedNew.sorted()
    }

    /// Dice's coefficient over the titles' character pairs: 1 for equal titles, 0 for nothing in common.
    static func similarity(_ a: String, _ b: String) -> Double {
        func bigrams(_ text: String) -> [String: Int] {
            let characters = Array(text)
            var counts: [String: Int] = [:]
            for index in characters.indices.dropLast() {
                counts[String(characters[index]) + String(characters[index + 1]), default: 0] += 1
            }
            return counts
        }
        let left = bigrams(a), right = bigrams(b)
        let total = left.values.reduce(0, +) + right.values.reduce(0, +)
        guard total > 0 else { return a == b ? 1 : 0 }
        let shared = left.reduce(0) { $0 + min($1.value, right[$1.key] ?? 0) }
        return 2 * Double(shared) / Double(total)
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
    /// The item's title as items are matched by, read from the bytes: ASCII words are lowercased byte by
    /// byte, other words by Unicode case mapping, which is the slow part on a large board.
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
                } else {
                    for part in String(decoding: bytes[start..<position], as: UTF8.self).lowercased().split(whereSeparator: \.isWhitespace) {
                        if !key.isEmpty { key.append(Bytes.space) }
                        key += part.utf8
                    }
                }
            }
        }
        if let token = item.dueToken {
            add(item.textStart..<token.range.lowerBound)
            add(token.range.upperBound..<line.contentEnd)
        } else {
            add(item.textStart..<line.contentEnd)
        }
        return TitleKey(bytes: key)
    }

    /// The changes from this board to `new`, item by item: removals in old file order, then additions, moves
    /// and edits in new file order; `.otherText` last when text outside the items changed.
    public func changes(to new: Board) -> [BoardChange] {
        let pairing = ItemPairing(old: self, new: new)
        var changes: [BoardChange] = pairing.removed.map {
            .removed(title: title(of: items[$0]), from: kind(of: items[$0]))
        }
        var byNew: [Int: [BoardChange]] = [:]
        for index in pairing.added {
            byNew[index] = [.added(title: new.title(of: new.items[index]), to: new.kind(of: new.items[index]))]
        }
        for (o, n) in pairing.pairs {
            let before = items[o], after = new.items[n]
            let oldTitle = title(of: before), newTitle = new.title(of: after)
            let from = kind(of: before), to = new.kind(of: after)
            var found: [BoardChange] = []
            if oldTitle != newTitle { found.append(.retitled(from: oldTitle, to: newTitle)) }
            if from != to { found.append(.moved(title: newTitle, from: from, to: to)) }
            if before.due != after.due { found.append(.due(title: newTitle, from: before.due, to: after.due)) }
            // A move into or out of DONE that ticks or unticks the box says so already.
            let tickedByMove = from != to && after.checked == (to == .done)
            if before.checked != after.checked && !tickedByMove { found.append(.checked(title: newTitle, after.checked)) }
            if bodyLines(of: before) != new.bodyLines(of: after) { found.append(.body(title: newTitle)) }
            byNew[n] = found
        }
        for index in new.items.indices { changes += byNew[index] ?? [] }
        if textOutsideItems() != new.textOutsideItems() { changes.append(.otherText) }
        return changes
    }

    /// The non-blank lines that belong to no item, in order. Blank lines do not count: adding and removing
    /// items moves them about.
    func textOutsideItems() -> [ArraySlice<UInt8>] {
        var inItem = [Bool](repeating: false, count: lines.count)
        for item in items { for index in item.lines { inItem[index] = true } }
        return lines.indices.filter { !inItem[$0] && !isBlankLine($0) }.map { bytes[lines[$0].start..<lines[$0].contentEnd] }
    }
}
