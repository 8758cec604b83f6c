import BoardCLI
import Foundation
import Testing

/// `board lsp` as the command line runs it: framed messages on standard input in any chunks, framed replies on
/// standard output, nothing on stderr, the log in `--log FILE`, and the exit code the protocol gives.
@Suite struct LanguageServerCommandTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    static let session = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        ###"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///b.md","languageId":"markdown","version":1,"text":"## TODO\n- [ ] a due:2026-02-30\n## DOING\n## DONE\n"}}}"###,
        #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
        #"{"jsonrpc":"2.0","method":"exit"}"#,
    ].map(frame).joined()

    func run(_ input: String, chunk: Int, arguments: [String] = [], in sandbox: Sandbox, folder: String? = nil) -> Outcome {
        BoardCommandLine.run(Invocation(arguments: ["lsp"] + arguments, environment: ["BOARD_TODAY": "2026-11-23"],
                                        currentDirectory: folder.map(sandbox.path) ?? sandbox.directory,
                                        standardInput: StandardInput(Array(input.utf8), chunk: chunk).read))
    }

    /// The JSON bodies of framed output.
    func bodies(_ output: String) -> [String] {
        output.components(separatedBy: "Content-Length: ").dropFirst().map { frame in
            String(frame[(frame.range(of: "\r\n\r\n")?.upperBound ?? frame.endIndex)...])
        }
    }

    @Test func aSessionInAnyChunksGetsTheSameRepliesAndExitsZero() {
        let sandbox = Sandbox()
        let whole = run(Self.session, chunk: 1 << 16, in: sandbox)
        #expect(whole.exitCode == 0)
        #expect(whole.stderr == "")
        let replies = bodies(whole.stdout)
        #expect(replies.count == 3)
        #expect(replies[0].hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":{"capabilities":"#))
        #expect(replies[1].contains(#""code":"impossible-date""#))
        #expect(replies[1].contains(#""range":{"end":{"character":22,"line":1},"start":{"character":8,"line":1}}"#))
        #expect(replies[2] == #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        #expect(run(Self.session, chunk: 7, in: sandbox).stdout == whole.stdout)
    }

    @Test func theEndOfInputEndsTheServerWithOneWithoutShutdown() {
        let sandbox = Sandbox()
        let outcome = run(Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#) + "Content-Length: 50\r\n\r\n{", chunk: 5, in: sandbox)
        #expect(outcome.exitCode == 1)
        #expect(bodies(outcome.stdout).count == 1)
    }

    @Test func theLogGoesToItsFileOnly() {
        let sandbox = Sandbox()
        let outcome = run(Self.session, chunk: 100, arguments: ["--log", "lsp.log"], in: sandbox)
        #expect(outcome.stderr == "")
        #expect(sandbox.read("lsp.log") == "request initialize\nnotification initialized\nnotification textDocument/didOpen\nrequest shutdown\nnotification exit\n")
        let unwritable = run(Self.session, chunk: 100, arguments: ["--log", "missing/dir/lsp.log"], in: sandbox)
        #expect(unwritable.exitCode == 1)
        #expect(unwritable.stderr == "error: missing/dir/lsp.log: cannot open the log: No such file or directory\n")
    }

    /// `--log board.md` appended the log to the board, outside its lock and its safe write.
    @Test func aBoardOrAnyMarkdownFileIsNoLog() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n\n- [ ] A\n")
        sandbox.write("plan", "## TODO\n\n- [ ] A\n")
        for (path, arguments) in [("board.md", []), ("notes.MD", []), ("plan", ["--file", "plan"]), ("notes.mdx", []), ("notes.mkd", [])] {
            let outcome = run(Self.session, chunk: 100, arguments: ["--log", path] + arguments, in: sandbox)
            #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: \(path): a Markdown file, maybe a board, is no log; give the log a file of its own\n"))
        }
        #expect(sandbox.read("board.md") == "## TODO\n\n- [ ] A\n")
        #expect(sandbox.read("plan") == "## TODO\n\n- [ ] A\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("notes.MD")))
    }

    /// Standard output carries the replies: `--log /dev/stdout` wrote its lines between the frames (helper-66).
    @Test func standardOutputIsNoLog() {
        let outcome = run(Self.session, chunk: 100, arguments: ["--log", "/dev/stdout"], in: Sandbox())
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: /dev/stdout: is standard output, where the replies go; give the log a file of its own\n"))
    }

    /// A hard link to the board is the board under another name: the log went into it.
    @Test func aHardLinkToTheBoardIsNoLog() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n\n- [ ] A\n")
        try FileManager.default.linkItem(atPath: sandbox.path("board.md"), toPath: sandbox.path("lsp.log"))
        let outcome = run(Self.session, chunk: 100, arguments: ["--log", "lsp.log"], in: sandbox)
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: lsp.log: is the board under another name (a hard link); give the log a file of its own\n"))
        #expect(sandbox.read("board.md") == "## TODO\n\n- [ ] A\n")
    }

    /// A hard or symbolic link to a board in another folder, or a board named as no Markdown file, is no log either:
    /// run from elsewhere, where the board found is another (or none), the server appended its log to it (helper-45).
    @Test func aBoardOfAnotherFolderIsNoLogUnderAnyName() throws {
        let sandbox = Sandbox()
        for folder in ["p", "q"] { try FileManager.default.createDirectory(atPath: sandbox.path(folder), withIntermediateDirectories: true) }
        sandbox.write("p/board.md", "## TODO\n\n- [ ] A\n")
        sandbox.write("p/plan", "# Plan\n\n## DOING\n")
        sandbox.write("p/empty.md", "")
        sandbox.write("q/README", "elsewhere\n")
        try FileManager.default.linkItem(atPath: sandbox.path("p/board.md"), toPath: sandbox.path("p/hard.log"))
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("p/soft.log"), withDestinationPath: "board.md")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("p/empty.log"), withDestinationPath: "empty.md")
        for name in ["hard.log", "soft.log", "plan", "empty.log"] {
            let outcome = run(Self.session, chunk: 100, arguments: ["--log", "../p/\(name)"], in: sandbox, folder: "q")
            #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: ../p/\(name): a Markdown file, maybe a board, is no log; give the log a file of its own\n"))
        }
        #expect(sandbox.read("p/board.md") == "## TODO\n\n- [ ] A\n")
        #expect(sandbox.read("p/plan") == "# Plan\n\n## DOING\n")
        #expect(sandbox.read("p/empty.md") == "")
        // A log of its own, written before, is a log still.
        let first = run(Self.session, chunk: 100, arguments: ["--log", "../p/lsp.log"], in: sandbox, folder: "q")
        let second = run(Self.session, chunk: 100, arguments: ["--log", "../p/lsp.log"], in: sandbox, folder: "q")
        #expect(first.exitCode == 0 && second.exitCode == 0 && sandbox.read("p/lsp.log").components(separatedBy: "request initialize").count == 3)
    }
}
