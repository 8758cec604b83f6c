import BoardDisplay
import BoardKit

/// Everything a run of `board` takes from the outside world.
public struct Invocation: Sendable {
    /// The arguments after the program name.
    public var arguments: [String]
    public var environment: [String: String]
    public var currentDirectory: String
    public var stdoutIsTerminal: Bool
    /// The width in cells of the terminal the user is at: stdout's, else (output piped to a pager) stderr's.
    public var terminalColumns: Int?
    /// Reads the next bytes of standard input as they come, empty at its end and nil when it cannot be read
    /// (`--body -`, `board lsp`); itself nil when there is no standard input.
    public var standardInput: (@Sendable () -> [UInt8]?)?
    /// Called at each stage of replacing the board with a new file (tests use it to race an editor against board).
    public var duringWrite: (@Sendable (WriteStage) -> Void)?
    /// Whether board may take leases on the board where the system lets it; false acts as a user who does not own
    /// the board (tests use it to race an editor against board without a lease).
    public var leases = true
    /// Where long output (`list --json`) goes piece by piece as it is made, so it is never whole in memory;
    /// nil collects all of it in `Outcome`. The bytes are lent for the call.
    public var stdoutWriter: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?
    /// Where a long run of lines for stderr (`tidy --check` on a board of a hundred thousand ticks) goes piece by
    /// piece; nil collects all of it in `Outcome`. The bytes are lent for the call.
    public var stderrWriter: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?
    /// The absolute path of the running `board` binary, when known (`git-setup` registers it).
    public var executable: String?
    /// The current folder's device and inode as the process found it, when it is the process's own: the search for
    /// the nearest board looks above the folder only while its path still leads to it.
    public var currentDirectoryIdentity: FileIdentity?
    /// The files standard output and standard error were when the process started: a writer refuses a board that is
    /// one of them.
    public var outputIdentities: [FileIdentity] = []

    public init(arguments: [String], environment: [String: String] = [:], currentDirectory: String,
                stdoutIsTerminal: Bool = false, terminalColumns: Int? = nil, duringWrite: (@Sendable (WriteStage) -> Void)? = nil,
                stdoutWriter: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil,
                stderrWriter: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil, executable: String? = nil,
                standardInput: (@Sendable () -> [UInt8]?)? = nil) {
        self.standardInput = standardInput
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.stdoutIsTerminal = stdoutIsTerminal
        self.terminalColumns = terminalColumns
        self.duringWrite = duringWrite
        self.stdoutWriter = stdoutWriter
        self.stderrWriter = stderrWriter
    }
}

/// A file's device and inode: which file a path named, whatever its name now.
public struct FileIdentity: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// The stages of replacing a board file, at which `Invocation.duringWrite` is called.
public enum WriteStage: Sendable {
    /// Board, holding no lease, has read the board and is about to wait and compare it with what a second read gives.
    case read
    /// The new file is written; board is about to check that the board is still the file it read.
    case beforeCheck
    /// The check passed; board is about to swap its file in.
    case beforeSwap
    /// Board's file is in place; board is about to check what it swapped out.
    case afterSwap
    /// What was swapped out passed that check, and the folder is synced; board is about to look at the lease a last
    /// time and remove the file it swapped out.
    case beforeRemoval
    /// The file swapped out is removed; board is about to look at the lease once more before it lets the file go.
    case afterRemoval
}

/// What a run of `board` printed and its exit code.
public struct Outcome: Equatable, Sendable {
    public var exitCode: Int32
    /// Standard output as UTF-8 bytes: a large JSON document goes out without a copy into a `String`.
    public var stdoutBytes: [UInt8]
    public var stderr: String
    /// True when stdout is long reading (`board log`) that a pager should show when it goes to a terminal.
    public var pageable = false
    /// True when the command changed a file (the board; what `init` and `git-setup` write): output that then cannot be
    /// written lost only the command's message.
    public var changedFiles = false

    /// Standard output as text.
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

    /// Alike in what they print and exit with, and in `pageable`; `changedFiles` is what the run did, not printed.
    public static func == (a: Outcome, b: Outcome) -> Bool {
        a.exitCode == b.exitCode && a.stdoutBytes == b.stdoutBytes && a.stderr == b.stderr && a.pageable == b.pageable
    }

    public init(exitCode: Int32, stdout: String, stderr: String) {
        self.init(exitCode: exitCode, stdoutBytes: Array(stdout.utf8), stderr: stderr)
    }

    init(exitCode: Int32, stdoutBytes: [UInt8], stderr: String) {
        self.exitCode = exitCode
        self.stdoutBytes = stdoutBytes
        self.stderr = stderr
    }
}

/// The `board` command line: parses arguments, runs one command, and reports.
public enum BoardCommandLine {
    public static let version = "0.1.0"

    /// Runs one command line. Never crashes on bad input: usage errors exit 64, failures exit 1.
    public static func run(_ invocation: Invocation) -> Outcome {
        var output = Output(writer: invocation.stdoutWriter, errorWriter: invocation.stderrWriter)
        var spec: CommandSpec?
        do {
            let parsed = try Arguments.parse(invocation.arguments, commands: Commands.all)
            guard let name = parsed.command else {
                if parsed.flag("version") {
                    output.print(version)
                } else {
                    output.print(Arguments.help(commands: Commands.all, version: version), terminator: "")
                }
                return output.outcome(0)
            }
            guard let command = Commands.all.first(where: { $0.name == name }) else {
                throw Arguments.unknownCommand(name, among: Commands.all)
            }
            spec = command
            if parsed.flag("help") {
                output.print(Arguments.help(for: command), terminator: "")
                return output.outcome(0)
            }
            try Arguments.validate(parsed, for: command)
            var context = Context(invocation: invocation, parsed: parsed, output: output)
            // A malformed `--today` or `$BOARD_TODAY` is a usage error for every command that reads a board, needing
            // the date or not (helper-78: `rm A --today 2026-99-99` exited 0 and wrote); for those git runs, only a
            // `--today` given.
            if !Commands.lookAtNoDate.contains(command.name) || parsed.value("today") != nil { _ = try context.today() }
            let code = try Commands.run(command.name, &context)
            return context.output.outcome(code)
        } catch let error as UsageError {
            output = Output(writer: invocation.stdoutWriter, errorWriter: invocation.stderrWriter)
            let command = error.command ?? spec
            output.error("Error: \(error.message)")
            if let command {
                output.error("Usage: \(command.synopsis)")
                output.error("See 'board \(command.name) --help'.")
            } else {
                output.error("Usage: board <subcommand> [<arguments>] [<options>]")
                output.error("See 'board --help'.")
            }
            return output.outcome(64)
        } catch let error as CommandError {
            output.stdout = []
            // Several problems (several refs) come one per line.
            for line in error.lines { output.error("error: \(line)") }
            return output.outcome(1)
        } catch {
            output.stdout = []
            output.error("error: \(error)")
            return output.outcome(1)
        }
    }
}

/// Collected stdout bytes and stderr text.
struct Output {
    var stdout: [UInt8] = []
    var stderr = ""
    /// Whether what is printed is long reading a pager should show on a terminal (`Outcome.pageable`).
    var pageable = false
    /// Whether the command changed a file (`Outcome.changedFiles`).
    var changedFiles = false
    /// Takes streamed output as it comes, when the run has a writer.
    let writer: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?
    /// Takes streamed lines for stderr as they come, when the run has a writer for them.
    var errorWriter: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil

    /// Hands a piece of long output to the writer (after what was printed before it), or collects it;
    /// `piece` is left empty with its capacity kept, ready for the next piece.
    mutating func stream(_ piece: inout [UInt8]) {
        piece.withUnsafeBufferPointer { stream($0) }
        piece.removeAll(keepingCapacity: true)
    }

    /// `stream` for a piece written with a `ByteWriter`; `piece` is left empty, its room kept.
    mutating func stream(_ piece: inout ByteWriter) {
        piece.withBytes { stream($0) }
        piece.truncate(to: 0)
    }

    /// `stream` for a piece lent for the call.
    mutating func stream(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let writer else { return stdout.append(contentsOf: piece) }
        if !stdout.isEmpty {
            stdout.withUnsafeBufferPointer(writer)
            stdout = []
        }
        writer(piece)
    }

    mutating func print(_ line: String, terminator: String = "\n") {
        stdout += line.utf8
        stdout += terminator.utf8
    }


    /// A line for stderr; whatever it quotes (paths, arguments, text from the file) cannot drive the terminal.
    mutating func error(_ line: String) {
        stderr += escaped(line) + "\n"
    }

    /// Lines for stderr written as bytes, escaped already: handed to the writer for stderr (after the lines before
    /// them), or collected when there is none. For a piece of a long run of lines, whose whole would be too much to
    /// hold: what is handed on stays written if the command then fails. `piece` is left empty, its room kept.
    mutating func streamErrors(_ piece: inout ByteWriter) {
        guard let errorWriter else { return collectErrors(&piece) }
        if !stderr.isEmpty {
            stderr.withUTF8(errorWriter)
            stderr = ""
        }
        piece.withBytes(errorWriter)
        piece.truncate(to: 0)
    }

    /// Lines for stderr written as bytes, escaped already, collected as `error`'s are (printed when the command
    /// ends, left out if it fails). `piece` is left empty, its room kept.
    mutating func collectErrors(_ piece: inout ByteWriter) {
        piece.withBytes { stderr += String(decoding: $0, as: UTF8.self) }
        piece.truncate(to: 0)
    }

    func outcome(_ code: Int32) -> Outcome {
        var outcome = Outcome(exitCode: code, stdoutBytes: stdout, stderr: stderr)
        outcome.pageable = pageable && code == 0
        outcome.changedFiles = changedFiles
        return outcome
    }
}

/// One command's view of the run: its arguments, its output, and where its board is.
struct Context {
    let invocation: Invocation
    let parsed: ParsedArguments
    var output: Output

    /// An environment variable's value; nil when it is unset or empty, as shells treat `VAR= command`.
    func setting(_ name: String) -> String? {
        invocation.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "Today": `--today`, else `$BOARD_TODAY`, else the local date.
    func today() throws -> CivilDate {
        let given = parsed.value("today").map { ($0, "for '--today'") }
            ?? setting("BOARD_TODAY").map { ($0, "in BOARD_TODAY") }
        guard let (text, source) = given else { return LocalDate.today() }
        guard let date = CivilDate(text) else {
            throw UsageError(message: "Invalid date '\(text)' \(source) (write YYYY-MM-DD)", command: nil)
        }
        return date
    }

    /// An absolute path for a path given relative to the current directory.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : invocation.currentDirectory + "/" + path
    }

    /// The board file: `--file`, then `$BOARD_FILE`, then `./board.md`, then the nearest `board.md` above.
    /// Returns the path to show and the path to open.
    func boardPath() throws -> (shown: String, path: String) {
        if let path = namedBoard { return (path, absolute(path)) }
        var folder = invocation.currentDirectory
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/board.md"
            let shown = folder == invocation.currentDirectory ? "board.md" : candidate
            if try BoardFile.isNamed(candidate, shownAs: shown) {
                // A board above, only while the current folder's path still leads to it: renamed meanwhile, its own
                // board was not found at the old path, and the one above took the change (helper-80).
                if folder != invocation.currentDirectory, let identity = invocation.currentDirectoryIdentity,
                   BoardFile.identity(of: invocation.currentDirectory) != identity {
                    throw CommandError(message: "the current folder was moved or removed while board looked for its board.md; nothing was done, run the command again")
                }
                return (shown, candidate)
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        throw CommandError(message: "no board.md in \(invocation.currentDirectory) or any folder above it; create one with 'board init' or name one with --file")
    }

    /// The board file named by `--file` or `$BOARD_FILE`, if any.
    var namedBoard: String? {
        (parsed.value("file") ?? setting("BOARD_FILE")).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The parsed board file.
    mutating func readBoard() throws -> (shown: String, board: Board) {
        let (shown, path) = try boardPath()
        let board = Board(parsing: try BoardFile.contents(of: path, shownAs: shown))
        if board.isUTF16 {
            output.error("warning: \(escaped(shown)):1: the file is UTF-16; board reads UTF-8, so it sees no items: save it as UTF-8")
        }
        if let marker = board.conflictMarkers.first {
            output.error("warning: \(escaped(shown)):\(marker + 1): merge conflict marker; the merge is not resolved, so items may show twice")
        }
        return (shown, board)
    }

    /// A board file named on the command line, relative to the current directory.
    func readBoard(_ path: String) throws -> Board {
        Board(parsing: try BoardFile.contents(of: absolute(path), shownAs: path, pipes: true))
    }

    /// Reads, edits and writes the board under a lock; `edit` returns the file it prints (nil for no change)
    /// and the line to print.
    mutating func updateBoard(at target: (shown: String, path: String)? = nil,
                              _ edit: (Board, String) throws -> (PrintedFile?, String)) throws {
        try updateBoard(at: target) { board, shown, message in
            let (file, text) = try edit(board, shown)
            message.append(string: text)
            return file
        }
    }

    /// What `BoardFile.update` kept under a name of its own, said on stderr.
    static func keptNotice(_ shown: String, _ kept: String) -> String {
        "warning: \(shown): a file an interrupted board run left beside it is kept as \(kept); it may hold a save made meanwhile: compare it with the board, then delete it"
    }

    /// `updateBoard` for an edit that writes the lines to print into `message` as bytes (a line for each of a
    /// few hundred thousand items, never copied into a `String`); a line feed ends them.
    mutating func updateBoard(at target: (shown: String, path: String)? = nil,
                              writing edit: (Board, String, inout ByteWriter) throws -> PrintedFile?) throws {
        let (shown, path) = try target ?? boardPath()
        var message = ByteWriter()
        try BoardFile.update(path, shownAs: shown, duringWrite: invocation.duringWrite, leases: invocation.leases,
                             output: invocation.outputIdentities, notice: { output.error(Self.keptNotice(shown, $0)) },
                             wrote: { output.changedFiles = true }) { bytes in
            let board = Board(parsing: bytes)
            if board.isUTF16 {
                throw CommandError(message: "\(escaped(shown)):1: the file is UTF-16, and board writes UTF-8 into it; save it as UTF-8 first; nothing was written")
            }
            if let marker = board.conflictMarkers.first {
                throw CommandError(message: "\(escaped(shown)):\(marker + 1): merge conflict marker; resolve the merge (keep the right lines, delete the markers) before board edits the file; nothing was written")
            }
            do {
                return (try edit(board, shown, &message), ())
            } catch let error as EditError {
                throw Commands.located(error, shown)
            }
        }
        message.append(UInt8(ascii: "\n"))
        output.stream(&message)
        // A board found in a folder above may not be the one the user had in mind: the edit says which it was.
        if target == nil, namedBoard == nil, path != absolute("board.md") {
            output.error("note: the board is \(escaped(shown)), the nearest board.md above this folder")
        }
    }
}
