import BoardKit

/// A deterministic generator of realistic boards: N items across the three sections, about 30% with
/// 1–3 body lines, Korean and emoji titles, free text, code fences and due dates in all three spellings.
struct BoardGenerator {
    private var state: UInt64

    init(seed: UInt64 = 2026) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    static let words = ["fix", "the", "login", "flow", "write", "docs", "for", "release", "review", "parser",
                        "benchmark", "migrate", "config", "update", "tests", "deploy", "staging", "cache", "index"]
    static let korean = ["릴리스", "노트", "번역", "검토", "배포", "테스트", "문서", "수정"]
    static let emoji = ["🚀", "🐛", "✅", "📦", "🔥"]

    private mutating func title() -> String {
        var parts: [String] = []
        for _ in 0..<(4 + next(6)) {
            switch next(10) {
            case 0: parts.append(Self.korean[next(Self.korean.count)])
            case 1: parts.append(Self.emoji[next(Self.emoji.count)])
            default: parts.append(Self.words[next(Self.words.count)])
            }
        }
        return parts.joined(separator: " ")
    }

    private mutating func date() -> String {
        let date = CivilDate(daysSinceEpoch: 20_300 + next(400))
        switch next(10) {
        case 0: return "📅 \(date)"
        case 1: return "@{\(date)}"
        default: return "due:\(date)"
        }
    }

    /// A board of `count` items, as bytes.
    mutating func board(items count: Int) -> [UInt8] {
        var text = "---\nowner: bench\n---\n# Generated board\n\nFree text before the sections.\n\n"
        let shares: [(String, Int, String)] = [("TODO", 6, " "), ("DOING", 1, " "), ("DONE", 3, "x")]
        var made = 0
        for (index, (name, share, mark)) in shares.enumerated() {
            text += "## \(name)\n\n"
            let inSection = index == shares.count - 1 ? count - made : count * share / 10
            for item in 0..<inSection {
                if item > 0 && item % 500 == 0 {
                    text += "\n### Group \(item / 500)\n\nSome notes about this group.\n\n```sh\n## TODO not a heading\n- [ ] not an item\n```\n\n"
                }
                text += "- [\(mark)] \(title())"
                if next(10) < 6 { text += " \(date())" }
                text += "\n"
                if next(10) < 3 {
                    for _ in 0..<(1 + next(3)) { text += "  \(title())\n" }
                }
            }
            made += inSection
            text += "\n"
        }
        return Array(text.utf8)
    }
}
