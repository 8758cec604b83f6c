@testable import BoardCLI
import Testing

/// The byte scan that spares most lines the scalar walk finds exactly the lines that need escaping.
@Suite struct EscapeScanTests {
    @Test func theByteScanAgreesWithTheScalarsOnEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(Character(scalar)) + "b"
            let scanned = text.withUTF8(mayHoldControl)
            let escapes = escaped(text) != text
            if scanned != escapes { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { String($0, radix: 16) })")
    }
}
