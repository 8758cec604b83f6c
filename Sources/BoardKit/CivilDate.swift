/// A calendar date (proleptic Gregorian), with no time and no time zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Stored small: a board holds one per dated item.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }

    /// A date, or nil when the three numbers are not a real calendar date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        storedYear = Int16(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// The date in 23 bits, as a token holds it: `year << 9 | month << 5 | day`.
    var packed: UInt32 { UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day) }

    /// The date a token's `packed` bits hold, known to be real.
    init(packed: UInt32) {
        storedYear = Int16(truncatingIfNeeded: packed >> 9 & 0x3FFF)
        storedMonth = UInt8(truncatingIfNeeded: packed >> 5 & 0xF)
        storedDay = UInt8(truncatingIfNeeded: packed & 0x1F)
    }

    /// The date that is `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        // Clamped to the years a date can have here (1...9999).
        storedYear = Int16(clamping: min(max(yoe + era * 400 + (m <= 2 ? 1 : 0), 1), 9999))
        storedMonth = UInt8(m)
        storedDay = UInt8(d)
    }

    /// Parses exactly `YYYY-MM-DD`; nil for any other text or an impossible date.
    public init?<Bytes: Collection<UInt8>>(iso bytes: Bytes) {
        guard bytes.count == 10,
              let date = Array(bytes).withUnsafeBufferPointer({ CivilDate(iso: $0, 0..<10) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` at `range` of `bytes`; nil for any other text or an impossible date.
    /// The parser calls this directly, on the file's buffer, for every due token: digit by digit, in arithmetic that
    /// cannot overflow (eight digits at most), and with the day's bound found without a range or a switch.
    @inline(__always)
    init?(iso bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard range.count == 10, let base = bytes.baseAddress else { return nil }
        let text = base + range.lowerBound
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
        // A byte below "0" wraps around to a large value, so one comparison tells a digit.
        @inline(__always) func digit(_ offset: Int) -> Int? {
            let value = text[offset] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3), let m0 = digit(5),
              let m1 = digit(6), let d0 = digit(8), let d1 = digit(9) else { return nil }
        let year = y0 &* 1000 &+ y1 &* 100 &+ y2 &* 10 &+ y3, month = m0 &* 10 &+ m1, day = d0 &* 10 &+ d1
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        storedYear = Int16(truncatingIfNeeded: year)
        storedMonth = UInt8(truncatingIfNeeded: month)
        storedDay = UInt8(truncatingIfNeeded: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        self.init(iso: Array(text.utf8))
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The date `days` days later (earlier when negative), or nil when that is before 0001-01-01 or after
    /// 9999-12-31, the dates a board can hold.
    public func adding(exactly days: Int) -> CivilDate? {
        let first = CivilDate.firstDay, last = CivilDate.lastDay
        guard days >= first - daysSinceEpoch, days <= last - daysSinceEpoch else { return nil }
        return CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    private static let firstDay = CivilDate(year: 1, month: 1, day: 1)?.daysSinceEpoch ?? -719_162
    private static let lastDay = CivilDate(year: 9999, month: 12, day: 31)?.daysSinceEpoch ?? 2_932_896

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int {
        let w = (daysSinceEpoch + 4) % 7  // 1970-01-01 was a Thursday.
        return w < 0 ? w + 7 : w
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var digits = ByteWriter(capacity: 16)
        append(to: &digits)
        return digits.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `YYYY-MM-DD`.
    public func append(to bytes: inout [UInt8]) {
        var digits = ByteWriter(capacity: 16)
        append(to: &digits)
        digits.withBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends `YYYY-MM-DD`, its ten bytes written at once: this is printed for every dated item of a large board.
    /// With `dashes` false, `YYYYMMDD` (iCalendar's form). A date's year is 1 to 9999, which
    /// `init?(year:month:day:)` and `init(daysSinceEpoch:)` hold it to.
    public func append(to out: inout ByteWriter, dashes: Bool = true) {
        let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
        let year = Int(storedYear), month = Int(storedMonth), day = Int(storedDay)
        @inline(__always) func digit(_ value: Int) -> UInt8 { zero &+ UInt8(truncatingIfNeeded: value) }
        let text: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10), dash,
            digit(month / 10), digit(month % 10), dash, digit(day / 10), digit(day % 10))
        withUnsafeBytes(of: text) { raw in
            let text = raw.assumingMemoryBound(to: UInt8.self)
            guard !dashes else { return out.append(text) }
            out.append(UnsafeBufferPointer(rebasing: text[0..<4]))
            out.append(UnsafeBufferPointer(rebasing: text[5..<7]))
            out.append(UnsafeBufferPointer(rebasing: text[8..<10]))
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.storedYear, lhs.storedMonth, lhs.storedDay) < (rhs.storedYear, rhs.storedMonth, rhs.storedDay)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
