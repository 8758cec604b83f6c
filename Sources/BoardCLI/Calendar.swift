import BoardKit

/// `board ics`: the board's due dates as an iCalendar file (RFC 5545), for any calendar.
enum Calendar {
    /// One `VTODO` per item on the board with a due date (status from its section, the done date as `COMPLETED`);
    /// with `events`, one all-day `VEVENT` with a reminder per due date of an item not done. CRLF line endings,
    /// lines folded at 75 octets, text escaped.
    /// `path` is the board file's (symbolic links followed): it tells one board's items from another's.
    /// Streamed to `output` a piece at a time, as `list --json` is: the file can be several times the board's size.
    /// The items are written from the file's bytes, a share of them on each core.
    static func ics(_ board: Board, path: String, today: CivilDate, events: Bool, to output: inout Output) {
        var head = ByteWriter()
        for text in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//board//board \(BoardCommandLine.version)//EN", "CALSCALE:GREGORIAN"] {
            line(&head) { $0.append(string: text) }
        }
        output.stream(&head)
        // UIDs must be unique in the world (RFC 5545 3.8.4.7): two boards with an item of the same title, in
        // calendars side by side, must not take each other's items.
        let domain = Array("@\(hex(fnv1a(path.utf8))).board".utf8)
        let stamp = Array("DTSTAMP:\(compact(today))T000000Z".utf8)
        // The same title keeps the same UID across runs, moves and date changes; a second item of that title is told
        // apart by its place among them, titles being the same as Swift's strings are (canonically equivalent:
        // `é` and `e` with a combining accent are one title, of one hash). The dated items' title hashes are found
        // first, a share on each core; then each one's place among the items of its hash is counted, in file order;
        // then the items are written. Places are counted by hash, not by title: two titles whose hashes collide are
        // told apart as two items of one title are (helper-79: counted by title, they took one UID).
        var shares = board.bytes.withUnsafeBufferPointer { file in
            nonisolated(unsafe) let file = file
            return Shares.map(board.items.count, minimum: Shares.itemsPerShare, most: Shares.cores) { share in
                var found: [(title: UInt64, item: UInt32)] = []
                Memory.reserve(&found, share.count)
                var lowered: [UInt8] = []
                for index in share {
                    let item = board.items[index]
                    let kind = board.kind(of: item)
                    guard kind != .archive, item.due != nil, !(events && kind == .done) else { continue }
                    let title = board.withTitleBytes(of: item, in: file) { lowercasedHash($0, $1, &lowered) }
                    found.append((title, UInt32(truncatingIfNeeded: index)))
                }
                return found
            }
        }
        var dated: [(title: UInt64, item: UInt32, occurrence: UInt32)] = []
        Memory.reserve(&dated, shares.reduce(0) { $0 + $1.count })
        // Each hash's last item so far, by its place in `dated` (plus one; 0 for none): an open-addressing table of 4
        // bytes a slot, in huge pages (a `Dictionary` would hash the hashes again, in pages faulted in one by one).
        // The hashes come from the file, so their slots are scrambled by a seed drawn in each process: titles chosen
        // to share slots cannot make the probing long.
        var bits = 4
        while 1 << bits < 2 * dated.capacity { bits += 1 }
        var last: [UInt32] = []
        Memory.reserve(&last, 1 << bits)
        last.append(contentsOf: repeatElement(0, count: 1 << bits))
        let seed = UInt64.random(in: .min ... .max) | 1
        for (title, index) in shares.joined() {
            var slot = Int(truncatingIfNeeded: (title &* seed) >> UInt64(64 - bits))
            while last[slot] != 0, dated[Int(last[slot]) - 1].title != title { slot = (slot + 1) & (last.count - 1) }
            dated.append((title, index, last[slot] == 0 ? 0 : dated[Int(last[slot]) - 1].occurrence + 1))
            last[slot] = UInt32(truncatingIfNeeded: dated.count)
        }
        // Counted: the hashes go before the writing takes its buffers.
        shares = []
        let written = dated
        board.bytes.withUnsafeBufferPointer { file in
            nonisolated(unsafe) let file = file
            Report.writeInShares(written.count, to: &output) { position, out in
                let (title, index, occurrence) = written[position]
                line(&out) { $0.append(events ? StaticString("BEGIN:VEVENT") : StaticString("BEGIN:VTODO")) }
                line(&out) { out in
                    out.append("UID:")
                    appendHex(title, to: &out)
                    out.append(UInt8(ascii: "-"))
                    out.appendNumber(Int(occurrence))
                    domain.withUnsafeBufferPointer { out.append($0) }
                }
                stamp.withUnsafeBufferPointer { stamp in line(&out) { $0.append(stamp) } }
                component(board.items[Int(index)], board, file, events: events, to: &out)
            }
        }
        var tail = ByteWriter()
        line(&tail) { $0.append("END:VCALENDAR") }
        output.stream(&tail)
    }

    /// One item's `VTODO`, or with `events` its `VEVENT`, after its UID and stamp.
    private static func component(_ item: Item, _ board: borrowing Board, _ file: UnsafeBufferPointer<UInt8>, events: Bool,
                                  to out: inout ByteWriter) {
        // A title in one run of the file's bytes (nearly always) is written from them: handed on from a closure
        // over the board (`withTitleBytes`), the board was copied for every item, each of its arrays retained and
        // released, on both cores at once.
        let parts = board.titleParts(of: item)
        guard parts.count > 1 else {
            return component(item, board, file, events: events, title: UnsafeBufferPointer(rebasing: file[parts.ranges.0]), to: &out)
        }
        board.withTitleBytes(of: item, in: file) { bytes, range in
            component(item, board, file, events: events, title: UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
        }
    }

    /// `component(_:_:_:events:to:)` with the item's title's bytes.
    private static func component(_ item: Item, _ board: borrowing Board, _ file: UnsafeBufferPointer<UInt8>, events: Bool,
                                  title: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        guard let due = item.due else { return }
        let kind = board.kind(of: item)
        func titleLine(_ name: StaticString) {
            line(&out) { out in
                out.append(name)
                text(title, to: &out)
            }
        }
        func date(_ name: StaticString, _ date: CivilDate, _ suffix: StaticString = "") {
            line(&out) { out in
                out.append(name)
                date.append(to: &out, dashes: false)
                out.append(suffix)
            }
        }
        titleLine("SUMMARY:")
        if !item.body.isEmpty {
            // Not written in a closure for `line`: it would hold the board, copied for every item.
            let start = out.count
            out.append("DESCRIPTION:")
            var first = true
            board.forEachBodyLine(of: item) { line in
                if !first { out.append("\\n") }
                first = false
                text(UnsafeBufferPointer(rebasing: file[line]), to: &out)
            }
            endLine(&out, from: start)
        }
        let tags = Labels.names(in: title, 0..<title.count).tags
        if !tags.isEmpty {
            line(&out) { out in
                out.append("CATEGORIES:")
                for (position, var tag) in tags.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    tag.withUTF8 { text($0, to: &out) }
                }
            }
        }
        if events {
            date("DTSTART;VALUE=DATE:", due)
            // An all-day event ends the next day; on 9999-12-31, which has none, it has no end and lasts the day.
            if let end = due.adding(exactly: 1) { date("DTEND;VALUE=DATE:", end) }
            for text: StaticString in ["TRANSP:TRANSPARENT", "BEGIN:VALARM", "ACTION:DISPLAY"] { line(&out) { $0.append(text) } }
            titleLine("DESCRIPTION:")
            for text: StaticString in ["TRIGGER;RELATED=START:PT9H", "END:VALARM", "END:VEVENT"] { line(&out) { $0.append(text) } }
        } else {
            date("DUE;VALUE=DATE:", due)
            switch kind {
            case .todo: line(&out) { $0.append("STATUS:NEEDS-ACTION") }
            case .doing: line(&out) { $0.append("STATUS:IN-PROCESS") }
            default:
                line(&out) { $0.append("STATUS:COMPLETED") }
                if let done = item.done { date("COMPLETED:", done, "T000000Z") }
            }
            line(&out) { $0.append("END:VTODO") }
        }
    }

    /// Writes one content line with `write`, folded (RFC 5545 §3.1): at most 75 octets a line, each continuation
    /// starting with a space, never inside a UTF-8 sequence; then CRLF.
    static func line(_ out: inout ByteWriter, _ write: (inout ByteWriter) -> Void) {
        let start = out.count
        write(&out)
        endLine(&out, from: start)
    }

    /// Ends the content line written from `start`, folding it as `line` does.
    static func endLine(_ out: inout ByteWriter, from start: Int) {
        // Nearly every line is short, and stays as it was written.
        if out.count - start > 75 {
            let utf8 = out.withBytes { Array($0[start...]) }
            out.truncate(to: start)
            var from = 0
            var limit = 75
            while utf8.count - from > limit {
                var end = from + limit
                while end > from, utf8[end] & 0xC0 == 0x80 { end -= 1 }
                utf8.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[from..<end])) }
                out.append("\r\n ")
                from = end
                limit = 74  // the space that starts a continuation counts
            }
            utf8.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[from...])) }
        }
        out.append("\r\n")
    }

    /// `20261201`.
    static func compact(_ date: CivilDate) -> String {
        var out = ByteWriter(capacity: 16)
        date.append(to: &out, dashes: false)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// A TEXT value (RFC 5545 §3.3.11) of bytes from the file: backslash, semicolon and comma escaped, line breaks
    /// as `\n`, a lone CR as a space, and other control characters, which the format does not allow, dropped. Bytes that are not UTF-8
    /// are first decoded as `String(decoding:as:)` would (U+FFFD in their place).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        let rollback = out.count
        var runStart = 0
        var index = 0
        func flush() { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        while index < bytes.count {
            // Past the bytes a TEXT value holds as they are: what is left is not ASCII, a control character, or one
            // to escape.
            index = UTF8Sequence.printableASCIIEnd(in: bytes, from: index, textValue: true)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
                if commonEnd > index {
                    index = commonEnd
                    continue
                }
                guard let length = UTF8Sequence.length(in: bytes, at: index) else {
                    out.truncate(to: rollback)
                    var decoded = String(decoding: bytes, as: UTF8.self)
                    return decoded.withUTF8 { text($0, to: &out) }
                }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            flush()
            switch byte {
            case UInt8(ascii: "\\"): out.append("\\\\")
            case UInt8(ascii: ";"): out.append("\\;")
            case UInt8(ascii: ","): out.append("\\,")
            case UInt8(ascii: "\n"): out.append("\\n")
            // A lone CR, a line ending to CommonMark, is a space, as `html` has it: the words either side stay apart
            // (helper-79: `first\rsecond` was `firstsecond`).
            case UInt8(ascii: "\r"): out.append(UInt8(ascii: " "))
            default: break
            }
            index += 1
            runStart = index
        }
        flush()
    }

    /// The 64-bit FNV-1a hash of the title `bytes[range]` lowercased as `String.lowercased()` lowercases it, in
    /// Unicode's composed form (NFC: `é` spelt as `e` and a combining accent is the same title, and keeps its `UID`
    /// when an editor respells it); `lowered` is the room to lowercase it in.
    static func lowercasedHash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowered: inout [UInt8]) -> UInt64 {
        // ASCII (lowered as it is hashed) and scalars without case, which lowercasing leaves as they are (Hangul, CJK,
        // kana, emoji: nearly every title), are hashed as they stand, without a copy; from the first other scalar on,
        // the rest is lowercased into `lowered`, and the hash goes on over that. Lowercasing goes a scalar at a time,
        // so where it starts changes nothing. (Lowercasing every title beyond ASCII was a seventh of `ics`.)
        let title = UnsafeBufferPointer(rebasing: bytes[range])
        var hash = fnv1aStart
        var isNormal = true
        var index = 0
        while index < title.count {
            let byte = title[index]
            if byte < 0x80 {
                hash = fnv1a(hash, byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: title, at: index),
                  let scalar = Unicode.Scalar(UTF8Sequence.scalar(in: title, at: index, length: length)),
                  TitleOrder.hasNoCase(scalar) else { break }
            isNormal = isNormal && TitleOrder.isLeftAloneByNFC(scalar)
            for offset in 0..<length { hash = fnv1a(hash, title[index + offset]) }
            index += length
        }
        if index == title.count, isNormal { return hash }
        lowered.removeAll(keepingCapacity: true)
        // A title whose bytes are not in the normal form of its lowercase (`TitleOrder.appendLowercased`) is hashed
        // from the string lowercased and composed.
        guard isNormal, TitleOrder.appendLowercased(utf8: UnsafeBufferPointer(rebasing: title[index...]), to: &lowered) == true else {
            return fnv1a(String(decoding: title, as: UTF8.self).lowercased()._nfcCodeUnits)
        }
        return lowered.reduce(hash, fnv1a)
    }

    /// A hash in hex, sixteen digits.
    static func hex(_ hash: UInt64) -> String {
        var out = ByteWriter(capacity: 16)
        appendHex(hash, to: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func appendHex(_ hash: UInt64, to out: inout ByteWriter) {
        // Eight digits a word: each half's nibbles spread to a byte each, made ASCII (a nibble of 10 or more gets 39
        // more, from `:` on to `a`), then stored most significant digit first.
        @inline(__always) func digits(_ half: UInt64) -> UInt64 {
            var nibbles = (half | half << 16) & 0x0000_FFFF_0000_FFFF
            nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
            nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
            let letters = (nibbles &+ 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101
            return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39).bigEndian
        }
        withUnsafeBytes(of: (digits(hash >> 32), digits(hash & 0xFFFF_FFFF))) { out.append($0.assumingMemoryBound(to: UInt8.self)) }
    }
}
