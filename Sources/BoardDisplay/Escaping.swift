/// Text from the file, a path or an argument made safe to print: control characters (C0 but tab, DEL, C1), the
/// bidirectional controls and the invisible characters that could hide or reorder text are shown as `\u{1B}`,
/// so a title cannot drive the terminal or read differently from what it is.
public func escaped(_ text: String) -> String {
    var text = text
    guard text.withUTF8(holdsControl) else { return text }
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

/// True when the UTF-8 bytes hold a scalar `isControl` escapes: a scan of the bytes, since nearly every line
/// printed holds none, and walking its scalars costs more than printing it.
public func holdsControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        let (next, third) = (at(index + 1), at(index + 2))
        switch byte {
        case 0x09: break
        case 0x00..<0x20, 0x7F: return true
        case 0xC2 where (0x80...0x9F).contains(next): return true  // C1 controls
        case 0xD8 where next == 0x9C: return true  // U+061C
        case 0xE2 where next == 0x80 && (third == 0x8B || third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)):
            return true  // U+200B, U+200E, U+200F, U+2028–U+202E (joiners U+200C, U+200D stay)
        case 0xE2 where next == 0x81 && (third == 0xA0 || (0xA6...0xA9).contains(third)): return true
        case 0xEF where next == 0xBB && third == 0xBF: return true  // U+FEFF
        case 0xF4 where next == 0x8F && third >= 0xBE: return true  // U+10FF80 and up
        default: break
        }
        index += 1
    }
    return false
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00..<0x20, 0x7F...0x9F: return true
    // The line and paragraph separators (a line break to some terminals), bidirectional embeddings, overrides and
    // isolates, the marks LRM, RLM and ALM, zero-width space, word joiner and zero-width no-break space. Zero-width joiners (emoji sequences, Indic and Persian text) stay.
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x200B, 0x2060, 0xFEFF: return true
    case 0x10FF80...0x10FFFF: return true  // a byte of a path or argument that is not UTF-8 (`SystemText`)
    default: return false
    }
}
