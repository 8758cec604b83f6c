/// True for the characters that change how text around them reads without showing themselves: the line and
/// paragraph separators (a line break to some terminals), bidirectional embeddings, overrides and isolates, the marks
/// LRM, RLM and ALM, zero-width space, word joiner and zero-width no-break space; and those that show nothing, so
/// that two titles alike on screen differ: the soft hyphen, the Mongolian vowel separator, the invisible operators
/// (U+2061–U+2064), the interlinear annotation marks (U+FFF9–U+FFFB), the Hangul fillers U+115F, U+1160 and
/// U+FFA0, the combining grapheme joiner (U+034F), the Khmer inherent vowels (U+17B4, U+17B5), the deprecated format
/// characters (U+206A–U+206F) and U+2065 among them, the musical format controls (U+1D173–U+1D17A), the shorthand
/// format controls (U+1BCA0–U+1BCA3), U+E0000 and the language tag U+E0001. Zero-width joiners (emoji
/// sequences, Indic and Persian text), the tag characters (the flags of England, Scotland and Wales are made of them)
/// and U+3164 (among the Hangul read without a look) are not among them. Output meant for a terminal writes them
/// escaped.
public func isInvisibleFormatting(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x200B, 0x2060, 0xFEFF,
         0x00AD, 0x180E, 0x2061...0x2064, 0xFFF9...0xFFFB, 0x115F, 0x1160, 0xFFA0, 0x034F, 0x17B4, 0x17B5,
         0x206A...0x206F, 0x1D173...0x1D17A,
         // U+2065, the shorthand format controls, and U+E0000 and the language tag, which no flag uses (helper-68).
         0x2065, 0x1BCA0...0x1BCA3, 0xE0000, 0xE0001: true
    default: false
    }
}

/// Appends a JSON string literal, escaping quotes, backslashes, control characters (C0, DEL, C1) and
/// `isInvisibleFormatting` characters (`\u202e`: the same string to a JSON reader, and nothing hidden on a terminal).
/// Runs of bytes that need no escape are copied whole.
public func appendJSONString(_ text: String, to out: inout [UInt8]) {
    var writer = ByteWriter(capacity: text.utf8.count + 16)
    appendJSONString(text, to: &writer)
    writer.withBytes { out.append(contentsOf: $0) }
}

/// `appendJSONString` to a `ByteWriter`.
public func appendJSONString(_ text: String, to out: inout ByteWriter) {
    var text = text
    text.withUTF8 { appendJSONString(utf8: $0, to: &out) }
}

/// `appendJSONString` of bytes from a file, with no `String` made of them: well-formed UTF-8 is escaped as it
/// stands, and bytes that are not are first decoded as `String(decoding:as:)` would (U+FFFD in their place).
public func appendJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
    out.append(UInt8(ascii: "\""))
    appendJSONStringContent(utf8: bytes, to: &out)
    out.append(UInt8(ascii: "\""))
}

/// The inside of a JSON string literal, without its quotes: for a string written in pieces (a body's lines).
public func appendJSONStringContent(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    let hex: StaticString = "0123456789abcdef"
    func escape(_ value: UInt8) {
        let digits = hex.utf8Start
        out.append("\\u00")
        out.append(digits[Int(value >> 4)])
        out.append(digits[Int(value & 15)])
    }
    var runStart = 0
    var index = 0
    func flush() { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
    while index < bytes.count {
        index = UTF8Sequence.printableASCIIEnd(in: bytes, from: index, json: true)
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte >= 0x80 {
            // Kana, CJK, Hangul and emoji are written as they are.
            let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
            if commonEnd > index {
                index = commonEnd
                continue
            }
            // An ill-formed sequence is the U+FFFD `String(decoding:as:)` puts in its place.
            guard let length = UTF8Sequence.length(in: bytes, at: index) else {
                index = out.appendReplacingIllFormed(bytes, run: runStart, at: index)
                runStart = index
                continue
            }
            // Invisible formatting characters are two bytes (U+061C) to four (the musical format controls); one
            // beyond U+FFFF is written as its UTF-16 surrogate pair, as JSON escapes it.
            if length > 1 {
                let scalar = UTF8Sequence.scalar(in: bytes, at: index, length: length)
                if isInvisibleFormatting(scalar) {
                    flush()
                    let digits = hex.utf8Start
                    func appendUnit(_ unit: UInt32) {
                        out.append("\\u")
                        for shift in [12, 8, 4, 0] as [UInt32] { out.append(digits[Int(unit >> shift & 15)]) }
                    }
                    if scalar > 0xFFFF {
                        appendUnit(0xD800 + ((scalar - 0x10000) >> 10))
                        appendUnit(0xDC00 + (scalar & 0x3FF))
                    } else {
                        appendUnit(scalar)
                    }
                    index += length
                    runStart = index
                    out.drainIfFull()
                    continue
                }
            }
            // C1 controls are U+0080 to U+009F: C2 80 to C2 9F.
            guard byte == 0xC2, bytes[index + 1] <= 0x9F else {
                index += length
                continue
            }
        } else if byte >= 0x20 && byte != quote && byte != backslash && byte != 0x7F {
            index += 1
            continue
        }
        flush()
        switch byte {
        case quote, backslash:
            out.append(backslash)
            out.append(byte)
        case UInt8(ascii: "\n"): out.append("\\n")
        case UInt8(ascii: "\r"): out.append("\\r")
        case UInt8(ascii: "\t"): out.append("\\t")
        case 0xC2:
            index += 1
            escape(bytes[index])
        default: escape(byte)
        }
        index += 1
        runStart = index
        out.drainIfFull()
    }
    flush()
}
