/// The dates a person types (`--due`, `board ui`'s form).
public enum DateArgument {
    static let weekdays: [[String]] = [
        ["sun", "sunday"], ["mon", "monday"], ["tue", "tues", "tuesday"], ["wed", "wednesday"],
        ["thu", "thur", "thurs", "thursday"], ["fri", "friday"], ["sat", "saturday"],
    ]

    /// A DATE of CLI.md: `YYYY-MM-DD`, `today`, `tomorrow`, `+3d`, `+2w`, or a weekday name (the next one after today).
    /// Nil for any other text, and for a relative one that falls after 9999-12-31 (`daysAhead` tells them apart).
    public static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        if let date = CivilDate(text.lowercased()) { return date }
        return daysAhead(text, today: today).flatMap { today.adding(exactly: $0) }
    }

    /// How many days after `today` a relative DATE (`today`, `tomorrow`, `+3d`, `+2w`, a weekday name) falls; nil for
    /// any other text.
    public static func daysAhead(_ text: String, today: CivilDate) -> Int? {
        let word = text.lowercased()
        switch word {
        case "today": return 0
        case "tomorrow": return 1
        default: break
        }
        if word.hasPrefix("+"), let unit = word.last, unit == "d" || unit == "w",
           word.dropFirst().dropLast().allSatisfy({ $0.isASCII && $0.isNumber }), word.count > 2 {
            // Ten million days run past 9999-12-31 from any date, so a larger count is taken as that many.
            let count = Int(word.dropFirst().dropLast()).map { min($0, 10_000_000) } ?? 10_000_000
            return unit == "d" ? count : count * 7
        }
        if let weekday = weekdays.firstIndex(where: { $0.contains(word) }) {
            let ahead = (weekday - today.weekday + 7) % 7
            return ahead == 0 ? 7 : ahead
        }
        return nil
    }
}
