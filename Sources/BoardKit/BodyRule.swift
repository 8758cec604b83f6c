/// FORMAT.md §4's body rule, shared by the parser (which decides bodies) and the editor (which checks that a
/// placed or removed item leaves every other line's role as it was).
enum BodyRule {
    /// The columns of a line's leading whitespace (a tab advances to the next multiple of 4) and where its text
    /// starts; the text start is `range.upperBound` for a blank line.
    @inline(__always)
    static func indentation<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> (columns: Int, textStart: Int)
    where C.Index == Int {
        var columns = 0
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            if byte == Bytes.space {
                columns += 1
            } else if byte == Bytes.tab {
                columns += 4 - columns % 4
            } else {
                break
            }
            position += 1
        }
        return (columns, position)
    }

    /// True when a non-blank line indented `columns`, its text at `textStart..<end`, continues the body of an item
    /// line indented `itemIndent` columns: at least two columns deeper than the item, or indented at least two
    /// columns and plain text (CommonMark's lazy continuation; indented four or more, any text is plain).
    @inline(__always)
    static func continuesBody<C: RandomAccessCollection<UInt8>>(_ bytes: C, columns: Int, textStart: Int, end: Int,
                                                                itemIndent: Int) -> Bool where C.Index == Int {
        // From four columns on, nothing is a list item, heading, fence or comment line any more: plain text.
        columns >= itemIndent + 2 || columns >= 4 || (columns >= 2 && isPlainText(bytes, textStart, end))
    }

    /// Whether the line `range` would be body of an item indented `itemIndent`; nil for a blank line, which is body
    /// only when a line that continues the body follows it.
    static func continuesBody<C: RandomAccessCollection<UInt8>>(_ bytes: C, line range: Range<Int>, itemIndent: Int) -> Bool?
    where C.Index == Int {
        let (columns, textStart) = indentation(bytes, range)
        if textStart == range.upperBound { return nil }
        return continuesBody(bytes, columns: columns, textStart: textStart, end: range.upperBound, itemIndent: itemIndent)
    }

    /// Text that is not a list item (`-`, `*`, `+` or `1.` and a space), an ATX heading, a fence or an HTML
    /// comment line: such text continues a paragraph lazily.
    static func isPlainText<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ at: Int, _ end: Int) -> Bool where C.Index == Int {
        guard at < end else { return false }
        let first = bytes[at]
        func followedByBreak(_ offset: Int) -> Bool { offset == end || Bytes.isWhitespace(bytes[offset]) }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return !followedByBreak(at + 1)
        case UInt8(ascii: "#"):
            var position = at
            while position < end, bytes[position] == UInt8(ascii: "#") { position += 1 }
            return !(position - at <= 6 && followedByBreak(position))
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            var position = at
            while position < end, bytes[position] == first { position += 1 }
            return position - at < 3
        case UInt8(ascii: "<"):
            return !Bytes.hasPrefix(bytes, at: at, end: end, "<!--")
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var position = at
            while position < end, position - at < 10, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            guard position < end, position - at <= 9, bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")")
            else { return true }
            return !followedByBreak(position + 1)
        default:
            return true
        }
    }
}
