#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardDisplay
import BoardKit
import BoardTerminal

extension Commands {
    /// How often `board ui` looks whether someone else changed the file.
    static let pollMilliseconds: Int32 = 250

    /// `board ui`: the board as a full-screen terminal app. The keys go to `InteractiveBoard`; each change it asks
    /// for is written as the commands write (under the lock, only if the file is still what the screen shows); a
    /// change made by anyone else is picked up within a quarter of a second.
    static func interactive(_ context: inout Context) throws -> Int32 {
        let (shown, path) = try context.boardPath()
        let absolute = context.absolute(path)
        guard context.invocation.stdoutIsTerminal else {
            throw CommandError(message: "ui: standard input and output must be a terminal; 'board show' prints the board")
        }
        var known = FileStamp(absolute)
        let first = Board(parsing: try BoardFile.contents(of: absolute, shownAs: shown))
        if first.isUTF16 {
            throw CommandError(message: "\(escaped(shown)):1: the file is UTF-16, and board writes UTF-8 into it; save it as UTF-8 first")
        }
        let environment = context.invocation.environment
        let color = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession()
        } catch {
            throw CommandError(message: "ui: \(error.reason); 'board show' prints the board")
        }
        defer { terminal.restore() }
        let size = terminal.size
        var state = InteractiveBoard(board: first, title: shown, width: size.width, height: size.height,
                                     today: try context.today(), color: color)
        var decoder = KeyDecoder()
        /// Whether the last look found the file unreadable.
        var unreadable = false
        /// Looks at the file, its stamp first and then its bytes (so a change made right after is seen now or at the
        /// next look); a file that is not what the screen shows is reloaded, the footer saying `why`. A file that
        /// cannot be read (deleted, renamed away) is said in the footer, the board shown as it was; read again, it is
        /// said too, even with the bytes shown (helper-54: the footer still said it could not be read).
        func lookAtFile(_ why: String, _ state: inout InteractiveBoard) {
            known = FileStamp(absolute)
            do {
                let bytes = try BoardFile.contents(of: absolute, shownAs: shown)
                if bytes != state.board.bytes || unreadable {
                    state.reload(Board(parsing: bytes), message: unreadable ? "\(shown) can be read again; reloaded." : why)
                }
                unreadable = false
            } catch {
                state.failed("\(error.message); the board shown is as it last was.")
                unreadable = true
            }
        }
        terminal.draw(state.screen())
        while true {
            let keys: [Key]
            switch terminal.read(timeout: Self.pollMilliseconds) {
            case .closed:
                return 0
            case .resized:
                let size = terminal.size
                state.resize(width: size.width, height: size.height)
                keys = []
            case .timeout:
                // A lone Escape, and the file changed by someone else (looked at below).
                keys = decoder.keys([], final: true)
                if keys.isEmpty && FileStamp(absolute) == known { continue }  // nothing new to draw
            case .bytes(let bytes):
                keys = decoder.keys(bytes, final: false)
            }
            // Each key's effect is carried out before the next key is pressed, so that it acts on the board as written.
            let goesOn = state.press(keys) { state, effect in
                switch effect {
                case .quit:
                    return false
                case .write(let file):
                    // The write waits while another program holds the folder's lock: say so first (helper-51: the
                    // screen froze without a word).
                    if BoardFile.folderIsLocked(absolute) {
                        state.note("Waiting for another program to unlock the board's folder (\(BoardFile.lockWait) s at most)…")
                        terminal.draw(state.screen())
                    }
                    apply(file, to: &state, path: absolute, shown: shown)
                    lookAtFile("\(shown) changed on disk; reloaded.", &state)
                case .suspend:
                    terminal.stop()
                case .openEditor(let line):
                    let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
                    let failure = terminal.suspended { runEditor(editor, line: line, path: absolute) }
                    lookAtFile("Reloaded \(shown) after the editor.", &state)
                    if let failure { state.note(failure) }
                }
                return true
            }
            guard goesOn else { return 0 }
            if FileStamp(absolute) != known { lookAtFile("\(shown) changed on disk; reloaded.", &state) }
            state.today = (try? context.today()) ?? state.today
            terminal.draw(state.screen())
        }
    }

    /// Writes the file the state asked for, unless the file on disk is no longer what the screen shows: then the
    /// state gets the file as it is, and nothing is written.
    static func apply(_ file: [UInt8], to state: inout InteractiveBoard, path: String, shown: String) {
        enum Outcome { case written, changed([UInt8]) }
        let shownBytes = state.board.bytes
        var kept: String?
        do {
            let outcome = try BoardFile.update(path, shownAs: shown, notice: { kept = $0 }) { current -> (PrintedFile?, Outcome) in
                // Saved as UTF-16 meanwhile: the screen shows no items, and a line written would ruin it.
                if Board.isUTF16(current) {
                    throw CommandError(message: "\(escaped(shown)) is UTF-16 now, and board writes UTF-8 into it; save it as UTF-8; nothing was written")
                }
                return current == shownBytes ? (PrintedFile(file), .written) : (nil, .changed(current))
            }
            switch outcome {
            case .written: state.written(Board(parsing: file))
            case .changed(let current):
                state.reload(Board(parsing: current), message: "\(shown) changed on disk; reloaded it, and nothing was written.")
            }
        } catch let error as CommandError {
            if let current = try? BoardFile.contents(of: path, shownAs: shown), current != shownBytes {
                state.reload(Board(parsing: current), message: error.message)
            } else {
                state.failed(error.message)
            }
        } catch {
            state.failed("\(error)")
        }
        if let kept { state.note(Context.keptNotice(shown, kept)) }
    }

    /// Runs `$VISUAL`/`$EDITOR` (a shell word list, as git runs it) on the board at a line, and waits for it. Says
    /// how it failed, when it did (not found, or exited with a failure): its own message flashed by on the main screen.
    private static func runEditor(_ editor: String, line: Int, path: String) -> String? {
        let words = ["/bin/sh", "-c", editor + " \"$@\"", "board-editor", "+\(line)", path]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return "Cannot start /bin/sh to run the editor." }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited: the low seven bits are 0 and the exit status is in the next eight; else they are the signal's number.
        guard status & 0x7F == 0 else { return "The editor '\(editor)' was ended by signal \(status & 0x7F)." }
        switch (status >> 8) & 0xFF {
        case 0: return nil
        case 127: return "The editor '\(editor)' was not found (set VISUAL or EDITOR)."
        case let exitStatus: return "The editor '\(editor)' failed (exit \(exitStatus))."
        }
    }
}

/// What `stat` says of a file that tells a change: its inode, size, and modification and change times. A save by
/// rename changes the inode; a save in place changes the times (or the size); the change time no program can put
/// back, as one that keeps the modification time does.
struct FileStamp: Equatable {
    let inode: UInt64
    let size: Int64
    /// The times in nanoseconds since 1970.
    let modified: Int
    let changed: Int

    init(_ path: String) {
        var status = stat()
        if stat(SystemText.cString(path), &status) == 0 {
            (inode, size) = (UInt64(status.st_ino), Int64(status.st_size))
            (modified, changed) = (Self.nanoseconds(status.st_mtim), Self.nanoseconds(status.st_ctim))
        } else {
            (inode, size, modified, changed) = (0, -1, 0, 0)
        }
    }

    private static func nanoseconds(_ time: timespec) -> Int { time.tv_sec &* 1_000_000_000 &+ time.tv_nsec }
}
