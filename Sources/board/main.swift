#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardCLI
import Synchronization
import SystemShims

// A write past the file size limit (`ulimit -f`) fails with EFBIG and a message, instead of ending the process.
signal(SIGXFSZ, SIG_IGN)

// Every allocation of 1 MiB or more gets a mapping of its own, as `Memory` lays out large buffers for: glibc would
// otherwise raise that threshold to the size of each large block freed and serve later ones from its heap, where
// growing a buffer copies it and holds the old and the new at once, and a command's peak memory varies by 4 MB
// from run to run.
board_map_allocations_from(1 << 20)

/// A C string's bytes as text, without loss (paths and arguments need not be UTF-8).
func text(_ pointer: UnsafePointer<CChar>) -> String {
    SystemText.decode(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                          count: strlen(pointer)))
}

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = text(pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}
// The current folder as the process has it, taken before its path: the path is looked at again (`FileIdentity`).
var here = stat()
let hereIdentity = stat(".", &here) == 0 ? FileIdentity(here) : nil
let directory = getcwd(nil, 0).map { pointer in
    defer { free(pointer) }
    return text(pointer)
} ?? "."
let arguments = (1..<Int(CommandLine.argc)).compactMap { index in CommandLine.unsafeArgv[index].map { text($0) } }
var link = [CChar](repeating: 0, count: 4096)
let linkLength = readlink("/proc/self/exe", &link, link.count - 1)
let executable = linkLength > 0 ? SystemText.decode(link[..<linkLength].map { UInt8(bitPattern: $0) }) : nil
/// The width of the terminal on a descriptor, if it is one that reports it.
func terminalWidth(_ fd: Int32) -> Int? {
    var size = winsize()
    return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
}
/// The first error writing standard output (a full disk, a closed pipe when SIGPIPE is ignored), 0 while there is
/// none. After it nothing more is written there, and the command says so and exits 1: output cut short never
/// passes for a success. Made before the command runs: a global of this file is set up when its line is reached.
let outputFailure = Atomic<Int32>(0)

var invocation = Invocation(
    arguments: arguments, environment: environment,
    currentDirectory: directory, stdoutIsTerminal: isatty(1) == 1, terminalColumns: terminalWidth(1) ?? terminalWidth(2),
    stdoutWriter: { emitOutput($0) }, stderrWriter: { _ = emit($0, to: 2) }, executable: executable,
    standardInput: readStandardInput)
invocation.currentDirectoryIdentity = hereIdentity
// What stdout and stderr are, taken now: a descriptor closed at the start is reused by the files board opens.
invocation.outputIdentities = [STDOUT_FILENO, STDERR_FILENO].compactMap { fd in
    var status = stat()
    return fstat(fd, &status) == 0 ? FileIdentity(status) : nil
}
let outcome = BoardCommandLine.run(invocation)

/// The next bytes of standard input as they come; empty at its end, nil when it cannot be read (closed, a folder).
@Sendable func readStandardInput() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        return count < 0 ? nil : Array(buffer[..<count])
    }
}
/// Writes all of the bytes to a file descriptor: 0, or the error (`errno`) that stopped it.
func emit(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let count = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return errno }
        if count == 0 { return EIO }
        offset += count
    }
    return 0
}

/// Writes to standard output, unless writing it failed before.
@Sendable func emitOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard outputFailure.load(ordering: .relaxed) == 0 else { return }
    let failure = emit(bytes, to: 1)
    if failure != 0 { outputFailure.store(failure, ordering: .relaxed) }
}

/// Shows long reading (`board log`) through `$PAGER`, else `less -FRX` (which exits at once when it fits on
/// the screen); false when there is no terminal, the pager is `cat`, or it cannot be started.
func page(_ bytes: [UInt8], environment: [String: String]) -> Bool {
    let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
    guard isatty(1) == 1, pager != "cat" else { return false }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
    posix_spawn_file_actions_addclose(&actions, fds[1])
    let words = ["/bin/sh", "-c", pager]
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0
    close(fds[0])
    guard started else {
        close(fds[1])
        return false
    }
    signal(SIGPIPE, SIG_IGN)  // the reader may quit the pager before the end
    _ = bytes.withUnsafeBufferPointer { emit($0, to: fds[1]) }
    close(fds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return true
}

if !(outcome.pageable && page(outcome.stdoutBytes, environment: environment)) {
    outcome.stdoutBytes.withUnsafeBufferPointer { emitOutput($0) }
}
let outputError = outputFailure.load(ordering: .relaxed)
// A change made is said to be made: a script that took the exit status for "nothing done" would make it twice.
let lost = outcome.changedFiles ? " (the change was made; only this message was lost)" : ""
let errorText = outcome.stderr + (outputError == 0 ? "" : "error: standard output: \(String(cString: strerror(outputError)))\(lost)\n")
_ = Array(errorText.utf8).withUnsafeBufferPointer { emit($0, to: 2) }
exit(outputError != 0 && outcome.exitCode == 0 ? 1 : outcome.exitCode)
