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
        return offset(advancing: position.character, from: lineStarts[position.line], onLine: position.line, encoding)
    }

    /// The byte offset `characters` on from `offset` on line `line`, as `offset(of:)` counts them.
    private func offset(advancing characters: Int, from offset: Int, onLine line: Int, _ encoding: PositionEncoding) -> Int {
        let end = contentEnd(ofLine: line)
        var offset = offset
        var units = 0
        while offset < end {
            let width = Self.sequenceLength(bytes[offset])
            let unitCount = encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            guard units + unitCount <= characters else { break }
            units += unitCount
            offset = min(end, offset + width)
        }
        return offset
    }

    /// The line holding a byte offset: the last line starting at or before it.
    private func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The position of a byte offset. Given the last position asked for (`after`), an offset later on the same
    /// line is counted on from it: the many diagnostics of one long line cost one pass over it.
    func position(of offset: Int, _ encoding: PositionEncoding, after last: (offset: Int, position: Position)? = nil) -> Position {
        let offset = min(max(0, offset), bytes.count)
        let low = line(of: offset)
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

    /// `range` written as JSON text, as `JSON.serialized` writes it.
    func appendRange(_ bytes: Range<Int>, _ encoding: PositionEncoding, to out: inout ByteWriter) {
        Self.appendRange(position(of: bytes.lowerBound, encoding), position(of: bytes.upperBound, encoding), to: &out)
    }

    /// A range from `start` to `end` written as JSON text, as `JSON.serialized` writes it.
    static func appendRange(_ start: Position, _ end: Position, to out: inout ByteWriter) {
        func position(_ position: Position) {
            out.append("{\"character\":")
            out.appendNumber(position.character)
            out.append(",\"line\":")
            out.appendNumber(position.line)
            out.append(UInt8(ascii: "}"))
        }
        out.append("{\"end\":")
        position(end)
        out.append(",\"start\":")
        position(start)
        out.append(UInt8(ascii: "}"))
    }

    /// Applies one `contentChanges` entry: its text in place of `range`, or the whole text without one. The bytes
    /// change in place, and only the lines around the change are looked at again: an editor may send a thousand
    /// changes at once.
    mutating func apply(_ text: String, in range: (Position, Position)?, _ encoding: PositionEncoding) {
        apply(Array(text.utf8), in: range, encoding)
    }

    /// `apply` of UTF-8 text.
    mutating func apply(_ text: [UInt8], in range: (Position, Position)?, _ encoding: PositionEncoding) {
        guard let (from, to) = range else { return self = TextDocument(text) }
        let start = offset(of: from, encoding), end = max(start, offset(of: to, encoding))
        bytes.replaceSubrange(start..<end, with: text)
        let newEnd = start + text.count
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

    /// One `contentChanges` entry: `text` in place of `range`, or of the whole text without one.
    struct Change {
        let text: [UInt8]
        let range: (Position, Position)?
    }

    /// Applies a notification's changes, each to the text the ones before it left. A run of changes each after the
    /// one before, or each before it, as an editor's replace-all or many cursors send them, is applied in one pass
    /// over the text: one at a time, each moved the rest of the text (40,000 changes to a 4.6 MB board took 6.4 s).
    /// A change that may join a CR to an LF at its edges, or whose start lies past its line's end, starts a new run.
    mutating func apply(_ changes: [Change], _ encoding: PositionEncoding) {
        var next = 0
        while next < changes.count {
            let (edits, taken) = orderedRun(changes[next...], encoding)
            if taken > 1 {
                self = TextDocument(Self.applying(edits, to: bytes))
            } else {
                apply(changes[next].text, in: changes[next].range, encoding)
            }
            next += max(1, taken)
        }
    }

    /// The changes at the start of `changes` that form one run, each after the one before or each before it, as
    /// edits of this text in file order; and how many were taken (fewer than two: none is a run).
    func orderedRun(_ changes: ArraySlice<Change>, _ encoding: PositionEncoding) -> (edits: [ByteEdit], taken: Int) {
        guard changes.count > 1, let first = changes.first, let range = first.range else { return ([], 0) }
        let start = offset(of: range.0, encoding), end = max(start, offset(of: range.1, encoding))
        var edits = [ByteEdit(range: start..<end, replacement: first.text)]
        guard let second = changes.dropFirst().first?.range else { return ([], 0) }
        if (second.1.line, second.1.character) <= (range.0.line, range.0.character) {
            // Each before the last: it sees the text before the last's start as this text has it, where the last's
            // start is where it says (not past its line's end) and no CR before it meets an LF it brings.
            var last = (position: range.0, edit: edits[0])
            for change in changes.dropFirst() {
                guard let range = change.range, (range.1.line, range.1.character) <= (last.position.line, last.position.character),
                      position(of: last.edit.range.lowerBound, encoding) == last.position,
                      !joinsLineBreak(last.edit) else { break }
                let start = offset(of: range.0, encoding), end = max(start, offset(of: range.1, encoding))
                last = (range.0, ByteEdit(range: start..<end, replacement: change.text))
                edits.append(last.edit)
            }
            return (edits.reversed(), edits.count)
        }
        // Each after the last: its positions are read on this text from the end of what the last put in, the lines
        // after it moved by the line breaks the changes so far added.
        guard !joinsLineBreak(edits[0]), position(of: start, encoding) == range.0 else { return ([], 0) }
        var lineShift = 0
        var lastEnd = edits[0].range.upperBound
        var after = Self.end(of: first.text, from: range.0, encoding)
        lineShift += after.line - range.0.line - Self.lineBreaks(in: bytes[start..<lastEnd])
        for change in changes.dropFirst() {
            guard let range = change.range, (range.0.line, range.0.character) >= (after.line, after.character) else { break }
            func offsetHere(_ position: Position) -> Int {
                guard position.line == after.line else { return offset(of: Position(line: position.line - lineShift, character: position.character), encoding) }
                return offset(advancing: position.character - after.character, from: lastEnd, onLine: line(of: lastEnd), encoding)
            }
            let editStart = offsetHere(range.0), editEnd = max(editStart, offsetHere(range.1))
            let edit = ByteEdit(range: editStart..<editEnd, replacement: change.text)
            // The start as this text has it, on the changed text's lines: a start past its line's end is not one.
            let here = position(of: editStart, encoding)
            let startLine = here.line + lineShift
            let startCharacter = startLine == after.line ? after.character + here.character - position(of: lastEnd, encoding).character : here.character
            guard editStart >= lastEnd, Position(line: startLine, character: startCharacter) == range.0, !joinsLineBreak(edit) else { break }
            edits.append(edit)
            lastEnd = editEnd
            after = Self.end(of: change.text, from: range.0, encoding)
            lineShift += after.line - range.0.line - Self.lineBreaks(in: bytes[editStart..<editEnd])
        }
        return (edits, edits.count)
    }

    /// True when the edit would put a CR and an LF side by side at one of its edges, making one line break of two.
    private func joinsLineBreak(_ edit: ByteEdit) -> Bool {
        let before = edit.range.lowerBound > 0 ? bytes[edit.range.lowerBound - 1] : nil
        let after = edit.range.upperBound < bytes.count ? bytes[edit.range.upperBound] : nil
        let first = edit.replacement.first ?? after, last = edit.replacement.last ?? before
        return (before == UInt8(ascii: "\r") && first == UInt8(ascii: "\n")) || (last == UInt8(ascii: "\r") && after == UInt8(ascii: "\n"))
    }

    /// The line breaks in some bytes: `\r\n`, a lone `\r` or `\n`.
    private static func lineBreaks(in bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")) { count += 1 }
            previous = byte
        }
        return count
    }

    /// Where `text` put at `start` ends, as positions count.
    private static func end(of text: [UInt8], from start: Position, _ encoding: PositionEncoding) -> Position {
        var line = start.line, character = start.character
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                if byte == UInt8(ascii: "\r"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                character = 0
                index += 1
                continue
            }
            let width = sequenceLength(byte)
            character += encoding == .utf8 ? min(width, text.count - index) : (width == 4 ? 2 : 1)
            index += width
        }
        return Position(line: line, character: character)
    }

    /// `bytes` with the edits (in file order, apart) made, in one pass.
    private static func applying(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(edits.reduce(bytes.count) { $0 + $1.replacement.count - $1.range.count })
        var at = 0
        for edit in edits {
            result += bytes[at..<edit.range.lowerBound]
            result += edit.replacement
            at = edit.range.upperBound
        }
        result += bytes[at...]
        return result
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
