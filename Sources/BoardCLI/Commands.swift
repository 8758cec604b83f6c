import BoardDisplay
import BoardKit

/// The subcommands: their specs and what each does.
enum Commands {
    static let ref = ("<ref>", "The item: a title or part of one (case-insensitive), or ':LINE' for the item on that line.")
    static let dateHelp = "YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday (fri: the next Friday)."

    static let all: [CommandSpec] = [
        CommandSpec(name: "init", abstract: "Create board.md with the TODO, DOING and DONE sections.",
                    usage: "[--title <text>]",
                    options: [OptionSpec(long: "title", value: "text", help: "A '# ' title line above the sections.")]),
        CommandSpec(name: "add", abstract: "Add an item (to TODO unless --to says otherwise).",
                    usage: "<title> [--due <date>] [--body <text>] [--to <section>] [--top]",
                    arguments: [("<title>", "The item's title (one line).")],
                    options: [
                        OptionSpec(long: "due", value: "date", help: "Due date: " + dateHelp),
                        OptionSpec(long: "body", value: "text", help: "Body text; each of its lines is indented under the item."),
                        OptionSpec(long: "to", value: "section", help: "todo, doing or done (default: todo)."),
                        Options.top,
                    ],
                    positionals: 1...1),
        CommandSpec(name: "edit", abstract: "Change an item's title, due date or body, in place.",
                    usage: "<ref> [--title <text>] [--due <date> | --no-due] [--body <text> | --no-body]",
                    arguments: [ref],
                    options: [
                        OptionSpec(long: "title", value: "text", help: "The new title; the due date stays."),
                        OptionSpec(long: "due", value: "date", help: "The new due date: " + dateHelp),
                        OptionSpec(long: "no-due", help: "Remove the due date."),
                        OptionSpec(long: "body", value: "text", help: "The new body text."),
                        OptionSpec(long: "no-body", help: "Remove the body."),
                    ],
                    positionals: 1...1),
        CommandSpec(name: "move", abstract: "Move items to another section.", usage: "<ref> ... <section> [--top]",
                    arguments: [ref, ("<section>", "todo, doing or done.")], options: [Options.top], positionals: 2...Int.max),
        CommandSpec(name: "start", abstract: "Move items to DOING.", usage: "<ref> ...", arguments: [ref], positionals: 1...Int.max),
        CommandSpec(name: "done", abstract: "Move items to DONE and check them.", usage: "<ref> ...", arguments: [ref],
                    positionals: 1...Int.max),
        CommandSpec(name: "reopen", abstract: "Move items back to TODO and uncheck them.", usage: "<ref> ...", arguments: [ref],
                    positionals: 1...Int.max),
        CommandSpec(name: "rm", abstract: "Delete items and their bodies.", usage: "<ref> ...", arguments: [ref],
                    positionals: 1...Int.max),
        CommandSpec(name: "archive", abstract: "Move DONE items (or the items named) to the top of the Archive, off the board.",
                    usage: "[<ref> ...] [--before <date>]",
                    arguments: [("<ref>", "Items to archive (default: every DONE item).")],
                    options: [OptionSpec(long: "before", value: "date",
                                         help: "Only DONE items whose done date is before this date: " + dateHelp)],
                    positionals: 0...Int.max),
        CommandSpec(name: "list", abstract: "List items, one line each, in file order.",
                    usage: "[<section> ...] [--overdue] [--due-before <date>] [--due-within <days>] [--search <text>] [--tag <tag>] [--who <name>] [--archived] [--sort <key>] [--format <template>] [--json]",
                    arguments: [("<section>", "Only these sections: todo, doing or done.")],
                    options: [
                        OptionSpec(long: "overdue", help: "Only items not in DONE whose due date is before today."),
                        OptionSpec(long: "due-before", value: "date", help: "Only items due before this date: " + dateHelp),
                        OptionSpec(long: "due-within", value: "days", help: "Only items due on or before today + DAYS (overdue included)."),
                        OptionSpec(long: "search", value: "text", help: "Only items whose title or body contains the text (case-insensitive)."),
                        OptionSpec(long: "tag", value: "tag", help: "Only items tagged #TAG (case-insensitive; repeat: all must match)."),
                        OptionSpec(long: "who", value: "name", help: "Only items naming @NAME (case-insensitive; repeat: all must match)."),
                        OptionSpec(long: "archived", help: "The archived items instead of the board's."),
                        OptionSpec(long: "sort", value: "key", help: "due (undated last) or title; stable (default: file order)."),
                        OptionSpec(long: "format", value: "template",
                                   help: "One line per item from a template: " + Report.Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ") + "."),
                        Options.json,
                    ],
                    positionals: 0...3),
        CommandSpec(name: "show", abstract: "Show the board as three columns side by side, with counts; overdue dates in red.",
                    usage: "[--width <n>] [--color <when>] [--done <n>] [--json]",
                    options: [
                        OptionSpec(long: "width", value: "n", help: "Lay out in N cells (default: the terminal's width, $COLUMNS, or 80)."),
                        OptionSpec(long: "done", value: "n", help: "Show at most N DONE items, the most recently done, then how many more."),
                        OptionSpec(long: "color", value: "when", help: "auto (on a terminal without NO_COLOR), always or never."),
                        Options.json,
                    ]),
        CommandSpec(name: "diff", abstract: "Show the changes between two versions of a board as item moves and edits.",
                    usage: "<old> <new> [--color <when>]",
                    arguments: [("<old>", "The older file (/dev/null for none)."), ("<new>", "The newer file."),
                                ("", "Given git's seven external-diff arguments (path old-file old-hex old-mode"),
                                ("", "new-file new-hex new-mode), compares old-file with new-file; given nine (a"),
                                ("", "rename), also names the new path.")],
                    options: [OptionSpec(long: "color", value: "when", help: "auto (on a terminal without NO_COLOR), always or never.")],
                    positionals: 1...9),
        CommandSpec(name: "check", abstract: "Validate board files; exit 1 on any error (on warnings too with --strict).",
                    usage: "[<path> ...] [--strict] [--json] [--staged]",
                    arguments: [("<path>", "Files to check (default: the board file; with --staged, every staged board.md).")],
                    options: [OptionSpec(long: "strict", help: "Fail on warnings too."), Options.json,
                              OptionSpec(long: "staged", help: "Check the versions staged for the next commit (a pre-commit hook).")],
                    positionals: 0...Int.max),
        CommandSpec(name: "tidy", abstract: "Apply ticks made in an editor: checked items move to DONE, unchecked ones out of it.",
                    usage: "[<path> ...] [--check]",
                    arguments: [("<path>", "Files to tidy (default: the board file).")],
                    options: [OptionSpec(long: "check", help: "Change nothing; exit 1 if tidy would change something.")],
                    positionals: 0...Int.max),
    ] + gitSpecs + [
        CommandSpec(name: "log", abstract: "Show the board's git history, commit by commit, in board terms.",
                    usage: "[<path>] [-n <count>] [--since <date>] [--no-pager] [--color <when>] [--json]",
                    arguments: [("<path>", "The board file (default: the board file).")],
                    options: [
                        OptionSpec(long: "max-count", short: "n", value: "count", help: "At most this many commits, the newest."),
                        OptionSpec(long: "no-pager", help: "Print straight to the terminal, without $PAGER (default: less -FRX)."),
                        OptionSpec(long: "since", value: "date", help: "Only commits on or after this date: " + dateHelp),
                        OptionSpec(long: "color", value: "when", help: "auto (on a terminal without NO_COLOR), always or never."),
                        Options.json,
                    ],
                    positionals: 0...1),
        CommandSpec(name: "stats", abstract: "Show throughput, lead and cycle time, work in progress and cumulative flow, from git history.",
                    usage: "[<path>] [--since <date>] [--weeks <n>] [--color <when>] [--json]",
                    arguments: [("<path>", "The board file (default: the board file).")],
                    options: [
                        OptionSpec(long: "since", value: "date", help: "Report from this date on (default: the last --weeks weeks)."),
                        OptionSpec(long: "weeks", value: "n", help: "Weeks of throughput and flow to show (default: 8)."),
                        OptionSpec(long: "color", value: "when", help: "auto (on a terminal without NO_COLOR), always or never."),
                        Options.json,
                    ],
                    positionals: 0...1),
        CommandSpec(name: "html", abstract: "Print the board as one self-contained HTML page.",
                    usage: "[-o <file>] [--stats]",
                    options: [
                        OptionSpec(long: "output", short: "o", value: "file", help: "Write to this file (whole or not at all) instead of stdout; - is stdout."),
                        OptionSpec(long: "stats", help: "Add the cumulative flow of the last 8 weeks, from git history (as board stats)."),
                    ]),
        CommandSpec(name: "ics", abstract: "Print the due dates as an iCalendar file (RFC 5545), for any calendar.",
                    usage: "[-o <file>] [--events]",
                    options: [
                        OptionSpec(long: "output", short: "o", value: "file", help: "Write to this file (whole or not at all) instead of stdout; - is stdout."),
                        OptionSpec(long: "events", help: "All-day events with a reminder, for calendars that ignore to-dos."),
                    ]),
        CommandSpec(name: "ui", abstract: "Open the board as a full-screen terminal app (keys: ? for help, q to quit).",
                    usage: ""),
        CommandSpec(name: "lsp", abstract: "Run the language server (LSP 3.17) on stdin and stdout, for editors.",
                    usage: "[--log <file>]",
                    options: [OptionSpec(long: "log", value: "file", help: "Append what the server does to this file.")]),
        CommandSpec(name: "completion", abstract: "Print a shell completion script: bash, zsh or fish.", usage: "<shell>",
                    arguments: [("<shell>", "bash, zsh or fish.")], positionals: 1...1),
        CommandSpec(name: "man", abstract: "Print the man page (roff): board man > board.1", usage: ""),
        CommandSpec(name: "help", abstract: "Show help for a subcommand.", usage: "[<subcommand>]",
                    arguments: [("<subcommand>", "The subcommand to describe.")], positionals: 0...1),
    ]

    static func spec(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The commands that never look at the date: those that read no board, and those git runs, which need none (the
    /// merge driver, and `diff` as git's external diff): a stale `$BOARD_TODAY` must not fail a merge or a `git diff`
    /// (helper-80).
    static let lookAtNoDate: Set<String> = ["completion", "man", "help", "merge-driver", "git-setup", "diff"]

    static func run(_ name: String, _ context: inout Context) throws -> Int32 {
        switch name {
        case "init": return try initBoard(&context)
        case "add": return try add(&context)
        case "edit": return try edit(&context)
        case "move":
            let positionals = context.parsed.positionals
            return try move(&context, Array(positionals.dropLast()), to: try section(positionals[positionals.count - 1]),
                            atTop: context.parsed.flag("top"))
        case "start": return try move(&context, context.parsed.positionals, to: .doing, atTop: false)
        case "done": return try move(&context, context.parsed.positionals, to: .done, atTop: false)
        case "reopen": return try move(&context, context.parsed.positionals, to: .todo, atTop: false)
        case "rm": return try remove(&context)
        case "archive": return try archive(&context)
        case "log": return try log(&context)
        case "stats": return try stats(&context)
        case "html":
            let today = try context.today()
            let (shown, path) = try context.boardPath()
            let board = try context.readBoard().board
            var stats: StatsReport?
            if context.parsed.flag("stats") {
                let from = CivilDate(daysSinceEpoch: Flow.week(of: today).daysSinceEpoch - 7 * 7)
                stats = StatsReport(flow: try replay(path, shownAs: shown, today: today, context).0, today: today, from: from, color: false)
            }
            try export(&context) { HTMLPage.write(board, today: today, stats: stats, to: &$0) }
            return 0
        case "ics":
            let today = try context.today()
            let board = try context.readBoard().board
            let path = try context.boardPath().path
            let (resolved, events) = (BoardFile.resolved(path) ?? path, context.parsed.flag("events"))
            try export(&context) { Calendar.ics(board, path: resolved, today: today, events: events, to: &$0) }
            return 0
        case "completion":
            let shell = context.parsed.positionals[0]
            switch shell {
            case "bash": context.output.print(ShellSupport.bash(all), terminator: "")
            case "zsh": context.output.print(ShellSupport.zsh(all), terminator: "")
            case "fish": context.output.print(ShellSupport.fish(all), terminator: "")
            default: throw UsageError(message: "Unknown shell '\(escaped(shell))' (use bash, zsh or fish)", command: spec("completion"))
            }
            return 0
        case "lsp": return try languageServer(&context)
        case "ui": return try interactive(&context)
        case "man":
            context.output.print(ShellSupport.manPage(all, version: BoardCommandLine.version), terminator: "")
            return 0
        case "list": return try list(&context)
        case "show": return try show(&context)
        case "diff": return try diff(&context)
        case "check": return try check(&context)
        case "tidy": return try tidy(&context)
        case "merge-driver": return try mergeDriver(&context)
        case "git-setup": return try gitSetup(&context)
        default: return try help(&context)
        }
    }

    // MARK: - Arguments

    static func section(_ text: String) throws -> SectionKind {
        guard let kind = SectionKind(argument: text) else {
            throw UsageError(message: "Unknown section '\(text)' (use todo, doing or done)", command: nil)
        }
        return kind
    }

    /// `board log`: each commit that changed the board (newest first, following renames; a merge against its
    /// first parent), then its changes as `board diff` prints them.
    static func log(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        let (shown, path) = try historyPath(context)
        var limit: Int?
        if let text = parsed.value("max-count") {
            guard let count = Int(text), count > 0 else {
                throw UsageError(message: "Invalid count '\(escaped(text))' for '-n' (a number above 0)", command: spec("log"))
            }
            limit = count
        }
        let since = try date("since", context)
        let color = try showColor(context)
        let history = try History(file: path, shownAs: shown, environment: context.invocation.environment)
        context.output.pageable = !parsed.flag("no-pager") && !parsed.flag("json")
        var json: [UInt8] = Array("{\"schemaVersion\":1,\"commits\":[".utf8)
        // The reader of the versions ends before the JSON goes out: while it runs, SIGPIPE is ignored.
        do {
            let blobs = try history.blobReader(shownAs: shown)
            for (number, commit) in try history.commits(limit: limit, since: since).enumerated() {
                let new = Board(parsing: try history.version(commit.hash, commit.path, from: blobs))
                var old = Board(parsing: [])
                if let parent = commit.parent, let path = commit.parentPath { old = Board(parsing: try history.version(parent, path, from: blobs)) }
                // A version saved as UTF-16 is no board to compare: every item would seem removed, then added again.
                let unread = new.isUTF16 ? "saved as UTF-16 here" : old.isUTF16 ? "the version before was UTF-16" : nil
                let changes = unread == nil ? old.changes(to: new) : []
                if parsed.flag("json") {
                    if number > 0 { json.append(UInt8(ascii: ",")) }
                    Report.appendCommitJSON(commit, changes, unread: new.isUTF16 ? "utf16" : old.isUTF16 ? "utf16-before" : nil, to: &json)
                    continue
                }
                if number > 0 { context.output.print("") }
                let header = "\(commit.shortHash) \(commit.date) \(escaped(commit.author))  \(escaped(commit.subject))"
                context.output.print(color ? "\u{1B}[33m\(commit.shortHash)\u{1B}[0m" + header.dropFirst(commit.shortHash.count) : header)
                if let unread {
                    context.output.print("    (\(unread), which board does not read: no changes listed)")
                } else if changes.isEmpty {
                    context.output.print("    (no change in board terms)")
                }
                for change in changes {
                    for line in Report.changeLines(change, color: color) { context.output.print("    " + line) }
                }
            }
        }
        if parsed.flag("json") {
            json += Array("]}\n".utf8)
            context.output.stream(&json)
        } else if let boundary = history.shallowBoundary() {
            context.output.print("\n(a shallow clone: the history here begins at \(boundary))")
        }
        return 0
    }

    /// `board stats`: the mainline's versions of the board replayed (`Flow`), reported week by week.
    static func stats(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        let (shown, path) = try historyPath(context)
        let today = try context.today()
        var weeks = 8
        if let text = parsed.value("weeks") {
            guard let count = Int(text), (1...520).contains(count) else {
                throw UsageError(message: "Invalid number of weeks '\(escaped(text))' for '--weeks' (1 to 520)", command: spec("stats"))
            }
            weeks = count
        }
        let from = try date("since", context) ?? CivilDate(daysSinceEpoch: Flow.week(of: today).daysSinceEpoch - 7 * (weeks - 1))
        let (flow, history) = try replay(path, shownAs: shown, today: today, context)
        let report = StatsReport(flow: flow, today: today, from: from, color: try showColor(context))
        if parsed.flag("json") {
            var json = report.json()
            context.output.stream(&json)
        } else {
            for line in report.lines() { context.output.print(line) }
            if let boundary = history.shallowBoundary() {
                context.output.print("(a shallow clone: the history here begins at \(boundary))")
            }
        }
        return 0
    }

    /// The board `log` and `stats` read the history of: the path given, else the board file.
    static func historyPath(_ context: Context) throws -> (shown: String, path: String) {
        try context.parsed.positionals.first.map { (shown: $0, path: context.absolute($0)) } ?? context.boardPath()
    }

    /// The mainline's versions of a board replayed, oldest first: only two boards are in memory at a time. A version
    /// with conflict markers (a merge committed unresolved), or saved as UTF-16, is passed over: read as a board, its
    /// items seemed to vanish and come back, all done again the week it was fixed. So is one dated after `today`: the history is
    /// the board's as of today (helper-47: with `--today` before the last commits, lead times counted an item done
    /// after it, and work in progress left out one still in DOING that day); a commit with a clock ahead of the
    /// others' has its changes counted with the next.
    static func replay(_ path: String, shownAs shown: String, today: CivilDate, _ context: Context) throws -> (Flow, History) {
        let history = try History(file: path, shownAs: shown, environment: context.invocation.environment)
        let blobs = try history.blobReader(shownAs: shown)
        var flow = Flow()
        for commit in try history.commits(firstParent: true).reversed() {
            guard let date = CivilDate(commit.date), date <= today else { continue }
            let board = Board(parsing: try history.version(commit.hash, commit.path, from: blobs))
            if board.conflictMarkers.isEmpty && !board.isUTF16 { flow.add(board, date: date) }
        }
        return (flow, history)
    }

    /// Output for `-o FILE` (written whole or not at all, relative to the current directory), else stdout (`-o -`
    /// too, as `--body -` is standard input): what `produce` streams to the output it is given, a piece at a time
    /// either way.
    static func export(_ context: inout Context, _ produce: (inout Output) -> Void) throws {
        guard let shown = context.parsed.value("output"), shown != "-" else { return produce(&context.output) }
        // A link is written through, as the board is; and the board itself is never written over with its export.
        let target = try BoardFile.outputTarget(context.absolute(shown), shownAs: shown)
        let board = try context.boardPath().path
        if target == BoardFile.resolved(board) ?? board {
            throw CommandError(message: "\(shown): is the board itself; write the output to another file")
        }
        try BoardFile.replace(target, shownAs: shown, streaming: produce)
    }

    /// Text from the command line that goes into the file (a title, a body): refused when it holds bytes that are not
    /// UTF-8, which the system's text stands for by characters of its own (`SystemText`), never written as those.
    static func fileText(_ text: String, _ what: String, command: String) throws(UsageError) -> String {
        guard text.unicodeScalars.contains(where: { SystemText.byte(of: $0) != nil }) else { return text }
        switch SystemText.utf8Text(text) {
        case .success(let text): return text
        case .failure(let byte):
            throw UsageError(message: "Invalid \(what): byte \(hexByte(byte.value)) is not UTF-8 text; board files are UTF-8, so write it in UTF-8",
                             command: spec(command))
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    /// All of standard input (`read`), for `--body -`: fewer than `limit` bytes, or an error, as a body of the limit or
    /// more would make a board too large to read (helper-77: `--body - < /dev/zero` grew until the system killed it).
    static func allInput(_ read: () -> [UInt8]?, limit: Int) throws(CommandError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            // Input that cannot be read is no body: the item's would be lost.
            guard let chunk = read() else {
                throw CommandError(message: "--body -: standard input cannot be read (closed, or a folder); nothing was written")
            }
            if chunk.isEmpty { return bytes }
            guard bytes.count + chunk.count < limit else {
                throw CommandError(message: "--body -: standard input holds \(limit >> 20) MiB or more, too much for a board; nothing was written")
            }
            bytes += chunk
        }
    }

    /// `--body TEXT`; `--body -` reads the text from standard input (its final line break dropped).
    static func bodyOption(_ context: Context) throws -> String? {
        guard let value = context.parsed.value("body") else { return nil }
        guard value == "-" else { return try fileText(value, "body", command: context.parsed.command ?? "add") }
        guard let read = context.invocation.standardInput else {
            throw CommandError(message: "--body -: there is no standard input to read the body from")
        }
        var bytes = try allInput(read, limit: BoardFile.maximumFileSize)
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandError(message: "--body -: standard input is not UTF-8 text; board files are UTF-8, so nothing was written")
        }
        return text
    }

    static func date(_ option: String, _ context: Context) throws -> CivilDate? {
        guard let text = context.parsed.value(option) else { return nil }
        let today = try context.today()
        guard let date = DateArgument.parse(text, today: today) else {
            if DateArgument.daysAhead(text, today: today) != nil {
                throw UsageError(message: "Invalid date '\(text)' for '--\(option)': it falls after 9999-12-31, the last date a board holds", command: nil)
            }
            throw UsageError(message: "Invalid date '\(text)' for '--\(option)' (use \(dateHelp.dropLast()))", command: nil)
        }
        return date
    }

    /// The most candidates an ambiguous ref's message lists.
    static let candidatesShown = 10

    /// The one item a REF names, or a failure listing the candidates (the first `candidatesShown`).
    static func resolve(_ ref: String, in board: Board, shown: String) throws -> Item {
        var index: TitleIndex?
        return try resolve(ref, in: board, index: &index, shown: shown)
    }

    /// `resolve`, with the board's titles looked up in `index` when there is one.
    static func resolve(_ ref: String, in board: Board, index: inout TitleIndex?, shown: String) throws -> Item {
        try refuseBlank(ref)
        let ref = SystemText.asFileText(ref)
        let match: ItemMatch
        if var titles = index {
            match = board.item(matching: ref, in: &titles)
            index = titles
        } else {
            match = board.item(matching: ref)
        }
        switch match {
        case .one(let item):
            return item
        case .none:
            throw CommandError(message: "\(shown): no item matches '\(escaped(ref))'")
        case .many(let items):
            // A short ref on a large board can match thousands: the message stays one readable line.
            var candidates = items.prefix(candidatesShown).map { "\"\(escaped(board.title(of: $0)))\" (line \($0.line + 1))" }
            if items.count > candidatesShown { candidates.append("and \(items.count - candidatesShown) more") }
            throw CommandError(message: "\(shown): '\(escaped(ref))' matches \(items.count) items: \(candidates.joined(separator: ", ")); use more of the title or ':LINE'")
        }
    }

    /// A blank ref would be in every title, and a script's empty variable would name a board's only item: a usage
    /// error.
    static func refuseBlank(_ ref: String) throws {
        guard ref.contains(where: { !$0.isWhitespace }) else {
            throw UsageError(message: "Empty ref '\(escaped(ref))' (give words of the title, or ':LINE')", command: nil)
        }
    }

    /// The items several refs name, in file order, each once; each ref that names none or several is reported
    /// (one line each, the first `problemsShown` of them) and nothing is done.
    static func resolveAll(_ refs: [String], in board: Board, shown: String) throws -> [Item] {
        var items: [Item] = []
        var lines = Set<Int>()
        var problems: [String] = []
        // A blank ref is the command line's mistake, told as one (exit 64) whatever the other refs name.
        for ref in refs { try refuseBlank(ref) }
        // Many title refs are looked up in an index of the titles made once, not each by reading every title.
        var index = refs.lazy.filter { !$0.hasPrefix(":") }.count >= indexedRefs ? TitleIndex(board) : nil
        for (position, ref) in refs.enumerated() {
            // A ref that names none or several items may cost a read of every title: past the first few, the rest
            // are not looked at (80,000 of them on a 1 MB board took minutes, and printed 24 MB).
            guard problems.count < problemsShown else {
                problems.append("\(shown): \(refs.count - position) more ref\(refs.count - position == 1 ? "" : "s") not looked at")
                break
            }
            do {
                let item = try resolve(ref, in: board, index: &index, shown: shown)
                if lines.insert(item.line).inserted { items.append(item) }
            } catch let error as CommandError {
                problems += error.lines
            }
        }
        guard problems.isEmpty else {
            // One line a problem, the last saying that the refs that named an item were left alone too.
            if refs.count > 1, let last = problems.popLast() { problems.append(last + "; nothing was changed") }
            throw CommandError(lines: problems)
        }
        return items.sorted { $0.line < $1.line }
    }

    /// From this many title refs in one command, the titles are indexed first.
    static let indexedRefs = 8
    /// At most this many refs that name none or several items are reported.
    static let problemsShown = 20

    /// A line of a message, `Removed "Title" from SECTION`, after a line feed when a line comes before it.
    static func appendLine(_ verb: StaticString, _ board: Board, _ item: Item, to message: inout ByteWriter) {
        if message.count > 0 { message.append(UInt8(ascii: "\n")) }
        message.append(verb)
        appendQuoted(board, item, to: &message)
        message.append(" from ")
        message.append(string: board.kind(of: item).name)
    }

    /// The item's title in double quotes, escaped for the terminal, written as bytes straight from the file.
    static func appendQuoted(_ board: Board, _ item: Item, to message: inout ByteWriter) {
        message.append(UInt8(ascii: "\""))
        board.withTitleBytes(of: item) { appendEscaped(utf8: UnsafeBufferPointer(rebasing: $0[$1]), to: &message) }
        message.append(UInt8(ascii: "\""))
    }

    /// A refusal to change what an untouched line means, as an error naming the file and line; other edit errors
    /// as they are.
    static func located(_ error: EditError, _ shown: String) -> any Error {
        guard case let .wouldChangeMeaning(line, message) = error else { return error }
        return CommandError(message: "\(shown):\(line + 1): \(message); nothing was written")
    }

    /// Turns a refused title into a usage error: the command line itself is wrong.
    static func editing<T>(_ command: String, _ body: () throws(EditError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            if case .wouldChangeMeaning = error { throw error }
            throw UsageError(message: "Invalid title: \(error)", command: spec(command))
        }
    }

    // MARK: - Commands that write

    static func initBoard(_ context: inout Context) throws -> Int32 {
        let shown = context.parsed.value("file") ?? context.setting("BOARD_FILE") ?? "board.md"
        var text = ""
        if let given = try context.parsed.value("title").map({ title throws(UsageError) in try fileText(title, "title", command: "init") }) {
            // Trimmed, and refused when empty or broken across lines, as an item's title is: `# ` alone is no title.
            let title = try editing("init") { () throws(EditError) in try Board.normalizedTitle(given) }
            text += "# \(title)\n\n"
            // A title that names a section (`TODO`, `Doing (2)`, `Archive`) would be that section's heading.
            if let heading = Board(parsing: Array(text.utf8)).sections.first.map({ $0.kind.name }) {
                throw UsageError(message: "Invalid title '\(escaped(title))' for '--title': a heading of that name starts the \(heading) section; choose another title", command: spec("init"))
            }
        }
        text += "## TODO\n\n## DOING\n\n## DONE\n\n"
        if let problem = BoardFile.notAFile(context.absolute(shown), shownAs: shown) { throw problem }
        try BoardFile.create(context.absolute(shown), bytes: Array(text.utf8), shownAs: shown)
        context.output.changedFiles = true
        context.output.print("Created \(escaped(shown)) with TODO, DOING and DONE")
        return 0
    }

    static func add(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        let kind = try parsed.value("to").map(section) ?? .todo
        let due = try date("due", context)
        let given = try fileText(parsed.positionals[0], "title", command: "add")
        let title = try editing("add") { () throws(EditError) in try Board.normalizedTitle(given) }
        // A valid due token in the title is the item's due date, unless --due gives one too.
        let body = try bodyOption(context)
        let titleDue = Board.dueToken(inTitle: title)
        if let titleDue, due != nil {
            throw UsageError(message: "Invalid title: it holds the due date '\(escaped(titleDue.spelling))' and '--due' gives another; drop one of them", command: spec("add"))
        }
        var overLimit: String?
        var warnings: [String] = []
        try context.updateBoard { board, shown in
            let (updated, line) = try editing("add") { () throws(EditError) in
                try board.addedFile(title: title, due: due, body: body, to: kind, atTop: parsed.flag("top"))
            }
            overLimit = board.overLimitMessage(kind, adding: 1)
            let alone = itemLineAlone("- [\(kind == .done ? "x" : " ")] \(title)\n".utf8, in: kind)
            warnings = itemWarnings(alone, shown, line: line)
            if let first = alone.items.first, let repeated = board.repeatedTitleWarning(alone.title(of: first)) {
                warnings.append("warning: \(shown):\(line + 1): \(repeated)")
            }
            // Where the item went, as a ref for the next command.
            guard let titleDue, let date = titleDue.date else { return (updated, "Added \"\(escaped(title))\" to \(kind.name) (:\(line + 1))") }
            return (updated, "Added \"\(escaped(titleDue.title))\" to \(kind.name) (:\(line + 1)), due \(date) (read from the title)")
        }
        // Past a WIP limit the item is still added; the warning comes once it is written.
        if let overLimit { context.output.error("warning: \(overLimit)") }
        for warning in warnings { context.output.error(warning) }
        return 0
    }

    /// An item line (its ending with it) alone on a board, under a heading of its section's `kind`: read as the file
    /// reads it, without reading the file again.
    static func itemLineAlone(_ line: some Sequence<UInt8>, in kind: SectionKind) -> Board {
        Board(parsing: Array("## \(kind.name)\n".utf8) + line)
    }

    /// What `check` finds in the item line of `item` (`itemLineAlone`: a done date outside DONE, a near-miss date):
    /// warnings to say once the item is written at line `line` (0-based).
    static func itemWarnings(_ item: Board, _ shown: String, line: Int) -> [String] {
        item.diagnostics().filter { $0.line == 2 }.map { "warning: \(shown):\(line + 1): \($0.message)" }
    }

    static func edit(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        guard ["title", "due", "body"].contains(where: { parsed.value($0) != nil }) || parsed.flag("no-due") || parsed.flag("no-body") else {
            throw UsageError(message: "Nothing to edit: give '--title', '--due', '--no-due', '--body' or '--no-body'", command: spec("edit"))
        }
        if parsed.value("due") != nil && parsed.flag("no-due") {
            throw UsageError(message: "'--due' and '--no-due' cannot be used together", command: spec("edit"))
        }
        if parsed.value("body") != nil && parsed.flag("no-body") {
            throw UsageError(message: "'--body' and '--no-body' cannot be used together", command: spec("edit"))
        }
        let due: DueChange = try date("due", context).map { .set($0) } ?? (parsed.flag("no-due") ? .remove : .keep)
        let body: BodyChange = try bodyOption(context).map { .set($0) } ?? (parsed.flag("no-body") ? .remove : .keep)
        // A real date in the new title is the item's due date (as `add` reads one), unless an option says otherwise.
        var titleDue: (spelling: String, date: CivilDate?, title: String)?
        if let title = parsed.value("title") {
            let given = try fileText(title, "title", command: "edit")
            titleDue = (try? Board.normalizedTitle(given)).flatMap(Board.dueToken(inTitle:)).flatMap { $0.date == nil ? nil : $0 }
            if let titleDue, due != .keep {
                throw UsageError(message: "Invalid title: it holds the due date '\(escaped(titleDue.spelling))' and '--\(due == .remove ? "no-due" : "due")' \(due == .remove ? "removes it" : "gives another"); drop one of them", command: spec("edit"))
            }
        }
        var warnings: [String] = []
        try context.updateBoard { board, shown, message in
            let item = try resolve(parsed.positionals[0], in: board, shown: shown)
            let updated = try editing("edit") { () throws(EditError) in
                try board.printed(after: .edit(item, title: parsed.value("title"), due: due, body: body))
            }
            guard !updated.equals(board.bytes) else {
                message.append("No change")
                return nil
            }
            let title = try parsed.value("title").map { title in
                try editing("edit") { () throws(EditError) in try Board.normalizedTitle(title) }
            }
            // The edited item line alone, in a section of its kind, read from the printed file: for its title, and
            // for what `check` would warn of in it (a done date outside DONE, a second due date), said once written.
            let (kind, line) = (board.kind(of: item), board.lines[item.line])
            let edited = title == nil && due == .keep ? nil : itemLineAlone(updated.line(startingAt: line.start), in: kind)
            if let edited {
                // Only what the edit brought: a warning the line had before is `check`'s to repeat.
                let before = Set(itemWarnings(itemLineAlone(board.bytes[line.start..<line.end], in: kind), shown, line: item.line))
                warnings = itemWarnings(edited, shown, line: item.line).filter { !before.contains($0) }
                // A title another item has, unless the item had it already.
                if kind != .archive, let first = edited.items.first, case let newTitle = edited.title(of: first),
                   newTitle.lowercased().streamSafe != board.title(of: item).lowercased().streamSafe,
                   let repeated = board.repeatedTitleWarning(newTitle, besides: item.line) {
                    warnings.append("warning: \(shown):\(item.line + 1): \(repeated)")
                }
            }
            if let titleDue, let date = titleDue.date {
                message.append(string: "Edited \"\(escaped(titleDue.title))\", due \(date) (read from the title)")
            } else if let title {
                message.append(string: "Edited \"\(escaped(title))\"")
            } else if let edited, let first = edited.items.first {
                // A new date can change the title too (a misspelled `due:soon` in it is replaced).
                message.append("Edited ")
                appendQuoted(edited, first, to: &message)
            } else {
                // The title as the file has it, written straight from it: one of 50 MB was copied into strings.
                message.append("Edited ")
                appendQuoted(board, item, to: &message)
            }
            return updated
        }
        for warning in warnings { context.output.error(warning) }
        return 0
    }

    /// Moves the items the refs name, all resolved against the file as read, in one write.
    static func move(_ context: inout Context, _ refs: [String], to kind: SectionKind, atTop: Bool) throws -> Int32 {
        let today = try context.today()
        var overLimit: String?
        try context.updateBoard { board, shown, message in
            let items = try resolveAll(refs, in: board, shown: shown)
            let coming = items.filter { board.kind(of: $0) != kind }.count
            overLimit = coming == 0 ? nil : board.overLimitMessage(kind, adding: coming)
            let file = try board.moving(items.map { ($0, kind) }, atTop: atTop, doneOn: today)
            if file.equals(board.bytes) {
                message.append("No change")
                return nil
            }
            // A line for each item that moved or changed its checkbox, written as bytes: a title of 50 MB was
            // copied into five strings.
            var first = true
            for item in items {
                let from = board.kind(of: item)
                guard from != kind || atTop || item.checked != (kind == .done) else { continue }
                if !first { message.append(UInt8(ascii: "\n")) }
                first = false
                if from == kind, !atTop { message.append(kind == .done ? "Checked " : "Unchecked ") } else { message.append("Moved ") }
                appendQuoted(board, item, to: &message)
                if from == kind {
                    message.append(atTop ? " to the top of " : " in ")
                } else {
                    message.append(" from ")
                    message.append(string: from.name)
                    message.append(" to ")
                }
                message.append(string: kind.name)
            }
            return file
        }
        if let overLimit { context.output.error("warning: \(overLimit)") }
        return 0
    }

    static func remove(_ context: inout Context) throws -> Int32 {
        let refs = context.parsed.positionals
        try context.updateBoard { board, shown, message in
            let items = try resolveAll(refs, in: board, shown: shown)
            let file = try board.removing(items)
            for item in items { appendLine("Removed ", board, item, to: &message) }
            return file
        }
        return 0
    }

    static func archive(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        let before = try date("before", context)
        try context.updateBoard { board, shown, message in
            let doneBefore = { (item: Item) in before.map { date in item.done.map { $0 < date } ?? false } ?? true }
            // One line per item, as every command that acts on several says.
            func archiving(_ chosen: some BidirectionalCollection<Item>) throws -> PrintedFile? {
                guard !chosen.isEmpty else {
                    message.append("No change")
                    return nil
                }
                let file = try board.archived(chosen)
                // Written as bytes, each title straight from the file: as strings, each line took five of them made
                // and freed, a tenth of archiving 400,000 items. Room for every line made once (a line per item is
                // room enough but for escapes): grown by doubling, the old and new text were held at once.
                message.reserve(chosen.reduce(0) { $0 + board.lines[$1.line].contentEnd - board.lines[$1.line].start + 24 })
                for item in chosen { appendLine("Archived ", board, item, to: &message) }
                return file
            }
            if parsed.positionals.isEmpty {
                // Without --before, every DONE item; with it, those done before the date (an undated one never is).
                // Found as they are needed: a copy of a few hundred thousand items is memory a large board lacks.
                return try archiving(board.items.lazy.filter { board.kind(of: $0) == .done && doneBefore($0) })
            }
            // Every ref resolved first, each problem reported; an item not done (unticked, outside DONE) is refused:
            // the archive is for done work, and a TODO item named by a slip of a partial title left the board. Then
            // those archived or not done before the date are skipped.
            let named = try resolveAll(parsed.positionals, in: board, shown: shown)
            let notDone = named.filter { !board.isArchived($0) && !board.isDone($0) }
            if !notDone.isEmpty {
                throw CommandError(lines: notDone.prefix(20).map { item in
                    "\(escaped(shown)): \"\(escaped(board.title(of: item)))\" (line \(item.line + 1)) is not done (unticked, in \(board.kind(of: item).name)); archive takes done items ('board done' it first); nothing was written"
                })
            }
            return try archiving(named.filter { !board.isArchived($0) && doneBefore($0) })
        }
        return 0
    }

    static func tidy(_ context: inout Context) throws -> Int32 {
        let paths = context.parsed.positionals
        let targets = paths.isEmpty ? [try context.boardPath()] : paths.map { (shown: $0, path: context.absolute($0)) }
        let today = try context.today()
        var wouldChange = false, failed = false
        for target in targets {
            do {
                if context.parsed.flag("check") {
                    let board = Board(parsing: try BoardFile.contents(of: target.path, shownAs: target.shown, pipes: true))
                    if board.isUTF16 {
                        throw CommandError(message: "\(escaped(target.shown)):1: the file is UTF-16; board reads UTF-8: save it as UTF-8")
                    }
                    // `tidy` refuses such a file: a hook running `tidy --check` must not pass it.
                    if let marker = board.conflictMarkers.first {
                        throw CommandError(message: "\(escaped(target.shown)):\(marker + 1): merge conflict marker; resolve the merge (keep the right lines, delete the markers), then run 'board tidy'")
                    }
                    // One line per move, written as bytes; a run of them too long to hold whole (a pasted board can have a
                    // hundred thousand) is streamed a piece at a time, the rest collected as any other command's lines.
                    // The items are looked at where they are, not copied into a list of their own first.
                    var lines = Report.newPiece()
                    let prefix = escaped(target.shown) + ": would move \""
                    for item in board.items where board.isToTidy(item) {
                        wouldChange = true
                        lines.append(string: prefix)
                        Report.appendMove(item, of: board, to: &lines)
                        lines.append("; run 'board tidy'\n")
                        if lines.count >= Report.pieceSize { context.output.streamErrors(&lines) }
                    }
                    context.output.collectErrors(&lines)
                    continue
                }
                // With several files, each line says which it is about.
                let prefix = targets.count > 1 ? escaped(target.shown) + ": " : ""
                var overLimit: [String] = []
                try context.updateBoard(at: target) { board, _ in
                    // The moves `tidiedFile` makes are the board's items to tidy, in order, looked at where they are.
                    if !board.items.contains(where: board.isToTidy) { return (nil, prefix + "No change") }
                    overLimit = board.tidyOverLimitMessages()
                    let file = try board.tidiedFile(doneOn: today)
                    var lines = ByteWriter()
                    for item in board.items where board.isToTidy(item) {
                        if lines.count > 0 { lines.append(UInt8(ascii: "\n")) }
                        lines.append(string: prefix)
                        lines.append("Moved \"")
                        Report.appendMove(item, of: board, to: &lines)
                    }
                    return (file, lines.withBytes { String(decoding: $0, as: UTF8.self) })
                }
                for message in overLimit { context.output.error("warning: " + prefix + message) }
            } catch let error as CommandError where targets.count > 1 {
                // With several files, one that fails is said, and the others are still tidied (helper-77: those after
                // it were passed over without a word).
                for line in error.lines { context.output.error("error: \(line)") }
                failed = true
            }
        }
        if context.parsed.flag("check") && !wouldChange && !failed { context.output.print("No change") }
        return wouldChange || failed ? 1 : 0
    }

    // MARK: - Commands that read

    static func list(_ context: inout Context) throws -> Int32 {
        let parsed = context.parsed
        let today = try context.today()
        let only = Set(try parsed.positionals.map(section))
        let sort = parsed.value("sort")
        guard sort == nil || sort == "due" || sort == "title" else {
            throw UsageError(message: "Invalid sort key '\(escaped(sort ?? ""))' for '--sort' (use due or title)", command: spec("list"))
        }
        let before = try date("due-before", context)
        let within = try parsed.value("due-within").flatMap { text in
            guard let days = Int(text), (0...3_650_000).contains(days) else {
                throw UsageError(message: "Invalid number of days '\(escaped(text))' for '--due-within' (0 to 3650000)", command: spec("list"))
            }
            // Past the last date a board can hold, every date is within.
            return today.adding(exactly: days) ?? CivilDate(year: 9999, month: 12, day: 31)
        }
        let (tags, people) = (Labels.wanted(parsed.values("tag"), sigil: Labels.tag), Labels.wanted(parsed.values("who"), sigil: Labels.person))
        if parsed.value("format") != nil && parsed.flag("json") {
            throw UsageError(message: "'--format' and '--json' cannot be used together", command: spec("list"))
        }
        let template = try parsed.value("format").map(Report.Template.parse)
        let board = try context.readBoard().board
        let search = parsed.value("search").map { TextSearch($0, on: board) }
        let (archived, overdue) = (parsed.flag("archived"), parsed.flag("overdue"))
        let filtered = archived || !only.isEmpty || overdue || before != nil || within != nil || search != nil
            || !tags.isEmpty || !people.isEmpty || board.sections.contains { $0.kind == .archive }
        // Whether each of the board's sections is listed, by its index: no set lookup per item, nor per section (a
        // file can hold a hundred thousand headings).
        let listedKinds = [SectionKind.todo, .doing, .done, .archive].map { kind in
            (kind == .archive) == archived && (only.isEmpty || only.contains(kind))
        }
        let listedSections = board.sections.map { listedKinds[$0.kind.rawValue] }
        /// Whether `item` passes every filter.
        @Sendable func isListed(_ item: Item) -> Bool {
            if !listedSections[item.section] { return false }
            if overdue, !board.isOverdue(item, today: today) { return false }
            if let before, !(item.due.map { $0 < before } ?? false) { return false }
            if let within, !(item.due.map { $0 <= within } ?? false) { return false }
            if let search, !board.item(item, contains: search) { return false }
            if !tags.isEmpty, !Labels.all(tags, in: board.tags(of: item)) { return false }
            if !people.isEmpty, !Labels.all(people, in: board.people(of: item)) { return false }
            return true
        }
        // Without a filter every item is listed: the board's own array, not a copy of it. With one, the copy has
        // room for every item from the start, laid out for huge pages: grown as it fills, it would be copied over
        // and over into fresh pages, which on a large board cost more than the filtering.
        var selected = board.items
        if filtered {
            // Each item is looked at on its own (a search reads its whole title and body): a large board's items
            // are filtered in shares, one per core, and the shares' items put together in order.
            // Each share gathers the numbers of its items (4 bytes each, not the items): a filter that keeps most of a
            // large board would otherwise hold every kept item twice.
            let shares = Shares.map(board.items.count, minimum: Shares.itemsPerShare, most: Shares.cores) { share in
                var found: [UInt32] = []
                Memory.reserve(&found, share.count)
                for index in share where isListed(board.items[index]) { found.append(UInt32(truncatingIfNeeded: index)) }
                return found
            }
            selected = []
            Memory.reserve(&selected, shares.reduce(0) { $0 + $1.count })
            for share in shares {
                for index in share { selected.append(board.items[Int(index)]) }
            }
        }
        switch sort {
        case "due":
            // Each item's key made once, not in every comparison: its date as a number, undated ones last, equal
            // ones in file order.
            let keys = selected.map { item in item.due.map { $0.year * 10_000 + $0.month * 100 + $0.day } ?? Int.max }
            selected = selected.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { selected[$0] }
        case "title":
            var titles = TitleOrder()
            for item in selected { board.withTitleBytes(of: item) { titles.append(utf8: UnsafeBufferPointer(rebasing: $0[$1])) } }
            let order = titles.order()
            titles = TitleOrder()
            selected = order.map { selected[$0] }
        default: break
        }
        if parsed.flag("json") {
            Report.listJSON(board, selected, inFileOrder: sort == nil, today: today, kinds: archived ? [.archive] : SectionKind.allCases, to: &context.output)
            return 0
        }
        if let template {
            Report.listTemplate(board, selected, template, to: &context.output)
            return 0
        }
        Report.listLines(board, selected, today: today, to: &context.output)
        return 0
    }

    static func show(_ context: inout Context) throws -> Int32 {
        let today = try context.today()
        let width = try showWidth(context)
        let color = try showColor(context)
        let board = try context.readBoard().board
        if context.parsed.flag("json") {
            Report.listJSON(board, board.items, inFileOrder: true, today: today, to: &context.output)
        } else {
            var view = BoardView(board: board, today: today, color: color)
            if let text = context.parsed.value("done") {
                guard let count = Int(text), count >= 0 else {
                    throw UsageError(message: "Invalid number '\(escaped(text))' for '--done' (0 or more)", command: spec("show"))
                }
                view.doneLimit = count
            }
            view.render(width: width) { context.output.stream($0) }
        }
        return 0
    }

    /// `--width`, else the terminal's width, else `$COLUMNS`, else 80.
    static func showWidth(_ context: Context) throws -> Int {
        let widths = 20...10_000
        if let text = context.parsed.value("width") {
            guard let width = Int(text), widths.contains(width) else {
                throw UsageError(message: "Invalid width '\(escaped(text))' for '--width' (a number of cells, \(widths.lowerBound) to \(widths.upperBound))", command: spec("show"))
            }
            return width
        }
        // A number too large to hold is above 10,000 too.
        if let columns = context.invocation.environment["COLUMNS"], !columns.isEmpty, columns.allSatisfy({ ("0"..."9").contains($0) }),
           Int(columns).map({ $0 > widths.upperBound }) ?? true {
            throw UsageError(message: "Invalid COLUMNS '\(escaped(columns))' (a number of cells, at most \(widths.upperBound)); use '--width'", command: spec("show"))
        }
        let width = context.invocation.terminalColumns
            ?? context.invocation.environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? 80
        return min(widths.upperBound, max(widths.lowerBound, width))
    }

    /// `--color always|never`, or with `auto` (the default) color only on a terminal and without `NO_COLOR`.
    static func showColor(_ context: Context) throws -> Bool {
        switch context.parsed.value("color") ?? "auto" {
        case "always": return true
        case "never": return false
        case "auto":
            let noColor = context.invocation.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return context.invocation.stdoutIsTerminal && !noColor && context.invocation.environment["TERM"] != "dumb"
        case let other:
            throw UsageError(message: "Invalid value '\(escaped(other))' for '--color' (use auto, always or never)", command: nil)
        }
    }

    static func diff(_ context: inout Context) throws -> Int32 {
        let arguments = context.parsed.positionals
        let files: (old: String, new: String)
        // git's external diff: path old-file old-hex old-mode new-file new-hex new-mode, then for a rename the new
        // path and git's lines about it; for a path in an unfinished merge, the path alone (git says so in its
        // `GIT_DIFF_PATH_TOTAL`), which has no two versions to compare.
        let fromGit = context.setting("GIT_DIFF_PATH_TOTAL") != nil
        switch arguments.count {
        case 1 where fromGit:
            context.output.print("* Unmerged path \(escaped(arguments[0]))")
            return 0
        case 2: files = (arguments[0], arguments[1])
        case 7, 9:
            files = (arguments[1], arguments[4])
            context.output.print("board diff a/\(escaped(arguments[0])) b/\(escaped(arguments.count == 9 ? arguments[7] : arguments[0]))")
            if arguments.count == 9 {
                for line in arguments[8].split(separator: "\n") { context.output.print(escaped(String(line))) }
            }
        default:
            throw UsageError(message: "Expected 2 paths (or git's 7 or 9 external-diff arguments), got \(arguments.count)", command: spec("diff"))
        }
        let color = try showColor(context)
        // Handed on a piece at a time: a diff of every item of a large board is megabytes of lines.
        var out = Report.newPiece()
        let (old, new) = (try context.readBoard(files.old), try context.readBoard(files.new))
        // As `log` says it: read as UTF-8, a UTF-16 version (git's `working-tree-encoding`) was "text outside the
        // items changed" (helper-73).
        if let unread = new.isUTF16 ? "the new version is UTF-16" : old.isUTF16 ? "the old version is UTF-16" : nil {
            context.output.print("~ \(unread), which board does not read: no changes listed")
            return 0
        }
        let changes = old.changes(to: new)
        for change in changes {
            for line in Report.changeLines(change, color: color) {
                out.append(string: line)
                out.append(UInt8(ascii: "\n"))
            }
            if out.count >= Report.pieceSize { context.output.stream(&out) }
        }
        // The files differ, but not in board terms: said, so that git's diff of a changed file lists something.
        if changes.isEmpty && old.bytes != new.bytes {
            out.append("~ the file changed, but not in board terms\n")
        }
        context.output.stream(&out)
        return 0
    }

    /// How many times `check` prints one finding repeated in a file before it counts the rest in one line.
    static let repeatsShown = 20

    static func check(_ context: inout Context) throws -> Int32 {
        let paths = context.parsed.positionals
        let staged = context.parsed.flag("staged")
        // Each board with the path to read it from, or its staged version's name and a folder of its repository.
        let targets = staged ? try stagedBoards(context, paths).map { (shown: $0.shown, path: $0.name, folder: $0.folder) }
            : (paths.isEmpty ? [try context.boardPath()] : paths.map { (shown: $0, path: context.absolute($0)) })
                .map { (shown: $0.shown, path: $0.path, folder: "") }
        let json = context.parsed.flag("json")
        var document = Report.CheckJSON()
        var errors = 0
        var warnings = 0
        for (shown, path, folder) in targets {
            if json { document.startFile(shown) }
            let board: Board
            do {
                board = Board(parsing: staged ? try stagedVersion(path, in: folder, shownAs: shown, context)
                                                : try BoardFile.contents(of: path, shownAs: shown, pipes: true))
            } catch {
                errors += 1
                if json {
                    document.add(Diagnostic(line: 0, column: 0, severity: .error, rule: .unreadable, span: 0..<0, message: SystemText.shownBytes(error.message)),
                                 to: &context.output)
                } else {
                    context.output.error("error: " + error.message)  // as every error outside a finding (CLI.md 1.1)
                }
                continue
            }
            // One finding repeated all over a file (a generated or pasted board) is printed `repeatsShown` times,
            // then counted in one line.
            var counts = FindingCounts()
            var repeated: [(Diagnostic, place: Int)] = []
            // The lines printed go out a piece at a time: a file of 450,000 findings of different messages held
            // them all (63 MB) until the end.
            var printed = ByteWriter()
            board.forEachDiagnostic { diagnostic in
                if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
                if json { return document.add(diagnostic, to: &context.output) }
                let (place, seen) = counts.count(diagnostic.message)
                if seen == Self.repeatsShown { repeated.append((diagnostic, place)) }
                guard seen < Self.repeatsShown else { return }
                printed.append(string: escaped("\(shown):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(escaped(diagnostic.message))"))
                printed.append(UInt8(ascii: "\n"))
                if printed.count >= Report.pieceSize { context.output.streamErrors(&printed) }
            }
            context.output.streamErrors(&printed)
            // `times` adds up the counts: taken once, not once for each repeated message.
            let times = counts.times
            for (diagnostic, place) in repeated {
                let more = times[place] - Self.repeatsShown
                context.output.error("\(shown): \(more) more like this (from line \(diagnostic.line)): \(diagnostic.severity.rawValue): \(escaped(diagnostic.message))")
            }
        }
        if json { document.finish(to: &context.output) }
        context.output.error(Report.summary(errors: errors, warnings: warnings, files: targets.count))
        return errors > 0 || (context.parsed.flag("strict") && warnings > 0) ? 1 : 0
    }

    static func help(_ context: inout Context) throws -> Int32 {
        guard let name = context.parsed.positionals.first else {
            context.output.print(Arguments.help(commands: all, version: BoardCommandLine.version), terminator: "")
            return 0
        }
        guard let command = spec(name) else { throw Arguments.unknownCommand(name, among: all) }
        context.output.print(Arguments.help(for: command), terminator: "")
        return 0
    }
}
