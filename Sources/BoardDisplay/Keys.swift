/// A key pressed in `board ui`.
public enum Key: Equatable, Sendable {
    /// A printable character (a letter, a digit, a symbol, a space, a Hangul syllable, an emoji).
    case character(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, tab, backspace, escape
    /// Ctrl-C (raw mode turns it into a byte, not a signal).
    case interrupt
    /// Ctrl-Z (a byte in raw mode too): stop, as a shell's job stops.
    case suspend
    /// Text pasted (bracketed paste): typed as text, its line breaks never taken for Enter.
    case paste(String)
}

/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 text, the escape sequences of arrows and the
/// like (`ESC [ A`, `ESC O A`, `ESC [ 5 ~`), and control bytes. Sequences it does not know are dropped whole.
public struct KeyDecoder: Sendable {
    /// The C1 controls that begin a string a terminal sends, up to its ST: DCS, SOS, OSC, PM and APC.
    static let stringIntroducers: [UInt8] = [0x90, 0x98, 0x9D, 0x9E, 0x9F]

    private var pending: [UInt8] = []
    /// The bytes of a paste under way (after `ESC [ 200 ~`, until `ESC [ 201 ~`).
    private var pasted: [UInt8]?
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    public init() {}

    /// The keys in the bytes read, with what an earlier read left unfinished. A lone `ESC` at the end is the
    /// Escape key when `final` (no more bytes came in time); else it waits for the rest of a sequence.
    ///
    /// `ESC` and a key read together are a chord (Alt-d, Alt-Enter, as terminals send them), bound to nothing: both
    /// are dropped. Read apart, they are Escape, then the key. Ctrl-C in a paste ends it and is Ctrl-C: a paste whose end
    /// never comes (cut off) took every key, `q` and Ctrl-C too.
    public mutating func keys(_ bytes: [UInt8], final: Bool = true) -> [Key] {
        // The bytes before this read's.
        let earlier = pending.count
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if var text = pasted {
                // Up to the end of the paste; a part of its end marker waits for the rest.
                var end = index
                while end < pending.count, !pending[end...].starts(with: Self.pasteEnd), pending[end] != 0x03 {
                    if pending.count - end < Self.pasteEnd.count, Self.pasteEnd.starts(with: pending[end...]) { break }
                    end += 1
                }
                if end < pending.count, pending[end] == 0x03 {
                    pasted = nil
                    keys += [.paste(String(decoding: text + pending[index..<end], as: UTF8.self)), .interrupt]
                    index = end + 1
                    continue
                }
                text += pending[index..<end]
                index = end
                guard pending[index...].starts(with: Self.pasteEnd) else {
                    pasted = text
                    return finish(keys, consumed: index)
                }
                pasted = nil
                keys.append(.paste(String(decoding: text, as: UTF8.self)))
                index += Self.pasteEnd.count
                continue
            }
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else {
                    if final { keys.append(.escape); index += 1 }
                    return finish(keys, consumed: index)
                }
                let introducer = pending[index + 1]
                // A string a terminal sends (OSC `ESC ]`, DCS `ESC P`, APC, PM, SOS: a reply to a query, such as its
                // colours) runs to BEL or `ESC \`: dropped whole, never typed into the form (helper-74).
                if Array("]P_^X".utf8).contains(introducer) {
                    guard let after = stringEnd(from: index + 2) else { return finish(keys, consumed: final ? pending.count : index) }
                    index = after
                    continue
                }
                guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                    // Read apart, or before Escape, Ctrl-C or Ctrl-Z (which always act): Escape, then that key.
                    if index < earlier && index + 1 >= earlier || introducer == 0x1B || introducer == 0x03 || introducer == 0x1A {
                        keys.append(.escape)
                        index += 1
                    } else {
                        index += 2  // a chord of Alt and a key (Alt-d, Alt-Enter)
                    }
                    continue
                }
                // Parameters (digits and ';') then one final byte. A sequence still unfinished when no more came in
                // time is dropped: it took the next key pressed, however much later, for its end.
                var end = index + 2
                while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
                guard end < pending.count else { return finish(keys, consumed: final ? pending.count : index) }
                let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
                if pending[end] == UInt8(ascii: "~"), parameters == "200" {
                    pasted = []
                } else if let key = Self.sequence(final: pending[end], parameters: parameters) {
                    keys.append(key)
                }
                index = end + 1
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x1A: keys.append(.suspend); index += 1
            case 0x00..<0x20: index += 1
            default:
                // The same strings begun by a C1 control (U+009D OSC, U+0090 DCS, …), as UTF-8 or as one 8-bit byte:
                // dropped whole too, not only their controls (helper-76: `11;x` of one was typed into the title).
                let c1 = byte == 0xC2 && index + 1 < pending.count ? pending[index + 1] : byte
                if Self.stringIntroducers.contains(c1) {
                    guard let after = stringEnd(from: index + (byte == 0xC2 ? 2 : 1)) else {
                        return finish(keys, consumed: final ? pending.count : index)
                    }
                    index = after
                    continue
                }
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                // The sequence ends at a byte that cannot continue it: a byte that is no UTF-8 (an 8-bit Meta key, a
                // Latin-1 terminal) took the next keys pressed, however much later, for its rest (helper-74: an
                // arrow's `ESC [`, its `A` typed). Such a sequence is dropped, as one unfinished when no more came.
                var end = index + 1
                while end < min(index + length, pending.count), pending[end] & 0xC0 == 0x80 { end += 1 }
                if end < index + length, end == pending.count, !final { return finish(keys, consumed: index) }
                let text = String(decoding: pending[index..<end], as: UTF8.self)
                // Not the C1 controls (U+0080 to U+009F), dropped as C0 ones are.
                if end == index + length, let character = text.first, text != "\u{FFFD}" || length == 3,
                   !(0x80...0x9F).contains(character.unicodeScalars.first?.value ?? 0) {
                    keys.append(.character(character))
                }
                index = end
            }
        }
        return finish(keys, consumed: index)
    }

    /// Where a terminal's string (OSC, DCS, APC, PM, SOS) whose text starts at `start` ends: past its BEL, `ESC \`
    /// or ST (U+009C, as UTF-8 or one byte). Nil while its end has not come.
    private func stringEnd(from start: Int) -> Int? {
        var end = start
        while end < pending.count {
            switch pending[end] {
            case 0x07, 0x9C: return end + 1
            case 0x1B where end + 1 < pending.count && pending[end + 1] == UInt8(ascii: "\\"): return end + 2
            case 0xC2 where end + 1 < pending.count && pending[end + 1] == 0x9C: return end + 2
            default: end += 1
            }
        }
        return nil
    }

    private mutating func finish(_ keys: [Key], consumed: Int) -> [Key] {
        pending.removeFirst(consumed)
        return keys
    }

    private static func sequence(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": .home
            case "4", "8": .end
            case "5": .pageUp
            case "6": .pageDown
            default: nil
            }
        default: nil
        }
    }
}
