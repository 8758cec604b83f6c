@testable import BoardCLI
import BoardDisplay
import BoardKit
import Testing

/// The byte scan that spares most lines the scalar walk finds exactly the lines that need escaping.
@Suite struct EscapeScanTests {
    @Test func theByteScanAgreesWithTheScalarsOnEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(Character(scalar)) + "b"
            let scanned = text.withUTF8(holdsControl)
            let escapes = escaped(text) != text
            if scanned != escapes { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { String($0, radix: 16) })")
    }
}

/// Numbers and dates written as bytes, as `list` and `list --json` write them.
@Suite struct NumberBytesTests {
    @Test func numbersAndDatesAreWrittenAsDigits() throws {
        func written(_ value: Int, width: Int = 1) -> String {
            var out: [UInt8] = []
            out.appendNumber(value, width: width)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(written(0) == "0")
        #expect(written(7, width: 2) == "07")
        #expect(written(12_345) == "12345")
        #expect(written(Int.max) == String(Int.max))
        #expect(written(-42, width: 4) == "-0042")
        var date: [UInt8] = []
        try #require(CivilDate(year: 987, month: 3, day: 9)).append(to: &date)
        #expect(String(decoding: date, as: UTF8.self) == "0987-03-09")
    }
}
