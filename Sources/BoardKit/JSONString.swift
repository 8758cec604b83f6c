/// Appends a JSON string literal, escaping quotes, backslashes and control characters (C0, DEL, C1).
/// Runs of bytes that need no escape are copied whole.
public func appendJSONString(_ text: String, to out: inout [UInt8]) {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    let hex: StaticString = "0123456789abcdef"
    func escape(_ value: UInt8) {
        let digits = hex.utf8Start
        out += [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(value >> 4)], digits[Int(value & 15)]]
    }
    var text = text
    out.append(quote)
    text.withUTF8 { bytes in
        var runStart = 0
        var index = 0
        func flush() { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        while index < bytes.count {
            let byte = bytes[index]
            // C1 controls are U+0080 to U+009F: C2 80 to C2 9F.
            let c1 = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] <= 0x9F
            guard byte < 0x20 || byte == quote || byte == backslash || byte == 0x7F || c1 else {
                index += 1
                continue
            }
            flush()
            switch byte {
            case quote, backslash: out += [backslash, byte]
            case UInt8(ascii: "\n"): out += [backslash, UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [backslash, UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [backslash, UInt8(ascii: "t")]
            case 0xC2:
                index += 1
                escape(bytes[index])
            default: escape(byte)
            }
            index += 1
            runStart = index
        }
        flush()
    }
    out.append(quote)
}
