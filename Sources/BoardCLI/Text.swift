/// Text from the file made safe to print: control characters (C0 but tab, DEL, C1) shown as `\u{1B}`,
/// so a title cannot drive the terminal.
func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isControl(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    appendJSONString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// Appends a JSON string literal, escaping quotes, backslashes and control characters (C0, DEL, C1).
func appendJSONString(_ text: String, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    func escape(_ value: UInt8) {
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(value >> 4)], hex[Int(value & 15)]]
    }
    out.append(UInt8(ascii: "\""))
    var previous: UInt8 = 0
    for byte in text.utf8 {
        defer { previous = byte }
        switch byte {
        case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
        case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
        case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0..<0x20, 0x7F: escape(byte)
        case 0xC2:
            continue  // Decided with the next byte: C1 controls are U+0080 to U+009F, C2 80 to C2 9F.
        default:
            if previous == 0xC2 {
                if (0x80...0x9F).contains(byte) {
                    escape(byte)
                    continue
                }
                out.append(0xC2)
            }
            out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}
