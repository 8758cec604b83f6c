import BoardKit

/// Text from the file, a path or an argument made safe to print: control characters (C0 but tab, DEL, C1), the
/// bidirectional controls and the invisible characters that could hide or reorder text are shown as `\u{1B}`,
/// so a title cannot drive the terminal or read differently from what it is.
public func escaped(_ text: String) -> String {
    var text = text
    guard text.withUTF8(needsEscaping) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if (0x10FF80...0x10FFFF).contains(scalar.value) {
            // A byte of a path or argument that is not UTF-8, as `SystemText` holds it.
            out += "\\x" + String(scalar.value - 0x10FF00, radix: 16, uppercase: true)
        } else if isControl(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Appends text from the file as `escaped` gives it, with no `String` made of it: runs that need no escape are copied
/// whole, each scalar `isControl` escapes is written as `escaped` writes it, and each ill-formed sequence as the
/// U+FFFD `String(decoding:as:)` would put in its place. What is written may go out as it comes (`drainIfFull`).
public func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
    var runStart = 0
    var index = 0
    func flush() { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
    while index < bytes.count {
        index = UTF8Sequence.printableASCIIEnd(in: bytes, from: index)
        guard index < bytes.count else { break }
        if bytes[index] == 0x09 {
            index += 1
            continue
        }
        // Kana, CJK, Hangul and emoji are never escaped.
        let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
        if commonEnd > index {
            index = commonEnd
            continue
        }
        guard let length = UTF8Sequence.length(in: bytes, at: index) else {
            index = out.appendReplacingIllFormed(bytes, run: runStart, at: index)
            runStart = index
            continue
        }
        let value = UTF8Sequence.scalar(in: bytes, at: index, length: length)
        guard let scalar = Unicode.Scalar(value), isControl(scalar) else {
            index += length
            continue
        }
        flush()
        appendEscape(of: value, to: &out)
        index += length
        runStart = index
        out.drainIfFull()
    }
    flush()
}

/// `\u{1B}` (hexadecimal in capitals, without leading zeros), or `\x80` for a byte of a path or argument that is not
/// UTF-8 (U+10FF80 to U+10FFFF, as `SystemText` holds it).
private func appendEscape(of value: UInt32, to out: inout ByteWriter) {
    guard value < 0x10FF80 else {
        out.append("\\x")
        return out.appendHex(value - 0x10FF00)
    }
    out.append("\\u{")
    out.appendHex(value)
    out.append(UInt8(ascii: "}"))
}

/// True when the bytes hold a scalar `isControl` escapes or are not well-formed UTF-8: a scan of the bytes, since
/// nearly every line printed holds neither, and walking its scalars costs more than printing it.
public func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
        index = UTF8Sequence.printableASCIIEnd(in: bytes, from: index)
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte < 0x80 {
            if byte != 0x09 { return true }
            index += 1
            continue
        }
        // Kana, CJK, Hangul and emoji are never escaped.
        let commonEnd = UTF8Sequence.commonRunEnd(in: bytes, from: index)
        if commonEnd > index {
            index = commonEnd
            continue
        }
        guard let length = UTF8Sequence.length(in: bytes, at: index) else { return true }
        let next = bytes[index + 1], third = length > 2 ? bytes[index + 2] : 0, fourth = length > 3 ? bytes[index + 3] : 0
        switch byte {
        case 0xC2 where next <= 0x9F || next == 0xAD: return true  // C1 controls, U+00AD
        case 0xCD where next == 0x8F: return true  // U+034F
        case 0xD8 where next == 0x9C: return true  // U+061C
        case 0xE1 where (next == 0xA0 && third == 0x8E) || (next == 0x85 && (third == 0x9F || third == 0xA0)):
            return true  // U+180E, U+115F, U+1160
        case 0xE1 where next == 0x9E && (third == 0xB4 || third == 0xB5): return true  // U+17B4, U+17B5
        case 0xE2 where next == 0x80 && (third == 0x8B || third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)):
            return true  // U+200B, U+200E, U+200F, U+2028–U+202E (joiners U+200C, U+200D stay)
        case 0xE2 where next == 0x81 && (0xA0...0xAF).contains(third): return true  // U+2060–U+206F
        case 0xEF where (next == 0xBB && third == 0xBF) || (next == 0xBF && (0xB9...0xBB).contains(third)) || (next == 0xBE && third == 0xA0):
            return true  // U+FEFF, U+FFF9–U+FFFB, U+FFA0
        case 0xF0 where next == 0x9D && third == 0x85 && (0xB3...0xBA).contains(fourth): return true  // U+1D173–U+1D17A
        case 0xF0 where next == 0x9B && third == 0xB2 && (0xA0...0xA3).contains(fourth): return true  // U+1BCA0–U+1BCA3
        case 0xF3 where next == 0xA0 && third == 0x80 && fourth <= 0x81: return true  // U+E0000, U+E0001
        case 0xF4 where next == 0x8F && third >= 0xBE: return true  // U+10FF80 and up
        default: break
        }
        index += length
    }
    return false
}

/// Whether `escaped` writes the scalar as `\u{…}` (or, for a byte of a path that is not UTF-8, `\x…`).
func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00..<0x20, 0x7F...0x9F: return true
    case let value where isInvisibleFormatting(value): return true
    case 0x10FF80...0x10FFFF: return true  // a byte of a path or argument that is not UTF-8 (`SystemText`)
    default: return false
    }
}
