import BoardKit

/// How a position's `character` counts: in UTF-16 code units (the protocol's default) or in UTF-8 bytes.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// A line and a character on it, both from 0, as the protocol counts them.
public struct Position: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A document's text as the editor holds it (saved or not), and where its lines start as the protocol counts lines
/// (after `\n`, `\r\n` or a lone `\r`).
struct TextDocument: Equatable {
    private(set) var bytes: [UInt8]
    private var lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        Self.appendLineStarts(of: bytes, from: 0, through: bytes.count - 1, to: &starts)
        lineStarts = starts
    }

    /// Appends where the lines after the line breaks starting in `bytes[from...through]` start.
    private static func appendLineStarts(of bytes: [UInt8], from: Int, through last: Int, to starts: inout [Int]) {
        var index = from
        while index <= last, index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
        }
    }

    /// The byte offset where a line's text ends, before its line break.
    private func contentEnd(ofLine line: Int) -> Int {
        guard line < lineStarts.count - 1 else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The byte offset of a position. A line past the end means the end of the document; a character past the end
    /// of its line, the end of the line; a character inside a character's code units, that character's start.
    func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var offset = lineStarts[position.line]
        var units = 0
        while offset < end {
            let width = Self.sequenceLength(bytes[offset])
            let unitCount = encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            guard units + unitCount <= position.character else { break }
            units += unitCount
            offset = min(end, offset + width)
        }
        return offset
    }

    /// The position of a byte offset. Given the last position asked for (`after`), an offset later on the same
    /// line is counted on from it: the many diagnostics of one long line cost one pass over it.
    func position(of offset: Int, _ encoding: PositionEncoding, after last: (offset: Int, position: Position)? = nil) -> Position {
        let offset = min(max(0, offset), bytes.count)
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        var character = 0
        var index = lineStarts[low]
        if let last, last.position.line == low, last.offset <= offset, last.offset >= index {
            (character, index) = (last.position.character, last.offset)
        }
        while index < offset {
            let width = Self.sequenceLength(bytes[index])
            character += encoding == .utf8 ? min(width, offset - index) : (width == 4 ? 2 : 1)
            index += width
        }
        return Position(line: low, character: character)
    }

    /// The positions of many byte offsets, worked out in one pass along each line (a line with thousands of
    /// diagnostics is counted once, not once each).
    func positions(of offsets: [Int], _ encoding: PositionEncoding) -> [Int: Position] {
        var found: [Int: Position] = [:]
        var last: (offset: Int, position: Position)?
        for offset in Set(offsets).sorted() {
            let position = position(of: offset, encoding, after: last)
            found[offset] = position
            last = (offset, position)
        }
        return found
    }

    /// The byte offset where a line starts; nil for a line past the end of the document.
    func start(ofLine line: Int) -> Int? {
        line < lineStarts.count ? lineStarts[line] : nil
    }

    /// The protocol's range of a byte range.
    func range(_ bytes: Range<Int>, _ encoding: PositionEncoding) -> JSON {
        ["start": position(of: bytes.lowerBound, encoding).json, "end": position(of: bytes.upperBound, encoding).json]
    }

    /// Applies one `contentChanges` entry: its text in place of `range`, or the whole text without one. The bytes
    /// change in place, and only the lines around the change are looked at again: an editor may send a thousand
    /// changes at once.
    mutating func apply(_ text: String, in range: (Position, Position)?, _ encoding: PositionEncoding) {
        guard let (from, to) = range else { return self = TextDocument(Array(text.utf8)) }
        let start = offset(of: from, encoding), end = max(start, offset(of: to, encoding))
        bytes.replaceSubrange(start..<end, with: text.utf8)
        let newEnd = start + text.utf8.count
        // Lines starting before the change stay; the breaks from the byte before it (a CR may now meet an LF) to the
        // byte after it are read again; the rest move by the change in length.
        let kept = lineStarts.firstIndex { $0 != 0 && $0 >= start } ?? lineStarts.count
        var around: [Int] = []
        Self.appendLineStarts(of: bytes, from: max(0, start - 1), through: newEnd, to: &around)
        let shift = newEnd - end
        let firstMoved = max(around.last ?? 0, newEnd + 1) - shift
        let moved = lineStarts[kept...].firstIndex { $0 > firstMoved } ?? lineStarts.count
        lineStarts.replaceSubrange(kept..<moved, with: around)
        if shift != 0 { for index in (kept + around.count)..<lineStarts.count { lineStarts[index] += shift } }
    }

    /// The number of bytes of the UTF-8 sequence a byte starts (1 for a byte that starts none).
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    /// The edits that turn this document into `file`, as the protocol's `TextEdit`s.
    func textEdits(to file: [UInt8], _ encoding: PositionEncoding) -> JSON {
        .array(ByteEdit.between(bytes, file).map { edit in
            ["range": range(edit.range, encoding), "newText": .string(String(decoding: edit.replacement, as: UTF8.self))]
        })
    }
}
