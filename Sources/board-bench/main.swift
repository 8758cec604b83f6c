#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardCLI
import BoardKit

// `swift run -c release board-bench [N ...]`: figures for generated boards, with the targets beside them.
// Times are the best of several runs (the machine is shared); memory is the worst.

func milliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

/// The best time of `runs` calls, in milliseconds. `cleanup` runs after each call, untimed: freeing what a
/// call made (returning its pages to the system) is not part of the call's cost.
func best(_ runs: Int, cleanup: () -> Void = {}, _ body: () -> Void) -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = milliseconds()
        body()
        result = min(result, milliseconds() - start)
        cleanup()
    }
    return result
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { fatalError("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Spawns a program with stdout and stderr discarded (and stdin read from the file `input`, when given) and waits
/// for it: wall time in ms, peak RSS in bytes, and the wait status.
func spawnAndWait(_ binary: String, _ arguments: [String], input: String? = nil) -> (Double, Int, Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = milliseconds()
    guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { fatalError("cannot run \(binary)") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = milliseconds() - start
    posix_spawn_file_actions_destroy(&actions)
    return (elapsed, Int(usage.ru_maxrss) * 1024, status)
}

/// The real binary's wall time and peak RSS. Linux carries a parent's peak RSS into a child it spawns
/// (exec records the shared memory's high-water mark), so a small runner (this program, freshly started in
/// `--child` mode) spawns the command and reports what `wait4` says of it. The command reads `input` (a file), if
/// given, as its standard input.
func measureProcess(_ binary: String, _ arguments: [String], resultFile result: String, input: String? = nil) -> (Double, Int) {
    _ = spawnAndWait(CommandLine.arguments[0], ["--child", result, binary] + arguments, input: input)
    let fd = open(result, O_RDONLY)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = fd >= 0 ? buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) } : 0
    if fd >= 0 { close(fd) }
    let fields = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).split(separator: " ")
    guard fields.count == 3, let time = Double(fields[0]), let rss = Int(fields[1]), let status = Int32(fields[2]) else {
        fatalError("runner failed")
    }
    // `board` exits 0, or 1 when it found what it reports (check's errors, tidy --check's moves, a merge's
    // conflicts): anything else (a usage error, a signal) means the figure is not the command's.
    if status & 0x7F != 0 || (status >> 8) & 0xFF > 1 {
        print("board-bench: warning: '\(([binary] + arguments).joined(separator: " "))' ended with wait status \(status)")
    }
    return (time, rss)
}

/// "met" or "MISSED", for a figure beside its target.
func verdict(_ ok: Bool) -> String { ok ? "met " : "MISSED" }

func format(_ value: Double, _ digits: Int = 1) -> String {
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    while text.count <= digits { text = "0" + text }
    if digits > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -digits)) }
    return text
}

func readFileBytes(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return result }
        result += buffer[0..<count]
    }
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

let selfPath = CommandLine.arguments[0]
// Runner mode: `board-bench --child RESULT BINARY ARGS...` runs BINARY and writes "ms rss status" to RESULT.
if CommandLine.arguments.count >= 4, CommandLine.arguments[1] == "--child" {
    let (time, rss, status) = spawnAndWait(CommandLine.arguments[3], Array(CommandLine.arguments.dropFirst(4)))
    writeFile(CommandLine.arguments[2], Array("\(time) \(rss) \(status)".utf8))
    exit(0)
}
// Generator mode: `board-bench --generate N PATH` writes the board of N items the benchmark uses.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--generate", let count = Int(CommandLine.arguments[2]) {
    var generator = BoardGenerator()
    writeFile(CommandLine.arguments[3], generator.board(items: count))
    exit(0)
}
// `board-bench --branches N FOLDER` writes the base, ours and theirs boards the merge figures use.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--branches", let count = Int(CommandLine.arguments[2]) {
    let (base, ours, theirs) = branches(items: count)
    writeFile(CommandLine.arguments[3] + "/base.md", base)
    writeFile(CommandLine.arguments[3] + "/ours.md", ours)
    writeFile(CommandLine.arguments[3] + "/theirs.md", theirs)
    exit(0)
}
// A command gets fresh pages for every large buffer, and pays for faulting them in. Left to itself, glibc
// would keep a small board's freed buffers for the next run, and its figures would miss that cost: every
// buffer over 128 KiB is mapped afresh instead, so figures at every size are what one run of a command pays.
typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
if let mallopt = dlsym(nil, "mallopt") {
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>, which Swift's Glibc module leaves out.
    _ = unsafeBitCast(mallopt, to: Mallopt.self)(mmapThreshold, 128 * 1024)
}
let folder = selfPath.lastIndex(of: "/").map { String(selfPath[..<$0]) } ?? "."
let binary = folder + "/board"
guard access(binary, X_OK) == 0 else {
    print("board-bench: build the tool first: swift build -c release")
    exit(1)
}
// `board-bench commands [N ...]` prints only the figures of every command against C (issue 18); `board-bench
// history` only those of `board log` and `board stats` on a long git history (issue 21); `board-bench parse [N ...]`
// only the others; `board-bench lsp` only that of `board lsp` re-diagnosing a change (issue 20); `board-bench ui` only
// `board ui` opening a board and answering a key (issue 24).
let section = CommandLine.arguments.dropFirst().first { Int($0) == nil }
let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let counts = sizes.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : sizes
var template = "/tmp/board-bench-XXXXXX".utf8CString
guard let workFolder = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }) else {
    print("board-bench: cannot make a temporary folder")
    exit(1)
}

if section == nil || section == "parse" {
struct Row {
    let items: Int
    let megabytes: Double
    let parse, serialize, validate, move: Double
    let check, list, moveProcess: Double
    let peakRSS: [Int]
}
var rows: [Row] = []

print("board-bench: release build, \(counts.map(String.init).joined(separator: ", ")) items; ms are best of runs, memory the worst")
print("")
print("   items      MB   parse  serial  valid  round-trip   move  | check  list --json  move  | peak RSS: check  list  move   limit")
for count in counts {
    var generator = BoardGenerator()
    let bytes = generator.board(items: count)
    let megabytes = Double(bytes.count) / 1_048_576
    let runs = max(3, min(50, 1_000_000 / count))
    let path = workFolder + "/board-\(count).md"
    writeFile(path, bytes)

    let board = Board(parsing: bytes)
    var parsed: Board?
    let parse = best(runs, cleanup: {
        precondition(parsed?.items.count == board.items.count, "parses differ")
        parsed = nil
    }) { parsed = Board(parsing: bytes) }
    var printed: [UInt8] = []
    precondition(board.serialized() == bytes, "round trip failed")
    let serialize = best(runs, cleanup: {
        precondition(printed.count == bytes.count, "prints differ")
        printed = []
    }) { printed = board.serialized() }
    let validate = best(runs) { _ = board.diagnostics() }
    // A full move in-process: read, parse, edit, serialize, atomic write.
    let middle = board.items[board.items.count / 3]
    let ref = ":\(middle.line + 1)"
    var move = Double.infinity
    for _ in 0..<runs {
        writeFile(path, bytes)
        move = min(move, best(1) {
            let outcome = BoardCommandLine.run(Invocation(arguments: ["move", ref, "done", "--file", path],
                                                          currentDirectory: workFolder))
            precondition(outcome.exitCode == 0, outcome.stderr)
        })
    }

    var check = Double.infinity, list = Double.infinity, moveProcess = Double.infinity
    var peak = [0, 0, 0]
    for _ in 0..<runs {
        writeFile(path, bytes)
        let result = workFolder + "/child-result"
        let (c, cm) = measureProcess(binary, ["check", path], resultFile: result)
        let (l, lm) = measureProcess(binary, ["list", "--json", "--file", path], resultFile: result)
        let (m, mm) = measureProcess(binary, ["move", ref, "done", "--file", path], resultFile: result)
        unlink(result)
        check = min(check, c); list = min(list, l); moveProcess = min(moveProcess, m)
        peak = [max(peak[0], cm), max(peak[1], lm), max(peak[2], mm)]
    }
    unlink(path)
    let limit = 3 * bytes.count + 20 * 1_048_576
    rows.append(Row(items: count, megabytes: megabytes, parse: parse, serialize: serialize, validate: validate,
                    move: move, check: check, list: list, moveProcess: moveProcess, peakRSS: peak))
    let roundTrip = megabytes / ((parse + serialize) / 1000)
    print(pad(String(count), 8), pad(format(megabytes, 1), 7), pad(format(parse), 7), pad(format(serialize), 7),
          pad(format(validate), 6), pad(format(roundTrip, 0) + " MB/s", 11), pad(format(move), 6), " |",
          pad(format(check), 5), pad(format(list), 12), pad(format(moveProcess), 5), " |",
          pad(format(Double(peak[0]) / 1_048_576, 1), 15), pad(format(Double(peak[1]) / 1_048_576, 1), 5),
          pad(format(Double(peak[2]) / 1_048_576, 1), 5), pad(format(Double(limit) / 1_048_576, 1) + " MB", 8))
}

print("")
print("Targets for the 100,000-item board (this machine: 2 cores):")
if let row = rows.first(where: { $0.items == 100_000 }) {
    let roundTrip = row.megabytes / ((row.parse + row.serialize) / 1000)
    let limit = 3 * row.megabytes + 20
    print("  [\(verdict(roundTrip >= 500))] parse + serialize round trip \(format(roundTrip, 0)) MB/s (target >= 500 MB/s)")
    print("  [\(verdict(row.check <= 25))] board check, whole process \(format(row.check)) ms (target <= 25 ms)")
    print("  [\(verdict(row.moveProcess <= 40))] board move, whole process with atomic write \(format(row.moveProcess)) ms (target <= 40 ms)")
    let peak = Double(row.peakRSS.max() ?? 0) / 1_048_576
    print("  [\(verdict(peak <= limit))] peak memory of any command \(format(peak)) MB (target <= 3 x file + 20 MB = \(format(limit)) MB)")
}
if let small = rows.first(where: { $0.items == 10_000 }), let large = rows.first(where: { $0.items == 1_000_000 }) {
    print("Growth from 10,000 to 1,000,000 items (time per item, large / small; target <= 1.3):")
    let pairs: [(String, Double, Double)] = [
        ("parse", small.parse, large.parse), ("serialize", small.serialize, large.serialize),
        ("validate", small.validate, large.validate), ("move in-process", small.move, large.move),
        ("check process", small.check, large.check), ("list --json process", small.list, large.list),
        ("move process", small.moveProcess, large.moveProcess),
    ]
    for (name, a, b) in pairs {
        let ratio = (b / 100) / a
        print("  [\(verdict(ratio <= 1.3))] \(name): \(format(ratio, 2))")
    }
}

// Issue 17: `diff` and `merge-driver` on two branches of a board, each retitling 1,000 of its items (2,000 renames
// to pair), against `board check` of one file in the same run.
print("")
print("diff and merge-driver, each side retitling 1,000 items (ms; target: within 10 x check of one file):")
print("   items   check   diff  merge  | ratio diff  merge | peak RSS diff  merge   limit")
var mergeRows: [(items: Int, check: Double, diff: Double, merge: Double)] = []
for count in counts where count >= 10_000 {
    let (base, ours, theirs) = branches(items: count)
    let paths = ["base", "ours", "theirs"].map { workFolder + "/merge-\($0).md" }
    writeFile(paths[0], base)
    writeFile(paths[2], theirs)
    let runs = max(3, min(20, 200_000 / count))
    var check = Double.infinity, diff = Double.infinity, merge = Double.infinity
    var peak = [0, 0]
    let result = workFolder + "/child-result"
    for _ in 0..<runs {
        writeFile(paths[1], ours)
        let (c, _) = measureProcess(binary, ["check", paths[0]], resultFile: result)
        let (d, dm) = measureProcess(binary, ["diff", paths[0], paths[1]], resultFile: result)
        let (m, mm) = measureProcess(binary, ["merge-driver", paths[0], paths[1], paths[2], "7", "board.md"], resultFile: result)
        check = min(check, c); diff = min(diff, d); merge = min(merge, m)
        peak = [max(peak[0], dm), max(peak[1], mm)]
    }
    // The merge must have kept every retitle of both sides.
    let merged = Board(parsing: Array(readFileBytes(paths[1])))
    let retitles = merged.items.filter { merged.title(of: $0).hasSuffix(" ours") || merged.title(of: $0).hasSuffix(" theirs") }.count
    precondition(retitles == min(2_000, count), "merge kept \(retitles) retitles")
    paths.forEach { unlink($0) }
    unlink(result)
    let limit = 3 * (base.count + ours.count + theirs.count) + 20 * 1_048_576
    mergeRows.append((count, check, diff, merge))
    print(pad(String(count), 8), pad(format(check), 7), pad(format(diff), 6), pad(format(merge), 6), " |",
          pad(format(diff / check), 10), pad(format(merge / check), 6), " |",
          pad(format(Double(peak[0]) / 1_048_576), 13), pad(format(Double(peak[1]) / 1_048_576), 6),
          pad(format(Double(limit) / 1_048_576) + " MB", 9),
          (diff <= 10 * check && merge <= 10 * check && max(peak[0], peak[1]) <= limit) ? "met" : "MISSED")
}
if let small = mergeRows.first(where: { $0.items == 10_000 }), let large = mergeRows.first(where: { $0.items == 1_000_000 }) {
    for (name, a, b) in [("diff", small.diff, large.diff), ("merge-driver", small.merge, large.merge)] {
        let ratio = (b / 100) / a
        print("  [\(verdict(ratio <= 1.3))] \(name) time per item, 1,000,000 / 10,000 items: \(format(ratio, 2)) (target <= 1.3)")
    }
}
}
if section == nil || section == "commands" {
    runEveryCommand(counts: counts, binary: binary, lineCount: folder + "/board-linecount", folder: workFolder)
}
if section == nil || section == "history" {
    runHistory(binary: binary, folder: workFolder)
}
if section == nil || section == "lsp" {
    runLanguageServer(binary: binary, folder: workFolder)
}
if section == nil || section == "ui" {
    runInteractive()
}
rmdir(workFolder)
