import BoardKit

/// A JSON value, as the language server protocol's messages hold them.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// A value written out as JSON text already, members in key order as `serialized` writes them: an answer about
    /// a hundred thousand items is written as bytes rather than built as a tree of values (2 KB an item). Read back
    /// with `init(parsing:)` to look inside it.
    case raw([UInt8])
    /// A value whose JSON text is written when it is sent, a piece at a time, its length worked out beforehand:
    /// an answer several times the size of the board is never whole in memory.
    case streamed(StreamedText)

    /// The member `key` of an object; nil for a missing member and for a value that is not an object.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var int: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: return Int(number)
        default: return nil
        }
    }

    public var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    // MARK: - Writing

    /// The value as compact JSON text, object members in key order (so equal values print equal).
    public var serialized: [UInt8] {
        let parts = serializedParts
        // Nearly every message is one piece of bytes: handed back as it is, not copied.
        if parts.count == 1, case .bytes(let bytes) = parts[0] { return bytes }
        var out: [UInt8] = []
        for part in parts {
            switch part {
            case .bytes(let bytes): out += bytes
            case .streamed(let text): text.write { out += $0 }
            }
        }
        return out
    }

    /// A piece of `serialized`: bytes, or a streamed value's text (`JSON.streamed`), to write when it is sent.
    public enum Part: Sendable {
        case bytes([UInt8])
        case streamed(StreamedText)

        /// How many bytes the piece writes.
        public var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .streamed(let text): text.count
            }
        }
    }

    /// `serialized` in parts: each raw value (`JSON.raw`) a part of its own, not copied, and each streamed value's
    /// text left to be written when it is sent. A reply holding the outline of a large board is never copied whole.
    public var serializedParts: [Part] {
        switch self {
        case .raw(let bytes): return [.bytes(bytes)]
        case .streamed(let text): return [.streamed(text)]
        default:
            var pieces: [[UInt8]] = [[]]
            var streams: [(after: Int, text: StreamedText)] = []
            append(to: &pieces, &streams)
            var parts: [Part] = []
            for (index, piece) in pieces.enumerated() {
                if !piece.isEmpty { parts.append(.bytes(piece)) }
                for stream in streams where stream.after == index { parts.append(.streamed(stream.text)) }
            }
            return parts
        }
    }

    /// Writes the value's text into the last of `pieces`, a raw value as a piece of its own and a streamed value
    /// as a mark after the piece before it.
    private func append(to pieces: inout [[UInt8]], _ streams: inout [(after: Int, text: StreamedText)]) {
        let last = pieces.count - 1
        switch self {
        case .null: pieces[last] += "null".utf8
        case .bool(let value): pieces[last] += (value ? "true" : "false").utf8
        case .int(let value): pieces[last] += String(value).utf8
        case .double(let value): pieces[last] += (value.isFinite ? String(value) : "null").utf8
        case .string(let text): appendJSONString(text, to: &pieces[last])
        case .array(let values):
            pieces[last].append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { pieces[pieces.count - 1].append(UInt8(ascii: ",")) }
                value.append(to: &pieces, &streams)
            }
            pieces[pieces.count - 1].append(UInt8(ascii: "]"))
        case .object(let members):
            pieces[last].append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { pieces[pieces.count - 1].append(UInt8(ascii: ",")) }
                appendJSONString(key, to: &pieces[pieces.count - 1])
                pieces[pieces.count - 1].append(UInt8(ascii: ":"))
                members[key]?.append(to: &pieces, &streams)
            }
            pieces[pieces.count - 1].append(UInt8(ascii: "}"))
        case .raw(let bytes):
            pieces += [bytes, []]
        case .streamed(let text):
            streams.append((pieces.count - 1, text))
            pieces.append([])
        }
    }

    // MARK: - Reading

    /// Why text is not JSON, and where.
    public struct SyntaxError: Error, Equatable, Sendable {
        public let offset: Int
        public let reason: String
    }

    /// Nesting deeper than this is refused rather than followed: the reader recurses once per level.
    static let maximumDepth = 256

    /// Parses JSON text (RFC 8259). Invalid UTF-8 and lone surrogates in strings become U+FFFD.
    public init(parsing bytes: [UInt8]) throws(SyntaxError) {
        var reader = Reader(bytes: bytes)
        self = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("text after the JSON value") }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSON {
            guard depth < JSON.maximumDepth else { throw error("nested more than \(JSON.maximumDepth) levels deep") }
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of the JSON text") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            default: return try number()
            }
        }

        mutating func word(_ text: String, _ value: JSON) throws(SyntaxError) -> JSON {
            let expected = Array(text.utf8)
            guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
                throw error("unexpected character")
            }
            position += expected.count
            return value
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSON {
            position += 1
            var members: [String: JSON] = [:]
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
                position += 1
                members[key] = try value(depth: depth + 1)
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of the JSON text") }
                position += 1
                switch bytes[position - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default:
                    position -= 1
                    throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSON {
            position += 1
            var values: [JSON] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(values)
            }
            while true {
                values.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of the JSON text") }
                position += 1
                switch bytes[position - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(values)
                default:
                    position -= 1
                    throw error("expected ',' or ']'")
                }
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            position += 1
            var text: [UInt8] = []
            var runStart = position
            while true {
                guard position < bytes.count else { throw error("unterminated string") }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    text += bytes[runStart..<position]
                    position += 1
                    return String(decoding: text, as: UTF8.self)
                }
                guard byte >= 0x20 else { throw error("control character in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    position += 1
                    continue
                }
                text += bytes[runStart..<position]
                position += 1
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800..<0xDC00).contains(scalar), bytes.count - position >= 6,
                       bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                        let mark = position
                        position += 2
                        let low = try hexQuad()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                        } else {
                            position = mark
                        }
                    }
                    text += String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8
                default:
                    position -= 1
                    throw error("unknown escape in a string")
                }
                runStart = position
            }
        }

        mutating func hexQuad() throws(SyntaxError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw error("short \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[position..<(position + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            position += 4
            return value
        }

        mutating func number() throws(SyntaxError) -> JSON {
            let start = position
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else {
                position = start
                throw error("unexpected character")
            }
            var isInteger = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                isInteger = false
                guard digits() > 0 else { throw error("expected a digit") }
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                isInteger = false
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw error("expected a digit") }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if isInteger, let value = Int(text) { return .int(value) }
            return .double(Double(text) ?? 0)
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

/// JSON text for `JSON.raw`, written a piece at a time and gathered into an array reserved at once: an answer
/// written into one growing buffer was copied out of it when done, and 185 MB of diagnostics were held twice.
struct RawJSONWriter: ~Copyable {
    private var text: [UInt8] = []
    /// Where the next bytes are written; `flushIfLarge` moves them on.
    var piece = ByteWriter(capacity: 1 << 17)

    /// Room for `capacity` bytes of text: room never written to costs no memory.
    init(reserving capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// Moves the piece to the text once it holds 64 KiB.
    mutating func flushIfLarge() {
        if piece.count >= 1 << 16 { flush() }
    }

    private mutating func flush() {
        piece.withBytes { text.append(contentsOf: $0) }
        piece.truncate(to: 0)
    }

    /// The text written, as a value.
    consuming func json() -> JSON {
        flush()
        return .raw(text)
    }
}

/// JSON text written when it is sent (`JSON.streamed`): `write` hands on the same bytes each time it is called, a
/// piece at a time, `count` of them in all.
public final class StreamedText: Sendable, Equatable {
    public let count: Int
    private let writer: @Sendable ((UnsafeBufferPointer<UInt8>) -> Void) -> Void

    /// Text written by `writer`, which is called once here to count its bytes.
    init(_ writer: @escaping @Sendable ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        var count = 0
        writer { count += $0.count }
        self.count = count
        self.writer = writer
    }

    /// Hands on the text, a piece at a time.
    public func write(_ piece: (UnsafeBufferPointer<UInt8>) -> Void) {
        writer(piece)
    }

    public static func == (a: StreamedText, b: StreamedText) -> Bool {
        var (left, right): ([UInt8], [UInt8]) = ([], [])
        a.write { left += $0 }
        b.write { right += $0 }
        return left == right
    }
}

