import BoardCLI
import Foundation

/// A temporary folder to run `board` in, in-process or as the built binary.
final class Sandbox {
    let directory: String

    init() {
        let template = NSTemporaryDirectory() + "board-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        directory = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) } ?? template
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func write(_ name: String, _ text: String) { write(name, Array(text.utf8)) }

    func write(_ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(bytes))
    }

    func read(_ name: String = "board.md") -> String {
        String(decoding: bytes(name), as: UTF8.self)
    }

    func bytes(_ name: String = "board.md") -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))) ?? []
    }

    /// Runs `program` (looked up on PATH) with `arguments` to its end, in the sandbox's folder or `folder`, its output
    /// discarded: its exit status. For tests that drive the real binary through a shell or a script.
    func exitStatus(of program: String, _ arguments: [String], in folder: String? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder ?? directory)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `board` in-process with a fixed today; `terminal` is the width of the terminal stdout goes to, if any;
    /// `beforeRename` is `duringWrite` at `.beforeCheck`; `input` is standard input.
    func run(_ arguments: [String], environment: [String: String] = [:], terminal: Int? = nil,
             beforeRename: (@Sendable () -> Void)? = nil,
             duringWrite: (@Sendable (WriteStage) -> Void)? = nil, input: String? = nil, leases: Bool = true) -> Outcome {
        var env = ["BOARD_TODAY": "2026-11-21"]
        env.merge(environment) { $1 }
        let standardInput = input.map { StandardInput(Array($0.utf8)).read }
        var invocation = Invocation(arguments: arguments, environment: env, currentDirectory: directory,
                                    stdoutIsTerminal: terminal != nil, terminalColumns: terminal,
                                    duringWrite: { stage in
                                        if stage == .beforeCheck { beforeRename?() }
                                        duringWrite?(stage)
                                    }, standardInput: standardInput)
        invocation.leases = leases
        return BoardCommandLine.run(invocation)
    }
}

/// The repository's `examples/` folder and the built `board` binary.
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func example(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: root.appendingPathComponent("examples/\(name)")))) ?? []
    }

    static func fixture(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: root.appendingPathComponent("Tests/BoardKitTests/Fixtures/\(name)")))) ?? []
    }

    /// The `board` executable built beside this test bundle.
    static var binary: String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("board").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = root.appendingPathComponent(".build/debug/board").path
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }
}

/// The lines of a file, each with its ending, so expected files are written as edits of the original.
func lines(_ bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var current: [UInt8] = []
    for byte in bytes {
        current.append(byte)
        if byte == 0x0A {
            result.append(String(decoding: current, as: UTF8.self))
            current = []
        }
    }
    if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
    return result
}

/// The lines removed from and added to `before` to make `after` (a longest-common-subsequence diff).
func lineDiff(_ before: [String], _ after: [String]) -> (removed: [Int], added: [String]) {
    let n = before.count, m = after.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            table[i][j] = before[i] == after[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    var removed: [Int] = [], added: [String] = []
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, before[i] == after[j] {
            i += 1; j += 1
        } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
            added.append(after[j]); j += 1
        } else {
            removed.append(i + 1); i += 1
        }
    }
    return (removed, added)
}

enum FileManagerHelpers {
    static func setModificationDate(_ path: String, secondsSinceEpoch: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: secondsSinceEpoch)],
                                              ofItemAtPath: path)
    }

    static func modificationDate(_ path: String) throws -> TimeInterval? {
        (try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970
    }
}

/// Standard input for an in-process run: the given bytes in chunks of at most `chunk` bytes, then its end; or, with
/// `failing`, a read error after them.
final class StandardInput: @unchecked Sendable {
    private var remaining: ArraySlice<UInt8>
    private let chunk: Int
    private let failing: Bool
    private let lock = NSLock()

    init(_ bytes: [UInt8], chunk: Int = 1 << 16, failing: Bool = false) {
        remaining = bytes[...]
        self.chunk = chunk
        self.failing = failing
    }

    @Sendable func read() -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if failing && remaining.isEmpty { return nil }
        let piece = remaining.prefix(chunk)
        remaining = remaining.dropFirst(piece.count)
        return Array(piece)
    }
}

/// A fixed sequence of pseudo-random numbers (xorshift), for property tests that must try the same inputs each run.
struct XorShift {
    private var seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    /// The next number below `bound`.
    mutating func next(_ bound: Int) -> Int {
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        return Int(seed % UInt64(bound))
    }
}
