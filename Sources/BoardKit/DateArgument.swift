/// The dates a person types (`--due`, `board ui`'s form).
public enum DateArgument {
    static let weekdays: [[String]] = [
        ["sun", "sunday"], ["mon", "monday"], ["tue", "tues", "tuesday"], ["wed", "wednesday"],
        ["thu", "thur", "thurs", "thursday"], ["fri", "friday"], ["sat", "saturday"],
    ]

    /// A DATE of CLI.md: `YYYY-MM-DD`, `today`, `tomorrow`, `+3d`, `+2w`, or a weekday name (the next one after today).
    public static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        let word = text.lowercased()
        if let date = CivilDate(word) { return date }
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(exactly: 1)
        default: break
        }
        if word.hasPrefix("+"), let unit = word.last, unit == "d" || unit == "w",
           let count = Int(word.dropFirst().dropLast()), count >= 0, count <= 100_000 {
            return today.adding(exactly: unit == "d" ? count : count * 7)
        }
        if let weekday = weekdays.firstIndex(where: { $0.contains(word) }) {
            let ahead = (weekday - today.weekday + 7) % 7
            return today.adding(exactly: ahead == 0 ? 7 : ahead)
        }
        return nil
    }
}
