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
        exactOffset(of: position, encoding).offset
    }

    /// `offset(of:)`, and whether the position is where it says: on a line of the text, not past the line's end or
    /// inside a character.
    private func exactOffset(of position: Position, _ encoding: PositionEncoding) -> (offset: Int, exact: Bool) {
        guard position.line < lineStarts.count else { return (bytes.count, false) }
        return offset(advancing: position.character, from: lineStarts[position.line], onLine: position.line, encoding)
    }

    /// The byte offset `characters` on from `offset` on line `line`, as `offset(of:)` counts them, and whether
    /// exactly that many were counted.
    private func offset(advancing characters: Int, from offset: Int, onLine line: Int,
                        _ encoding: PositionEncoding) -> (offset: Int, exact: Bool) {
        let end = contentEnd(ofLine: line)
        var offset = offset
        var units = 0
        while offset < end {
            // A character of ASCII is a unit in either encoding: a run of them is crossed eight bytes at a time.
            let run = Self.asciiRunEnd(bytes, from: offset, to: offset + min(end - offset, characters - units))
            units += run - offset
            offset = run
            guard offset < end else { break }
            let width = Self.sequenceLength(bytes[offset])
            let unitCount = encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            guard units + unitCount <= characters else { break }
            units += unitCount
            offset = min(end, offset + width)
        }
        return (offset, units == characters)
    }

    /// The first byte at or after `start` and before `end` that is not ASCII, or `end`.
    private static func asciiRunEnd(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            var index = start
            while index + 8 <= end, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < end, buffer[index] < 0x80 { index += 1 }
            return index
        }
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
            let run = Self.asciiRunEnd(bytes, from: index, to: offset)
            character += run - index
            index = run
            guard index < offset else { break }
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
    /// over the text: one at a time, each moved the rest of the text (80,000 changes to an 8 MB board took 10.7 s).
    /// A change that may join a CR to an LF at its edges, or whose start lies past its line's end, starts a new run.
    /// A run shorter than `shortestRun` (a test lowers it) is applied a change at a time, in place.
    mutating func apply(_ changes: [Change], _ encoding: PositionEncoding, shortestRun: Int = Self.shortestRun) {
        var next = 0
        while next < changes.count {
            let (edits, taken) = orderedRun(changes[next...], encoding)
            if taken >= max(2, shortestRun) {
                self = TextDocument(Self.applying(edits, to: bytes))
            } else {
                for change in changes[next..<(next + max(1, taken))] { apply(change.text, in: change.range, encoding) }
            }
            next += max(1, taken)
        }
    }

    /// The fewest changes applied in one pass: the pass copies the text and reads it again for its line breaks, which
    /// costs about as much as moving the rest of the text sixteen times, as applying a change in place does.
    static let shortestRun = 32

    /// The changes at the start of `changes` that form one run, each after the one before or each before it, as
    /// edits of this text in file order; and how many were taken (fewer than two: none is a run).
    func orderedRun(_ changes: ArraySlice<Change>, _ encoding: PositionEncoding) -> (edits: [ByteEdit], taken: Int) {
        guard changes.count > 1, let first = changes.first, let range = first.range else { return ([], 0) }
        let (start, exact) = exactOffset(of: range.0, encoding)
        let end = max(start, offset(of: range.1, encoding))
        var edits = [ByteEdit(range: start..<end, replacement: first.text)]
        guard let second = changes.dropFirst().first?.range, !joinsLineBreak(edits[0], before: byte(before: start), after: byte(at: end))
        else { return ([], 0) }
        if (second.1.line, second.1.character) <= (range.0.line, range.0.character) {
            // Each before the last: it sees the text before the last's start as this text has it, where the last's
            // start is where it says (not past its line's end). After its end comes what the last put in, when it
            // ends where the last starts.
            var last = (position: range.0, edit: edits[0], exact: exact)
            // The byte at the last's start once it is made: the first it put in, or the one after its range.
            var atLastStart = first.text.first ?? byte(at: end)
            for change in changes.dropFirst() {
                guard let range = change.range, (range.1.line, range.1.character) <= (last.position.line, last.position.character),
                      last.exact else { break }
                let (start, exact) = exactOffset(of: range.0, encoding)
                let end = max(start, offset(of: range.1, encoding))
                let edit = ByteEdit(range: start..<end, replacement: change.text)
                let after = end == last.edit.range.lowerBound ? atLastStart : byte(at: end)
                guard !joinsLineBreak(edit, before: byte(before: start), after: after) else { break }
                atLastStart = change.text.first ?? after
                last = (range.0, edit, exact)
                edits.append(edit)
            }
            return (edits.reversed(), edits.count)
        }
        // Each after the last: its positions are read on this text from the end of what the last put in, the lines
        // after it moved by the line breaks the changes so far added. Before its start comes what the last put in,
        // when it starts where the last ends.
        guard exact else { return ([], 0) }
        var lineShift = 0
        var lastEnd = edits[0].range.upperBound
        var after = Self.end(of: first.text, from: range.0, encoding)
        lineShift += after.line - range.0.line - Self.lineBreaks(in: bytes[start..<lastEnd])
        // The byte before the last's end once it is made: the last it put in, or the one before its range.
        var beforeLastEnd = first.text.last ?? byte(before: start)
        for change in changes.dropFirst() {
            guard let range = change.range, (range.0.line, range.0.character) >= (after.line, after.character) else { break }
            // On the line the last's text ends on, counted on from its end; below it, on the line as this text has it.
            func offsetHere(_ position: Position) -> (offset: Int, exact: Bool) {
                guard position.line == after.line else {
                    return exactOffset(of: Position(line: position.line - lineShift, character: position.character), encoding)
                }
                return offset(advancing: position.character - after.character, from: lastEnd, onLine: line(of: lastEnd), encoding)
            }
            // A start past its line's end, or inside a character, is not where it says.
            let (editStart, exact) = offsetHere(range.0)
            let editEnd = max(editStart, offsetHere(range.1).offset)
            let edit = ByteEdit(range: editStart..<editEnd, replacement: change.text)
            let before = editStart == lastEnd ? beforeLastEnd : byte(before: editStart)
            guard exact, editStart >= lastEnd, !joinsLineBreak(edit, before: before, after: byte(at: editEnd)) else { break }
            beforeLastEnd = change.text.last ?? before
            edits.append(edit)
            lastEnd = editEnd
            after = Self.end(of: change.text, from: range.0, encoding)
            lineShift += after.line - range.0.line - Self.lineBreaks(in: bytes[editStart..<editEnd])
        }
        return (edits, edits.count)
    }

    /// The byte before `offset`, and the byte at it; nil at the text's ends.
    private func byte(before offset: Int) -> UInt8? { offset > 0 ? bytes[offset - 1] : nil }
    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// True when the edit would put a CR and an LF side by side at one of its edges, making one line break of two:
    /// `before` and `after` are the bytes beside its range in the text it is made in.
    private func joinsLineBreak(_ edit: ByteEdit, before: UInt8?, after: UInt8?) -> Bool {
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
