@testable import BoardCLI
import BoardKit
import Foundation
import Testing

/// What "read-only" means to a command that writes.
@Suite struct ReadOnlyTests {
    /// A board renamed away while a command edits it (an editor saving by renaming) changed on disk: the file is not
    /// said to be read-only because the system found no file at the path to ask about.
    @Test func aBoardRenamedAwayMeanwhileChangedOnDisk() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\n")
        let path = sandbox.path("board.md")
        do {
            try BoardFile.update(path, shownAs: "board.md") { bytes in
                _ = rename(path, path + ".saving")
                return (PrintedFile(bytes + Array("- [ ] b\n".utf8)), ())
            }
            Issue.record("the write went through")
        } catch {
            #expect((error as? CommandError)?.lines == ["board.md: the file changed on disk while board was editing it; nothing was written, run the command again"])
        }
        #expect(sandbox.read("board.md.saving") == "## TODO\n- [ ] a\n")
    }

    /// A file someone may write is written by a user the system lets write it, though its owner may not (root, on a
    /// file of mode 0466); a file no one may write is read-only even to root.
    @Test func aFileIsReadOnlyWhereNoOneMayWriteIt() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.path("board.md"))
        #expect(sandbox.run(["add", "b"]).stderr == "error: board.md: the file is read-only; nothing was written\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o466], ofItemAtPath: sandbox.path("board.md"))
        let added = sandbox.run(["add", "b"])
        if geteuid() == 0 {
            #expect(added.exitCode == 0 && sandbox.read() == "## TODO\n- [ ] a\n- [ ] b\n")
        } else {
            #expect(added.stderr == "error: board.md: the file is read-only; nothing was written\n")
        }
    }
}
