import BoardDisplay
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

    /// The git config entries `git-setup` writes, for the `board` to run (a path, or the name to find on PATH).
    /// Where the program cannot be found (a GUI client without the shell's PATH, a binary moved away), the merge
    /// falls back to git's own line merge, conflict markers included, instead of failing with our side alone in the
    /// file; and the diff to git's line diff of the two versions, instead of stopping `git diff` and `git log -p`.
    /// git runs the diff command with its seven arguments after it: the old version's file is the second, the new
    /// one's the fifth. Both commands pass the files after `--`: the board's path (git's `%P`, and the diff's
    /// first argument) may start with `-`, and was read as an option, which failed the merge with our side alone in
    /// the file.
    static func gitConfig(program: String) -> [(String, String)] {
        let quoted = shellQuoted(program)
        return [
            ("merge.board.name", "board: merge board.md item by item"),
            ("merge.board.driver", "command -v \(quoted) >/dev/null 2>&1 || exec git merge-file --marker-size=%L %A %O %B; exec \(quoted) merge-driver -- %O %A %B %L %P"),
            ("diff.board.command", "board_diff() { command -v \(quoted) >/dev/null 2>&1 && exec \(quoted) diff -- \"$@\"; git diff --no-index --no-ext-diff -- \"$2\" \"$5\"; return 0; }; board_diff"),
        ]
    }

    /// The program `git-setup` registers: the running binary's absolute path when it is installed for good (not a
    /// build folder's or a temporary one's), else `board`, found on PATH.
    static func registeredProgram(_ executable: String?) -> String {
        guard let executable, executable.hasPrefix("/"),
              !["/.build/", "/.build-", "/.build_", "/tmp/", "/var/tmp/"].contains(where: executable.contains) else { return "board" }
        return executable
    }

    /// A word for `sh`: as it is when it needs no quoting, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// A file name as a .gitattributes pattern that matches it alone: the characters git reads as pattern syntax
    /// escaped, and a name with whitespace or quotes in double quotes, C-style, as git reads them.
    static func attributesPattern(_ name: String) -> String {
        var pattern = ""
        for character in name {
            switch character {
            case "*", "?", "[", "\\": pattern += "\\" + String(character)
            case "#" where pattern.isEmpty, "!" where pattern.isEmpty: pattern += "\\" + String(character)
            default: pattern.append(character)
            }
        }
        guard name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" }) else { return pattern }
        var quoted = "\""
        for character in pattern {
            switch character {
            case "\\", "\"": quoted += "\\" + String(character)
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    static func mergeDriver(_ context: inout Context) throws -> Int32 {
        let arguments = context.parsed.positionals
        var markerSize = 7
        if arguments.count > 3 {
            guard let size = Int(arguments[3]), size >= 1 else {
                throw UsageError(message: "Invalid marker size '\(escaped(arguments[3]))' (a number from 1)", command: spec("merge-driver"))
            }
            // git passes any `conflict-marker-size`; refused, the merge was left to a `git add` that dropped theirs.
            // Markers are seven to a thousand characters: shorter ones `check` would not see.
            markerSize = min(size, 1_000)
        }
        let shown = arguments.count > 4 ? arguments[4] : arguments[1]
        let base = try context.readBoard(arguments[0])
        let theirs = try context.readBoard(arguments[2])
        // A side saved as UTF-16 holds no board to merge, and the merge's lines would ruin it: git is left the conflict.
        func refuseUTF16(_ bytes: [UInt8], _ name: String) throws {
            if Board.isUTF16(bytes) { throw CommandError(message: "\(name): the file is UTF-16; board merges UTF-8 boards only; nothing was written") }
        }
        try refuseUTF16(base.bytes, arguments[0])
        try refuseUTF16(theirs.bytes, arguments[2])
        let conflicts = try BoardFile.update(context.absolute(arguments[1]), shownAs: arguments[1],
                                             notice: { context.output.error(Context.keptNotice(arguments[1], $0)) }) { ours in
            try refuseUTF16(ours, arguments[1])
            let merged = Board.merge(base: base, ours: Board(parsing: ours), theirs: theirs, markerSize: markerSize)
            return (PrintedFile(merged.bytes), merged.conflicts)
        }
        for conflict in conflicts {
            context.output.error("\(shown): conflict: \(Report.conflictLine(conflict))")
        }
        return conflicts.isEmpty ? 0 : 1
    }

    /// `check --staged`: the boards to check, each shown as given, named as git names a file's staged version
    /// (`:PATH` from the repository's top) and with a folder of its repository to run git in: the paths given, or
    /// else every `board.md` the next commit adds or changes, shown as git lists it (from the top), and the board
    /// `--file` names, from its own repository (the current folder may be in another, or in none).
    static func stagedBoards(_ context: Context, _ paths: [String]) throws -> [(shown: String, name: String, folder: String)] {
        let folder = context.invocation.currentDirectory
        let environment = context.invocation.environment
        /// The top of the work tree `folder` is in, with a slash after it.
        func top(_ folder: String) -> String? {
            Git.bytes(["-C", folder, "rev-parse", "--show-toplevel"], environment: environment)
                .map { SystemText.decode($0.prefix { $0 != UInt8(ascii: "\n") }) + "/" }
        }
        /// A path given as git names its staged version: from the top when the path is absolute (its links
        /// followed, as the top's are), else from the current folder (`:./PATH`).
        func staged(_ path: String, root: String) -> String {
            let (dir, file) = BoardFile.split(path)
            let real = path.hasPrefix("/") ? BoardFile.resolved(dir).map { ($0 == "/" ? "" : $0) + "/" + file } ?? path : path
            return real.hasPrefix(root) ? ":" + real.dropFirst(root.count) : real.hasPrefix("/") ? ":" + real : ":./" + real
        }
        // The board `--file` names, in its repository. Not `BOARD_FILE`: a setting of one user's, it made a hook
        // check that board alone and pass a broken `board.md`.
        let file = context.parsed.value("file")
        let named = file.flatMap { file -> (shown: String, name: String, folder: String, root: String)? in
            let path = context.absolute(file)
            let dir = BoardFile.split(path).folder
            return top(dir).map { (file, staged(path, root: $0), dir, $0) }
        }
        guard let root = top(folder) else {
            guard paths.isEmpty, let named else {
                throw CommandError(message: "\(folder): \(Git.failure("not in a git repository", in: folder, environment: context.invocation.environment)); check --staged reads what git has staged")
            }
            return [(named.shown, named.name, named.folder)]
        }
        guard paths.isEmpty else { return paths.map { ($0, staged($0, root: root), folder) } }
        // `-z`: each path as it is (without it, git quotes one that is not plain ASCII, and it matched no board). A
        // symbolic link replaced by the board (`T`) is a board the commit adds too; a board replaced by a link (or a
        // submodule) is no board, and its link text is not checked. `--raw`: `:OLDMODE NEWMODE OLD NEW STATUS`, then
        // the path (two for a rename or copy, the new one last).
        guard let listed = Git.bytes(["-C", folder, "diff", "--cached", "--raw", "-z", "--diff-filter=ACMRT"],
                                     environment: environment) else {
            throw CommandError(message: "\(folder): git could not list the staged files")
        }
        var boards: [(shown: String, name: String, folder: String)] = []
        var fields = listed.split(separator: 0)[...]
        while let header = fields.popFirst() {
            let parts = header.split(separator: UInt8(ascii: " "))
            guard parts.count >= 5, let status = parts[4].first else { break }
            if status == UInt8(ascii: "R") || status == UInt8(ascii: "C") { _ = fields.popFirst() }
            guard let path = fields.popFirst().map({ SystemText.decode($0) }) else { break }
            let isFile = parts[1].elementsEqual("100644".utf8) || parts[1].elementsEqual("100755".utf8)
            if isFile, path == "board.md" || path.hasSuffix("/board.md") { boards.append((path, ":" + path, folder)) }
        }
        guard let file else { return boards }
        // A `--file` outside any repository is named as the current one would name it, and git says it has none.
        let board = named ?? (file, staged(context.absolute(file), root: root), folder, root)
        let listedAlready = board.root == root && boards.contains { $0.name == board.name }
        return listedAlready ? boards : boards + [(board.shown, board.name, board.folder)]
    }

    /// The staged version of a file, by git's name for it in the repository `folder` is in (`stagedBoards`).
    static func stagedVersion(_ name: String, in folder: String, shownAs shown: String, _ context: Context) throws(CommandError) -> [UInt8] {
        guard let bytes = Git.bytes(["-C", folder, "cat-file", "blob", name], environment: context.invocation.environment) else {
            throw CommandError(message: "\(shown): nothing staged under this name (git add it)")
        }
        return bytes
    }

    static func gitSetup(_ context: inout Context) throws -> Int32 {
        let environment = context.invocation.environment
        let board = (try? context.boardPath()) ?? (shown: "board.md", path: context.absolute("board.md"))
        let (folder, name) = BoardFile.split(board.path)
        // `--show-toplevel` fails outside a repository and in a bare one, where .gitattributes would do nothing.
        guard Git.run(["-C", folder, "rev-parse", "--show-toplevel"], environment: environment) == 0 else {
            let problem = Git.failure("is not in a git work tree (no repository, or a bare one)", in: folder, environment: environment)
            throw CommandError(message: "\(folder): \(problem); nothing was written")
        }

        let shown = (board.shown.contains("/") ? BoardFile.split(board.shown).folder + "/" : "") + ".gitattributes"
        let attributes = folder + "/.gitattributes"
        let line = "\(attributesPattern(name)) merge=board diff=board"
        if let problem = BoardFile.notAFile(attributes, shownAs: shown) { throw problem }
        // git (2.32 on) reads no `.gitattributes` that is a symbolic link: a line written through it would do nothing.
        if BoardFile.isSymbolicLink(attributes) {
            throw CommandError(message: "\(shown): is a symbolic link, which git does not read; make it a file; nothing was written")
        }
        if !BoardFile.exists(attributes) {
            try BoardFile.create(attributes, bytes: Array((line + "\n").utf8), shownAs: shown)
            context.output.changedFiles = true
            context.output.print(escaped("\(shown): added '\(line)'"))
        } else {
            let added = try BoardFile.update(attributes, shownAs: shown) { bytes -> (PrintedFile?, Bool) in
                let present = bytes.split(separator: 0x0A).contains {
                    String(decoding: $0, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ") == line
                }
                guard !present else { return (nil, false) }
                // The file's own line ending: a CRLF file gets a CRLF line.
                let board = Board(parsing: bytes)
                let ending = board.lines.first?.hasEnding == true ? board.lineEnding : [0x0A]
                let separator: [UInt8] = bytes.isEmpty || bytes.last == 0x0A ? [] : ending
                return (PrintedFile(bytes + separator + Array(line.utf8) + ending), true)
            }
            context.output.changedFiles = context.output.changedFiles || added
            context.output.print(escaped(added ? "\(shown): added '\(line)'" : "\(shown): already has '\(line)'"))
        }

        let program = registeredProgram(context.invocation.executable)
        for (key, value) in gitConfig(program: program) {
            // A value set already is left as it is: a second setup changes nothing (helper-81: it rewrote the config,
            // and said a change was made).
            let present = Git.bytes(["-C", folder, "config", "--local", "--get", key], environment: environment)
            if present.map({ String(decoding: $0, as: UTF8.self) }) != value + "\n" {
                guard Git.run(["-C", folder, "config", key, value], environment: environment) == 0 else {
                    // The attributes line is in already: said, so that a half-done setup is not taken for none (helper-73).
                    throw CommandError(message: "git config \(key) failed in \(folder) (another git holding .git/config.lock?); \(shown) is set up, git's config is not: run 'board git-setup' again")
                }
                context.output.changedFiles = true
            }
            context.output.print(escaped("git config \(key) '\(value)'"))
        }
        // A line git reads after ours (further down, in a `.gitattributes` deeper in, or in `.git/info/attributes`)
        // may set the attributes otherwise: then git would never run the driver, whatever was written.
        let read = Git.bytes(["-C", folder, "check-attr", "-z", "merge", "diff", "--", name], environment: environment) ?? []
        // `-z`: each attribute as its path, its name and its value, each ended by a NUL.
        let fields = read.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var overridden: [String] = []
        for start in stride(from: 0, to: fields.count - 2, by: 3) where fields[start + 2] != "board" {
            overridden.append("\(fields[start + 1]): \(fields[start + 2])")
        }
        if !overridden.isEmpty {
            throw CommandError(message: "git reads '\(overridden.joined(separator: ", "))' for \(board.shown): a line it reads after '\(line)' (in a .gitattributes or .git/info/attributes) sets it otherwise; remove that line, or git will not use board")
        }
        if program == "board" {
            if !Git.isOnPath("board", path: environment["PATH"]) {
                context.output.error("warning: no 'board' on PATH; git runs the merge driver and diff by that name, so put the binary there")
            }
        } else {
            context.output.print(escaped("git runs \(program); after moving it, run 'board git-setup' again"))
        }
        return 0
    }
}
