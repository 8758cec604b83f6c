import BoardKit

/// The commands that plug `board` into git: `merge-driver` and `git-setup`.
extension Commands {
    static let gitSpecs: [CommandSpec] = [
        CommandSpec(name: "merge-driver", abstract: "Merge two versions of a board item by item (git's merge driver); exit 1 on conflicts.",
                    usage: "<base> <ours> <theirs> [<marker-size>] [<path>]",
                    arguments: [("<base>", "The common ancestor (git's %O)."),
                                ("<ours>", "Our version (%A); the merged board is written over it."),
                                ("<theirs>", "Their version (%B)."),
                                ("<marker-size>", "The length of conflict markers (%L, default 7)."),
                                ("<path>", "The board's name in messages (%P).")],
                    positionals: 3...5),
        CommandSpec(name: "git-setup", abstract: "Make git merge and diff the board item by item (.gitattributes and git config).",
                    usage: ""),
    ]

    /// The git config entries `git-setup` writes.
    static let gitConfig = [
        ("merge.board.name", "board: merge board.md item by item"),
        ("merge.board.driver", "board merge-driver %O %A %B %L %P"),
        ("diff.board.command", "board diff"),
    ]

    static func mergeDriver(_ context: inout Context) throws -> Int32 {
        let arguments = context.parsed.positionals
        var markerSize = 7
        if arguments.count > 3 {
            guard let size = Int(arguments[3]), (1...1_000).contains(size) else {
                throw UsageError(message: "Invalid marker size '\(escaped(arguments[3]))' (1 to 1000)", command: spec("merge-driver"))
            }
            markerSize = size
        }
        let shown = arguments.count > 4 ? arguments[4] : arguments[1]
        let base = try context.readBoard(arguments[0])
        let theirs = try context.readBoard(arguments[2])
        let conflicts = try BoardFile.update(context.absolute(arguments[1]), shownAs: arguments[1]) { ours in
            let merged = Board.merge(base: base, ours: Board(parsing: ours), theirs: theirs, markerSize: markerSize)
            return (PrintedFile(merged.bytes), merged.conflicts)
        }
        for conflict in conflicts {
            context.output.error("\(shown): conflict: \(Report.conflictLine(conflict))")
        }
        return conflicts.isEmpty ? 0 : 1
    }

    static func gitSetup(_ context: inout Context) throws -> Int32 {
        let environment = context.invocation.environment
        let board = (try? context.boardPath()) ?? (shown: "board.md", path: context.absolute("board.md"))
        let (folder, name) = BoardFile.split(board.path)
        guard Git.run(["-C", folder, "rev-parse", "--git-dir"], environment: environment) == 0 else {
            throw CommandError(message: "\(folder) is not in a git repository (or git is not installed); nothing was written")
        }

        let shown = (board.shown.contains("/") ? BoardFile.split(board.shown).folder + "/" : "") + ".gitattributes"
        let attributes = folder + "/.gitattributes"
        let line = "\(name) merge=board diff=board"
        if !BoardFile.exists(attributes) {
            try BoardFile.create(attributes, bytes: Array((line + "\n").utf8), shownAs: shown)
            context.output.print("\(shown): added '\(line)'")
        } else {
            let added = try BoardFile.update(attributes, shownAs: shown) { bytes -> (PrintedFile?, Bool) in
                let present = bytes.split(separator: 0x0A).contains {
                    String(decoding: $0, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ") == line
                }
                guard !present else { return (nil, false) }
                let separator: [UInt8] = bytes.isEmpty || bytes.last == 0x0A ? [] : [0x0A]
                return (PrintedFile(bytes + separator + Array((line + "\n").utf8)), true)
            }
            context.output.print(added ? "\(shown): added '\(line)'" : "\(shown): already has '\(line)'")
        }

        for (key, value) in gitConfig {
            guard Git.run(["-C", folder, "config", key, value], environment: environment) == 0 else {
                throw CommandError(message: "git config \(key) failed in \(folder)")
            }
            context.output.print("git config \(key) '\(value)'")
        }
        if !Git.isOnPath("board", path: environment["PATH"]) {
            context.output.error("warning: no 'board' on PATH; git runs the merge driver and diff by that name, so put the binary there")
        }
        return 0
    }
}
