#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardCLI

// A write past the file size limit (`ulimit -f`) fails with EFBIG and a message, instead of ending the process.
signal(SIGXFSZ, SIG_IGN)

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
let outcome = BoardCommandLine.run(Invocation(
    arguments: arguments, environment: environment,
    currentDirectory: directory, stdoutIsTerminal: isatty(1) == 1, terminalColumns: terminalWidth(1) ?? terminalWidth(2),
    stdoutWriter: { emit($0, to: 1) }, executable: executable, standardInput: readStandardInput))

/// All of standard input.
@Sendable func readStandardInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return bytes }
        bytes += buffer[..<count]
    }
}
/// Writes all of the bytes to a file descriptor.
func emit(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBufferPointer { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }
}

emit(outcome.stdoutBytes, to: 1)
emit(Array(outcome.stderr.utf8), to: 2)
exit(outcome.exitCode)
