/// Bytes from the system (arguments, environment values, paths) held as text without loss: valid UTF-8 as it is,
/// each other byte as a scalar of its own (U+10FF80 + the byte's low seven bits… U+10FFFF, in a private-use plane),
/// which turns back into that byte wherever the text goes back to the system. So a path that is not UTF-8 names
/// the same file all the way through, and prints escaped as `\xFF`. A character of that range the bytes spell in
/// UTF-8 is held as its four bytes, each a scalar of its own: held as itself, it went back as one byte, another
/// file.
public enum SystemText {
    /// The text for bytes from the system.
    public static func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        let array = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = scalar(in: array, at: index), byte(of: scalar) == nil {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(rawByte(array[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The text for the bytes `text` stands for, where they are UTF-8 (a character U+10FF80 or above among them,
    /// held as its bytes); else the first byte that is not.
    public static func utf8Text(_ text: String) -> Result<String, InvalidByte> {
        let bytes = cString(text).dropLast().map { UInt8(bitPattern: $0) }
        var index = 0
        while index < bytes.count {
            guard let (_, length) = scalar(in: bytes, at: index) else { return .failure(InvalidByte(value: bytes[index])) }
            index += length
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// A byte that is not UTF-8 text.
    public struct InvalidByte: Error {
        public let value: UInt8
    }

    /// Text from the system read as a board's text is read: each byte that is not UTF-8 as U+FFFD, as a title in the
    /// file holding that byte decodes it, so that a ref typed with the byte names that title.
    public static func asFileText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { byte(of: $0) != nil }) else { return text }
        return String(decoding: cString(text).dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes to hand the system for text, NUL-terminated: the inverse of `decode`.
    public static func cString(_ text: String) -> [CChar] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if let byte = byte(of: scalar) {
                bytes.append(byte)
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// The text with each byte that is not UTF-8 written `\xFF`, as paths are printed: for JSON, whose strings are
    /// Unicode and cannot hold the byte itself.
    public static func shownBytes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { byte(of: $0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let byte = byte(of: scalar) { out += "\\x" + String(byte, radix: 16, uppercase: true) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The raw byte a scalar stands for, if it stands for one.
    public static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        (0x10FF80...0x10FFFF).contains(scalar.value) ? UInt8(scalar.value - 0x10FF00) : nil
    }

    private static func rawByte(_ byte: UInt8) -> Unicode.Scalar {
        // Invalid UTF-8 bytes are 0x80 and above: they map into U+10FF80 ... U+10FFFF.
        Unicode.Scalar(0x10FF00 + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// The scalar a well-formed UTF-8 sequence at `index` encodes, and its length.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let first = bytes[index]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch first {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(first & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(first & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
