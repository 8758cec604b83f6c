@testable import BoardCLI
@testable import BoardDisplay
import BoardKit
import Foundation
import Testing

/// The byte scan that spares most lines the scalar walk finds exactly the lines that need escaping.
@Suite struct EscapeScanTests {
    @Test func theByteScanAgreesWithTheScalarsOnEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Short, and among runs of ASCII long enough to be scanned eight bytes at a time.
            for var text in ["a" + String(Character(scalar)) + "b", "abcdefghij" + String(Character(scalar)) + "klmnopqrstu"] {
                let scanned = text.withUTF8(needsEscaping)
                // By the scalars themselves: `escaped` asks the scan first.
                let escapes = text.unicodeScalars.contains(where: isControl)
                if escapes != (escaped(text) != text) { disagreements.append(value) }
                // `show` prints plain text (what `DisplayWidth.plainWidth` counts) without looking for escapes.
                let plain = text.withUTF8(DisplayWidth.plainWidth) != nil
                if scanned != escapes || (plain && escapes) { disagreements.append(value) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { String($0, radix: 16) })")
    }

    /// Any bytes: printing them without a `String` gives what decoding them to one and escaping gives, for the
    /// terminal, for JSON and for a page — ill-formed sequences (cut off, overlong, surrogates, past U+10FFFF) included.
    @Test func bytesArePrintedAsTheirDecodedTextWouldBe() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), [0x09], [0x0A], [0x1B], [0x7F], [0x22], [0x5C], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF],
            [0xC2], [0xC2, 0x85], [0xC2, 0xA0], [0xDF, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xE2, 0x80, 0xAE],
            [0xE2, 0x80, 0x8D], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBB, 0xBF], [0xEF, 0xBF, 0xBD], [0xEA, 0xB0],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x9A, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
            [0x00], [0x01], [0x1F], [0xC2, 0x80], [0xC2, 0x9F], [0xF4, 0x8F, 0xBE, 0x80], [0xE1, 0x85, 0x9F], [0xF0, 0x9D, 0x85, 0xB3],
            [0xFE], [0xFF], Array("한".utf8), Array("é".utf8),
            // Runs long enough to be scanned eight bytes at a time, a quote or a backslash anywhere in them.
            Array("abcdefghij".utf8), Array("klmnopq\"rstuvw".utf8), Array("xyzabc\\defghijk".utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        var mismatches: [[UInt8]] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            var terminal = ByteWriter(), json = ByteWriter(), jsonOfText: [UInt8] = [], page = ByteWriter()
            bytes.withUnsafeBufferPointer {
                appendEscaped(utf8: $0, to: &terminal)
                appendJSONString(utf8: $0, to: &json)
                HTMLPage.escape($0, to: &page)
            }
            if page.bytes != Array(HTMLPage.escape(text).utf8) { mismatches.append(bytes) }
            appendJSONString(text, to: &jsonOfText)
            // And the JSON reads back as the decoded text (Foundation's reader drops a U+FEFF, which the writer keeps).
            let decoded = try? JSONSerialization.jsonObject(with: Data(json.bytes), options: .fragmentsAllowed) as? String
            let readsBack = text.unicodeScalars.contains("\u{FEFF}") || decoded == text
            if terminal.bytes != Array(escaped(text).utf8) || json.bytes != jsonOfText || !readsBack {
                mismatches.append(bytes)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

/// Numbers and dates written as bytes, as `list` and `list --json` write them.
@Suite struct NumberBytesTests {
    @Test func numbersAndDatesAreWrittenAsDigits() throws {
        func written(_ value: Int, width: Int = 1) -> String {
            var out = ByteWriter(capacity: 1)
            out.appendNumber(value, width: width)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(written(0) == "0")
        #expect(written(7, width: 2) == "07")
        #expect(written(12_345) == "12345")
        #expect(written(Int.max) == String(Int.max))
        #expect(written(-42, width: 4) == "-0042")
        #expect(written(Int.min) == String(Int.min))
        #expect(written(0, width: 0) == "0" && written(5, width: 0) == "5")
        // Every power of ten and its neighbours, where the count of digits changes.
        var power = 1
        var wrongNumbers: [Int] = []
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1, -power] where written(value) != String(value) { wrongNumbers.append(value) }
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        #expect(wrongNumbers.isEmpty, "\(wrongNumbers)")
        #expect((0..<100_000).allSatisfy { written($0) == String($0) })
        var date: [UInt8] = []
        try #require(CivilDate(year: 987, month: 3, day: 9)).append(to: &date)
        #expect(String(decoding: date, as: UTF8.self) == "0987-03-09")
        // Every 97th day from year 1 to 9999, and the last, is written as its ISO spelling, which reads back as
        // the same day.
        var day = try #require(CivilDate(year: 1, month: 1, day: 1))
        var wrong: [String] = []
        let last = try #require(CivilDate(year: 9999, month: 12, day: 31))
        var lastWritten = ByteWriter(capacity: 4)
        last.append(to: &lastWritten)
        #expect(lastWritten.bytes == Array("9999-12-31".utf8))
        while day < last {
            var out = ByteWriter(capacity: 4)
            day.append(to: &out)
            let text = String(decoding: out.bytes, as: UTF8.self)
            func padded(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            let expected = padded(day.year, 4) + "-" + padded(day.month, 2) + "-" + padded(day.day, 2)
            if text != expected || CivilDate(text) != day { wrong.append(text) }
            guard let next = day.adding(exactly: 97) else { break }
            day = next
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        // Past its first room, a writer grows and keeps what it held.
        var grown = ByteWriter(capacity: 1)
        for _ in 0..<100 { grown.append("0123456789") }
        grown.append(UInt8(ascii: "!"), count: 3)
        #expect(grown.bytes == Array((String(repeating: "0123456789", count: 100) + "!!!").utf8))
    }
}

/// Numbers are written two digits at a time from a table: every number must read as `String(_:)` writes it.
@Suite struct NumberDigitsTests {
    @Test func everyNumberIsWrittenAsItsDecimalSpelling() {
        var values = Array(-1_000...120_000)
        var power = 1
        for _ in 0..<19 {
            values += [power - 1, power, power + 1, -power, power / 10 * 9]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        values += [Int.max, Int.min, Int.max - 1, Int.min + 1]
        var wrong: [Int] = []
        for value in values {
            var out = ByteWriter(capacity: 1)
            out.appendNumber(value)
            if out.bytes != Array(String(value).utf8) { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) numbers written wrong, the first: \(wrong.first ?? 0)")
        // Hexadecimal, in capitals, without leading zeros: as `String(_:radix:uppercase:)` writes it.
        let hexValues: [UInt32] = [0, 1, 0xF, 0x10, 0x1B, 0xAD, 0x202E, 0xFEFF, 0x1D173, 0x10FFFF, UInt32.max]
        for value in hexValues {
            var hex = ByteWriter(capacity: 1)
            hex.appendHex(value)
            #expect(hex.bytes == Array(String(value, radix: 16, uppercase: true).utf8), "\(value)")
        }
        var padded = ByteWriter(capacity: 1)
        padded.appendNumber(7, width: 5)
        padded.appendNumber(123_456, width: 3)
        #expect(padded.bytes == Array("00007123456".utf8))
    }
}
