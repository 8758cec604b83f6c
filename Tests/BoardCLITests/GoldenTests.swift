import BoardCLI
import Testing

/// Each command on the messy, Obsidian and CRLF boards: the exact file afterwards, and no line outside the
/// touched item changed. Line numbers are the original file's, 1-based.
@Suite struct GoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let board: String
        let arguments: [String]
        let output: String
        /// Original lines the command may remove or rewrite.
        let touched: Set<Int>
        let edit: @Sendable (inout [String]) -> Void
        var testDescription: String { "\(board): board \(arguments.joined(separator: " "))" }
    }

    static let messy = Paths.example("messy.md")
    static let obsidian = Paths.example("obsidian-kanban.md")
    static let crlf = Paths.fixture("08-crlf.md")

    static func source(_ name: String) -> [UInt8] {
        switch name {
        case "messy": messy
        case "obsidian": obsidian
        default: crlf
        }
    }

    /// The messy board ends without a newline at line 35: appending there gives that line its break.
    static let messyLast: Set<Int> = [35]

    static let cases: [Case] = [
        Case(board: "messy", arguments: ["add", "New thing", "--due", "2026-12-01"], output: "Added \"New thing\" to TODO (:22)",
             touched: []) { $0.insert("* [ ] New thing due:2026-12-01\r\n", at: 21) },
        Case(board: "messy", arguments: ["add", "Late", "--to", "done"], output: "Added \"Late\" to DONE (:36)",
             touched: messyLast) { $0[34] += "\r\n"; $0.append("- [x] Late") },
        Case(board: "messy", arguments: ["move", "login", "done"], output: "Moved \"Fix the login bug\" from TODO to DONE",
             touched: Set(12...16).union(messyLast)) {
            let moved = Array($0[11...15])
            $0.removeSubrange(11...15)
            $0[$0.count - 1] += "\r\n"
            $0 += moved
            $0[$0.count - 5] = "* [x] Fix the login bug due:2026-11-02 done:2026-11-21   \r\n"
            $0[$0.count - 1] = "\ttab-indented body line"
        },
        Case(board: "messy", arguments: ["edit", "Half-done", "--due", "2026-12-05"], output: "Edited \"Half-done thing\"",
             touched: [25]) { $0[24] = "- [ ] Half-done thing @{2026-12-05}\r\n" },
        Case(board: "messy", arguments: ["edit", "login", "--title", "Fix the logout bug"], output: "Edited \"Fix the logout bug\"",
             touched: [12]) { $0[11] = "* [ ] Fix the logout bug due:2026-11-02\r\n" },
        Case(board: "messy", arguments: ["edit", "Tasks style", "--no-due"], output: "Edited \"Due in Tasks style\"",
             touched: [21]) { $0[20] = "- [ ] Due in Tasks style\r\n" },
        Case(board: "messy", arguments: ["edit", "login", "--body", "New body"], output: "Edited \"Fix the login bug\"",
             touched: Set(13...16)) { $0.replaceSubrange(12...15, with: ["  New body\r\n"]) },
        Case(board: "messy", arguments: ["rm", "Half-done"], output: "Removed \"Half-done thing\" from DOING",
             touched: [25, 26]) { $0.removeSubrange(24...25) },
        Case(board: "messy", arguments: ["tidy"], output: "Moved \"Checked but still in TODO\" from TODO to DONE",
             touched: Set([17]).union(messyLast)) {
            $0.remove(at: 16)
            $0[$0.count - 1] += "\r\n"
            $0.append("* [X] Checked but still in TODO done:2026-11-21")
        },
        Case(board: "messy", arguments: ["start", "Tasks style"], output: "Moved \"Due in Tasks style\" from TODO to DOING",
             touched: [21]) {
            let moved = $0.remove(at: 20)
            $0.insert(moved, at: 25)
        },
        Case(board: "messy", arguments: ["done", ":20"], output: "Moved \"\" from TODO to DONE",
             touched: Set([20]).union(messyLast)) {
            $0.remove(at: 19)
            $0[$0.count - 1] += "\r\n"
            $0.append("+ [x] done:2026-11-21")
        },
        Case(board: "obsidian", arguments: ["add", "Write retro", "--to", "done"], output: "Added \"Write retro\" to DONE (:26)",
             touched: []) { $0.insert("- [x] Write retro\n", at: 25) },
        Case(board: "obsidian", arguments: ["add", "Top one", "--top"], output: "Added \"Top one\" to TODO (:9)",
             touched: []) { $0.insert("- [ ] Top one\n", at: 8) },
        Case(board: "obsidian", arguments: ["move", "Plan the sprint", "doing"],
             output: "Moved \"Plan the sprint\" from TODO to DOING", touched: [9]) {
            let moved = $0.remove(at: 8)
            $0.insert(moved, at: 17)
        },
        Case(board: "obsidian", arguments: ["edit", "onboarding", "--due", "2026-12-02"],
             output: "Edited \"Draft the onboarding doc\"", touched: [10]) {
            $0[9] = "- [ ] Draft the onboarding doc @{2026-12-02}\n"
        },
        Case(board: "obsidian", arguments: ["done", "Rotate"], output: "Moved \"Rotate the staging keys\" from DOING to DONE",
             touched: [18]) {
            $0.remove(at: 17)
            $0.insert("- [x] Rotate the staging keys done:2026-11-21\n", at: 24)
        },
        Case(board: "obsidian", arguments: ["rm", "Clean up"], output: "Removed \"Clean up stale branches\" from TODO",
             touched: [12]) { $0.remove(at: 11) },
        Case(board: "crlf", arguments: ["add", "Release", "--due", "2026-12-24", "--body", "a\nb"],
             output: "Added \"Release\" to TODO (:5)", touched: []) {
            $0.insert(contentsOf: ["- [ ] Release due:2026-12-24\r\n", "  a\r\n", "  b\r\n"], at: 4)
        },
        Case(board: "crlf", arguments: ["done", "Parser"], output: "Moved \"Parser\" from DOING to DONE", touched: [8, 9]) {
            $0.removeSubrange(7...8)
            $0.append("- [x] Parser due:2026-11-25 done:2026-11-21\r\n")
        },
        Case(board: "crlf", arguments: ["edit", "docs", "--no-body", "--title", "Write the docs"],
             output: "Edited \"Write the docs\"", touched: [3, 4]) {
            $0[2] = "- [ ] Write the docs due:2026-12-01\r\n"
            $0.remove(at: 3)
        },
        Case(board: "crlf", arguments: ["reopen", "Pick"], output: "Moved \"Pick a format\" from DONE to TODO",
             touched: [12]) {
            $0.remove(at: 11)
            $0.insert("- [ ] Pick a format\r\n", at: 4)
        },
        Case(board: "crlf", arguments: ["rm", "Pick"], output: "Removed \"Pick a format\" from DONE", touched: [12]) {
            $0.remove(at: 11)
        },
    ]

    @Test(arguments: cases)
    func commandWritesExactlyTheExpectedFile(_ golden: Case) {
        let sandbox = Sandbox()
        let original = Self.source(golden.board)
        #expect(!original.isEmpty)
        sandbox.write("board.md", original)
        let outcome = sandbox.run(golden.arguments)
        #expect(outcome == Outcome(exitCode: 0, stdout: golden.output + "\n", stderr: ""))

        var expected = lines(original)
        golden.edit(&expected)
        let after = sandbox.bytes()
        #expect(String(decoding: after, as: UTF8.self) == expected.joined())

        let diff = lineDiff(lines(original), lines(after))
        #expect(Set(diff.removed).isSubset(of: golden.touched), "lines outside the item changed: \(diff.removed)")
    }

    @Test func aCommandThatChangesNothingDoesNotTouchTheFile() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.obsidian)
        let path = sandbox.path("board.md")
        try FileManagerHelpers.setModificationDate(path, secondsSinceEpoch: 1_000_000)
        #expect(sandbox.run(["done", "Retire"]) == Outcome(exitCode: 0, stdout: "No change\n", stderr: ""))
        #expect(sandbox.run(["edit", "Retire", "--due", "2026-11-12"]).stdout == "No change\n")
        #expect(sandbox.run(["tidy"]).stdout == "No change\n")
        #expect(try FileManagerHelpers.modificationDate(path) == 1_000_000)
        #expect(sandbox.bytes() == Self.obsidian)
    }
}
