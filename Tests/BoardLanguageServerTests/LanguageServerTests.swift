import BoardKit
import BoardLanguageServer
import Testing

/// A client talking to an in-process server.
struct Client {
    static let today = CivilDate(year: 2026, month: 11, day: 23) ?? CivilDate(daysSinceEpoch: 0)
    static let uri = "file:///work/board.md"
    var server = LanguageServer(version: "test")
    var nextID = 1

    /// A client that has initialized the server, offering these position encodings.
    static func initialized(encodings: [String] = []) -> Client {
        var client = Client()
        _ = client.request("initialize", ["capabilities": ["general": ["positionEncodings": .array(encodings.map(JSON.string))]]])
        _ = client.notify("initialized", [:])
        return client
    }

    /// The replies as a client reads them: written out, then parsed (an answer written as text already included).
    mutating func send(_ messages: [JSON]) -> [JSON] {
        server.handle(messages.map { .message($0.serialized) }, today: Self.today).map { reply in
            (try? JSON(parsing: reply.serialized)) ?? .string("unparsable reply: \(String(decoding: reply.serialized, as: UTF8.self))")
        }
    }

    mutating func request(_ method: String, _ params: JSON) -> JSON {
        defer { nextID += 1 }
        let replies = send([["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method), "params": params]])
        return replies.first { $0["id"] == .int(nextID) } ?? .null
    }

    mutating func notify(_ method: String, _ params: JSON) -> [JSON] {
        send([["jsonrpc": "2.0", "method": .string(method), "params": params]])
    }

    /// Opens the board and returns the diagnostics published for it.
    mutating func open(_ text: String) -> [JSON] {
        let published = notify("textDocument/didOpen", ["textDocument": ["uri": .string(Self.uri), "languageId": "markdown", "version": 1, "text": .string(text)]])
        return published.first?["params"]?["diagnostics"]?.array ?? []
    }
}

/// `[line, character, line, character]` of a range.
func numbers(_ range: JSON?) -> [Int] {
    [range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["line"], range?["end"]?["character"]].compactMap { $0?.int }
}

/// A text with the protocol's `TextEdit`s applied, positions counted in UTF-16 code units (lines end at LF; the
/// edits all refer to the text before any of them, so they go in from the last).
func applying(_ edits: JSON?, to text: String) -> String {
    var utf16 = Array(text.utf16)
    let starts = [0] + utf16.indices.filter { utf16[$0] == 0x0A }.map { $0 + 1 }
    func index(_ position: JSON?) -> Int {
        let line = position?["line"]?.int ?? 0, character = position?["character"]?.int ?? 0
        return min(utf16.count, (line < starts.count ? starts[line] : utf16.count) + character)
    }
    let sorted = (edits?.array ?? []).sorted { index($0["range"]?["start"]) > index($1["range"]?["start"]) }
    for edit in sorted {
        let start = index(edit["range"]?["start"]), end = index(edit["range"]?["end"])
        utf16.replaceSubrange(start..<end, with: Array((edit["newText"]?.string ?? "").utf16))
    }
    return String(decoding: utf16, as: UTF16.self)
}

@Suite struct ServerLifecycleTests {
    @Test func initializeAdvertisesWhatIsImplemented() {
        var client = Client()
        let reply = client.request("initialize", ["capabilities": [:]])
        let capabilities = reply["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"] == ["openClose": true, "change": 2])
        #expect(capabilities?["hoverProvider"] == true)
        #expect(capabilities?["documentSymbolProvider"] == true)
        #expect(capabilities?["foldingRangeProvider"] == true)
        #expect(capabilities?["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "refactor.move"])
        #expect(capabilities?["completionProvider"]?["triggerCharacters"] == [":", " ", "{", "#", "@"])
        #expect(reply["result"]?["serverInfo"]?["name"] == "board")
        var utf8 = Client()
        #expect(utf8.request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]])["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
    }

    @Test func requestsBeforeInitializeAreRefused() {
        var client = Client()
        #expect(client.request("textDocument/hover", [:])["error"]?["code"] == -32002)
        #expect(client.open("## TODO\n").isEmpty)
        _ = client.request("initialize", ["capabilities": [:]])
        #expect(client.request("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
    }

    @Test func shutdownThenExitEndsWithZero() {
        var client = Client.initialized()
        #expect(client.request("shutdown", .null) == ["jsonrpc": "2.0", "id": 2, "result": nil])
        #expect(client.server.exitCode == nil)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
        _ = client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() {
        var client = Client.initialized()
        _ = client.notify("exit", .null)
        #expect(client.server.exitCode == 1)
    }

    @Test func unknownMethodsAndBadParamsGetErrorsAndTheServerGoesOn() {
        var client = Client.initialized()
        #expect(client.request("workspace/symbol", [:])["error"]?["code"] == -32601)
        #expect(client.notify("workspace/didChangeConfiguration", [:]).isEmpty)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"] == -32602)
        #expect(client.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.md"], "position": ["line": 0, "character": 0]])["error"]?["code"] == -32602)
        _ = client.open("## TODO\n- [ ] a\n")
        #expect(client.request("textDocument/hover", ["textDocument": ["uri": .string(Client.uri)], "position": ["line": -1]])["error"]?["code"] == -32602)
        #expect(client.request("textDocument/codeAction", ["textDocument": ["uri": .string(Client.uri)]])["error"]?["code"] == -32602)
        #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Client.uri)]])["result"]?.array?.count == 1)
    }

    @Test func malformedMessagesGetJSONRPCErrors() {
        var client = Client.initialized()
        let replies = client.server.handle([
            .message(Array("{\"jsonrpc\":".utf8)), .message(Array("[1,2]".utf8)), .message(Array("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}".utf8)),
            .message(Array("{\"jsonrpc\":\"2.0\",\"id\":7}".utf8)), .badHeader("no Content-Length header"),
            .message(Array(repeating: UInt8(ascii: "["), count: 100_000)),
            .message(Array("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"shutdown\"}".utf8)),
        ], today: Client.today)
        #expect(replies.map { $0["error"]?["code"]?.int ?? 0 } == [-32700, -32600, -32600, -32600, -32700, -32700, 0])
        #expect(replies.map { $0["id"] } == [.null, .null, .null, 7, .null, .null, 8])
    }

    /// A message whose `jsonrpc` is not "2.0" is no JSON-RPC 2.0 request: an Invalid Request error, and nothing done
    /// (helper-56: a `"jsonrpc":"1.0"` shutdown was obeyed).
    @Test func aMessageOfAnotherJSONRPCVersionIsAnInvalidRequest() {
        var client = Client.initialized()
        let replies = client.server.handle([
            .message(Array("{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"shutdown\"}".utf8)),
            .message(Array("{\"jsonrpc\":2,\"id\":3,\"method\":\"shutdown\"}".utf8)),
            .message(Array("{\"id\":4,\"method\":\"shutdown\"}".utf8)),
            .message(Array("{\"method\":\"exit\"}".utf8)),
            .message(Array("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"textDocument/documentSymbol\",\"params\":{}}".utf8)),
        ], today: Client.today)
        #expect(replies.map { $0["error"]?["code"]?.int ?? 0 } == [-32600, -32600, -32600, -32600, -32602])
        #expect(replies.map { $0["id"] } == [2, 3, 4, .null, 5])
        #expect(client.server.exitCode == nil && !client.server.isShutDown)
    }

    @Test func aRequestCancelledInItsBatchIsAnsweredAsCancelled() {
        var client = Client.initialized()
        _ = client.open("## TODO\n- [ ] a\n")
        let replies = client.send([
            ["jsonrpc": "2.0", "id": 40, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": .string(Client.uri)]]],
            ["jsonrpc": "2.0", "id": 41, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": .string(Client.uri)]]],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 40]],
        ])
        #expect(replies.count == 2)
        #expect(replies[0]["error"]?["code"] == -32800)
        #expect(replies[1]["result"]?.array?.count == 1)
        // A cancel for a request already answered changes nothing.
        #expect(client.notify("$/cancelRequest", ["id": 41]).isEmpty)
    }

    @Test func nothingIsHandledAfterExitEvenInItsBatch() {
        var client = Client.initialized()
        let replies = client.send([
            ["jsonrpc": "2.0", "method": "exit"], ["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"],
        ])
        #expect(replies.isEmpty)
        #expect(client.server.exitCode == 1)
    }

    @Test func theLargestVersionAndAChangeWithoutOneDoNotOverflow() {
        var client = Client.initialized()
        _ = client.notify("textDocument/didOpen", ["textDocument": ["uri": .string(Client.uri), "version": .int(Int.max), "text": "## TODO\n"]])
        let published = client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Client.uri)], "contentChanges": [["text": "x"]]])
        #expect(published.first?["params"]?["version"] == .int(Int.max))
    }

    @Test func aChangeWithAMalformedRangeIsDroppedNotAppliedToTheWholeText() {
        var client = Client.initialized()
        _ = client.open("## TODO\n- [ ] keep me\n")
        for range: JSON in [["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 0]], [:], ["start": ["line": "1"]],
                            ["start": ["line": 1, "character": 9], "end": ["line": 0, "character": 0]]] {
            #expect(client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Client.uri), "version": 2],
                                                            "contentChanges": [["range": range, "text": "X"]]]).isEmpty)
        }
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Client.uri)]])
        #expect(symbols["result"]?.array?.first?["children"]?.array?.first?["name"] == "keep me")
    }

    @Test func aTraceSettingSendsTheLogToTheClient() {
        var client = Client()
        let replies = client.send([["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:], "trace": "messages"]]])
        #expect(replies.contains { $0["method"] == "$/logTrace" && $0["params"]?["message"] == "request initialize" })
        #expect(client.server.log == ["request initialize"])
        var quiet = Client.initialized()
        #expect(!quiet.notify("initialized", [:]).contains { $0["method"] == "$/logTrace" })
        _ = quiet.notify("$/setTrace", ["value": "verbose"])
        #expect(quiet.request("shutdown", .null)["result"] == .null)
        #expect(quiet.send([["jsonrpc": "2.0", "id": 99, "method": "shutdown"]]).contains { $0["method"] == "$/logTrace" })
    }
}

@Suite struct DocumentTests {
    static let broken = "## TODO\n- [ ] 한국어 🚀 due:2026-02-30\n- [x] Ship it\n\n## DOING\n\n## DONE\n- [x] Old done:2026-11-01\n"

    @Test func diagnosticsHaveExactRangesInUTF16() {
        var client = Client.initialized()
        let published = client.open(Self.broken)
        #expect(published.map { numbers($0["range"]) } == [[1, 13, 1, 27], [2, 2, 2, 5]])
        #expect(published.map { $0["code"] } == ["impossible-date", "checked-outside-done"])
        #expect(published.map { $0["severity"] } == [1, 2])
        #expect(published.allSatisfy { $0["source"] == "board" })
        #expect(published[0]["message"] == "'due:2026-02-30' is not a real calendar date (write YYYY-MM-DD)")
    }

    /// A repeated title starts where `board check` says, at the checkbox (helper-45: at the title, column 7 against
    /// check's 3), and runs to the title's end.
    @Test func aRepeatedTitleIsMarkedFromTheColumnCheckGives() {
        var client = Client.initialized()
        let published = client.open("## TODO\n\n- [ ] same\n- [ ] same\n\n## DOING\n\n## DONE\n")
        #expect(published.map { $0["code"] } == ["duplicate-title"])
        #expect(published.map { numbers($0["range"]) } == [[3, 2, 3, 10]])
    }

    @Test func diagnosticsHaveExactRangesInUTF8WhenTheClientOffersIt() {
        var client = Client.initialized(encodings: ["utf-8"])
        #expect(client.open(Self.broken).map { numbers($0["range"]) } == [[1, 21, 1, 35], [2, 2, 2, 5]])
    }

    @Test func incrementalChangesApplyAtUTF16Positions() {
        var client = Client.initialized()
        _ = client.open(Self.broken)
        // "30" → "28" after the Hangul and the emoji (two UTF-16 units), and the tick taken back.
        let published = client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(Client.uri), "version": 2],
            "contentChanges": [
                ["range": ["start": ["line": 1, "character": 25], "end": ["line": 1, "character": 27]], "text": "28"],
                ["range": ["start": ["line": 2, "character": 3], "end": ["line": 2, "character": 4]], "text": " "],
            ],
        ])
        #expect(published.first?["params"]?["version"] == 2)
        #expect(published.first?["params"]?["diagnostics"] == [])
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Client.uri)]])
        #expect(symbols["result"]?.array?.first?["children"]?.array?.first?["detail"] == "due 2026-02-28")
    }

    @Test func aWholeTextChangeReplacesTheDocument() {
        var client = Client.initialized()
        _ = client.open(Self.broken)
        let published = client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(Client.uri), "version": 3], "contentChanges": [["text": "## TODO\n## DOING\n## DONE\n"]],
        ])
        #expect(published.first?["params"]?["diagnostics"] == [])
    }

    @Test func closingClearsTheDiagnostics() {
        var client = Client.initialized()
        _ = client.open(Self.broken)
        let published = client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Client.uri)]])
        #expect(published.first?["method"] == "textDocument/publishDiagnostics")
        #expect(published.first?["params"]?["diagnostics"] == [])
        #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Client.uri)]])["error"]?["code"] == -32602)
    }

    func actions(_ text: String, line: Int, only: [String]? = nil) -> [JSON] {
        var client = Client.initialized()
        _ = client.open(text)
        var context: [String: JSON] = ["diagnostics": []]
        if let only { context["only"] = .array(only.map(JSON.string)) }
        let reply = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(Client.uri)],
            "range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]], "context": .object(context),
        ])
        return reply["result"]?.array ?? []
    }

    /// Line numbers as large as a client can send (Int.max) get an answer, not a crash: the lines after them are none.
    @Test func aRangeToTheLargestLineIsAnswered() {
        for (start, end) in [(0, Int.max), (Int.max, Int.max), (Int.max, 0)] {
            var client = Client.initialized()
            _ = client.open(Self.broken)
            let reply = client.request("textDocument/codeAction", [
                "textDocument": ["uri": .string(Client.uri)],
                "range": ["start": ["line": .int(start), "character": .int(Int.max)], "end": ["line": .int(end), "character": 0]],
                "context": ["diagnostics": []],
            ])
            #expect(reply["result"]?.array != nil, "\(start)...\(end)")
        }
    }

    @Test func theTickedItemFixGivesWhatTidyWrites() throws {
        let found = actions(Self.broken, line: 2, only: ["quickfix"])
        #expect(found.map { $0["title"] } == ["Move to DONE, as 'board tidy' does"])
        #expect(found.first?["isPreferred"] == true)
        #expect(found.first?["diagnostics"]?.array?.first?["code"] == "checked-outside-done")
        let edits = found.first?["edit"]?["changes"]?[Client.uri]
        #expect(edits?.array?.count == 2)
        let tidied = try Board(parsing: Self.broken).tidied(doneOn: Client.today).file.bytes
        #expect(applying(edits, to: Self.broken) == String(decoding: tidied, as: UTF8.self))
    }

    /// A client that takes versioned edits (`workspace.workspaceEdit.documentChanges`) gets each edit tied to the
    /// document's version, so it refuses one made for an older text (helper-66: plain `changes` carry none).
    @Test func editsCarryTheDocumentsVersionWhereTheClientTakesThem() {
        var client = Client()
        _ = client.request("initialize", ["capabilities": ["workspace": ["workspaceEdit": ["documentChanges": true]]]])
        _ = client.notify("initialized", [:])
        _ = client.open(Self.broken)
        _ = client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Client.uri), "version": 7],
                                                     "contentChanges": [["text": .string(Self.broken)]]])
        let reply = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(Client.uri)],
            "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]],
            "context": ["diagnostics": [], "only": ["quickfix"]],
        ])
        let change = reply["result"]?.array?.first?["edit"]?["documentChanges"]?.array?.first
        #expect(change?["textDocument"]?["uri"] == .string(Client.uri))
        #expect(change?["textDocument"]?["version"] == 7)
        let tidied = (try? Board(parsing: Self.broken).tidied(doneOn: Client.today).file.bytes) ?? []
        #expect(applying(change?["edits"], to: Self.broken) == String(decoding: tidied, as: UTF8.self))
        #expect(reply["result"]?.array?.first?["edit"]?["changes"] == nil)
        // Without the capability, plain `changes`.
        #expect(actions(Self.broken, line: 2, only: ["quickfix"]).first?["edit"]?["changes"]?[Client.uri] != nil)
    }

    @Test func aSecondDueDateFixRemovesOnlyThatToken() {
        let text = "## TODO\n- [ ] 🚀 a due:2026-01-01 @{2026-01-02}\n## DOING\n## DONE\n"
        let fix = actions(text, line: 1, only: ["quickfix"])
        #expect(fix.map { $0["title"] } == ["Remove the second due date '@{2026-01-02}'"])
        let edits = fix.first?["edit"]?["changes"]?[Client.uri]
        #expect(edits?.array?.map { numbers($0["range"]) } == [[1, 25, 1, 39]])
        #expect(applying(edits, to: text) == "## TODO\n- [ ] 🚀 a due:2026-01-01\n## DOING\n## DONE\n")
    }

    @Test func nearMissSpellingsAndConflictMarkers() {
        let text = "## TODO\n-[ ] a\n- [ ] b Due:2026-12-01\n<<<<<<< ours\n## DOING\n## DONE\n"
        #expect(applying(actions(text, line: 1, only: ["quickfix"]).first?["edit"]?["changes"]?[Client.uri], to: text)
            == "## TODO\n- [ ] a\n- [ ] b Due:2026-12-01\n<<<<<<< ours\n## DOING\n## DONE\n")
        #expect(applying(actions(text, line: 2, only: ["quickfix"]).first?["edit"]?["changes"]?[Client.uri], to: text)
            == "## TODO\n-[ ] a\n- [ ] b due:2026-12-01\n<<<<<<< ours\n## DOING\n## DONE\n")
        #expect(actions(text, line: 3).isEmpty)
    }

    /// Looking for a fix costs a whole file, found or not: a range over the board gets the fixes of the first 40
    /// diagnostics that may have one. Near-miss items whose fix would take the next item into their body have none.
    @Test func aRangeLooksForFixesInTheFirstFortyDiagnosticsThatMayHaveOne() {
        func fixes(unfixable: Int) -> Int {
            let text = "## TODO\n" + String(repeating: "-[ ] a\n  - [ ] b\n- plain\n", count: unfixable) + "-[ ] c\n## DOING\n## DONE\n"
            var client = Client.initialized()
            _ = client.open(text)
            let reply = client.request("textDocument/codeAction", [
                "textDocument": ["uri": .string(Client.uri)],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": 10_000, "character": 0]],
                "context": ["diagnostics": [], "only": ["quickfix"]],
            ])
            return reply["result"]?.array?.count ?? -1
        }
        // The plain list items have no fix and cost nothing: they are not counted.
        #expect(fixes(unfixable: 39) == 1)
        #expect(fixes(unfixable: 40) == 0)
    }

    /// The commands refuse a file with merge conflict markers, so their actions are not offered on one: no move of
    /// an item out of a conflict's side. A fix inside one line still is.
    @Test func noMoveIsOfferedOnABoardWithConflictMarkers() {
        let text = "## TODO\n- [x] ticked\n-[ ] a\n<<<<<<< ours\n- [ ] b due:2026-12-01\n=======\n- [ ] b due:2026-12-05\n>>>>>>> theirs\n## DOING\n## DONE\n"
        #expect(actions(text, line: 1).isEmpty)
        #expect(actions(text, line: 4).isEmpty)
        #expect(actions(text, line: 2, only: ["quickfix"]).count == 1)
        let resolved = "## TODO\n- [x] ticked\n- [ ] b due:2026-12-01\n## DOING\n## DONE\n"
        #expect(actions(resolved, line: 1).map { $0["title"] }
            == ["Move to DONE, as 'board tidy' does", "Start (move to DOING)", "Done (move to DONE)", "Archive"])
        #expect(actions(resolved, line: 2).count == 2)
    }

    /// A near-miss item line fixed becomes an item, whose body takes the lines indented under it: offered when those
    /// are notes, not when one is an item or opens a fence, which would change meaning (FORMAT.md §6).
    @Test func aNearMissItemFixNeverSwallowsAnItemOrAFence() {
        let notes = "## TODO\n\n-[ ] Write the guide\n  Cover the config rename.\n\n## DOING\n\n## DONE\n"
        #expect(applying(actions(notes, line: 2, only: ["quickfix"]).first?["edit"]?["changes"]?[Client.uri], to: notes)
            == "## TODO\n\n- [ ] Write the guide\n  Cover the config rename.\n\n## DOING\n\n## DONE\n")
        let item = "## TODO\n\n-[ ] Write the guide\n  - [ ] Review the API due:2026-12-01\n\n## DOING\n\n## DONE\n"
        #expect(actions(item, line: 2, only: ["quickfix"]).isEmpty)
        let fence = "## TODO\n\n-[ ] Write the guide\n  ```\nmake docs\n```\n\n## DOING\n\n- [ ] Parser\n\n## DONE\n\n- [x] Plan\n"
        #expect(actions(fence, line: 2, only: ["quickfix"]).isEmpty)
    }

    @Test func editsNeverEndBetweenTheCRAndTheLFOfALineBreak() throws {
        let text = "## TODO\n## DONE\r\n- [x] a"
        let found = actions(text, line: 2, only: ["refactor.move"])
        let archive = try #require(found.first { $0["title"] == "Archive" })
        let board = Board(parsing: text)
        let archived = try board.archived([board.items[0]]).bytes
        #expect(applying(archive["edit"]?["changes"]?[Client.uri], to: text) == String(decoding: archived, as: UTF8.self))
        #expect(archive["edit"]?["changes"]?[Client.uri]?.array?.allSatisfy { numbers($0["range"]).count == 4 && numbers($0["range"])[3] <= 7 } == true)
    }

    @Test func noItemPastTheLastLine() {
        let text = "## TODO\n- [ ] a\n\n## DOING\n## DONE\n- [x] last\n"
        #expect(actions(text, line: 6).isEmpty)
        #expect(actions(text, line: 1_000_000).isEmpty)
        #expect(actions(text, line: 5).count == 3)
    }

    @Test func aRangeOverTheWholeBoardGetsAtMostTwentyFixes() {
        let text = "## TODO\n" + (0..<100).map { "- [x] item \($0)\n" }.joined() + "## DONE\n"
        var client = Client.initialized()
        _ = client.open(text)
        let reply = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(Client.uri)], "context": ["diagnostics": []],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 102, "character": 0]],
        ])
        #expect(reply["result"]?.array?.filter { $0["kind"] == "quickfix" }.count == 20)
    }

    /// Archive is offered on a done item only, as `board archive` takes only those.
    @Test func itemCommandsWriteWhatTheCommandsWrite() throws {
        let text = "## TODO\n- [ ] Write docs due:2026-12-01\n  body\n\n## DOING\n- [ ] Now\n\n## DONE\n- [x] Shipped\n"
        let board = Board(parsing: text)
        let found = actions(text, line: 2, only: ["refactor"])
        #expect(found.map { $0["title"] } == ["Start (move to DOING)", "Done (move to DONE)"])
        #expect(found.allSatisfy { $0["kind"] == "refactor.move" })
        let done = try board.moving([(board.items[0], .done)], doneOn: Client.today).bytes
        #expect(applying(found[1]["edit"]?["changes"]?[Client.uri], to: text) == String(decoding: done, as: UTF8.self))
        let shipped = actions(text, line: 8, only: ["refactor"])
        #expect(shipped.map { $0["title"] } == ["Start (move to DOING)", "Reopen (move to TODO)", "Archive"])
        let archived = try board.archived([board.items[2]]).bytes
        #expect(applying(shipped[2]["edit"]?["changes"]?[Client.uri], to: text) == String(decoding: archived, as: UTF8.self))
        #expect(actions(text, line: 5, only: ["refactor.move"]).map { $0["title"] } == ["Done (move to DONE)", "Move to TODO"])
        #expect(actions(text, line: 0).isEmpty)
        #expect(actions(text, line: 1, only: ["quickfix"]).isEmpty)
    }
}

@Suite struct NavigationTests {
    static let text = "# Project\n\n## TODO\n- [ ] Write docs due:2026-11-26 #docs @ana\n  body line\n  more\n- [ ] Late due:2026-11-21\n\n## DOING (2)\n- [ ] 한국어 🚀\n\n## DONE\n- [x] Shipped done:2026-11-20\n"

    func client() -> Client {
        var client = Client.initialized()
        _ = client.open(Self.text)
        return client
    }

    @Test func symbolsAreSectionsHoldingTheirItems() {
        var client = client()
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Client.uri)]])["result"]?.array ?? []
        #expect(symbols.map { $0["name"] } == ["TODO", "DOING (2)", "DONE"])
        #expect(symbols.map { $0["detail"] } == ["2 items", "1 item", "1 item"])
        #expect(symbols.map { numbers($0["range"]) } == [[2, 0, 6, 25], [8, 0, 9, 12], [11, 0, 12, 29]])
        let todo = symbols.first?["children"]?.array ?? []
        #expect(todo.map { $0["name"] } == ["Write docs #docs @ana", "Late"])
        #expect(todo.map { $0["detail"] } == ["due 2026-11-26", "due 2026-11-21"])
        #expect(numbers(todo.first?["range"]) == [3, 0, 5, 6])
        #expect(numbers(todo.first?["selectionRange"]) == [3, 6, 3, 42])
        #expect(symbols[1]["children"]?.array?.first?["name"] == "한국어 🚀")
        #expect(numbers(symbols[1]["children"]?.array?.first?["selectionRange"]) == [9, 6, 9, 12])
        #expect(symbols[2]["children"]?.array?.first?["detail"] == "done 2026-11-20")
    }

    @Test func foldsForSectionsAndBodies() {
        var client = client()
        let folds = client.request("textDocument/foldingRange", ["textDocument": ["uri": .string(Client.uri)]])["result"]?.array ?? []
        #expect(folds.map { [$0["startLine"]?.int ?? -1, $0["endLine"]?.int ?? -1] } == [[2, 6], [3, 5], [8, 9], [11, 12]])
    }

    func hover(_ line: Int, _ character: Int = 3) -> String? {
        var client = client()
        let reply = client.request("textDocument/hover", ["textDocument": ["uri": .string(Client.uri)], "position": ["line": .int(line), "character": .int(character)]])
        return reply["result"]?["contents"]?["value"]?.string
    }

    @Test func hoverSaysWhenAnItemIsDue() {
        #expect(hover(3) == "**TODO** · due in 3 days (2026-11-26) · #docs · @ana")
        #expect(hover(5) == "**TODO** · due in 3 days (2026-11-26) · #docs · @ana")
        #expect(hover(6) == "**TODO** · overdue by 2 days (2026-11-21)")
        #expect(hover(12) == "**DONE** · done 2026-11-20")
        #expect(hover(0) == nil)
    }

    func complete(_ text: String, line: Int = 3, before rest: String = "") -> [JSON] {
        var client = Client.initialized()
        let full = "## TODO\n- [ ] a #docs @ana\n- [ ] b #docs #ops\n" + text + rest + "\n## DOING\n## DONE\n"
        _ = client.open(full)
        let reply = client.request("textDocument/completion", ["textDocument": ["uri": .string(Client.uri)],
                                                               "position": ["line": .int(line), "character": .int(text.utf16.count)]])
        return reply["result"]?["items"]?.array ?? []
    }

    @Test func datesAreCompletedAfterEveryDueSpelling() {
        let afterDue = complete("- [ ] c due:2026-1")
        #expect(afterDue.prefix(3).map { $0["label"] } == ["2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(afterDue.prefix(3).map { $0["detail"] } == ["today, Monday", "tomorrow, Tuesday", "Wednesday"])
        #expect(afterDue.count == 9)
        #expect(numbers(afterDue.first?["textEdit"]?["range"]) == [3, 12, 3, 18])
        let afterCalendar = complete("- [ ] 🚀 c 📅 ")
        #expect(afterCalendar.first?["textEdit"]?["newText"] == "2026-11-23")
        #expect(numbers(afterCalendar.first?["textEdit"]?["range"]) == [3, 14, 3, 14])
        #expect(complete("- [ ] c @{").first?["textEdit"]?["newText"] == "2026-11-23}")
        #expect(complete("- [ ] c due:soon").isEmpty)
        #expect(complete("- [ ] c words ").isEmpty)
    }

    @Test func tagsAndPeopleAreCompletedFromTheBoard() {
        #expect(complete("- [ ] c #").map { $0["label"] } == ["docs", "ops"])
        #expect(complete("- [ ] c #").map { $0["detail"] } == ["2 items", "1 item"])
        #expect(complete("- [ ] c @a").map { $0["label"] } == ["ana"])
        #expect(numbers(complete("- [ ] c @a").first?["textEdit"]?["range"]) == [3, 9, 3, 10])
    }

    /// Completing inside a word replaces the rest of it too (helper-66: `due:2026-1|2-01` became `due:2026-11-232-01`).
    @Test func completingInsideAWordReplacesAllOfIt() {
        #expect(numbers(complete("- [ ] c due:2026-1", before: "2-01 x").first?["textEdit"]?["range"]) == [3, 12, 3, 22])
        let braced = complete("- [ ] c @{2026-1", before: "2-01} x").first?["textEdit"]
        #expect(numbers(braced?["range"]) == [3, 10, 3, 20])
        #expect(braced?["newText"] == "2026-11-23")
        #expect(numbers(complete("- [ ] c 📅 2026", before: "-12-01").first?["textEdit"]?["range"]) == [3, 11, 3, 21])
        #expect(numbers(complete("- [ ] c #do", before: "cs x").first?["textEdit"]?["range"]) == [3, 9, 3, 13])
        // Before a blank, nothing more.
        #expect(numbers(complete("- [ ] c #do", before: " cs").first?["textEdit"]?["range"]) == [3, 9, 3, 11])
    }

    /// The word being typed is never offered, on the file's last line too, with or without its line break.
    @Test func theWordBeingTypedAtTheEndOfTheFileIsNotOffered() {
        for ending in ["", "\n"] {
            var client = Client.initialized()
            _ = client.open("## TODO\n\n- [ ] E @bob\n- [ ] F @b" + ending)
            let reply = client.request("textDocument/completion", ["textDocument": ["uri": .string(Client.uri)],
                                                                   "position": ["line": 3, "character": 10]])
            #expect(reply["result"]?["items"]?.array?.map { $0["label"] } == ["bob"], "ending \(ending.count)")
        }
    }
}

@Suite struct FramingTests {
    func frames(_ chunks: [String]) -> [MessageReader.Frame] {
        frames(chunks.map { Array($0.utf8) })
    }

    func frames(_ chunks: [[UInt8]]) -> [MessageReader.Frame] {
        var reader = MessageReader()
        var found: [MessageReader.Frame] = []
        for chunk in chunks {
            reader.append(chunk)
            while let frame = reader.next() { found.append(frame) }
        }
        return found
    }

    @Test func messagesArriveWhateverTheChunks() {
        let stream = "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}Content-Length: 7\r\n\r\n\"한\"  "
        let whole = frames([stream])
        #expect(whole == [.message(Array("{}".utf8)), .message(Array("\"한\"  ".utf8))])
        #expect(frames(stream.utf8.map { [$0] }) == whole)
        #expect(frames(["Content-Length: 5\r\n\r\n{\"a\""]).isEmpty)
    }

    @Test func aBadHeaderIsReportedAndSkipped() {
        let found = frames(["garbage\r\n\r\nContent-Length: 2\r\n\r\n{}", "Content-Length: x\r\n\r\n", "Content-Length: 99999999999\r\n\r\nContent-Length: 2\r\n\r\n[]"])
        #expect(found == [
            .badHeader("header line without ':': 'garbage'"), .message(Array("{}".utf8)),
            .badHeader("Content-Length 'x' is not a number"),
            .badHeader("Content-Length 99999999999 is more than 1073741824"), .message(Array("[]".utf8)),
        ])
        #expect(frames([String(repeating: "x", count: 9_000)]) == [.badHeader("no empty line after 8192 bytes of header")])
        #expect(frames(["X-Other: 1\n\n{}"]) == [.badHeader("no Content-Length header")])
        // Two lengths that differ: the last one swallowed the next message.
        #expect(frames(["Content-Length: 2\r\nContent-Length: 200\r\n\r\n{}Content-Length: 2\r\n\r\n[]"])
            == [.badHeader("two Content-Length headers, 2 and 200"), .message(Array("[]".utf8))])
        #expect(frames(["Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}"]) == [.message(Array("{}".utf8))])
    }

    @Test func framedMessagesCarryTheirLengthInBytes() {
        #expect(MessageReader.framed(Array("\"한\"".utf8)) == Array("Content-Length: 5\r\n\r\n\"한\"".utf8))
    }
}

@Suite struct JSONTests {
    @Test func readsWhatTheProtocolSends() throws {
        let value = try JSON(parsing: Array(#"{"a":[1,-2.5e1,true,false,null],"b":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude80\ud800x"}"#.utf8))
        #expect(value["a"] == [1, .double(-25), true, false, nil])
        #expect(value["b"] == "\"\\/\u{8}\u{C}\n\r\té🚀\u{FFFD}x")
        #expect(try JSON(parsing: value.serialized) == value)
    }

    @Test func refusesWhatIsNotJSON() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "\"\u{1}\"", "01x", "tru", "\"\\q\"", "1 2", String(repeating: "[", count: 300) + String(repeating: "]", count: 300)] {
            #expect(throws: JSON.SyntaxError.self) { try JSON(parsing: Array(text.utf8)) }
        }
    }
}
