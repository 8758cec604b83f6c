import BoardCLI
import BoardKit
import Foundation
import Testing

/// How `board` reads a board file: whole, whatever its size or kind.
@Suite struct ReadingTests {
    /// A board of about `megabytes` MB whose every line differs, so a piece read from the wrong place shows.
    static func largeBoard(megabytes: Int) -> String {
        let count = megabytes * 1_000_000 / 56
        let items = (0..<count).map { "- [ ] Item \(String($0, radix: 7)) with a longer title due:2026-12-01\n" }
        return "## TODO\n\n" + items.joined() + "\n## DONE\n"
    }

    /// Large enough to be read and compared in shares on every core (`Shares.bytesPerShare`).
    static let large = largeBoard(megabytes: 5)

    @Test func aLargeBoardIsReadWholeAndInOrder() throws {
        let original = Self.large
        #expect(original.utf8.count >= 2 * Shares.bytesPerShare)
        let sandbox = Sandbox()
        sandbox.write("board.md", original)
        let outcome = sandbox.run(["add", "one more"])
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        let expected = Array(original.replacingOccurrences(of: "\n\n## DONE\n", with: "\n- [ ] one more\n\n## DONE\n").utf8)
        let written = sandbox.bytes()
        #expect(written.count == expected.count)
        // The first differing offset, not megabytes of two arrays, when they differ.
        #expect((0..<min(written.count, expected.count)).first { written[$0] != expected[$0] } == nil)
    }

    /// The check that nobody changed the file meanwhile sees a change of one byte anywhere in a large file.
    @Test(arguments: [0.0, 0.3, 0.7, 1.0])
    func aChangedByteInALargeFileStopsTheWrite(at fraction: Double) throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.large)
        var edited = Array(Self.large.utf8)
        let offset = min(edited.count - 1, Int(Double(edited.count) * fraction))
        edited[offset] = edited[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let path = sandbox.path("board.md")
        let changed = edited
        let outcome = sandbox.run(["add", "From the tool"], beforeRename: {
            _ = FileManager.default.createFile(atPath: path, contents: Data(changed))
        })
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("the file changed on disk while board was editing it"))
        #expect(sandbox.bytes() == edited)
    }

    @Test func aFileThatIsNotRegularIsReadInOrder() throws {
        // A named pipe has no offsets to read at; `board check <(git show HEAD:board.md)` passes one.
        let sandbox = Sandbox()
        try #require(mkfifo(sandbox.path("pipe.md"), 0o600) == 0)
        let text = Self.largeBoard(megabytes: 1) + "- [ ] bad date due:2026-02-30\n"
        let pipe = sandbox.path("pipe.md")
        // When board stops reading early, the writer gets an error instead of the signal that ends the process.
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            let fd = open(pipe, O_WRONLY)
            guard fd >= 0 else { return }
            var sent = 0
            let bytes = Array(text.utf8)
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                sent += count
            }
            close(fd)
        }
        writer.start()
        let outcome = sandbox.run(["check", "pipe.md"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("pipe.md:\(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1):"))
        #expect(outcome.stderr.contains("'due:2026-02-30' is not a real calendar date"))
    }
}
