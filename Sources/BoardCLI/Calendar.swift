import BoardKit

/// `board ics`: the board's due dates as an iCalendar file (RFC 5545), for any calendar.
enum Calendar {
    /// One `VTODO` per item on the board with a due date (status from its section, the done date as `COMPLETED`);
    /// with `events`, one all-day `VEVENT` with a reminder per due date of an item not done. CRLF line endings,
    /// lines folded at 75 octets, text escaped.
    /// `path` is the board file's (symbolic links followed): it tells one board's items from another's.
    /// `emit` is handed the file a piece at a time (each to be emptied once taken), so that a large board's file,
    /// several times its size, need not be held whole.
    static func ics(_ board: Board, path: String, today: CivilDate, events: Bool, emit: (inout [UInt8]) -> Void) {
        // Each line is folded into the bytes as it is made: a list of a large board's lines as strings took as much
        // memory again as the file.
        var bytes: [UInt8] = []
        func put(_ lines: [String]) { for line in lines { fold(line, into: &bytes) } }
        put(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//board//board \(BoardCommandLine.version)//EN", "CALSCALE:GREGORIAN"])
        let stamp = "DTSTAMP:\(compact(today))T000000Z"
        // UIDs must be unique in the world (RFC 5545 3.8.4.7): two boards with an item of the same title, in
        // calendars side by side, must not take each other's items.
        let domain = "\(hex(path)).board"
        var seen: [String: Int] = [:]
        for item in board.items {
            let kind = board.kind(of: item)
            guard kind != .archive, let due = item.due, !(events && kind == .done) else { continue }
            let title = board.title(of: item)
            // The same title keeps the same UID across runs, moves and date changes; a second item of that title
            // is told apart by its place among them.
            let occurrence = seen[title.lowercased(), default: 0]
            seen[title.lowercased()] = occurrence + 1
            let uid = "UID:\(hex(title.lowercased()))-\(occurrence)@\(domain)"
            var fields = [uid, stamp, "SUMMARY:" + text(title)]
            if !item.body.isEmpty { fields.append("DESCRIPTION:" + text(board.bodyLines(of: item).joined(separator: "\n"))) }
            let tags = board.tags(of: item)
            if !tags.isEmpty { fields.append("CATEGORIES:" + tags.map(text).joined(separator: ",")) }
            if events {
                // An all-day event ends the next day; on 9999-12-31, which has none, it has no end and lasts the day.
                let end = due.adding(exactly: 1).map { ["DTEND;VALUE=DATE:\(compact($0))"] } ?? []
                put(["BEGIN:VEVENT"] + fields + ["DTSTART;VALUE=DATE:\(compact(due))"] + end + ["TRANSP:TRANSPARENT", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + text(title),
                     "TRIGGER;RELATED=START:PT9H", "END:VALARM", "END:VEVENT"])
            } else {
                fields += ["DUE;VALUE=DATE:\(compact(due))"]
                switch kind {
                case .todo: fields.append("STATUS:NEEDS-ACTION")
                case .doing: fields.append("STATUS:IN-PROCESS")
                default:
                    fields.append("STATUS:COMPLETED")
                    if let done = item.done { fields.append("COMPLETED:\(compact(done))T000000Z") }
                }
                put(["BEGIN:VTODO"] + fields + ["END:VTODO"])
            }
            if bytes.count >= 1 << 20 { emit(&bytes) }
        }
        put(["END:VCALENDAR"])
        emit(&bytes)
    }

    /// `20261201`.
    static func compact(_ date: CivilDate) -> String {
        var bytes: [UInt8] = []
        date.append(to: &bytes)
        return String(decoding: bytes.filter { $0 != UInt8(ascii: "-") }, as: UTF8.self)
    }

    /// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`, and other
    /// control characters, which the format does not allow, dropped.
    static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A content line folded (RFC 5545 §3.1): at most 75 octets a line, each continuation starting with a space,
    /// never inside a UTF-8 sequence; then CRLF.
    static func fold(_ line: String, into bytes: inout [UInt8]) {
        // Nearly every line is short: it goes in whole, without a copy of its bytes.
        if line.utf8.count <= 75 {
            bytes += line.utf8
            bytes += [0x0D, 0x0A]
            return
        }
        let utf8 = Array(line.utf8)
        var start = 0
        var limit = 75
        while utf8.count - start > limit {
            var end = start + limit
            while end > start, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            bytes += utf8[start..<end]
            bytes += [0x0D, 0x0A, 0x20]
            start = end
            limit = 74  // the space that starts a continuation counts
        }
        bytes += utf8[start...]
        bytes += [0x0D, 0x0A]
    }

    /// A 64-bit FNV-1a hash of the text, in hex: the same text, the same UID.
    static func hex(_ text: String) -> String {
        let hash = text.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
