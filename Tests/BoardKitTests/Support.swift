import BoardKit
import Foundation

/// The fixture corpus under `Tests/BoardKitTests/Fixtures`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
    }
}

/// A deterministic random number generator (SplitMix64), so a failing run can be repeated.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// `BOARD_PROPERTY_SEED` when set, so that a property test can try other boards than its fixed ones, else `fixed`.
    static func propertySeed(else fixed: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["BOARD_PROPERTY_SEED"].flatMap { UInt64($0) } ?? fixed
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Board {
    /// A compact, line-numbered (1-based) description of the parsed structure, for assertions.
    func outline() -> [String] {
        var out: [String] = []
        for region in regions {
            out.append("\(region.kind) \(region.lines.lowerBound + 1)-\(region.lines.upperBound)")
        }
        for section in sections {
            out.append("\(section.kind.name) h\(section.level) \(section.lines.lowerBound + 1)-\(section.lines.upperBound)")
        }
        for item in items {
            var text = "\(item.line + 1) \(sections[item.section].kind.name) [\(item.checked ? "x" : " ")] '\(title(of: item))'"
            if let due = item.due { text += " due \(due)" }
            if !item.body.isEmpty { text += " body \(item.body.lowerBound + 1)-\(item.body.upperBound)" }
            out.append(text)
        }
        for line in plainListItems {
            out.append("plain \(line + 1)")
        }
        return out
    }
}

/// Three versions of a board merged, as text, with the conflicts.
func merge(_ base: String, _ ours: String, _ theirs: String) -> (text: String, conflicts: [MergeConflict]) {
    let result = Board.merge(base: Board(parsing: base), ours: Board(parsing: ours), theirs: Board(parsing: theirs))
    return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
}
