/// A change to a file: `replacement` in place of the bytes in `range`.
public struct ByteEdit: Equatable, Sendable {
    public let range: Range<Int>
    public let replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// The few edits that turn `old` into `new`, in file order and not overlapping: the lines a command changed
    /// (a line diff), each narrowed to the bytes that differ, never splitting a UTF-8 character. An editor applies
    /// them instead of replacing the whole buffer, so its cursor, marks and undo stay where they were.
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> [ByteEdit] {
        let oldLines = lineStarts(old), newLines = lineStarts(new)
        // Whole lines the two share at the start and at the end need no tokens.
        var prefix = 0
        while prefix + 1 < oldLines.count, prefix + 1 < newLines.count,
              old[oldLines[prefix]..<oldLines[prefix + 1]].elementsEqual(new[newLines[prefix]..<newLines[prefix + 1]]) {
            prefix += 1
        }
        var suffix = 0
        while suffix + 1 < oldLines.count - prefix, suffix + 1 < newLines.count - prefix {
            let o = oldLines.count - 1 - suffix, n = newLines.count - 1 - suffix
            guard old[oldLines[o - 1]..<oldLines[o]].elementsEqual(new[newLines[n - 1]..<newLines[n]]) else { break }
            suffix += 1
        }
        // The lines between, as numbers equal where the lines are.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func tokens(_ bytes: [UInt8], _ starts: [Int]) -> [Int] {
            (prefix..<(starts.count - 1 - suffix)).map { line in
                let text = bytes[starts[line]..<starts[line + 1]]
                if let number = numbers[text] { return number }
                numbers[text] = numbers.count
                return numbers.count - 1
            }
        }
        let oldTokens = tokens(old, oldLines), newTokens = tokens(new, newLines)
        let matches = LineMatching.match(oldTokens, newTokens)
        var edits: [ByteEdit] = []
        var (o, n) = (0, 0)
        func hunk(to oldEnd: Int, _ newEnd: Int) {
            guard o < oldEnd || n < newEnd else { return }
            let oldRange = oldLines[prefix + o]..<oldLines[prefix + oldEnd]
            let newRange = newLines[prefix + n]..<newLines[prefix + newEnd]
            edits.append(narrowed(old, oldRange, new, newRange))
        }
        for (index, match) in matches.enumerated() {
            guard let match else { continue }
            hunk(to: index, match)
            (o, n) = (index + 1, match + 1)
        }
        hunk(to: oldTokens.count, newTokens.count)
        return edits
    }

    /// The offset where each line starts, and the end of the file (a last line without an ending counts).
    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == Bytes.lf { starts.append(offset + 1) }
        if starts.last != bytes.count { starts.append(bytes.count) }
        return starts
    }

    /// The edit of `oldRange` to `newRange` without the bytes both start and end with. Its ends never split a UTF-8
    /// character, nor a CRLF (an editor counts that as one line break, with no position between its bytes).
    private static func narrowed(_ old: [UInt8], _ oldRange: Range<Int>, _ new: [UInt8], _ newRange: Range<Int>) -> ByteEdit {
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        func splitsLineBreak(_ bytes: [UInt8], _ at: Int) -> Bool {
            at > 0 && at < bytes.count && bytes[at - 1] == Bytes.cr && bytes[at] == Bytes.lf
        }
        var head = 0
        while head < oldRange.count, head < newRange.count, old[oldRange.lowerBound + head] == new[newRange.lowerBound + head] {
            head += 1
        }
        // Back to the start of a character in both.
        while head > 0, (oldRange.lowerBound + head < oldRange.upperBound && isContinuation(old[oldRange.lowerBound + head]))
                || (newRange.lowerBound + head < newRange.upperBound && isContinuation(new[newRange.lowerBound + head])) {
            head -= 1
        }
        if head > 0, splitsLineBreak(old, oldRange.lowerBound + head) || splitsLineBreak(new, newRange.lowerBound + head) { head -= 1 }
        var tail = 0
        while tail < oldRange.count - head, tail < newRange.count - head,
              old[oldRange.upperBound - 1 - tail] == new[newRange.upperBound - 1 - tail] {
            tail += 1
        }
        while tail > 0, isContinuation(old[oldRange.upperBound - tail]) || isContinuation(new[newRange.upperBound - tail]) {
            tail -= 1
        }
        if tail > 0, splitsLineBreak(old, oldRange.upperBound - tail) || splitsLineBreak(new, newRange.upperBound - tail) { tail -= 1 }
        return ByteEdit(range: (oldRange.lowerBound + head)..<(oldRange.upperBound - tail),
                        replacement: Array(new[(newRange.lowerBound + head)..<(newRange.upperBound - tail)]))
    }
}
