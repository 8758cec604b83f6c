@testable import BoardCLI
import Foundation
import Testing

/// Every failure: one line on stderr naming the problem, exit 1, and nothing written.
@Suite struct FailureTests {
    static let board = "## TODO\n- [ ] Fix login\n- [ ] Fix docs\n- [ ] Write\n"

    func sandboxWithBoard() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        return sandbox
    }

    @Test func ambiguousQueryListsCandidatesWithLineNumbers() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["done", "fix"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: 'fix' matches 2 items: \"Fix login\" (line 2), \"Fix docs\" (line 3); use more of the title or ':LINE'\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func anAmbiguousRefOnALargeBoardListsTenCandidatesAndCountsTheRest() {
        let sandbox = Sandbox()
        let board = "## TODO\n" + (0..<5_000).map { "- [ ] Fix bug \($0)\n" }.joined()
        sandbox.write("board.md", board)
        let outcome = sandbox.run(["done", "bug"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: board.md: 'bug' matches 5000 items: "
            + (0..<10).map { "\"Fix bug \($0)\" (line \($0 + 2))" }.joined(separator: ", ")
            + ", and 4990 more; use more of the title or ':LINE'\n")
        #expect(sandbox.read() == board)
    }

    /// Bytes that are not UTF-8 reach board from the system as characters that stand for them (`SystemText`):
    /// a title or body holding them is refused, never written as those characters.
    @Test func textThatIsNotUTF8IsRefusedAndNothingIsWritten() {
        let sandbox = sandboxWithBoard()
        let latin1 = SystemText.decode([0x43, 0x61, 0x66, 0xE9])  // "Café" in Latin-1
        for arguments in [["add", latin1], ["add", "Café", "--body", latin1], ["edit", "login", "--title", latin1],
                          ["edit", "login", "--body", latin1], ["init", "--title", latin1, "--file", "new.md"]] {
            let outcome = sandbox.run(arguments)
            #expect(outcome.exitCode == 64, "\(arguments)")
            #expect(outcome.stderr.hasPrefix("Error: Invalid \(arguments.contains("--body") ? "body" : "title"): byte 0xE9 is not UTF-8 text;"))
        }
        let piped = BoardCommandLine.run(Invocation(arguments: ["edit", "login", "--body", "-"], environment: [:],
                                                    currentDirectory: sandbox.directory,
                                                    standardInput: StandardInput([0x78, 0xFF, 0x79, 0x0A]).read))
        #expect(piped == Outcome(exitCode: 1, stdout: "", stderr: "error: --body -: standard input is not UTF-8 text; board files are UTF-8, so nothing was written\n"))
        #expect(sandbox.read() == Self.board)
        #expect(sandbox.bytes("new.md").isEmpty)
        #expect(sandbox.run(["add", "Café", "--body", "naïve"]).exitCode == 0)
        #expect(sandbox.read() == Self.board + "- [ ] Café\n  naïve\n")
    }

    /// Standard input without end (`--body - < /dev/zero`) stops at the limit with an error, where it grew until the
    /// system killed board (helper-77's 04); input below the limit is read whole.
    @Test func aBodyFromStandardInputStopsAtTheLimit() throws {
        var chunks = 0
        let endless = { () -> [UInt8]? in
            chunks += 1
            return [UInt8](repeating: 0x61, count: 1 << 10)
        }
        #expect(throws: CommandError.self) { try Commands.allInput(endless, limit: 1 << 20) }
        #expect(chunks == 1 << 10)
        do {
            _ = try Commands.allInput(endless, limit: 1 << 20)
        } catch {
            #expect(error.message == "--body -: standard input holds 1 MiB or more, too much for a board; nothing was written")
        }
        var left = 3
        let three = { () -> [UInt8]? in
            left -= 1
            return left >= 0 ? [0x62] : []
        }
        #expect(try Commands.allInput(three, limit: 4) == [0x62, 0x62, 0x62])
    }

    /// A path whose UTF-8 spells a character from U+10FF80 up names its own file: `SystemText` held the character as
    /// itself, which stands for a byte that is not UTF-8, so `board` read and wrote the file named by that one byte.
    /// A title spelling such a character is written as it is.
    @Test func aPathSpellingACharacterOfTheRawBytePlaneNamesItsOwnFile() {
        let sandbox = Sandbox()
        sandbox.write("b\u{10FF80}.md", "## TODO\n- [ ] real\n")
        let decoy = Array(sandbox.path("b").utf8) + [0x80] + Array(".md".utf8)
        func decoyBytes() -> [UInt8] {
            let fd = open((decoy + [0]).map { CChar(bitPattern: $0) }, O_RDONLY)
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(fd, &buffer, buffer.count)
            return Array(buffer.prefix(max(0, count)))
        }
        let fd = open((decoy + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT, 0o644)
        _ = Array("## TODO\n- [ ] decoy\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let name = SystemText.decode(Array("b\u{10FF80}.md".utf8))
        #expect(sandbox.run(["list", "--format", "{title}", "--file", name]).stdout == "real\n")
        let title = SystemText.decode(Array("P \u{10FF80}".utf8))
        #expect(sandbox.run(["add", title, "--file", name]).exitCode == 0)
        #expect(sandbox.read("b\u{10FF80}.md") == "## TODO\n- [ ] real\n- [ ] P \u{10FF80}\n")
        #expect(decoyBytes() == Array("## TODO\n- [ ] decoy\n".utf8))
    }

    /// An option that takes a value never takes the next option for it: `--title --no-due` lacks its title.
    @Test func anOptionIsNeverTakenForTheValueBeforeIt() {
        let sandbox = sandboxWithBoard()
        let outcome = sandbox.run(["edit", "login", "--title", "--no-due"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.stderr.hasPrefix("Error: Missing value for '--title <text>' before '--no-due' (write --title=--no-due if that is the value)\n"))
        #expect(sandbox.run(["add", "--body", "--top", "Title"]).exitCode == 64)
        #expect(sandbox.run(["add", "Title", "--due", "-f", "board.md"]).exitCode == 64)
        #expect(sandbox.read() == Self.board)
        // Written with `=`, the value may start with dashes; a lone `-` (standard input) or `-3` is a value.
        #expect(sandbox.run(["add", "Title", "--body=--top"]).exitCode == 0)
        #expect(sandbox.read() == Self.board + "- [ ] Title\n  --top\n")
        #expect(sandbox.run(["list", "--search", "-3"]).exitCode == 0)
    }

    /// `--file ""` (an unset variable in a script) is an error, not a sign to look for the nearest board.
    @Test func anEmptyFilePathIsAnError() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: false)
        let inSub = { (arguments: [String]) in
            BoardCommandLine.run(Invocation(arguments: arguments, environment: [:], currentDirectory: sandbox.path("sub")))
        }
        for arguments in [["-f", "", "add", "Oops"], ["add", "Oops", "--file="], ["list", "--file", ""]] {
            let outcome = inSub(arguments)
            #expect(outcome.exitCode == 64)
            #expect(outcome.stderr.hasPrefix("Error: Option '--file' needs a path; it was given an empty one\n"))
        }
        #expect(sandbox.read() == Self.board)
        #expect(inSub(["add", "Found"]).exitCode == 0)
        #expect(sandbox.read() == Self.board + "- [ ] Found\n")
    }

    /// A command that edits the nearest `board.md` in a folder above says which file that is (helper-39: `board add` in
    /// a subfolder changed a board the user did not know was there, without a word); one in the current folder, or
    /// named, goes without saying.
    @Test func anEditOfTheBoardInAFolderAboveNamesIt() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: false)
        let outcome = BoardCommandLine.run(Invocation(arguments: ["add", "Found"], environment: [:], currentDirectory: sandbox.path("sub")))
        #expect(outcome.exitCode == 0)
        #expect(outcome.stderr == "note: the board is \(sandbox.path("board.md")), the nearest board.md above this folder\n")
        #expect(sandbox.read() == Self.board + "- [ ] Found\n")
        #expect(sandbox.run(["add", "Here"]).stderr == "")
        #expect(BoardCommandLine.run(Invocation(arguments: ["add", "Named", "--file", "../board.md"], environment: [:],
                                                currentDirectory: sandbox.path("sub"))).stderr == "")
    }

    /// Only a folder with nothing named `board.md` in it sends the search up: a `board.md` that cannot be read (a link
    /// to a drive not mounted, a link loop) is the board, and its error is said; so is anything else that keeps board
    /// from telling whether the folder has one (a folder it may not search, a path too long). helper-77's 02: `add`
    /// in such a folder wrote to the board above, with a note on stderr only.
    @Test func anUnusableBoardHereIsAnErrorNotALookAbove() throws {
        let sandbox = sandboxWithBoard()
        let sub = sandbox.path("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        func inSub(_ arguments: [String]) -> Outcome {
            BoardCommandLine.run(Invocation(arguments: arguments, environment: [:], currentDirectory: sub))
        }
        for target in ["/nonexistent-drive/board.md", "board.md"] {
            unlink(sandbox.path("sub/board.md"))
            try #require(symlink(target, sandbox.path("sub/board.md")) == 0)
            let outcome = inSub(["add", "For the project"])
            #expect(outcome.exitCode == 1, "\(target)")
            #expect(outcome.stderr.hasPrefix("error: board.md: cannot"), "\(target): \(outcome.stderr)")
            #expect(inSub(["list"]).stderr.hasPrefix("error: board.md: cannot read"), "\(target)")
        }
        #expect(sandbox.read() == Self.board)
    }

    /// The current folder renamed as board starts (`mv team team-old`): its own board is not at the old path, and the
    /// board of the folder above took the change, exit 0 (helper-80). The search looks above only while the current
    /// folder's path still leads to the folder the process is in.
    @Test func aCurrentFolderMovedAsBoardStartsSendsNoChangeToTheBoardAbove() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.createDirectory(atPath: sandbox.path("team"), withIntermediateDirectories: false)
        sandbox.write("team/board.md", "## TODO\n")
        let identity = try #require(BoardFile.identity(of: sandbox.path("team")))
        try FileManager.default.moveItem(atPath: sandbox.path("team"), toPath: sandbox.path("team-old"))
        var invocation = Invocation(arguments: ["add", "X"], currentDirectory: sandbox.path("team"))
        invocation.currentDirectoryIdentity = identity
        let outcome = BoardCommandLine.run(invocation)
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: the current folder was moved or removed while board looked for its board.md; nothing was done, run the command again\n"))
        #expect(sandbox.read() == Self.board)
        #expect(sandbox.read("team-old/board.md") == "## TODO\n")
        // Where it stays put, the board above is found as before.
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: false)
        var stays = Invocation(arguments: ["add", "Found"], currentDirectory: sandbox.path("sub"))
        stays.currentDirectoryIdentity = BoardFile.identity(of: sandbox.path("sub"))
        #expect(BoardCommandLine.run(stays).exitCode == 0)
        #expect(sandbox.read() == Self.board + "- [ ] Found\n")
    }

    /// An option of other commands is named as theirs (helper-39: `add x --title y` was asked whether it meant
    /// `--file`); a misspelling still gets the nearest option.
    @Test func anOptionOfAnotherCommandIsNamedAsTheirs() {
        let sandbox = sandboxWithBoard()
        let title = sandbox.run(["add", "x", "--title", "y"])
        #expect(title.exitCode == 64)
        #expect(title.stderr.hasPrefix("Error: Unknown option '--title' for 'board add': it is an option of 'board init' and 'board edit'\n"))
        #expect(sandbox.run(["check", "--top"]).stderr.hasPrefix("Error: Unknown option '--top' for 'board check': it is an option of 'board add' and 'board move'\n"))
        #expect(sandbox.run(["list", "--serch", "x"]).stderr.hasPrefix("Error: Unknown option '--serch'. Did you mean '--search'?\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func noSuchItem() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["rm", "deploy"]) == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: no item matches 'deploy'\n"))
        #expect(sandbox.run(["rm", ":1"]) == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: no item matches ':1'\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func noBoardFoundSaysWhereItLooked() {
        let sandbox = Sandbox()
        let outcome = sandbox.run(["list"])
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr:
            "error: no board.md in \(sandbox.directory) or any folder above it; create one with 'board init' or name one with --file\n"))
    }

    @Test func boardIsFoundInAParentFolder() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.createDirectory(atPath: sandbox.path("a/b"), withIntermediateDirectories: true)
        let outcome = BoardCommandLine.run(Invocation(arguments: ["list"], environment: ["BOARD_TODAY": "2026-11-21"],
                                                      currentDirectory: sandbox.path("a/b")))
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout.contains("Fix login"))
        let viaEnvironment = sandbox.run(["list"], environment: ["BOARD_FILE": "other.md"])
        #expect(viaEnvironment.stderr == "error: other.md: cannot read: No such file or directory\n")
    }

    @Test func missingFileForAnEdit() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["add", "x", "--file", "nope.md"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: nope.md: cannot open: No such file or directory\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("nope.md")))
    }

    /// A line break in a path stays in its one error line, escaped: it cannot start a line of its own (a made-up
    /// `error:` line), in a read or in a write, nor among several refs' errors.
    @Test func aLineBreakInAPathIsEscapedInItsErrorLine() throws {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["list", "-f", "nope\nerror: board.md: the file changed on disk"]) == Outcome(exitCode: 1, stdout: "",
            stderr: "error: nope\\u{A}error: board.md: the file changed on disk: cannot read: No such file or directory\n"))
        sandbox.write("read\nonly.md", Self.board)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.path("read\nonly.md"))
        #expect(sandbox.run(["add", "x", "-f", "read\nonly.md"]).stderr
            == "error: read\\u{A}only.md: the file is read-only; nothing was written\n")
        #expect(sandbox.run(["rm", "deploy", "a\nb", "-f", "read\nonly.md"]).stderr == """
            error: read\\u{A}only.md: no item matches 'deploy'
            error: read\\u{A}only.md: no item matches 'a\\u{A}b'; nothing was changed

            """)
    }

    @Test func directoryInsteadOfAFile() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("dir.md"), withIntermediateDirectories: true)
        #expect(sandbox.run(["add", "x", "-f", "dir.md"]).stderr == "error: dir.md: is a directory, not a board file\n")
        #expect(sandbox.run(["list", "-f", "dir.md"]).stderr == "error: dir.md: is a directory, not a board file\n")
        #expect(sandbox.run(["list", "-f", "dir.md"]).exitCode == 1)
    }

    @Test func readOnlyBoardIsNotWritten() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.path("board.md"))
        #expect(sandbox.run(["add", "x"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file is read-only; nothing was written\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func fileChangedBetweenReadAndWriteIsNotOverwritten() throws {
        let sandbox = sandboxWithBoard()
        let path = sandbox.path("board.md")
        let edited = Self.board + "- [ ] Typed in an editor meanwhile\n"
        let outcome = sandbox.run(["add", "From the tool"], beforeRename: {
            _ = FileManager.default.createFile(atPath: path, contents: Data(edited.utf8))
        })
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file changed on disk while board was editing it; nothing was written, run the command again\n"))
        #expect(sandbox.read() == edited)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0 != "board.md" }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test func initRefusesToOverwrite() {
        let sandbox = sandboxWithBoard()
        #expect(sandbox.run(["init"]) == Outcome(exitCode: 1, stdout: "", stderr:
            "error: board.md: the file already exists; board init never overwrites a file\n"))
        #expect(sandbox.read() == Self.board)
    }

    /// `init` names what is at the path when it is no file: a folder, a link to nothing, a loop of links (each was
    /// "the file already exists"); nothing is written, and the link's target is not made.
    @Test func initNamesAPathThatIsNoFile() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("dangling.md"), withDestinationPath: "target.md")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("loop.md"), withDestinationPath: "loop.md")
        for (path, what) in [("folder", "a directory, not a file"), ("dangling.md", "a symbolic link to nothing"),
                             ("loop.md", "a loop of symbolic links")] {
            #expect(sandbox.run(["init", "-f", path]) == Outcome(exitCode: 1, stdout: "", stderr: "error: \(path): is \(what); nothing was written\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("target.md")))
    }

    @Test func initWritesTheThreeSections() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["init", "--title", "Release 2.4"]) == Outcome(exitCode: 0, stdout:
            "Created board.md with TODO, DOING and DONE\n", stderr: ""))
        #expect(sandbox.read() == "# Release 2.4\n\n## TODO\n\n## DOING\n\n## DONE\n\n")
        #expect(sandbox.run(["check"]).exitCode == 0)
    }

    /// A file board makes is as writable as the umask lets it be, as `touch` makes files (helper-67: 644 under umask
    /// 002, in a team's shared folder whose members then could not write the board one of them made). Run as the
    /// real binary: the umask is the process's.
    @Test func newFilesFollowTheUmask() throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        for (mask, expected) in [("002", 0o664), ("022", 0o644), ("077", 0o600)] as [(String, mode_t)] {
            let script = "umask \(mask) && \"$0\" init -f board-\(mask).md && \"$0\" html -f board-\(mask).md -o page-\(mask).html"
            #expect(try sandbox.exitStatus(of: "sh", ["-c", script, binary]) == 0)
            for name in ["board-\(mask).md", "page-\(mask).html"] {
                var status = stat()
                #expect(stat(sandbox.path(name), &status) == 0)
                #expect(status.st_mode & 0o777 == expected, "\(name): \(String(status.st_mode & 0o777, radix: 8))")
            }
        }
    }

    /// In a folder with a default ACL the ACL, not the umask, says what a new file's mode is, as for `touch`
    /// (helper-70: 644 where `touch` gave 664 in a folder whose default ACL let the group write).
    @Test func newFilesFollowTheFoldersDefaultACL() throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        let folder = sandbox.path("shared")
        #expect(mkdir(folder, 0o777) == 0)
        // `setfacl -d -m u::rw,g::rw,o::r` (no `acl` package needed): the xattr's version, then each entry's tag,
        // permissions and (unused) id.
        let setACL = try sandbox.exitStatus(of: "python3", ["-c", """
            import os, struct, sys
            entries = [(0x01, 6), (0x04, 6), (0x20, 4)]
            value = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", tag, perm, 0xFFFFFFFF) for tag, perm in entries)
            try:
                os.setxattr(sys.argv[1], "system.posix_acl_default", value)
            except OSError:
                sys.exit(3)
            """, folder])
        guard setACL == 0 else { return }  // a file system without ACLs
        let script = "umask 022 && \"$0\" init -f board.md && \"$0\" html -o page.html && touch touched"
        #expect(try sandbox.exitStatus(of: "sh", ["-c", script, binary], in: folder) == 0)
        for name in ["touched", "board.md", "page.html"] {
            var status = stat()
            #expect(stat(folder + "/" + name, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o664, "\(name): \(String(status.st_mode & 0o777, radix: 8))")
        }
    }

    /// A board rewritten in a folder with a default ACL keeps the access it had: its new file, made in that folder,
    /// took the folder's ACL, and with it let in the user the ACL named where the board had let in no one (helper-71).
    /// An export written over a file (`html -o`, `ics -o`) keeps that file's ACL, or its lack of one (helper-72).
    @Test func aRewrittenBoardTakesNoACLFromItsFolder() throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        let status = try sandbox.exitStatus(of: "python3", ["-c", """
            import os, struct, subprocess, sys
            folder, board = sys.argv[1], sys.argv[2]
            os.mkdir(folder)
            with open(folder + "/board.md", "w") as f:
                f.write("## TODO\\n- [ ] a\\n")
            os.chmod(folder + "/board.md", 0o640)
            # user::rw, user:1002:rw, group::r, mask::rw, other::- as the folder's default
            entries = [(0x01, 6, 0xFFFFFFFF), (0x02, 6, 1002), (0x04, 4, 0xFFFFFFFF), (0x10, 6, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)]
            value = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)
            try:
                os.setxattr(folder, "system.posix_acl_default", value)
            except OSError:
                sys.exit(3)
            subprocess.run([board, "-f", folder + "/board.md", "add", "b"], check=True, capture_output=True)
            has = "system.posix_acl_access" in os.listxattr(folder + "/board.md")
            mode = os.stat(folder + "/board.md").st_mode & 0o777
            # An export written over a page without an ACL, and over one whose ACL lets user 1003 in (helper-72).
            page, shared = folder + "/page.html", folder + "/shared.ics"
            subprocess.run([board, "-f", folder + "/board.md", "html", "-o", page], check=True, capture_output=True)
            os.removexattr(page, "system.posix_acl_access")
            os.chmod(page, 0o640)
            subprocess.run([board, "-f", folder + "/board.md", "ics", "-o", shared], check=True, capture_output=True)
            access = [(0x01, 6, 0xFFFFFFFF), (0x02, 6, 1003), (0x04, 4, 0xFFFFFFFF), (0x10, 6, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)]
            granted = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in access)
            os.setxattr(shared, "system.posix_acl_access", granted)
            subprocess.run([board, "-f", folder + "/board.md", "html", "-o", page], check=True, capture_output=True)
            subprocess.run([board, "-f", folder + "/board.md", "ics", "-o", shared], check=True, capture_output=True)
            page_has = "system.posix_acl_access" in os.listxattr(page)
            shared_kept = os.getxattr(shared, "system.posix_acl_access") == granted
            sys.exit(1 if has or mode != 0o640 or page_has or not shared_kept else 0)
            """, sandbox.path("shared"), binary])
        #expect(status == 0 || status == 3)  // 3: a file system without ACLs
    }

    /// A path with control characters is printed escaped, as an error prints it (helper-67: `init` printed ESC,
    /// BEL, a line break and a bidi override as they are, on a terminal).
    @Test func initPrintsItsPathEscaped() {
        let sandbox = Sandbox()
        let outcome = sandbox.run(["init", "-f", "evil\u{1B}[2J\u{7}\nx\u{202E}.md"])
        #expect(outcome == Outcome(exitCode: 0, stdout: "Created evil\\u{1B}[2J\\u{7}\\u{A}x\\u{202E}.md with TODO, DOING and DONE\n", stderr: ""))
    }

    /// `init --title` takes a title as `add` does: trimmed, and refused when it is empty (`# ` alone is no heading a
    /// reader sees as a title) or holds a line break; nothing is written then.
    @Test func initTrimsItsTitleAndRefusesAnEmptyOne() {
        let sandbox = Sandbox()
        for (title, problem) in [("", "the title is empty"), ("  \t ", "the title is empty"), ("a\nb", "the title contains a line break")] {
            let outcome = sandbox.run(["init", "--title", title])
            #expect(outcome.exitCode == 64, "\(title)")
            #expect(outcome.stderr.hasPrefix("Error: Invalid title: \(problem)\nUsage: board init"), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("board.md")))
        }
        #expect(sandbox.run(["init", "--title", "  Release 2.4 "]).exitCode == 0)
        #expect(sandbox.read() == "# Release 2.4\n\n## TODO\n\n## DOING\n\n## DONE\n\n")
    }

    /// A title that names a section would be that section's heading (`# TODO` above `## TODO`: a second TODO; an
    /// `Archive` title takes the three sections off the board): refused, nothing written.
    /// Notepad's "Unicode" and PowerShell 5's `>` save UTF-16: read as UTF-8 it holds no board, and an `add` put
    /// UTF-8 lines at its end, while `check` passed it.
    @Test func aUTF16BoardIsAnErrorAndIsNeverWritten() throws {
        let sandbox = Sandbox()
        let text = "## TODO\r\n\r\n- [ ] T1\r\n\r\n## DOING\r\n\r\n## DONE\r\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            sandbox.write("board.md", bytes)
            #expect(sandbox.run(["check"]) == Outcome(exitCode: 1, stdout: "", stderr:
                "board.md:1:1: error: the file is UTF-16 (it starts with that byte-order mark); board reads UTF-8: save it as UTF-8\n1 error, 0 warnings in 1 file\n"))
            for command in [["add", "X"], ["done", ":3"], ["tidy"], ["archive"]] {
                let outcome = sandbox.run(command)
                #expect(outcome.exitCode == 1, "\(command)")
                #expect(outcome.stderr == "error: board.md:1: the file is UTF-16, and board writes UTF-8 into it; save it as UTF-8 first; nothing was written\n", "\(command)")
            }
            #expect(sandbox.bytes() == bytes)
            #expect(sandbox.run(["list"]).stderr == "warning: board.md:1: the file is UTF-16; board reads UTF-8, so it sees no items: save it as UTF-8\n")
            #expect(sandbox.run(["tidy", "--check"]) == Outcome(exitCode: 1, stdout: "", stderr:
                "error: board.md:1: the file is UTF-16; board reads UTF-8: save it as UTF-8\n"))
            #expect(sandbox.bytes() == bytes)
        }
        // An empty file saved as UTF-16 (its mark alone), and one whose first line is CJK (no NUL byte in it, and no
        // UTF-8), are UTF-16 too.
        let cjk = String(repeating: "計画表", count: 14) + "\n## TODO\n- [ ] 文書\n"
        for bytes: [UInt8] in [[0xFF, 0xFE], [0xFF, 0xFE] + cjk.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }] {
            sandbox.write("board.md", bytes)
            #expect(sandbox.run(["add", "X"]).exitCode == 1)
            #expect(sandbox.bytes() == bytes)
        }
        // Those two bytes followed by UTF-8 are no UTF-16: the board is read, and written, as it is.
        sandbox.write("board.md", [0xFF, 0xFE] + Array("\n## TODO\n- [ ] A\n".utf8))
        #expect(sandbox.run(["list"]) == Outcome(exitCode: 0, stdout: "TODO   [ ]              A  :3\n", stderr: ""))
    }

    /// helper-73: git writes a file without the mark for `working-tree-encoding=UTF-16LE`, and one with conflict
    /// markers passed `check` (a warning: no sections). Its first characters, ASCII with a NUL beside each, tell it.
    /// A board of UTF-8 with a NUL in it is no UTF-16.
    @Test func aUTF16BoardWithoutAByteOrderMarkIsAnErrorToo() throws {
        let sandbox = Sandbox()
        let text = "<<<<<<< ours\n## TODO\n- [ ] T1\n=======\n## TODO\n>>>>>>> theirs\n"
        let little = text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big = text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            sandbox.write("board.md", bytes)
            #expect(sandbox.run(["check"]) == Outcome(exitCode: 1, stdout: "", stderr:
                "board.md:1:1: error: the file is UTF-16 (a NUL byte beside most of its first characters); board reads UTF-8: save it as UTF-8\n1 error, 0 warnings in 1 file\n"))
            #expect(sandbox.run(["add", "X"]).exitCode == 1)
            #expect(sandbox.bytes() == bytes)
        }
        // A heading of Latin letters beyond ASCII (`# Café`, a NUL beside each) is UTF-16 too (helper-75: missed,
        // and `add` wrote UTF-8 into it); a board of UTF-8 with NULs, and an odd number of bytes, is not.
        let cafe = "# Café\n## TODO\n- [ ] T1\n".utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        sandbox.write("board.md", cafe)
        #expect(sandbox.run(["add", "X"]).exitCode == 1)
        #expect(sandbox.bytes() == cafe)
        for withNUL in [Array("## TODO\n- [ ] A\u{0}B\n".utf8), Array(repeating: Array("a\u{0}".utf8), count: 32).flatMap { $0 } + Array("\n## TODO\n".utf8)] {
            sandbox.write("board.md", withNUL)
            #expect(sandbox.run(["add", "X"]).exitCode == 0)
            #expect(sandbox.bytes() == withNUL + Array("- [ ] X\n".utf8))
        }
    }

    @Test func initRefusesATitleThatNamesASection() {
        let sandbox = Sandbox()
        for (title, section) in [("TODO", "TODO"), ("Done", "DONE"), ("Doing (2)", "DOING"), ("to-do", "TODO"), ("Archive", "Archive")] {
            let outcome = sandbox.run(["init", "--title", title])
            #expect(outcome.exitCode == 64, "\(title)")
            #expect(outcome.stderr.hasPrefix("Error: Invalid title '\(title)' for '--title': a heading of that name starts the \(section) section; choose another title\n"), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("board.md")))
        }
        #expect(sandbox.run(["init", "--title", "TODO list for 2.4"]).exitCode == 0)
    }

    /// A relative date past 9999-12-31 says so, rather than that its form is wrong; on that day `today` still works.
    @Test func aRelativeDatePastTheLastDaySaysSo() {
        let sandbox = sandboxWithBoard()
        let lastDay = ["BOARD_TODAY": "9999-12-31"]
        for date in ["+3d", "tomorrow", "+1w", "fri"] {
            let outcome = sandbox.run(["add", "x", "--due", date], environment: lastDay)
            #expect(outcome.exitCode == 64)
            #expect(outcome.stderr.hasPrefix("Error: Invalid date '\(date)' for '--due': it falls after 9999-12-31, the last date a board holds\n"),
                    "\(outcome.stderr)")
        }
        // However large the count: it falls after the last day, from any day.
        for (date, today) in [("+100001d", lastDay), ("+99999999999999999999999d", [:]), ("+9999999w", [:])] {
            #expect(sandbox.run(["add", "x", "--due", date], environment: today).stderr
                .hasPrefix("Error: Invalid date '\(date)' for '--due': it falls after"), "\(date)")
        }
        #expect(sandbox.read() == Self.board)
        #expect(sandbox.run(["add", "x", "--due", "soon"], environment: lastDay).stderr.hasPrefix("Error: Invalid date 'soon' for '--due' (use YYYY-MM-DD"))
        // A count past a hundred thousand is a date like any other while the day exists (2026-11-21 + 100,001 days).
        #expect(sandbox.run(["add", "far", "--due", "+100001d"]).exitCode == 0)
        #expect(sandbox.read().contains("- [ ] far due:2300-09-07"))
        #expect(sandbox.run(["add", "x", "--due", "today"], environment: lastDay).exitCode == 0)
    }

    /// An empty `$BOARD_TODAY` or `$BOARD_FILE` counts as unset, for every command (`init` made a file named "" and
    /// an empty `$BOARD_TODAY` was an invalid date).
    @Test func emptyEnvironmentVariablesCountAsUnset() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["init"], environment: ["BOARD_FILE": ""]).exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("board.md")))
        let outcome = sandbox.run(["add", "x", "--due", "today"], environment: ["BOARD_TODAY": "", "BOARD_FILE": ""])
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(sandbox.read().contains("- [ ] x due:"))
    }

    @Test func permissionsAreKept() throws {
        let sandbox = sandboxWithBoard()
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: sandbox.path("board.md"))
        #expect(sandbox.run(["add", "x"]).exitCode == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: sandbox.path("board.md"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
