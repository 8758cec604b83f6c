/// How work flowed across the board's versions (`board stats`): each item followed from version to version the way
/// the merge driver pairs items (so a renamed item stays one item), with the dates it was added, first started,
/// and last reached DONE, and the section counts of every version.
public struct Flow: Sendable {
    /// One item's life.
    public struct Track: Sendable {
        /// Its title in the latest version that had it.
        public var title: String
        public var added: CivilDate
        /// The first version it was in DOING.
        public var started: CivilDate?
        /// The version it last came into DOING, while it is there (nil once it is gone).
        public var inDoingSince: CivilDate?
        /// The version it last reached DONE (or the archive), while it is there (nil once it is gone). Nil for an item
        /// in DONE in the first version: it was done before the history begins, and when, the history does not tell
        /// (every done item of a board first committed that week was counted done that week, at 0 days).
        public var done: CivilDate?
        /// Its section in the latest version, nil once it is gone.
        public var kind: SectionKind?
    }

    /// The section counts of one version (the archive counts as DONE).
    public struct Counts: Equatable, Sendable {
        public let date: CivilDate
        public let todo: Int
        public let doing: Int
        public let done: Int
    }

    public private(set) var tracks: [Track] = []
    public private(set) var counts: [Counts] = []
    /// The last version added, and the track of each of its items.
    private var previous: Board?
    private var ids: [Int] = []

    public init() {}

    /// Takes the next version (made on `date`): only the one before it is kept, so a long history is read in
    /// the memory of two versions. A version dated before the one before it is taken as made that day: a commit
    /// cherry-picked or rebased onto the mainline keeps the date it was first written, and time along the mainline
    /// must not run backwards (it gave negative cycle and lead times).
    public mutating func add(_ board: Board, date: CivilDate) {
        let date = counts.last.map { max($0.date, date) } ?? date
        var current = [Int](repeating: -1, count: board.items.count)
        if let previous {
            let pairing = ItemPairing(old: previous, new: board)
            for (old, new) in pairing.pairs { current[new] = ids[old] }
            for old in pairing.removed {
                tracks[ids[old]].kind = nil
                tracks[ids[old]].inDoingSince = nil
                tracks[ids[old]].done = nil
            }
        }
        var counts = (todo: 0, doing: 0, done: 0)
        for (index, item) in board.items.enumerated() {
            let kind = board.kind(of: item) == .archive ? SectionKind.done : board.kind(of: item)
            if current[index] < 0 {
                current[index] = tracks.count
                tracks.append(Track(title: board.title(of: item), added: date))
            }
            var track = tracks[current[index]]
            let was = track.kind
            track.title = board.title(of: item)
            if kind == .doing {
                if track.started == nil { track.started = date }
                if was != .doing { track.inDoingSince = date }
            } else {
                track.inDoingSince = nil
            }
            if kind == .done {
                if was != .done, previous != nil { track.done = date }
            } else {
                track.done = nil
            }
            track.kind = kind
            tracks[current[index]] = track
            switch kind {
            case .todo: counts.todo += 1
            case .doing: counts.doing += 1
            default: counts.done += 1
            }
        }
        self.counts.append(Counts(date: date, todo: counts.todo, doing: counts.doing, done: counts.done))
        ids = current
        previous = board
    }

    /// The Monday of the week a date is in.
    public static func week(of date: CivilDate) -> CivilDate {
        let days = date.daysSinceEpoch
        // 1970-01-01 was a Thursday: three days after a Monday.
        let monday = days - (days + 3) % 7
        return CivilDate(daysSinceEpoch: monday)
    }

    /// The value at percentile `p` (0–100) of the values, by nearest rank; nil for none.
    public static func percentile(_ values: [Int], _ p: Int) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = max(1, (p * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }
}
