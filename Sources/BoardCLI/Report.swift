import BoardDisplay
import BoardKit
import Dispatch

/// How `list` and `check` print what they found.
enum Report {
    /// Long output is handed on in pieces of about this many bytes, so it is never whole in memory: the size `show`
    /// hands its rows on in.
    static let pieceSize = BoardView.pieceSize

    static func newPiece() -> ByteWriter {
        ByteWriter(capacity: pieceSize + (1 << 16))
    }

    /// Indices in a run of `writeInShares`: enough that handing out the runs costs little beside writing them, few
    /// enough that a run's output stays near a piece.
    static let itemsPerShare = 4096

    /// Bytes of the file (`weight`) after which a run of `writeInShares` ends before its `itemsPerShare` indices,
    /// and from which one index is a run of its own, written straight to the output: a run's text may grow several
    /// times as it is escaped (`"` is `&quot;` in a page), and the ring's buffers hold a run's text whole.
    static let runBytes = 1 << 18

    /// The bytes of the file an item's lines take, its title's and its body's: what writing all of it reads.
    static func fileBytes(of item: Item, in board: Board) -> Int {
        board.lines[item.lines.upperBound - 1].end - board.lines[item.line].start
    }

    /// Where each run of `writeInShares` starts, and which runs are one large index each.
    struct Runs {
        /// The first index of each run, then the count.
        private(set) var starts = [0]
        /// Whether each run is one index of `runBytes` or more.
        private(set) var isLarge: [Bool] = []

        /// Runs of `itemsPerShare` indices, or fewer where their `weight` comes to `runBytes`. Inlined, so that the
        /// weighing closure is too: it is called for every index.
        @inline(__always)
        init(count: Int, weight: (Int) -> Int) {
            var (indices, bytes) = (0, 0)
            for index in 0..<count {
                let weight = weight(index)
                let large = weight >= runBytes
                if indices > 0 && (indices == itemsPerShare || bytes >= runBytes || large) {
                    end(at: index, large: false)
                    (indices, bytes) = (0, 0)
                }
                if large {
                    end(at: index + 1, large: true)
                    continue
                }
                indices += 1
                bytes += weight
            }
            if indices > 0 { end(at: count, large: false) }
        }

        private mutating func end(at index: Int, large: Bool) {
            starts.append(index)
            isLarge.append(large)
        }

        var count: Int { isLarge.count }
        /// How many indices the runs have in all.
        var indexCount: Int { starts.last ?? 0 }
        func indices(of run: Int) -> Range<Int> { starts[run]..<starts[run + 1] }
    }

    /// Calls `write(index, &out)` for each of `0..<count` in order and streams what it writes: the same bytes as one
    /// call after the other. A long run is cut into runs (`Runs`, by `weight`: the bytes of the file an index
    /// writes from) that this thread and a helper per other core take in turn, each writing a run into a buffer of
    /// a small ring, while this thread streams the finished runs in order between its own. No core waits for
    /// another between runs, only when the run to stream next is still being written or the ring is full. A large
    /// index is written by this thread in its turn, its text going out as it comes (`ByteWriter.drain`).
    @inline(__always)
    static func writeInShares(_ count: Int, cores: Int = Shares.cores, weight: (Int) -> Int = { _ in 0 },
                              to output: inout Output, _ write: @Sendable (Int, inout ByteWriter) -> Void) {
        writeInShares(Runs(count: count, weight: weight), cores: cores, to: &output, write)
    }

    /// `writeInShares` of the runs given.
    static func writeInShares(_ runs: Runs, cores: Int, to output: inout Output, _ write: @Sendable (Int, inout ByteWriter) -> Void) {
        let count = runs.indexCount
        guard cores > 1, runs.count > 1 else {
            var out = newPiece()
            streamingAsItComes(&out, to: &output) { out, stream in
                for index in 0..<count {
                    write(index, &out)
                    if out.count >= pieceSize { stream(&out) }
                }
            }
            return output.stream(&out)
        }
        withoutActuallyEscaping(write) { write in
            let ring = RunRing(runs, slots: 2 * cores, write: write)
            let helpers = DispatchGroup()
            for _ in 1..<min(cores, runs.count) {
                DispatchQueue.global().async(group: helpers) { ring.writeRuns() }
            }
            ring.writeAndStream(to: &output)
            // A helper that starts late finds every run taken and ends at once; none may still hold `write`.
            helpers.wait()
            ring.end()
        }
    }

    /// Runs `body` with `out` handing what it holds to `output` whenever it is full (`ByteWriter.drain`): for a
    /// writer whose every earlier byte is out already.
    private static func streamingAsItComes(_ out: inout ByteWriter, to output: inout Output,
                                           _ body: (inout ByteWriter, _ stream: (inout ByteWriter) -> Void) -> Void) {
        withUnsafeMutablePointer(to: &output) { output in
            out.drain = { output.pointee.stream($0) }
            body(&out) { output.pointee.stream(&$0) }
            out.drain = nil
        }
    }

    /// When each run of a ring of `slots` buffers may take its buffer: run `r` once run `r - slots` went out, and never
    /// before, whichever writer asks first. (With a semaphore per buffer, a writer stopped between taking run `r` and
    /// asking for its buffer could have the buffer taken by the writer of run `r + slots`, which then went out in
    /// its place.)
    final class RunTurns: Sendable {
        private let turns: [DispatchSemaphore]
        private let slots: Int

        init(runCount: Int, slots: Int) {
            // Made at 0 and signalled: a semaphore freed below the value it was made with stops the program.
            turns = (0..<runCount).map { _ in DispatchSemaphore(value: 0) }
            self.slots = slots
            for run in 0..<min(slots, runCount) { turns[run].signal() }
        }

        /// Waits until run `run` may write its buffer; false when `timeout` came first.
        func waitForTurn(of run: Int, timeout: DispatchTime = .distantFuture) -> Bool {
            turns[run].wait(timeout: timeout) == .success
        }

        /// Run `run` went out: its buffer is free for run `run + slots`.
        func streamed(_ run: Int) {
            if run + slots < turns.count { turns[run + slots].signal() }
        }
    }

    /// The runs of one `writeInShares`, the ring of buffers they are written into, and who has taken which.
    private final class RunRing: @unchecked Sendable {
        private let runs: Runs
        private let slots: Int
        /// Run `run` is written into buffer `run % slots`. A writer moves the buffer into a variable of its own
        /// while it writes: the buffers lie side by side, and the count written on every append would otherwise
        /// take the cache line from the other cores.
        private let buffers: UnsafeMutablePointer<ByteWriter>
        /// Signalled when a buffer's run is written.
        private let written: [DispatchSemaphore]
        /// When each run may take its buffer.
        private let turns: RunTurns
        /// Guards `claimed`, the runs taken so far.
        private let claims = DispatchQueue(label: "board.runs")
        private var claimed = 0
        private var write: (@Sendable (Int, inout ByteWriter) -> Void)?

        init(_ runs: Runs, slots: Int, write: @escaping @Sendable (Int, inout ByteWriter) -> Void) {
            self.runs = runs
            self.slots = slots
            self.write = write
            buffers = .allocate(capacity: slots)
            // Each buffer faults in one huge page on the core that first writes it, not a small page per 4 KiB.
            for slot in 0..<slots { (buffers + slot).initialize(to: ByteWriter(hugePagesFor: pieceSize + (1 << 16))) }
            written = (0..<slots).map { _ in DispatchSemaphore(value: 0) }
            turns = RunTurns(runCount: runs.count, slots: slots)
        }

        deinit {
            buffers.deinitialize(count: slots)
            buffers.deallocate()
        }

        /// Lets go of `write`, once every run is streamed and every helper has ended.
        func end() { write = nil }

        /// The next run nobody has taken, below `limit`.
        private func claim(below limit: Int) -> Int? {
            claims.sync {
                guard claimed < min(runs.count, limit) else { return nil }
                claimed += 1
                return claimed - 1
            }
        }

        /// Writes run `run` into its buffer; a large run is left to the thread that streams (`writeAndStream`).
        private func writeRun(_ run: Int) {
            let slot = run % slots
            _ = turns.waitForTurn(of: run)
            var buffer = (buffers + slot).move()
            if let write, !runs.isLarge[run] {
                for index in runs.indices(of: run) { write(index, &buffer) }
            }
            (buffers + slot).initialize(to: buffer)
            written[slot].signal()
        }

        /// A helper's part: runs taken until none is left.
        func writeRuns() {
            while let run = claim(below: runs.count) { writeRun(run) }
        }

        /// Streams the runs in order, taking runs to write while the next to stream is not written yet. A run is
        /// taken only while its buffer is free, so this thread never waits for itself. A large run is written here,
        /// in its turn, straight to the output.
        func writeAndStream(to output: inout Output) {
            for next in 0..<runs.count {
                let slot = next % slots
                while written[slot].wait(timeout: .now()) == .timedOut {
                    if let run = claim(below: next + slots) {
                        writeRun(run)
                    } else {
                        written[slot].wait()
                        break
                    }
                }
                if runs.isLarge[next], let write {
                    var buffer = (buffers + slot).move()
                    streamingAsItComes(&buffer, to: &output) { buffer, _ in
                        for index in runs.indices(of: next) { write(index, &buffer) }
                    }
                    (buffers + slot).initialize(to: buffer)
                }
                output.stream(&buffers[slot])
                turns.streamed(next)
            }
        }
    }

    /// A tidy move's title and sections, as `tidy` and `tidy --check` print it after the opening quote:
    /// `TITLE" from TODO to DONE`. The title is escaped as `escaped` would.
    static func appendMove(_ item: Item, of board: Board, to out: inout ByteWriter) {
        board.withTitleBytes(of: item) { appendEscaped(utf8: UnsafeBufferPointer(rebasing: $0[$1]), to: &out) }
        out.append("\" from ")
        out.append(string: board.kind(of: item).name)
        out.append(" to ")
        out.append(string: board.tidyTarget(of: item).name)
    }

    /// `list`'s lines, `SECTION [x] !YYYY-MM-DD  title  :LINE` (`!` marks an overdue date; a DONE item with a done
    /// date has `done YYYY-MM-DD` before `:LINE`), written as bytes and printed in pieces of about 1 MiB.
    static func listLines(_ board: Board, _ items: [Item], today: CivilDate, to output: inout Output) {
        writeInShares(items.count, weight: { board.lines[items[$0].line].end - board.lines[items[$0].line].start },
                      to: &output) { index, out in
            let item = items[index]
            // The section's name padded to six: a literal, not a string made for each item.
            let padded: StaticString = switch board.kind(of: item) {
            case .todo: "TODO  "
            case .doing: "DOING "
            case .done: "DONE  "
            case .archive: "Archive"
            }
            out.append(padded)
            out.append(item.checked ? " [x] " : " [ ] ")
            if let due = item.due {
                out.append(board.isOverdue(item, today: today) ? UInt8(ascii: "!") : UInt8(ascii: " "))
                due.append(to: &out)
            } else {
                out.append("           ")
            }
            out.append("  ")
            board.withTitleBytes(of: item) { appendEscaped(utf8: UnsafeBufferPointer(rebasing: $0[$1]), to: &out) }
            if let done = board.doneDate(of: item) {
                out.append("  done ")
                done.append(to: &out)
            }
            out.append("  :")
            out.appendNumber(item.line + 1)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// One of `list --format`'s fields.
    enum Field: String, CaseIterable {
        case ref, line, section, checked, due, done, title, tags, people
        /// The title as a ref to type (what shell completion offers): the title itself, or `:LINE` where it could not
        /// be typed as it is (empty, starting with `-` or `:`, holding a tab or anything `escaped` shows escaped) or
        /// would name another item too (another title alike but for case).
        case name
    }

    /// `list --format` parsed: text, and `{field}` names (`{{` and `}}` are braces).
    struct Template {
        enum Piece { case text(String), field(Field) }
        let pieces: [Piece]

        /// Fails when the format names a field there is not.
        static func parse(_ format: String) throws(UsageError) -> Template {
            var pieces: [Piece] = []
            var text = ""
            var rest = Substring(format)
            while let first = rest.first {
                rest = rest.dropFirst()
                if (first == "{" || first == "}"), rest.first == first {
                    text.append(first)
                    rest = rest.dropFirst()
                } else if first == "{", let close = rest.firstIndex(of: "}") {
                    let name = String(rest[..<close])
                    guard let field = Field(rawValue: name) else {
                        let fields = Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                        throw UsageError(message: "Unknown field '{\(escaped(name))}' for '--format' (use \(fields))",
                                         command: Commands.spec("list"))
                    }
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = ""
                    pieces.append(.field(field))
                    rest = rest[rest.index(after: close)...]
                } else if first == "{" || first == "}" {
                    // A brace that opens or closes no field would be printed as it is, or read as half of one.
                    throw UsageError(message: first == "{" ? "Unclosed '{' in '--format' (write '{{' for a brace)"
                                                           : "Single '}' in '--format' (write '}}' for a brace)",
                                     command: Commands.spec("list"))
                } else {
                    text.append(first)
                }
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            return Template(pieces: pieces)
        }
    }

    /// `list --format`: one line per item, the template filled in; an empty field is empty (`{due}` of an undated
    /// item), lists are joined by commas, and text from the file is escaped as `list` escapes it.
    static func listTemplate(_ board: Board, _ items: [Item], _ template: Template, to output: inout Output) {
        // For `{name}`: the lines of items whose title another item on the board has too, but for case.
        var shared = Set<Int>()
        if template.pieces.contains(where: { if case .field(.name) = $0 { true } else { false } }) {
            var first: [String: Int] = [:]
            for item in board.items where !board.isArchived(item) {
                let title = board.title(of: item).lowercased()
                if let other = first[title] { shared.formUnion([other, item.line]) } else { first[title] = item.line }
            }
        }
        let ambiguous = shared
        writeInShares(items.count, weight: { board.lines[items[$0].line].end - board.lines[items[$0].line].start },
                      to: &output) { index, out in
            let item = items[index]
            for piece in template.pieces {
                switch piece {
                case .text(let text): out.append(string: escaped(text))
                case .field(let field):
                    switch field {
                    case .ref:
                        out.append(":")
                        out.appendNumber(item.line + 1)
                    case .line: out.appendNumber(item.line + 1)
                    case .section: out.append(string: board.kind(of: item).name)
                    case .checked: out.append(item.checked ? "x" : " ")
                    case .due: item.due?.append(to: &out)
                    case .done: board.doneDate(of: item)?.append(to: &out)
                    case .title: board.withTitleBytes(of: item) { appendEscaped(utf8: UnsafeBufferPointer(rebasing: $0[$1]), to: &out) }
                    case .name:
                        board.withTitleBytes(of: item) { bytes, range in
                            let title = UnsafeBufferPointer(rebasing: bytes[range])
                            // A title of spaces alone (no-break, ideographic) is a blank ref, which commands refuse.
                            let blank = !title.contains { $0 < 0x80 && $0 != UInt8(ascii: " ") }
                                && String(decoding: title, as: UTF8.self).allSatisfy(\.isWhitespace)
                            if let first = title.first, first != UInt8(ascii: "-"), first != UInt8(ascii: ":"), !title.contains(0x09),
                               !needsEscaping(title), !ambiguous.contains(item.line), !blank {
                                out.append(title)
                            } else {
                                out.append(":")
                                out.appendNumber(item.line + 1)
                            }
                        }
                    case .tags: out.append(string: escaped(board.tags(of: item).joined(separator: ",")))
                    case .people: out.append(string: escaped(board.people(of: item).joined(separator: ",")))
                    }
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// `{"schemaVersion": 1, "today": …, "sections": [{"name", "items": [{"title", "due", "done", "tags", "people",
    /// "overdue", "checked", "body", "line"}]}]}`
    /// Printed in pieces of about 1 MiB, so a large board's document is never whole in memory.
    /// `inFileOrder`: the items are in the file's order (a filter's, not a sort's), so those of a section lie
    /// together.
    static func listJSON(_ board: Board, _ items: [Item], inFileOrder: Bool, today: CivilDate,
                         kinds: [SectionKind] = SectionKind.allCases, to output: inout Output) {
        // The listed items, grouped by kind in the order of `kinds`, each kind's in the order given: the positions
        // of `items` in that order, or none when it is theirs already (a board's TODO, DOING and DONE sections, in
        // that order). Found from the runs of items of one kind, without a look at every item when they are in
        // the file's order.
        var rankOfKind = [Int](repeating: -1, count: 4)
        for (rank, kind) in kinds.enumerated() { rankOfKind[kind.rawValue] = rank }
        let runs = inFileOrder ? sectionRuns(of: items) : kindRuns(of: items, in: board)
        var counts = [Int](repeating: 0, count: kinds.count)
        var inOrder = true
        var lastRank = 0
        for run in runs {
            let rank = rankOfKind[board.sections[run.section].kind.rawValue]
            guard rank >= 0 else {
                inOrder = false
                continue
            }
            counts[rank] += run.items.count
            if rank < lastRank { inOrder = false }
            lastRank = rank
        }
        var order: [UInt32] = []
        if !inOrder {
            Memory.reserve(&order, counts.reduce(0, +))
            for rank in kinds.indices {
                for run in runs where rankOfKind[board.sections[run.section].kind.rawValue] == rank {
                    for index in run.items { order.append(UInt32(truncatingIfNeeded: index)) }
                }
            }
        }
        // What comes before each kind's first item: the end of the kind before, the kinds with no items between,
        // and the kind's name. The document's start leads the first kind with items; its end follows the last.
        var head = ByteWriter()
        head.append("{\"schemaVersion\":1,\"today\":")
        appendJSONString(today.description, to: &head)
        head.append(",\"sections\":[")
        var leads: [(position: Int, bytes: [UInt8])] = []
        var lead = head
        var position = 0
        for (rank, kind) in kinds.enumerated() {
            if rank > 0 { lead.append("]},") }
            lead.append("{\"name\":")
            appendJSONString(kind.name, to: &lead)
            lead.append(",\"items\":[")
            guard counts[rank] > 0 else { continue }
            leads.append((position, lead.withBytes { Array($0) }))
            lead = ByteWriter()
            position += counts[rank]
        }
        lead.append("]}]}\n")
        if leads.isEmpty { return output.stream(&lead) }
        let tail = lead.withBytes { Array($0) }
        let (total, positions, kindStarts) = (position, order, leads)
        // The file's bytes, lent once for every title and body line; the shares only read them.
        board.bytes.withUnsafeBufferPointer { file in
            nonisolated(unsafe) let file = file
            writeInShares(total, weight: { fileBytes(of: items[positions.isEmpty ? $0 : Int(positions[$0])], in: board) },
                          to: &output) { position, out in
                let item = items[positions.isEmpty ? position : Int(positions[position])]
                if let lead = kindStarts.first(where: { $0.position == position }) {
                    lead.bytes.withUnsafeBufferPointer { out.append($0) }
                    out.append("{\"title\":")
                } else {
                    out.append(",{\"title\":")
                }
                // The title's bytes are found once, for the title and for its labels.
                let labels = board.withTitleBytes(of: item, in: file) { bytes, range in
                    appendJSONString(utf8: UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
                    return Labels.names(in: bytes, range)
                }
                func appendDate(_ date: CivilDate?) {
                    guard let date else { return out.append("null") }
                    out.append("\"")
                    date.append(to: &out)
                    out.append("\"")
                }
                out.append(",\"due\":")
                appendDate(item.due)
                out.append(",\"done\":")
                appendDate(board.doneDate(of: item))
                func appendNames(_ names: [String]) {
                    out.append("[")
                    for (index, name) in names.enumerated() {
                        if index > 0 { out.append(",") }
                        appendJSONString(name, to: &out)
                    }
                    out.append("]")
                }
                if labels.tags.isEmpty, labels.people.isEmpty {
                    out.append(",\"tags\":[],\"people\":[]")
                } else {
                    out.append(",\"tags\":")
                    appendNames(labels.tags)
                    out.append(",\"people\":")
                    appendNames(labels.people)
                }
                // The flags and the body's opening quote in one piece.
                switch (board.isOverdue(item, today: today), item.checked) {
                case (true, true): out.append(",\"overdue\":true,\"checked\":true,\"body\":\"")
                case (true, false): out.append(",\"overdue\":true,\"checked\":false,\"body\":\"")
                case (false, true): out.append(",\"overdue\":false,\"checked\":true,\"body\":\"")
                case (false, false): out.append(",\"overdue\":false,\"checked\":false,\"body\":\"")
                }
                // The body's lines joined by newlines, written line by line from the file.
                if !item.body.isEmpty {
                    var first = true
                    board.forEachBodyLine(of: item) { line in
                        if !first { out.append("\\n") }
                        first = false
                        appendJSONStringContent(utf8: UnsafeBufferPointer(rebasing: file[line]), to: &out)
                    }
                }
                out.append("\",\"line\":")
                out.appendNumber(item.line + 1)
                out.append("}")
            }
        }
        tail.withUnsafeBufferPointer { output.stream($0) }
    }

    /// Runs of consecutive items, each from one section.
    private typealias Run = (section: Int, items: Range<Int>)

    /// The runs of items of one section, for items in the file's order: each run's end found by doubling a step
    /// and then halving it, so a section's items are not each looked at.
    private static func sectionRuns(of items: [Item]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        while start < items.count {
            let section = items[start].section
            // The run ends after `low` and at or before `high`.
            var (low, step) = (start, 1)
            while low + step < items.count, items[low + step].section == section {
                low += step
                step *= 2
            }
            var high = min(items.count, low + step)
            while high - low > 1 {
                let middle = (low + high) / 2
                if items[middle].section == section { low = middle } else { high = middle }
            }
            runs.append((section, start..<high))
            start = high
        }
        return runs
    }

    /// The runs of items of one kind, for items in any order; each run is named by the section of its first item.
    private static func kindRuns(of items: [Item], in board: Board) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for index in items.indices.dropFirst() where board.kind(of: items[index]) != board.kind(of: items[start]) {
            runs.append((items[start].section, start..<index))
            start = index
        }
        if !items.isEmpty { runs.append((items[start].section, start..<items.count)) }
        return runs
    }

    /// `check --json`, written as the findings come: `{"schemaVersion": 1, "files": [{"path", "diagnostics":
    /// [{"line", "column", "severity", "message"}]}]}`; a file that cannot be read has one error at line 0, column 0.
    struct CheckJSON: ~Copyable {
        /// A quarter of the usual piece: a piece of 1 MiB is laid out in a 2 MiB huge page, and a file of a million
        /// findings has little memory to spare beside its parse.
        private static let pieceSize = Report.pieceSize / 4
        private var out = ByteWriter(capacity: pieceSize + (1 << 16))
        private var files = 0
        private var inFile = 0
        /// The last four messages written, most recent first, each with its JSON: a message many findings share is
        /// escaped once, found again by the address of its bytes.
        private var recent: [(message: String, json: [UInt8])] = []

        init() { out.append("{\"schemaVersion\":1,\"files\":[") }

        /// Starts the findings of the file shown as `shown`, ending the file before.
        mutating func startFile(_ shown: String) {
            if files > 0 { out.append("]},") }
            files += 1
            inFile = 0
            out.append("{\"path\":")
            appendJSONString(SystemText.shownBytes(shown), to: &out)
            out.append(",\"diagnostics\":[")
        }

        mutating func add(_ diagnostic: Diagnostic, to output: inout Output) {
            if inFile > 0 { out.append(",") }
            inFile += 1
            out.append("{\"line\":")
            out.appendNumber(diagnostic.line)
            out.append(",\"column\":")
            out.appendNumber(diagnostic.column)
            out.append(diagnostic.severity == .error ? ",\"severity\":\"error\",\"message\":" : ",\"severity\":\"warning\",\"message\":")
            let address = storageAddress(of: diagnostic.message)
            if let address, let index = recent.firstIndex(where: { storageAddress(of: $0.message) == address }) {
                recent[index].json.withUnsafeBufferPointer { out.append($0) }
            } else {
                var json: [UInt8] = []
                appendJSONString(diagnostic.message, to: &json)
                json.withUnsafeBufferPointer { out.append($0) }
                recent.insert((diagnostic.message, json), at: 0)
                if recent.count > 4 { recent.removeLast() }
            }
            out.append("}")
            if out.count >= Self.pieceSize { output.stream(&out) }
        }

        /// Ends the document and hands on what is left of it.
        consuming func finish(to output: inout Output) {
            if files > 0 { out.append("]}") }
            out.append("]}\n")
            output.stream(&out)
        }
    }

    /// `+ added "X" to TODO`, `- removed "X" from DONE`, `> moved "Y" TODO → DOING`, `~ "Z": due 2026-12-01 → 2026-12-05`;
    /// a body change is followed by its removed (`    - `) and added (`    + `) lines. With `color`, additions are
    /// green, removals red and changes yellow.
    static func changeLines(_ change: BoardChange, color: Bool) -> [String] {
        func quoted(_ title: String) -> String { "\"\(escaped(title))\"" }
        func date(_ date: CivilDate?) -> String { date?.description ?? "none" }
        func painted(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let (green, red, yellow) = ("32", "31", "33")
        switch change {
        case .added(let title, let kind): return [painted("+ added \(quoted(title)) to \(kind.name)", green)]
        case .removed(let title, let kind): return [painted("- removed \(quoted(title)) from \(kind.name)", red)]
        case .moved(let title, let from, let to): return [painted("> moved \(quoted(title)) \(from.name) → \(to.name)", yellow)]
        case .retitled(let from, let to): return [painted("~ \(quoted(from)): title → \(quoted(to))", yellow)]
        case .due(let title, let from, let to): return [painted("~ \(quoted(title)): due \(date(from)) → \(date(to))", yellow)]
        case .done(let title, let from, let to): return [painted("~ \(quoted(title)): done \(date(from)) → \(date(to))", yellow)]
        case .checked(let title, let checked): return [painted("~ \(quoted(title)): \(checked ? "checked" : "unchecked")", yellow)]
        case .body(let title, let removed, let added):
            return [painted("~ \(quoted(title)): body", yellow)] + removed.map { painted("    - " + escaped($0), red) }
                + added.map { painted("    + " + escaped($0), green) }
        case .otherText: return [painted("~ text outside the items changed", yellow)]
        }
    }

    /// One commit of `board log --json`: `{"hash", "short", "author", "date", "subject", "changes": [{"change":
    /// "added"|"removed"|"moved"|"retitled"|"due"|"done"|"checked"|"body"|"text", "title", …}]}`.
    /// `unread`: why the changes are not listed (a version saved as UTF-16, `utf16`; the one before it,
    /// `utf16-before`), written as a field of its own.
    static func appendCommitJSON(_ commit: History.Commit, _ changes: [BoardChange], unread: String? = nil, to out: inout [UInt8]) {
        func field(_ key: String, _ value: String?) {
            out += ",\"\(key)\":".utf8
            if let value { appendJSONString(value, to: &out) } else { out.append("null") }
        }
        out.append("{\"hash\":")
        appendJSONString(commit.hash, to: &out)
        field("short", commit.shortHash)
        field("author", commit.author)
        field("date", commit.date)
        field("subject", commit.subject)
        if let unread { field("unread", unread) }
        out.append(",\"changes\":[")
        for (index, change) in changes.enumerated() {
            if index > 0 { out.append(",") }
            out.append("{\"change\":")
            switch change {
            case let .added(title, to):
                appendJSONString("added", to: &out); field("title", title); field("to", to.name)
            case let .removed(title, from):
                appendJSONString("removed", to: &out); field("title", title); field("from", from.name)
            case let .moved(title, from, to):
                appendJSONString("moved", to: &out); field("title", title); field("from", from.name); field("to", to.name)
            case let .retitled(from, to):
                appendJSONString("retitled", to: &out); field("from", from); field("to", to)
            case let .due(title, from, to):
                appendJSONString("due", to: &out); field("title", title); field("from", from?.description); field("to", to?.description)
            case let .done(title, from, to):
                appendJSONString("done", to: &out); field("title", title); field("from", from?.description); field("to", to?.description)
            case let .checked(title, checked):
                appendJSONString("checked", to: &out); field("title", title); out += ",\"checked\":\(checked)".utf8
            case let .body(title, removed, added):
                appendJSONString("body", to: &out); field("title", title)
                field("removed", removed.joined(separator: "\n")); field("added", added.joined(separator: "\n"))
            case .otherText:
                appendJSONString("text", to: &out)
            }
            out.append("}")
        }
        out.append("]}")
    }

    /// What a merge conflict is about: `both changed the due date of "X"`.
    static func conflictLine(_ conflict: MergeConflict) -> String {
        let item = "\"\(escaped(conflict.title ?? ""))\""
        switch conflict.reason {
        // Sections apart, the markers say which (`<<<<<<< ours (DOING)`); a section's places apart are a conflict too.
        case .section: return "both moved \(item), to different places"
        case .title: return "both changed the title of \(item)"
        case .due: return "both changed the due date of \(item)"
        case .body: return "both changed the body of \(item)"
        case .removedAndEdited(let side): return "\(side.rawValue) removed \(item), the other side changed it"
        case .addedTwice: return "both added \(item), differently"
        case .text: return "both changed the same text outside the items"
        case .hidden: return "both changed the same text in a code block, where check would not see conflict markers; the whole file is marked, ours above theirs"
        case .keptMarkers(let line): return "the merged file keeps conflict markers a side already had (line \(line)); resolve them"
        case .unplaceable: return "the two sides' changes cannot be laid out item by item (a line of one side would change its role beside the other's), and items conflict; the whole file is marked, ours above theirs"
        case .halvesMisplace: return "keeping either side's half of the conflicts would put \(item) in another section than the sides have it in; the whole file is marked, ours above theirs"
        case .displacedSideBySide: return "both sides have \(item) in one section, but their changes side by side would take it out of it (a comment or code block one side opened); the whole file is marked, ours above theirs"
        case .resolvedApart: return "the two sides resolved a conflict of their merge base differently (a criss-cross merge); the whole file is marked, ours above theirs"
        case let .sectionGone(side, section):
            let place = section.map { "in \($0.name)" } ?? "outside the sections"
            return "\(side.rawValue) put \(item) \(place), whose heading the other side removed, renamed or moved"
        case let .failsCheck(line, problem): return "the merged board fails check at line \(line), though neither side does: \(problem)"
        }
    }

    /// `2 errors, 1 warning in 1 file`.
    static func summary(errors: Int, warnings: Int, files: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errors, "error")), \(count(warnings, "warning")) in \(count(files, "file"))"
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes.
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
