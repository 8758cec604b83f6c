#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit
import BoardLanguageServer

/// Issue 20's figure: how long `board lsp` takes from a one-character change in a 10,000-item board to the framed
/// diagnostics it sends back (apply the change, parse, check, write the JSON). Target: 30 ms. And issue 18's for
/// the process: its peak memory holding a large board, within 3 × the board + 20 MB.
func runLanguageServer(binary: String, folder: String, items: Int = 10_000, changes: Int = 40) {
    var generator = BoardGenerator()
    let text = String(decoding: generator.board(items: items), as: UTF8.self)
    let today = CivilDate(year: 2026, month: 11, day: 23) ?? CivilDate(daysSinceEpoch: 0)
    var server = LanguageServer(version: "bench")
    func send(_ message: JSON) -> Int {
        server.handle([.message(message.serialized)], today: today).reduce(0) { $0 + MessageReader.framed($1.serialized).count }
    }
    _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
    let uri: JSON = "file:///bench/board.md"
    var open = Double.infinity
    var sent = 0
    for _ in 0..<5 {
        open = min(open, best(1) {
            sent = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                         "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]]])
        })
    }
    // Typing on the item line in the middle of the board: one character in, then out again.
    let line = items / 2
    var times: [Double] = []
    for change in 0..<changes {
        let typed = change % 2 == 0
        let edit: JSON = ["range": ["start": ["line": .int(line), "character": 6], "end": ["line": .int(line), "character": typed ? 6 : 7]],
                          "text": typed ? "x" : ""]
        times.append(best(1) {
            sent = send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": ["textDocument": ["uri": uri, "version": .int(change + 2)], "contentChanges": [edit]]])
        })
    }
    times.sort()
    let median = times[times.count / 2]
    print("")
    print("board lsp on a \(items)-item board (\(text.utf8.count / 1024) KB), \(changes) one-character changes:")
    print("  didOpen to diagnostics sent: \(format(open)) ms (best of 5); \(sent) bytes of diagnostics per change")
    print("  [\(verdict(median <= 30))] a change re-diagnosed: median \(format(median)) ms, slowest \(format(times.last ?? 0)) ms (target <= 30 ms)")
    // One line of impossible due dates, two diagnostics each on the same line: twice the tokens must take about twice
    // the time (their positions are counted in one pass along the line, not one each).
    func hostileOpen(_ tokens: Int) -> (ms: Double, bytes: Int) {
        let hostile = "## TODO\n- [ ] " + String(repeating: "due:2026-13-45 ", count: tokens) + "\n## DOING\n## DONE\n"
        var sent = 0
        let ms = best(3) {
            sent = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                         "params": ["textDocument": ["uri": "file:///bench/hostile.md", "languageId": "markdown", "version": 1, "text": .string(hostile)]]])
        }
        return (ms, sent)
    }
    let (small, large) = (hostileOpen(10_000), hostileOpen(20_000))
    let growth = large.ms / small.ms
    print("  [\(verdict(growth <= 2.5))] one line of 10,000 / 20,000 impossible dates: \(format(small.ms)) / \(format(large.ms)) ms (\(large.bytes / 1024) KB of diagnostics), \(format(growth, 2)) x for twice the tokens (target <= 2.5 x: linear)")
    // One didChange of many insertions, each after the one before (a replace-all), then the same number each before
    // the one before: twice the changes must take about twice the time (once, each moved the rest of the text).
    let itemLines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { $0.element.hasPrefix("- [") }.map(\.offset)
    func manyChanges(_ count: Int, descending: Bool) -> Double {
        _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]]])
        let lines = descending ? Array(itemLines.prefix(count).reversed()) : Array(itemLines.prefix(count))
        let edits: [JSON] = lines.map { line in
            ["range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 1]], "text": "**"]
        }
        return best(1) {
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                      "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": .array(edits)]])
        }
    }
    let half = min(itemLines.count, 10_000) / 2
    for descending in [false, true] {
        let (fewer, more) = (manyChanges(half, descending: descending), manyChanges(2 * half, descending: descending))
        print("  [\(verdict(more / fewer <= 2.5))] one didChange of \(half) / \(2 * half) insertions, each \(descending ? "before" : "after") the one before: \(format(fewer)) / \(format(more)) ms, \(format(more / fewer, 2)) x for twice the changes (target <= 2.5 x: linear)")
    }
    // Insertions down one line of 1 MB, each before the one before: each position is counted along the line from its
    // start, eight ASCII bytes at a time (a character at a time, 2,000 of them took 13 s).
    let longLine = "## TODO\n- [ ] " + String(repeating: "w", count: 1 << 20) + "\n"
    _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(longLine)]]])
    let down: [JSON] = (0..<2_000).map { index in
        let at: JSON = ["line": 1, "character": .int((1 << 20) - 20 * index)]
        return ["range": ["start": at, "end": at], "text": "q"]
    }
    let longLineMs = best(1) {
        _ = send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": .array(down)]])
    }
    print("  [\(verdict(longLineMs <= 1_000))] one didChange of 2,000 insertions down a line of 1 MB: \(format(longLineMs)) ms (target <= 1,000 ms)")
    openLargeBoard(binary: binary, folder: folder)
}

/// `board lsp` as a process, opening a generated board of 82,000 items (6.4 MB) and shutting down, then the same
/// with the board's outline asked for, and with a character typed: its peak memory. The message's bytes, its text
/// and the document are each the size of the board; the outline is about 3.3 times it.
private func openLargeBoard(binary: String, folder: String, items: Int = 82_000) {
    var generator = BoardGenerator()
    let board = generator.board(items: items)
    let limit = 3 * board.count + 20 * 1_048_576
    let uri: JSON = "file:///bench/board.md"
    let typed: JSON = ["jsonrpc": "2.0", "method": "textDocument/didChange",
                       "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
                           ["range": ["start": ["line": 9, "character": 6], "end": ["line": 9, "character": 6]], "text": "x"]]]]
    let outlined: JSON = ["jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]]
    let variants: [(String, JSON?)] = [("", nil), (", then its outline", outlined), (", then a character typed", typed)]
    for (then, request) in variants {
        let messages: [JSON] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1,
                                         "text": .string(String(decoding: board, as: UTF8.self))]]],
        ] + (request.map { [$0] } ?? []) + [
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ]
        let input = folder + "/lsp-input"
        writeFile(input, messages.flatMap { MessageReader.framed($0.serialized) })
        var peak = 0
        for _ in 0..<3 { peak = max(peak, measureProcess(binary, ["lsp"], resultFile: folder + "/lsp-result", input: input).1) }
        unlink(input)
        unlink(folder + "/lsp-result")
        print("  [\(verdict(peak <= limit))] board lsp opening a \(items)-item board (\(format(Double(board.count) / 1_048_576)) MB)\(then): peak \(format(Double(peak) / 1_048_576)) MB (limit 3 × file + 20 MB = \(format(Double(limit) / 1_048_576)) MB)")
    }
}
