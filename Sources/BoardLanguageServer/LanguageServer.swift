import BoardKit

/// `board lsp` as a pure state machine: frames in, messages out. It keeps the open documents and answers the
/// Language Server Protocol 3.17 over them with BoardKit's own parser, checks and edits; the stdio loop around it
/// only moves bytes.
public struct LanguageServer: Sendable {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    /// A request that cannot be answered with a result.
    struct Failure: Error {
        let code: ErrorCode
        let message: String
    }

    /// What the server prints to its log (`--log FILE`) and, when the client asked for a trace, sends it.
    public private(set) var log: [String] = []
    /// The exit code once `exit` came: 0 after `shutdown`, else 1.
    public private(set) var exitCode: Int32?

    private var isInitialized = false
    /// True once `shutdown` was answered: the end of the input then ends the server with 0.
    public private(set) var isShutDown = false
    private var encoding = PositionEncoding.utf16
    private var traces = false
    /// The client takes edits tied to a document version (`workspace.workspaceEdit.documentChanges`): an edit made
    /// for an older text is refused there, not applied to a text it was not made for.
    private var versionedEdits = false
    private var documents: [String: OpenDocument] = [:]
    private let version: String

    public init(version: String) {
        self.version = version
    }

    /// Handles the frames read together, in order, and returns the messages to send. A request cancelled by a
    /// `$/cancelRequest` among them is answered with `RequestCancelled` instead of being worked out.
    public mutating func handle(_ frames: consuming [MessageReader.Frame], today: CivilDate) -> [JSON] {
        // Each frame as a message, or as the error that answers it.
        let parsed: [Result<JSON, Failure>] = frames.map { frame in
            switch frame {
            case .badHeader(let reason):
                return .failure(Failure(code: .parseError, message: "bad message header: \(reason)"))
            case .message(let body):
                do throws(JSON.SyntaxError) {
                    return .success(try JSON(parsing: body))
                } catch {
                    return .failure(Failure(code: .parseError, message: "the message is not JSON: \(error.reason) at byte \(error.offset)"))
                }
            }
        }
        // The frames' bytes go before any message is handled: a board opened would be held a third time beside its
        // text and its document.
        _ = consume frames
        let cancelled = parsed.compactMap { message -> JSON? in
            guard case .success(let message) = message, message["method"]?.string == "$/cancelRequest" else { return nil }
            return message["params"]?["id"]
        }
        var messages: [JSON] = []
        // Nothing is handled after `exit`, even what came with it.
        for message in parsed where exitCode == nil {
            switch message {
            case .success(let message): messages += handle(message, cancelled: cancelled, today: today)
            case .failure(let failure):
                record("error \(failure.code.rawValue): \(failure.message)")
                messages.append(Self.error(id: .null, failure.code, failure.message))
            }
        }
        return messages
    }

    private mutating func handle(_ message: JSON, cancelled: [JSON], today: CivilDate) -> [JSON] {
        guard case .object = message else { return [Self.error(id: .null, .invalidRequest, "a message must be a JSON object")] }
        let id = message["id"]
        guard message["jsonrpc"]?.string == "2.0" else {
            return [Self.error(id: Self.validID(id) ?? .null, .invalidRequest, "a message must have \"jsonrpc\": \"2.0\"")]
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (the server sends none), or nonsense.
            if message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: Self.validID(id) ?? .null, .invalidRequest, "a message needs a 'method'")]
        }
        let params = message["params"] ?? .null
        guard let id else {
            record("notification \(method)")
            return notification(method, params, today: today)
        }
        guard let requestID = Self.validID(id) else {
            return [Self.error(id: .null, .invalidRequest, "a request id must be an integer or a string")]
        }
        record("request \(method)")
        if cancelled.contains(requestID) { return [Self.error(id: requestID, .requestCancelled, "cancelled")] }
        do {
            let result = try request(method, params, today: today)
            return [["jsonrpc": "2.0", "id": requestID, "result": result]] + traced()
        } catch {
            record("error \(error.code.rawValue): \(error.message)")
            return [Self.error(id: requestID, error.code, error.message)] + traced()
        }
    }

    // MARK: - Requests

    private mutating func request(_ method: String, _ params: JSON, today: CivilDate) throws(Failure) -> JSON {
        if method == "initialize" {
            guard !isInitialized else { throw Failure(code: .invalidRequest, message: "the server is already initialized") }
            return initialize(params)
        }
        guard isInitialized else { throw Failure(code: .serverNotInitialized, message: "'initialize' must come first") }
        guard !isShutDown else { throw Failure(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            isShutDown = true
            return .null
        case "textDocument/codeAction":
            let (document, range) = try documentAndRange(params)
            return document.codeActions(in: range, only: params["context"]?["only"]?.array?.compactMap(\.string), encoding, today: today,
                                        versioned: versionedEdits)
        case "textDocument/documentSymbol":
            return try document(params).symbols(encoding)
        case "textDocument/foldingRange":
            return try document(params).foldingRanges()
        case "textDocument/hover":
            let document = try document(params)
            return document.hover(at: try position(params), encoding, today: today)
        case "textDocument/completion":
            let document = try document(params)
            return document.completions(at: try position(params), encoding, today: today)
        default:
            throw Failure(code: .methodNotFound, message: "no method '\(method)'")
        }
    }

    private mutating func initialize(_ params: JSON) -> JSON {
        isInitialized = true
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        traces = ["messages", "verbose"].contains(params["trace"]?.string ?? "off")
        versionedEdits = params["capabilities"]?["workspace"]?["workspaceEdit"]?["documentChanges"] == .bool(true)
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2],
                "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.move"]],
                "documentSymbolProvider": true,
                "foldingRangeProvider": true,
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": [":", " ", "{", "#", "@"]],
            ],
            "serverInfo": ["name": "board", "version": .string(version)],
        ]
    }

    // MARK: - Notifications

    private mutating func notification(_ method: String, _ params: JSON, today: CivilDate) -> [JSON] {
        switch method {
        case "exit":
            exitCode = isShutDown ? 0 : 1
            return []
        case "$/setTrace":
            traces = ["messages", "verbose"].contains(params["value"]?.string ?? "off")
            return []
        default:
            break
        }
        // Before `initialize`, notifications other than `exit` are dropped (LSP 3.17, "initialize").
        guard isInitialized, !isShutDown else { return [] }
        let uri = params["textDocument"]?["uri"]?.string
        switch method {
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.string else { return [] }
            let document = OpenDocument(uri: uri, version: params["textDocument"]?["version"]?.int ?? 0, text: TextDocument(Array(text.utf8)))
            documents[uri] = document
            return [document.diagnostics(encoding)] + traced()
        case "textDocument/didChange":
            guard let uri, documents[uri] != nil, let changes = params["contentChanges"]?.array else { return [] }
            var read: [TextDocument.Change] = []
            for change in changes {
                guard let newText = change["text"]?.string else { continue }
                guard let range = change["range"] else {
                    read.append(TextDocument.Change(text: Array(newText.utf8), range: nil))
                    continue
                }
                // A range that is not one cannot be applied: the whole notification is dropped, not the text.
                guard let start = Position(range["start"]), let end = Position(range["end"]),
                      (start.line, start.character) <= (end.line, end.character) else {
                    record("error: a change with a malformed range; the notification was dropped")
                    return traced()
                }
                read.append(TextDocument.Change(text: Array(newText.utf8), range: (start, end)))
            }
            // The document as it was is let go before the new one is made: the text is then changed in place, not
            // copied, and two boards are never held at once (60 MB for the 100,000-item board, against 43.5).
            guard var (text, version) = documents.removeValue(forKey: uri).map({ ($0.text, $0.version) }) else { return [] }
            text.apply(read, encoding)
            let document = OpenDocument(uri: uri, version: params["textDocument"]?["version"]?.int ?? version, text: text)
            documents[uri] = document
            return [document.diagnostics(encoding)] + traced()
        case "textDocument/didClose":
            guard let uri, documents.removeValue(forKey: uri) != nil else { return [] }
            return [["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": .string(uri), "diagnostics": []]]]
        default:
            // `initialized`, `$/cancelRequest` (handled with its batch), `didSave`, and what the server does not know.
            return []
        }
    }

    // MARK: - Parameters

    private func document(_ params: JSON) throws(Failure) -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw Failure(code: .invalidParams, message: "'textDocument.uri' is missing")
        }
        guard let document = documents[uri] else { throw Failure(code: .invalidParams, message: "'\(uri)' is not open") }
        return document
    }

    private func position(_ params: JSON) throws(Failure) -> Position {
        guard let position = Position(params["position"]) else { throw Failure(code: .invalidParams, message: "'position' is missing or not a position") }
        return position
    }

    private func documentAndRange(_ params: JSON) throws(Failure) -> (OpenDocument, (Position, Position)) {
        let document = try document(params)
        guard let start = Position(params["range"]?["start"]), let end = Position(params["range"]?["end"]) else {
            throw Failure(code: .invalidParams, message: "'range' is missing or not a range")
        }
        return (document, (start, end))
    }

    /// A request id as JSON-RPC allows it: a number or a string.
    private static func validID(_ id: JSON?) -> JSON? {
        switch id {
        case .string?: id
        case let value?: value.int.map(JSON.int)
        case nil: nil
        }
    }

    private static func error(id: JSON, _ code: ErrorCode, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    // MARK: - Log

    private var pendingTraces: [String] = []

    private mutating func record(_ line: String) {
        log.append(line)
        pendingTraces.append(line)
    }

    /// `$/logTrace` notifications for what was recorded since the last, when the client asked for a trace.
    private mutating func traced() -> [JSON] {
        defer { pendingTraces = [] }
        guard traces else { return [] }
        return pendingTraces.map { ["jsonrpc": "2.0", "method": "$/logTrace", "params": ["message": .string($0)]] }
    }

    /// Empties the log, once the caller has written it out.
    public mutating func clearLog() {
        log = []
    }
}
