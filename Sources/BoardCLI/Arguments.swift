import BoardKit

/// An option a command accepts: `--name <value>` or a flag `--name`.
struct OptionSpec: Sendable {
    let long: String
    var short: Character? = nil
    /// The value's name in help (`<date>`); nil for a flag.
    var value: String? = nil
    let help: String
}

/// A command's name, help text and accepted arguments.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    /// The usage after `board NAME`, e.g. `<title> [--due <date>]`.
    let usage: String
    var arguments: [(String, String)] = []
    var options: [OptionSpec] = []
    var positionals: ClosedRange<Int> = 0...0

    /// `board NAME USAGE`.
    var synopsis: String { "board \(name)" + (usage.isEmpty ? "" : " " + usage) }
}

/// The command line after parsing: the command, its positional arguments, option values and flags.
struct ParsedArguments: Sendable {
    var command: String?
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value each option was given, in order (`--tag a --tag b`); `values` holds the last.
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []
    /// How each option given was first written, where it was not `--name`: `-n` for `--max-count`.
    var spellings: [String: String] = [:]

    func value(_ long: String) -> String? { values[long] }
    func values(_ long: String) -> [String] { allValues[long] ?? [] }
    func flag(_ long: String) -> Bool { flags.contains(long) }
}

/// A command line that is itself wrong: exit 64 with the message and the command's usage.
struct UsageError: Error {
    let message: String
    let command: CommandSpec?
}

enum Options {
    static let file = OptionSpec(long: "file", short: "f", value: "path",
                                 help: "The board file (default: $BOARD_FILE, ./board.md, or the nearest board.md above).")
    static let today = OptionSpec(long: "today", value: "date",
                                  help: "Take this date (YYYY-MM-DD) as today (default: $BOARD_TODAY, else the local date).")
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")
    static let version = OptionSpec(long: "version", help: "Show the version.")
    static let top = OptionSpec(long: "top", help: "Put the item first in its section instead of last.")
    static let json = OptionSpec(long: "json", help: "Print one JSON document (schemaVersion 1).")
    /// Options every command takes.
    static let common = [file, today, help]
}

enum Arguments {
    /// Splits the command line. Options may stand anywhere; `--` ends them; `--name=value` works too.
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(UsageError) -> ParsedArguments {
        do {
            return try split(arguments, commands: commands)
        } catch {
            // Name the command in the error when the line has one, so its usage is shown.
            let command = arguments.lazy.compactMap { name in commands.first { $0.name == name } }.first
            throw UsageError(message: error.message, command: error.command ?? command)
        }
    }

    private static func split(_ arguments: [String], commands: [CommandSpec]) throws(UsageError) -> ParsedArguments {
        let known = commands.flatMap(\.options) + Options.common + [Options.version]
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        func add(positional: String) {
            if parsed.command == nil { parsed.command = positional } else { parsed.positionals.append(positional) }
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                add(positional: argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                // `-n 5`, and `-n5` as git has it: a number joined to a short option that takes a count (a word joined
                // to one is more likely a long option missing a dash, `-overdue`, and stays an error; `-o1` is no file).
                let letter = argument.dropFirst().first, joined = argument.dropFirst(2)
                guard let spec = known.first(where: { $0.short != nil && $0.short == letter }),
                      joined.isEmpty || (spec.value == "count" && joined.allSatisfy { ("0"..."9").contains($0) }) else {
                    throw UsageError(message: "Unknown option '\(argument)'" + didYouMean(argument, among: known.map { "--" + $0.long }), command: nil)
                }
                name = spec.long
                if parsed.spellings[name] == nil { parsed.spellings[name] = "-" + String(spec.short ?? "-") }
                if !joined.isEmpty { inlineValue = String(joined) }
            }
            guard let spec = known.first(where: { $0.long == name }) else {
                throw UsageError(message: "Unknown option '--\(name)'" + didYouMean("--" + name, among: known.map { "--" + $0.long }), command: nil)
            }
            if spec.value == nil {
                if inlineValue != nil { throw UsageError(message: "Option '--\(name)' takes no value", command: nil) }
                parsed.flags.insert(name)
            } else if let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) {
                // `--title --no-due` lacks its title: an option that follows is never taken for a value. The value
                // itself may start with `-` when written `--title=--x`.
                if inlineValue == nil, isOption(value, known) {
                    throw UsageError(message: "Missing value for '--\(name) <\(spec.value ?? "value")>' before '\(value)' (write --\(name)=\(value) if that is the value)", command: nil)
                }
                if value.isEmpty, spec.value == "path" || spec.value == "file" {
                    throw UsageError(message: "Option '--\(name)' needs a \(spec.value ?? "path"); it was given an empty one", command: nil)
                }
                if inlineValue == nil { index += 1 }
                parsed.values[name] = value
                parsed.allValues[name, default: []].append(value)
            } else {
                throw UsageError(message: "Missing value for '--\(name) <\(spec.value ?? "value")>'", command: nil)
            }
        }
        return parsed
    }

    /// True for an argument that is an option (`--due`, `--due=x`, `-f`) or ends them (`--`), not a value.
    private static func isOption(_ argument: String, _ known: [OptionSpec]) -> Bool {
        if argument.hasPrefix("--") { return true }
        return argument.count == 2 && argument.first == "-" && known.contains { $0.short == argument.last }
    }

    /// An unknown command's error, with the nearest command's name when one is near.
    static func unknownCommand(_ name: String, among commands: [CommandSpec]) -> UsageError {
        UsageError(message: "Unknown subcommand '\(name)'" + didYouMean(name, among: commands.map(\.name)), command: nil)
    }

    /// `. Did you mean 'list'?` for the name nearest to `typed` (at most a third of its letters, and two, apart), or
    /// nothing when none is that near.
    static func didYouMean(_ typed: String, among names: [String]) -> String {
        let limit = min(2, max(1, typed.count / 3))
        let nearest = names.map { ($0, editDistance(typed, $0)) }.filter { $0.1 <= limit }.min { $0.1 < $1.1 }
        return nearest.map { ". Did you mean '\($0.0)'?" } ?? ""
    }

    /// The Levenshtein distance between two strings, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // One row of the table at a time: row[j] is the distance between a's first i characters and b's first j.
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// Checks that the options and the number of arguments fit the command.
    static func validate(_ parsed: ParsedArguments, for spec: CommandSpec) throws(UsageError) {
        let allowed = Set((spec.options + Options.common).map(\.long))
        for name in parsed.flags.union(parsed.values.keys).sorted() where !allowed.contains(name) {
            // Named as it was written: `list -n1` has no `-n`, and `--max-count` is nothing the user typed.
            // An option of one or two other commands is named as theirs, not taken for a misspelling (`add x --title
            // y` was asked whether it meant `--file`); one of many (`--json`) goes without a hint.
            let owners = Commands.all.filter { $0.options.contains { $0.long == name } }.map { "'board \($0.name)'" }
            let hint = owners.isEmpty ? didYouMean("--" + name, among: allowed.sorted().map { "--" + $0 })
                : owners.count <= 2 ? ": it is an option of " + owners.joined(separator: " and ") : ""
            throw UsageError(message: "Unknown option '\(parsed.spellings[name] ?? "--" + name)' for 'board \(spec.name)'" + hint, command: spec)
        }
        let count = parsed.positionals.count
        if count < spec.positionals.lowerBound {
            var missing = spec.arguments.dropFirst(count).first?.0 ?? "argument"
            // `move done`: the one argument is the section, and the ref is what is missing (helper-78).
            if spec.name == "move", count == 1, SectionKind(argument: parsed.positionals[0]) != nil { missing = "<ref>" }
            throw UsageError(message: "Missing expected argument '\(missing)'", command: spec)
        }
        if count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw UsageError(message: "Unexpected argument '\(extra)'", command: spec)
        }
    }

    /// `board NAME --help`, in swift-argument-parser's layout.
    static func help(for spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n\nUSAGE: \(spec.synopsis)\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + spec.arguments.map { row($0.0, $0.1) }.joined()
        }
        text += "\nOPTIONS:\n" + (spec.options + Options.common).map(row).joined()
        return text
    }

    /// `board --help`.
    static func help(commands: [CommandSpec], version: String) -> String {
        var text = """
            OVERVIEW: A kanban board in one plain Markdown file, board.md (version \(version)).

            USAGE: board <subcommand> [<arguments>] [<options>]

            OPTIONS:

            """
        text += [Options.file, Options.today, Options.version, Options.help].map(row).joined()
        text += "\nSUBCOMMANDS:\n" + commands.map { row($0.name, $0.abstract) }.joined()
        text += "\n  See 'board help <subcommand>' for detailed help.\n"
        return text
    }

    static func row(_ option: OptionSpec) -> String {
        var name = option.short.map { "-\($0), " } ?? ""
        name += "--\(option.long)"
        if let value = option.value { name += " <\(value)>" }
        return row(name, option.help)
    }

    static func row(_ name: String, _ help: String) -> String {
        let padded = "  " + name
        if padded.count < 26 { return padded + String(repeating: " ", count: 26 - padded.count) + help + "\n" }
        return padded + "\n" + String(repeating: " ", count: 26) + help + "\n"
    }
}
