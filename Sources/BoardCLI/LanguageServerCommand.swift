#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardDisplay
import BoardKit
import BoardLanguageServer

extension Commands {
    /// Whether the file at `path` starts as a board does: a TODO, DOING or DONE heading in its first 64 KiB.
    /// (A log holds none: one line per message, its kind and method.)
    static func readsAsBoard(_ path: String) -> Bool {
        guard let bytes = BoardFile.prefix(of: path, count: 64 << 10) else { return false }
        return !Board(parsing: bytes).sections.isEmpty
    }

    /// The names Markdown files go by, lowercased: none of them is a log.
    static let markdownSuffixes = [".md", ".markdown", ".mdown", ".mkd", ".mkdn", ".mdwn", ".mdx"]

    /// `board lsp`: the language server on standard input and output, until `exit` or the end of the input. The
    /// frames read together are handled together (so a `$/cancelRequest` can overtake its request), and each
    /// reply goes out at once. Nothing goes to stderr; `--log FILE` appends what the server does to FILE.
    static func languageServer(_ context: inout Context) throws -> Int32 {
        guard let read = context.invocation.standardInput else {
            throw CommandError(message: "lsp: there is no standard input to read messages from")
        }
        var log: Int32 = -1
        if let path = context.parsed.value("log") {
            // Lines appended to a board (`--log board.md`, a slip in an editor's settings) would be its last item's
            // body; a log is never Markdown. A link is judged by the name of the file it leads to too.
            let absolute = context.absolute(path), target = BoardFile.resolved(absolute)
            let board = (try? context.boardPath().path).map { BoardFile.resolved($0) ?? $0 }
            if [path, target ?? path].contains(where: { name in Self.markdownSuffixes.contains { name.lowercased().hasSuffix($0) } })
                || (board != nil && target == board) {
                throw CommandError(message: "\(escaped(path)): a Markdown file, maybe a board, is no log; give the log a file of its own")
            }
            log = open(absolute, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard log >= 0 else { throw CommandError(message: "\(escaped(path)): cannot open the log: \(String(cString: strerror(errno)))") }
            // Nor standard output, where the replies go: `--log /dev/stdout` wrote its lines between them.
            if BoardFile.isSameFile(log, asDescriptor: 1) {
                close(log)
                throw CommandError(message: "\(escaped(path)): is standard output, where the replies go; give the log a file of its own")
            }
            // Under another name too: a hard link to the board (empty, it reads as no board).
            if let board, BoardFile.isSameFile(log, as: board) {
                close(log)
                throw CommandError(message: "\(escaped(path)): is the board under another name (a hard link); give the log a file of its own")
            }
            // Nor any file that holds a board, whatever its name: a link to a board of another folder, which is not
            // the board found here, took the log.
            if Self.readsAsBoard(absolute) {
                close(log)
                throw CommandError(message: "\(escaped(path)): a Markdown file, maybe a board, is no log; give the log a file of its own")
            }
        }
        defer { if log >= 0 { close(log) } }
        // A client gone away makes writes fail (EPIPE) instead of ending the server; the end of stdin ends it.
        signal(SIGPIPE, SIG_IGN)
        var server = LanguageServer(version: BoardCommandLine.version)
        var reader = MessageReader()
        while server.exitCode == nil {
            guard let chunk = read(), !chunk.isEmpty else { break }
            reader.append(chunk)
            var frames: [MessageReader.Frame] = []
            while let frame = reader.next() { frames.append(frame) }
            guard !frames.isEmpty else { continue }
            let replies = server.handle(consume frames, today: (try? context.today()) ?? LocalDate.today())
            for reply in replies {
                // The header, then the body a part at a time: the outline of a large board is written as it goes
                // out, never whole.
                let parts = reply.serializedParts
                var header = MessageReader.header(forLength: parts.reduce(0) { $0 + $1.count })
                context.output.stream(&header)
                for part in parts {
                    switch part {
                    case .bytes(let bytes): bytes.withUnsafeBufferPointer { context.output.stream($0) }
                    case .streamed(let text): text.write { context.output.stream($0) }
                    }
                }
            }
            if log >= 0 {
                let lines = Array(server.log.map { $0 + "\n" }.joined().utf8)
                _ = lines.withUnsafeBytes { Glibc.write(log, $0.baseAddress, $0.count) }
            }
            server.clearLog()
        }
        return server.exitCode ?? (server.isShutDown ? 0 : 1)
    }
}
