/// Cuts the language server protocol's byte stream into messages: header lines (`Content-Length: N`), an empty
/// line, then N bytes of JSON. Bytes are appended as they arrive; a header it cannot read is reported and skipped
/// up to the next `Content-Length`, so one bad message never ends the stream.
public struct MessageReader: Sendable {
    /// What the next bytes of the stream hold.
    public enum Frame: Equatable, Sendable {
        case message([UInt8])
        /// A header that could not be read, and why.
        case badHeader(String)
    }

    /// A body longer than this is refused: no editor sends a board of a gigabyte.
    public static let maximumLength = 1 << 30
    /// Header text longer than this without an empty line is not a header.
    static let maximumHeaderLength = 8_192

    private(set) var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: [UInt8]) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += bytes
    }

    /// The next frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        guard let (headerEnd, bodyStart) = headerBounds() else {
            guard buffer.count - start > Self.maximumHeaderLength else { return nil }
            return skipBadHeader("no empty line after \(Self.maximumHeaderLength) bytes of header")
        }
        var length: Int?
        let header = buffer[start..<headerEnd]
        for line in header.split(separator: UInt8(ascii: "\n")) {
            let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return skipBadHeader("header line without ':': '\(String(decoding: line.prefix(40), as: UTF8.self))'")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else { return skipBadHeader("Content-Length '\(value.prefix(40))' is not a number") }
                guard number <= Self.maximumLength else { return skipBadHeader("Content-Length \(number) is more than \(Self.maximumLength)") }
                // Two lengths that differ leave the body's end unknown: either could swallow the next message.
                guard length == nil || length == number else {
                    return skipBadHeader("two Content-Length headers, \(length ?? 0) and \(number)", from: bodyStart)
                }
                length = number
            }
        }
        guard let length else { return skipBadHeader("no Content-Length header") }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        // Everything read is taken: the buffer goes, rather than hold a large message twice while it is handled.
        if start == buffer.count { (buffer, start) = ([], 0) }
        return .message(body)
    }

    /// Where the header ends and the body starts: at the first empty line (`\r\n\r\n`, or `\n\n` from a sloppy
    /// client); nil when it has not arrived.
    private func headerBounds() -> (Int, Int)? {
        var index = start
        let end = min(buffer.count, start + Self.maximumHeaderLength + 4)
        while index < end {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// Reports a bad header and drops the bytes up to the next `Content-Length` after it (or from `from`, the header
    /// read whole); without one, all but an end that may be the start of one.
    private mutating func skipBadHeader(_ reason: String, from: Int? = nil) -> Frame {
        let key = Array("content-length".utf8)
        func matches(_ at: Int) -> Bool {
            zip(buffer[at..<min(buffer.count, at + key.count)], key).allSatisfy { $0 | 0x20 == $1 }
        }
        var index = from ?? start + 1
        while index < buffer.count, !matches(index) { index += 1 }
        start = index
        return .badHeader(reason)
    }

    /// A message framed for sending.
    public static func framed(_ body: [UInt8]) -> [UInt8] {
        header(forLength: body.count) + body
    }

    /// The header that goes before a body of `length` bytes.
    public static func header(forLength length: Int) -> [UInt8] {
        Array("Content-Length: \(length)\r\n\r\n".utf8)
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
