#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal as `board ui` uses it: raw mode (termios) on the alternate screen with the cursor hidden, put back
/// as it was on `restore`, and on every signal that ends a process (then the process exits, or ends by the signal) — the state is saved
/// where a signal handler can reach it. SIGTSTP puts it back before the process stops; SIGCONT takes it again.
/// SIGWINCH is noted for the next `read`.
public final class TerminalSession {
    /// Why the terminal cannot be used.
    public struct Unavailable: Error {
        public let reason: String
    }

    /// What `read` found.
    public enum Input {
        case bytes([UInt8])
        /// Nothing came within the time given.
        case timeout
        /// The terminal was resized.
        case resized
        /// Standard input ended or failed: the terminal is gone.
        case closed
    }

    /// The alternate screen, the cursor hidden, bracketed paste on (so a pasted line break is not Enter).
    private static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J"

    private var isActive = false

    /// Signals that end the process once the terminal is put back.
    private static let exitingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
                                                  SIGPROF, SIGPIPE]
    /// Signals left as they are by the loop that catches the rest: the exiting ones, those given their own handling
    /// below, those that cannot be caught, and those whose default action does not end the process (it stops, resumes
    /// or ignores).
    private static let keptSignals = Set(exitingSignals + [SIGIO, SIGWINCH, SIGTSTP, SIGCONT, SIGKILL, SIGSTOP, SIGTTIN,
                                                           SIGTTOU, SIGCHLD, SIGURG])

    /// Takes over the terminal on standard input and output; fails when either is not a terminal.
    public init() throws(Unavailable) {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw Unavailable(reason: "standard input and output must be a terminal")
        }
        guard tcgetattr(0, &savedTermios) == 0 else { throw Unavailable(reason: "cannot read the terminal's settings") }
        // SIGIO is ignored: a lease on the board (`BoardFile`) is broken by it, and its default action ends the process.
        signal(SIGIO, SIG_IGN)
        for signalNumber in Self.exitingSignals {
            signal(signalNumber) { number in
                restoreFromSignal()
                _exit(128 + number)
            }
        }
        // Every other signal that ends a process (SIGXCPU, SIGPWR, the real-time ones, and those of a crash: a
        // runtime trap raises SIGILL or SIGTRAP) puts the terminal back, then ends it as the signal would have.
        for signalNumber in Int32(1)..<65 where !Self.keptSignals.contains(signalNumber) {
            signal(signalNumber) { number in
                restoreFromSignal()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        signal(SIGWINCH) { _ in resizePending = 1 }
        signal(SIGTSTP, stopFromSignal)
        signal(SIGCONT) { _ in
            continuePending = 1
            signal(SIGTSTP, stopFromSignal)
        }
        begin()
    }

    deinit { restore() }

    /// Raw mode on the alternate screen.
    private func begin() {
        var raw = savedTermios
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        _ = tcsetattr(0, TCSAFLUSH, &raw)
        hasSavedTermios = 1
        write(Self.enter)
        isActive = true
    }

    /// The terminal as it was: cooked mode, the main screen, the cursor shown.
    public func restore() {
        guard isActive else { return }
        isActive = false
        write(leaveSequence.description)
        _ = tcsetattr(0, TCSAFLUSH, &savedTermios)
    }

    /// Gives the terminal back for `body` (an editor), then takes it again.
    public func suspended<Result>(_ body: () throws -> Result) rethrows -> Result {
        restore()
        defer { begin() }
        return try body()
    }

    /// Ctrl-Z: the terminal put back and the job stopped, as SIGTSTP to the foreground process group does (raw mode
    /// reads Ctrl-Z as a byte): a script that runs `board ui` stops with it. Once continued, or at once where nothing
    /// could continue it (a process group no shell controls ignores the stop), the terminal is taken again, cleared
    /// for the caller to draw the whole screen, and the next `read` says to look at its size (it may have changed
    /// meanwhile, the shell taking the SIGWINCH).
    public func stop() {
        kill(0, SIGTSTP)
        signal(SIGTSTP, stopFromSignal)
        continuePending = 0
        if isActive { begin() }
        resizePending = 1
    }

    /// The size in cells (80×24 when the terminal does not say).
    public var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Waits up to `milliseconds` for input.
    public func read(timeout milliseconds: Int32) -> Input {
        if continuePending != 0 {
            // Back from a stop: the terminal is taken again, and everything redrawn.
            continuePending = 0
            if isActive { begin() }
            return .resized
        }
        if resizePending != 0 {
            resizePending = 0
            return .resized
        }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR && resizePending != 0 ? read(timeout: 0) : .timeout }
        if ready == 0 { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return .timeout }
        return count <= 0 ? .closed : .bytes(Array(buffer[..<count]))
    }

    /// Draws a whole screen at once: each line from the left edge, the rest of it cleared.
    public func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line + "\u{1B}[0m\u{1B}[K"
            if index < lines.count - 1 { frame += "\r\n" }
        }
        write(frame)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }
}

// What a signal handler needs, where it can reach it: the settings to put back, and the resize flag.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var hasSavedTermios: Int32 = 0
nonisolated(unsafe) private var resizePending: Int32 = 0
nonisolated(unsafe) private var continuePending: Int32 = 0
/// Styles reset, bracketed paste off, the cursor shown, the main screen back: static bytes a signal handler can write.
private let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

/// SIGTSTP: the terminal put back, then the stop the signal asks for.
private func stopFromSignal(_ number: Int32) {
    restoreFromSignal()
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
}

/// Puts the terminal back from a signal handler: only async-signal-safe calls. Not while the process is in the
/// background (stopped, then killed): the terminal was put back when it stopped, and it is the shell's now; setting
/// it from the background would stop the process again (SIGTTOU) before it could exit.
private func restoreFromSignal() {
    guard hasSavedTermios != 0, tcgetpgrp(0) == getpgrp() else { return }
    _ = Glibc.write(1, leaveSequence.utf8Start, leaveSequence.utf8CodeUnitCount)
    _ = tcsetattr(0, TCSAFLUSH, &savedTermios)
}
