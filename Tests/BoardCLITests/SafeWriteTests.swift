@testable import BoardCLI
@testable import BoardKit
import Foundation
import SystemShims
import Testing

/// Issue 16: writing is safe with editors racing it and on any file, and no argument makes board trap.
@Suite struct SafeWriteTests {
    static let board = "## TODO\n" + (0..<50).map { "- [ ] item \($0)\n" }.joined()

    @Test func anEditorHalfwayThroughSavingInPlaceIsNeitherWipedNorOverwritten() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        // The editor has truncated the file and not yet written it.
        let editor = open(sandbox.path("board.md"), O_WRONLY | O_TRUNC)
        #expect(editor >= 0)
        let outcome = sandbox.run(["add", "X"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: board.md: another program has the file open for writing (an editor saving it?); nothing was written, run the command again\n")
        let bytes = Array(Self.board.utf8)
        #expect(bytes.withUnsafeBytes { write(editor, $0.baseAddress, $0.count) } == bytes.count)
        close(editor)
        #expect(sandbox.read() == Self.board)
    }

    /// Without a lease (a shared board another user owns), nothing tells board that an editor is halfway through
    /// saving the board in place: board read the file cut short, and its file, made from that, took the board's
    /// place while the editor wrote on into a file no name led to (helper-67: a board of 20 items left with board's
    /// one). Board now reads such a board again 50 ms later and takes it once two reads agree: here an editor that
    /// has written a tenth of its save when board reads, and half of the rest after each of board's reads.
    /// `throughMemory`, an editor that writes through a mapping (`mmap`), which changes the file's times at its first
    /// store into a page only: the times said the file was still while it was being written (helper-70: a board
    /// left with NUL bytes and items gone), so the bytes are compared.
    @Test(arguments: [false, true])
    func withoutALeaseAnEditorHalfwayThroughSavingInPlaceIsWaitedFor(throughMemory: Bool) throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        let editor = try #require(InPlaceEditor([Array(saved.utf8)], pieces: 10, throughMemory: throughMemory, at: sandbox.path("board.md")))
        editor.write(1)
        let outcome = sandbox.run(["add", "X"], duringWrite: { if $0 == .read { editor.write(5) } }, leases: false)
        #expect(outcome.exitCode == 0)
        #expect(sandbox.read() == saved + "- [ ] X\n")
    }

    /// An editor that sets the file's size first and writes its save from the start, its first pieces the bytes the
    /// file had: two reads 50 ms apart agreed while it was halfway (helper-71: a board left cut off, or with NUL
    /// bytes). Its writes change the file's modification time, which board compares too.
    @Test func withoutALeaseAnEditorRewritingTheBytesTheFileHadIsWaitedFor() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board.replacingOccurrences(of: "- [ ] item 49\n", with: "- [x] item 49, done at last\n")
        let editor = try #require(InPlaceEditor([Array(saved.utf8)], pieces: 10, cut: false, at: sandbox.path("board.md")))
        editor.write(1)
        let outcome = sandbox.run(["add", "X"], duringWrite: { stage in
            guard stage == .read else { return }
            usleep(10_000)  // past the clock's tick, for the time to show the write
            editor.write(editor.written == 1 ? 1 : 10)
        }, leases: false)
        #expect(outcome.exitCode == 0)
        #expect(sandbox.read() == saved + "- [ ] X\n")
    }

    /// Something else put at the board's path while board waits (a pipe, renamed over it) is a change on disk, not a
    /// read-only file (helper-72: "the file is read-only", for a user who may not write the pipe). Run as the real
    /// binary by another user (`setpriv`), which root alone can start: skipped otherwise.
    @Test func withoutALeaseAPipePutInTheBoardsPlaceIsNoReadOnlyFile() throws {
        let binary = try #require(Paths.binary)
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let sandbox = Sandbox()
        let status = try sandbox.exitStatus(of: "python3", ["-c", """
            import os, subprocess, sys, time
            board, folder = sys.argv[1], sys.argv[2]
            os.chmod(folder, 0o777)
            path = folder + "/board.md"
            with open(path, "w") as f:
                f.write("## TODO\\n- [ ] a\\n## DOING\\n## DONE\\n")
            os.chown(path, 1001, 1001)
            os.chmod(path, 0o666)
            run = subprocess.Popen(["/usr/bin/setpriv", "--reuid=1000", "--regid=1000", "--clear-groups", board, "-f", path,
                                    "add", "X"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(0.02)
            os.mkfifo(folder + "/pipe", 0o600)
            os.rename(folder + "/pipe", path)
            _, error = run.communicate(timeout=30)
            print(error.decode())
            sys.exit(0 if run.returncode == 1 and b"read-only" not in error else 1)
            """, binary, sandbox.directory])
        #expect(status == 0)
    }

    /// A board of NUL bytes alone is waited for as an empty one is: an editor writing through memory sets the file's
    /// size, then stores into it, here 300 ms later (helper-72: board took the NUL bytes after 50 ms and left them
    /// with its one item, the board's items gone).
    @Test func withoutALeaseABoardOfNULBytesAloneIsWaitedFor() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        let editor = try #require(InPlaceEditor([Array(saved.utf8)], pieces: 1, throughMemory: true, at: sandbox.path("board.md")))
        let outcome = sandbox.run(["add", "X"], duringWrite: { stage in
            guard stage == .read, editor.written == 0 else { return }
            Thread.detachNewThread {
                usleep(300_000)
                editor.write(1)
            }
        }, leases: false)
        #expect(outcome.exitCode == 0)
        #expect(sandbox.read() == saved + "- [ ] X\n")
    }

    /// An editor that goes on changing the board for over a second (here a new save after each of board's reads) has
    /// board give up, writing nothing.
    @Test func withoutALeaseABoardThatKeepsChangingIsNotWritten() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let versions = (0..<1_000).map { Array((Self.board + "- [ ] round \(1000 + $0)\n").utf8) }
        let editor = try #require(InPlaceEditor(versions, pieces: 1, at: sandbox.path("board.md")))
        editor.write(1)
        let outcome = sandbox.run(["add", "X"], duringWrite: { if $0 == .read { editor.write(1) } }, leases: false)
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: board.md: another program keeps changing the file (an editor saving it?); nothing was written, run the command again\n")
        #expect(editor.written > 10)
        #expect(sandbox.read() == Self.board + "- [ ] round \(1000 + editor.written - 1)\n")
    }

    /// A board whose bytes stay as they are is written, whatever else changes its times (helper-70: a `chmod` every
    /// 20 ms had every write refused).
    @Test func withoutALeaseABoardWhoseModeKeepsChangingIsWritten() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let path = sandbox.path("board.md")
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for round in 0..<150 {
                chmod(path, round % 2 == 0 ? 0o664 : 0o644)
                usleep(10_000)
            }
            done.signal()
        }
        usleep(20_000)
        let outcome = sandbox.run(["add", "X"], leases: false)
        done.wait()
        #expect(outcome.exitCode == 0)
        #expect(sandbox.read() == Self.board + "- [ ] X\n")
    }

    /// An editor saving `versions` of the board in place, one after the other, a piece at a time when told to: it cuts
    /// the file short (not `cut`, it sets its size to the first version's), then writes each version in `pieces`
    /// writes at their places. `throughMemory`, it sets the file's size first and stores the pieces into one mapping
    /// of it, kept for the whole save, as such an editor keeps it: a store into a page written already changes no time.
    final class InPlaceEditor: @unchecked Sendable {
        let fd: Int32
        let versions: [[UInt8]]
        let pieces: Int
        let size: Int
        let mapped: UnsafeMutableRawPointer?
        /// How many pieces are written, of all the versions'.
        private(set) var written = 0

        init?(_ versions: [[UInt8]], pieces: Int, cut: Bool = true, throughMemory: Bool = false, at path: String) {
            fd = open(path, cut ? O_RDWR | O_TRUNC : O_RDWR)
            (self.versions, self.pieces, size) = (versions, pieces, versions.map(\.count).max() ?? 0)
            if !cut { ftruncate(fd, off_t(versions.first?.count ?? 0)) }
            if throughMemory {
                ftruncate(fd, off_t(size))
                let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                mapped = mapping == MAP_FAILED ? nil : mapping
                if mapped == nil { return nil }
            } else {
                mapped = nil
            }
            if fd < 0 { return nil }
        }

        deinit {
            if let mapped { munmap(mapped, size) }
            close(fd)
        }

        /// Writes the next `count` pieces, or as many as are left.
        func write(_ count: Int) {
            for _ in 0..<count where written < versions.count * pieces {
                let bytes = versions[written / pieces]
                let length = (bytes.count + pieces - 1) / pieces
                let start = min(bytes.count, written % pieces * length)
                let end = min(bytes.count, start + length)
                bytes.withUnsafeBytes { source in
                    guard let from = source.baseAddress else { return }
                    if let mapped {
                        (mapped + start).copyMemory(from: from + start, byteCount: end - start)
                    } else {
                        _ = pwrite(fd, from + start, end - start, off_t(start))
                    }
                }
                written += 1
            }
        }
    }

    @Test func anEditorSavingInPlaceJustBeforeTheSwapKeepsItsSave() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        sandbox.write("saved", saved)
        // Another process saves in place (truncate, then write) while board is about to swap its file in: its
        // open waits on board's lease, board notices, puts the file back and lets it go on.
        let editor = Process()
        editor.executableURL = URL(fileURLWithPath: "/bin/sh")
        editor.arguments = ["-c", "cat saved > board.md"]
        editor.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        let started = Date()
        let outcome = sandbox.run(["add", "X"], beforeRename: {
            try? editor.run()
            usleep(300_000)
        })
        editor.waitUntilExit()
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("the file changed on disk while board was editing it"))
        #expect(sandbox.read() == saved)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "saved"])
    }

    /// An editor that found the board at its path before the swap and opens it to save in place after board has
    /// checked what it swapped out (here during the folder's sync) waits on board's lease: board took its look before
    /// the sync, removed the file and ended, and the save went into a file no name led to, with board saying it had
    /// added its item (helper-35, with vim: 1 save in 200 to 1,000). The last look comes right before the removal:
    /// the file is put back, and the editor's save lands on the board.
    @Test func anEditorOpeningTheSwappedOutFileAfterTheCheckKeepsItsSave() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        sandbox.write("saved", saved)
        let outcome = Self.addWhileAnEditorSavesInPlace(at: .beforeRemoval, in: sandbox)
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("the file changed on disk while board was editing it"))
        #expect(sandbox.read() == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "saved"])
    }

    /// One that opens it between board's last look and the removal writes into a file no name leads to: board lets
    /// it finish, keeps what it wrote beside the board, and says so (exit 1); board's own change stays.
    @Test func anEditorOpeningTheSwappedOutFileAsItIsRemovedHasItsSaveKept() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        sandbox.write("saved", saved)
        let outcome = Self.addWhileAnEditorSavesInPlace(at: .afterRemoval, in: sandbox)
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr == "error: board.md: board's change is written, but another program saved the file in place as board replaced it, into the file it replaced: that save is kept as board.md.rescued-1; compare it with board.md\n")
        #expect(sandbox.read() == Self.board + "- [ ] X\n")
        #expect(sandbox.read("board.md.rescued-1") == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "board.md.rescued-1", "saved"])
    }

    /// `board add X`, with an editor that finds the board before the swap (an O_PATH descriptor to the file the path
    /// leads to then) and, at `stage`, opens that file for writing through /proc and writes the sandbox's `saved`
    /// into it; its open waits on board's lease, if board still holds it.
    static func addWhileAnEditorSavesInPlace(at stage: WriteStage, in sandbox: Sandbox) -> Outcome {
        let editor = Process()
        editor.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        editor.arguments = ["python3", "-c", """
            import os, sys
            found = os.open("board.md", os.O_PATH)
            print("found", flush=True)
            sys.stdin.readline()
            fd = os.open("/proc/self/fd/%d" % found, os.O_WRONLY | os.O_TRUNC)
            os.write(fd, open("saved", "rb").read())
            os.close(fd)
            """]
        editor.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        let (input, output) = (Pipe(), Pipe())
        editor.standardInput = input
        editor.standardOutput = output
        let outcome = sandbox.run(["add", "X"], duringWrite: { now in
            if now == .beforeSwap {
                try? editor.run()
                _ = output.fileHandleForReading.availableData  // "found": it holds the file board read
            } else if now == stage {
                input.fileHandleForWriting.write(Data("go\n".utf8))
                usleep(300_000)  // its open now waits on the lease
            }
        })
        editor.waitUntilExit()
        #expect(editor.terminationStatus == 0)
        return outcome
    }

    @Test func anEditorSavingByRenameJustBeforeTheSwapKeepsItsSave() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        let (editorFile, path) = (sandbox.path("editor.tmp"), sandbox.path("board.md"))
        let outcome = sandbox.run(["add", "X"], beforeRename: {
            let fd = open(editorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = Array(saved.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            rename(editorFile, path)
        })
        #expect(outcome.exitCode == 1)
        #expect(sandbox.read() == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory) == ["board.md"])
    }

    @Test func whoeverOpensTheBoardWhileBoardsFileIsSwappedInOnlyToBeSwappedBackReadsTheEditorsSave() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let saved = Self.board + "- [ ] saved by the editor\n"
        let (editorFile, path) = (sandbox.path("editor.tmp"), sandbox.path("board.md"))
        try #require(FileManager.default.createFile(atPath: editorFile, contents: Data(saved.utf8)))
        // An editor saves by rename after board's check and before its swap; a reader (an editor reloading) opens
        // the board while board's file stands there, before board has seen the save and swapped it back.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat board.md > seen"]
        reader.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        let outcome = sandbox.run(["add", "X"], duringWrite: { stage in
            switch stage {
            case .beforeSwap:
                rename(editorFile, path)
            case .afterSwap:
                try? reader.run()
                usleep(300_000)
            default:
                break
            }
        })
        reader.waitUntilExit()
        #expect(outcome.exitCode == 1)
        #expect(outcome.stderr.contains("the file changed on disk while board was editing it"))
        #expect(sandbox.read() == saved)
        #expect(sandbox.read("seen") == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "seen"])
    }

    /// A change that would make the board 1 GiB or more, too large to read again, is not written (helper-77: `add` on
    /// a board of 1 GiB less a byte left one every command refused). The new file here is a megabyte of the board
    /// repeated, so the test holds no gigabyte.
    @Test func aChangeThatWouldMakeTheBoardTooLargeToReadIsNotWritten() throws {
        let sandbox = Sandbox()
        let line = "- [ ] " + String(repeating: "x", count: (1 << 20) - 7) + "\n"
        sandbox.write("board.md", line)
        #expect(throws: CommandError.self) {
            try BoardFile.update(sandbox.path("board.md"), shownAs: "board.md") { bytes -> (PrintedFile?, Void) in
                var file = PrintedFile(source: bytes)
                for _ in 0..<1024 { file.append(source: 0..<bytes.count) }
                return (file, ())
            }
        }
        let unchanged = sandbox.read() == line  // compared apart: a failure would print the megabyte
        #expect(unchanged)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory) == ["board.md"])
    }

    /// A reader that comes while a writer holds its lease on the new board (from the swap until it knows the file
    /// stays: milliseconds) waits for it: opened without blocking, the file refused it, and `list` and `check` next to
    /// a writer failed one run in five with "Resource temporarily unavailable" (helper-77's 01).
    @Test(arguments: [["list"], ["check", "board.md"], ["show"]])
    func aReaderWaitsForAWritersLeaseOnTheBoard(arguments: [String]) throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let writer = open(sandbox.path("board.md"), O_RDWR)
        try #require(writer >= 0)
        try #require(board_take_write_lease(writer) == 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            _ = board_release_lease(writer)
            close(writer)
        }
        let outcome = sandbox.run(arguments)
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("cannot read"), "\(outcome.stderr)")
    }

    /// A reader held up past the lock wait by a writer that keeps its lease (stopped with Ctrl-Z) says so, as a
    /// writer held up by a lock does (helper-80: 'cannot read: Resource temporarily unavailable').
    @Test func aReaderHeldUpPastTheLockWaitSaysWhy() throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let writer = open(sandbox.path("board.md"), O_RDWR)
        try #require(writer >= 0)
        defer { close(writer) }
        try #require(board_take_write_lease(writer) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: binary)
        reader.arguments = ["list"]
        reader.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        reader.environment = ["BOARD_LOCK_WAIT": "1"]
        let errors = Pipe()
        reader.standardError = errors
        try reader.run()
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 1)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "error: board.md: another program has kept the file to itself for 1 second (a board command stopped with Ctrl-Z or in a debugger?); run the command again\n")
    }

    /// The board's folder renamed while board writes (`mv team old-team` in another terminal, a sync tool): every
    /// step of the write happens in the folder board locked, wherever it now is, so the change lands in the file
    /// read, beside it nothing is left, and nothing appears at the old path. Each step went by the path before
    /// (helper-67's 05): the swap failed, leaving board's new file in the moved folder, or it landed and the next
    /// check failed, saying the change was not made while the moved folder held it and the old board beside it.
    @Test(arguments: [WriteStage.beforeCheck, .beforeSwap, .afterSwap, .beforeRemoval])
    func aFolderRenamedMidWriteGetsTheChangeAndNothingElse(at stage: WriteStage) throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("team"), withIntermediateDirectories: false)
        sandbox.write("team/board.md", Self.board)
        let (from, to) = (sandbox.path("team"), sandbox.path("moved"))
        let outcome = sandbox.run(["add", "X", "--file", "team/board.md"], duringWrite: { now in
            if now == stage { rename(from, to) }
        })
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(outcome.stderr == "")
        #expect(sandbox.read("moved/board.md") == Self.board + "- [ ] X\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: to) == ["board.md"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory) == ["moved"])
    }

    /// A run killed just after its swap, or one that could not undo it, leaves the file it swapped out at the
    /// temporary name: maybe an editor's only save. The next write keeps it under a name of its own and says so.
    @Test func aFileAnInterruptedRunLeftIsKeptUnderANameOfItsOwn() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let leftover = BoardFile.temporaryPath(besides: sandbox.path("board.md"))
        let saved = Self.board + "- [ ] saved by the editor\n"
        for (number, command) in [(1, "X"), (2, "Y")] {
            try #require(FileManager.default.createFile(atPath: leftover, contents: Data(saved.utf8)))
            let outcome = sandbox.run(["add", command])
            #expect(outcome.exitCode == 0)
            #expect(outcome.stderr == "warning: board.md: a file an interrupted board run left beside it is kept as board.md.rescued-\(number); it may hold a save made meanwhile: compare it with the board, then delete it\n")
            #expect(sandbox.read("board.md.rescued-\(number)") == saved)
        }
        #expect(sandbox.read() == Self.board + "- [ ] X\n- [ ] Y\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "board.md.rescued-1", "board.md.rescued-2"])
        // One that holds what the board holds loses nothing: it is removed, without a word.
        try #require(FileManager.default.createFile(atPath: leftover, contents: Data(sandbox.read().utf8)))
        #expect(sandbox.run(["add", "Z"]) == Outcome(exitCode: 0, stdout: "Added \"Z\" to TODO (:54)\n", stderr: ""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == ["board.md", "board.md.rescued-1", "board.md.rescued-2"])
        // Beside the file a link leads to, the name kept is said in full.
        try FileManager.default.createDirectory(atPath: sandbox.path("real"), withIntermediateDirectories: true)
        sandbox.write("real/notes.md", Self.board)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("linked.md"), withDestinationPath: "real/notes.md")
        let realPath = try #require(BoardFile.resolved(sandbox.path("real/notes.md")))
        try #require(FileManager.default.createFile(atPath: BoardFile.temporaryPath(besides: realPath), contents: Data(saved.utf8)))
        #expect(sandbox.run(["add", "L", "-f", "linked.md"]).stderr.contains("is kept as \(realPath).rescued-1;"))
        #expect(sandbox.read("real/notes.md.rescued-1") == saved)
        // The board removed and made anew: the save left beside it is kept all the same.
        try FileManager.default.removeItem(atPath: sandbox.path("board.md"))
        try #require(FileManager.default.createFile(atPath: leftover, contents: Data(saved.utf8)))
        #expect(sandbox.run(["init"]).exitCode == 0)
        #expect(sandbox.read("board.md.rescued-3") == saved)
    }

    /// A folder, a link or a pipe at the temporary name is none of board's and holds no save: it was moved to a
    /// `rescued` name with a warning that it might. It stays where it is, and the write is refused.
    @Test func somethingThatIsNoFileAtTheTemporaryNameIsLeftAndRefused() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let leftover = BoardFile.temporaryPath(besides: sandbox.path("board.md"))
        let makers: [(String) throws -> Void] = [
            { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
            { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "board.md") },
            { path in #expect(mkfifo(path, 0o600) == 0) },
        ]
        for make in makers {
            try make(leftover)
            let outcome = sandbox.run(["add", "X"])
            #expect(outcome.exitCode == 1)
            #expect(outcome.stderr == "error: board.md: \(leftover), the name board writes its new file under, is taken by something that is no file (a folder, a link or a pipe); move it away; nothing was written\n")
            #expect(sandbox.read() == Self.board)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted() == [URL(fileURLWithPath: leftover).lastPathComponent, "board.md"])
            try FileManager.default.removeItem(atPath: leftover)
        }
    }

    @Test(arguments: [true, false])
    func writersTakeTurnsOnTheBoardsFolderAndOnTheFile(lockingTheFolder: Bool) throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        // The folder, as every board writer locks it; the file, as CLI.md asks (and an older board did).
        let folder = lockingTheFolder ? open(sandbox.directory, O_RDONLY | O_DIRECTORY) : open(sandbox.path("board.md"), O_RDONLY)
        try #require(folder >= 0 && flock(folder, LOCK_EX) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: binary)
        writer.arguments = ["add", "Y"]
        writer.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        try writer.run()
        usleep(300_000)
        #expect(writer.isRunning)
        #expect(sandbox.read() == Self.board)
        close(folder)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(sandbox.read() == Self.board + "- [ ] Y\n")
    }

    /// A lock held for long (a board command stopped with Ctrl-Z, or in a debugger) held every writer in the folder
    /// up forever, without a word: past `BOARD_LOCK_WAIT` seconds (10 by default) the writer gives up and says why.
    @Test(arguments: [true, false])
    func aWriterGivesUpOnALockHeldTooLong(lockingTheFolder: Bool) throws {
        let binary = try #require(Paths.binary)
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let held = lockingTheFolder ? open(sandbox.directory, O_RDONLY | O_DIRECTORY) : open(sandbox.path("board.md"), O_RDONLY)
        try #require(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: binary)
        writer.arguments = ["add", "Y"]
        writer.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        writer.environment = ["BOARD_LOCK_WAIT": "1"]
        let errors = Pipe()
        writer.standardError = errors
        let started = Date()
        try writer.run()
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 1)
        let what = lockingTheFolder ? "its folder" : "the file"
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "error: board.md: another program has kept \(what) locked for 1 second (a board command stopped with Ctrl-Z or in a debugger?); nothing was written\n")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(sandbox.read() == Self.board)
    }

    /// A folder with the append-only attribute lets board name its new file but neither swap it in nor remove it:
    /// the error says where that file is left (it was left without a word).
    @Test func aNewFileTheFolderWillNotLetGoIsNamed() throws {
        guard getuid() == 0 else { return }  // chattr needs root; CI runs as root.
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let chattr = { (flag: String) -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["chattr", flag, sandbox.directory]
            guard (try? process.run()) != nil else { return -1 }
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard chattr("+a") == 0 else { return }  // a file system without the attribute
        defer { _ = chattr("-a") }
        let outcome = sandbox.run(["add", "X"])
        let left = BoardFile.temporaryPath(besides: try #require(BoardFile.resolved(sandbox.path("board.md"))))
        #expect(outcome == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: cannot replace: Operation not permitted; board's new file is left as \(left), which the folder does not let board remove\n"))
        #expect(sandbox.read() == Self.board)
    }

    @Test func theLockWaitIsWholeSecondsUpToADayElseTen() {
        let cases: [(String?, Int)] = [(nil, 10), ("", 10), ("garbage", 10), ("-1", 10), ("nan", 10), ("inf", 10), ("-inf", 10),
                                       ("1e300", 10), ("86401", 10), ("0", 0), ("1.5", 1), ("3", 3), ("86400", 86_400)]
        for (setting, seconds) in cases { #expect(BoardFile.lockWait(setting) == seconds, "\(String(describing: setting))") }
    }

    @Test func pipesDevicesAndSocketsAreRefusedWithoutWaiting() throws {
        let sandbox = Sandbox()
        try #require(mkfifo(sandbox.path("fifo.md"), 0o600) == 0)
        for arguments in [["list", "-f", "fifo.md"], ["add", "X", "-f", "fifo.md"], ["show", "-f", "fifo.md"]] {
            #expect(sandbox.run(arguments) == Outcome(exitCode: 1, stdout: "", stderr:
                "error: fifo.md: is a named pipe, not a board file; board reads and writes regular files only\n"), "\(arguments)")
        }
        #expect(sandbox.run(["list", "-f", "/dev/zero"]).stderr
            == "error: /dev/zero: is a device, not a board file; board reads and writes regular files only\n")
        // A socket cannot even be opened (helper-77: 'cannot open: No such device or address'); it is said as what it is.
        let socketPath = sandbox.path("socket.md")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        for arguments in [["list", "-f", "socket.md"], ["add", "X", "-f", "socket.md"], ["check", "socket.md"]] {
            #expect(sandbox.run(arguments).stderr.hasPrefix("error: socket.md: is a socket, not a board file"), "\(arguments)")
        }
        // A folder, the root among them (its name in its folder is empty: helper-80 found `add -f /` said 'cannot open').
        try FileManager.default.createDirectory(atPath: sandbox.path("folder.md"), withIntermediateDirectories: false)
        for path in ["folder.md", "/"] {
            #expect(sandbox.run(["add", "X", "-f", path]) == Outcome(exitCode: 1, stdout: "", stderr: "error: \(path): is a directory, not a board file\n"))
        }
    }

    @Test func aDeviceNodeIsNeverReplaced() throws {
        guard getuid() == 0 else { return }  // mknod needs root; CI runs as root.
        let sandbox = Sandbox()
        try #require(mknod(sandbox.path("node"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        #expect(sandbox.run(["add", "X", "-f", "node"]).exitCode == 1)
        var status = stat()
        #expect(lstat(sandbox.path("node"), &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func ownerGroupAndModeAreKept() throws {
        guard getuid() == 0 else { return }  // Giving a file to another owner needs root; CI runs as root.
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let path = sandbox.path("board.md")
        try #require(chown(path, 65534, 65534) == 0 && chmod(path, 0o664) == 0)
        #expect(sandbox.run(["add", "X"]).exitCode == 0)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_uid == 65534 && status.st_gid == 65534 && status.st_mode & 0o7777 == 0o664)
    }

    /// A POSIX ACL giving a teammate write access, and any other extended attribute, went with the old file at every
    /// write: they are copied to the new one. (Python sets and reads them: Swift's Glibc module has no `setxattr`.)
    @Test func extendedAttributesAndTheACLAreKept() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        func python(_ script: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import os, struct, sys\n" + script, sandbox.path("board.md")]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "python3 \(script)")
            return String(decoding: data, as: UTF8.self)
        }
        let acl = "struct.pack('<I', 2) + b''.join(struct.pack('<HHI', *entry) for entry in [(1, 6, 0xFFFFFFFF), (2, 6, 65534), (4, 4, 0xFFFFFFFF), (0x10, 6, 0xFFFFFFFF), (0x20, 4, 0xFFFFFFFF)])"
        _ = try python("os.setxattr(sys.argv[1], 'user.note', b'keep'); os.setxattr(sys.argv[1], 'system.posix_acl_access', \(acl))")
        #expect(sandbox.run(["add", "X"]).exitCode == 0)
        #expect(sandbox.read().hasSuffix("- [ ] X\n"))
        #expect(try python("print(os.getxattr(sys.argv[1], 'user.note'), os.getxattr(sys.argv[1], 'system.posix_acl_access') == \(acl))") == "b'keep' True\n")
    }

    @Test func aBoardWithALongNameCanBeEdited() {
        let sandbox = Sandbox()
        let name = String(repeating: "b", count: 250) + ".md"
        sandbox.write(name, Self.board)
        #expect(sandbox.run(["add", "X", "-f", name]).exitCode == 0)
        #expect(sandbox.read(name).hasSuffix("- [ ] X\n"))
    }

    @Test(arguments: [
        ["list", "--due-within", "9223372036854775807"], ["show", "--width", "9223372036854775807"],
        ["show", "--width", "1000000000000"], ["--today", "9999-12-31", "add", "X", "--due", "tomorrow"],
        ["--today", "9999-12-31", "add", "X", "--due", "fri"],
    ])
    func numbersOutOfRangeAreUsageErrors(arguments: [String]) {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let outcome = sandbox.run(arguments)
        #expect(outcome.exitCode == 64)
        #expect(outcome.stderr.hasPrefix("Error: Invalid "))
        #expect(sandbox.read() == Self.board)
    }

    /// A huge COLUMNS is refused; a huge marker size, which git may pass, is capped at a thousand: neither traps.
    @Test func aHugeColumnsIsAUsageErrorAndAHugeMarkerSizeIsCapped() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["show"], environment: ["COLUMNS": "1000000000000"]).exitCode == 64)
        // One too large to hold is above 10,000 too (it was passed over as not a number).
        #expect(sandbox.run(["show"], environment: ["COLUMNS": "99999999999999999999"]).stderr.hasPrefix("Error: Invalid COLUMNS '99999999999999999999'"))
        sandbox.write("b", "## TODO\n")
        sandbox.write("o", "## TODO\n")
        sandbox.write("t", "## TODO\n")
        #expect(sandbox.run(["merge-driver", "b", "o", "t", "100000000000"]).exitCode == 0)
        #expect(sandbox.run(["merge-driver", "b", "o", "t", "100000000000000000000000"]).exitCode == 64)
    }
}

/// Issue 16: nothing printed can drive the terminal or hide what it says.
@Suite struct TerminalEscapeTests {
    @Test func bidiAndInvisibleCharactersInTitlesAreShownEscaped() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] abc\u{202E}def \u{2066}x\u{2069} \u{200B}y 👨\u{200D}👩\n## DOING\n## DONE\n")
        let list = sandbox.run(["list"]).stdout
        #expect(list.contains("abc\\u{202E}def \\u{2066}x\\u{2069} \\u{200B}y 👨\u{200D}👩"))
        let show = sandbox.run(["show", "--width", "120"]).stdout
        #expect(show.contains("abc\\u{202E}def"))
        #expect(!show.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        sandbox.write("old.md", "## TODO\n")
        let diff = sandbox.run(["diff", "old.md", "board.md"]).stdout
        #expect(diff.contains("abc\\u{202E}def"))
    }

    /// Characters that show nothing let two titles look alike while they differ (`Pay invoice` and the same with a
    /// soft hyphen in it): shown escaped too, in `list`, JSON and HTML.
    @Test func charactersThatShowNothingAreShownEscaped() {
        let sandbox = Sandbox()
        let invisible: [UInt32] = [0xAD, 0x180E, 0x2061, 0x2064, 0xFFF9, 0xFFFB, 0x115F, 0x1160, 0xFFA0, 0x34F, 0x17B4, 0x17B5, 0x206A, 0x206F]
        let title = "Pay" + invisible.compactMap { Unicode.Scalar($0).map { String(Character($0)) } }.joined() + " invoice"
        sandbox.write("board.md", "## TODO\n- [ ] \(title)\n## DOING\n## DONE\n")
        let shown = invisible.map { "\\u{" + String($0, radix: 16, uppercase: true) + "}" }.joined()
        #expect(sandbox.run(["list"]).stdout.contains("Pay" + shown + " invoice"))
        let json = sandbox.run(["list", "--json"]).stdout
        #expect(json.contains("Pay" + invisible.map { String(format: "\\u%04x", $0) }.joined() + " invoice"), "\(json)")
        let html = sandbox.run(["html"]).stdout
        #expect(html.contains("Pay" + invisible.map { "&#x" + String($0, radix: 16, uppercase: true) + ";" }.joined() + " invoice"))
        // Beyond the first plane too: the musical format controls.
        sandbox.write("board.md", "## TODO\n- [ ] Pay\u{1D173}\u{1D17A} invoice\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list"]).stdout.contains("Pay\\u{1D173}\\u{1D17A} invoice"))
        #expect(sandbox.run(["list", "--json"]).stdout.contains("Pay\\ud834\\udd73\\ud834\\udd7a invoice"))
        #expect(sandbox.run(["html"]).stdout.contains("Pay&#x1D173;&#x1D17A; invoice"))
        // The rest that show nothing (helper-68): U+2065, the shorthand format controls, and the language tag and
        // the code point before it, which no flag uses.
        sandbox.write("board.md", "## TODO\n- [ ] Pay\u{2065}\u{1BCA0}\u{1BCA3}\u{E0000}\u{E0001} invoice\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list"]).stdout.contains("Pay\\u{2065}\\u{1BCA0}\\u{1BCA3}\\u{E0000}\\u{E0001} invoice"))
        #expect(sandbox.run(["list", "--json"]).stdout.contains("Pay\\u2065\\ud82f\\udca0\\ud82f\\udca3\\udb40\\udc00\\udb40\\udc01 invoice"))
        #expect(sandbox.run(["html"]).stdout.contains("Pay&#x2065;&#x1BCA0;&#x1BCA3;&#xE0000;&#xE0001; invoice"))
        // A flag made of tag characters stays a flag.
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        sandbox.write("board.md", "## TODO\n- [ ] Tea \(england)\n## DOING\n## DONE\n")
        #expect(sandbox.run(["list"]).stdout.contains("Tea \(england)"))
    }

    @Test func argumentsAndPathsInErrorsAreShownEscaped() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["\u{1B}[2J"]).stderr.hasPrefix("Error: Unknown subcommand '\\u{1B}[2J'\n"))
        let path = "evil\u{1B}]52;c;eA==\u{07}.md"
        #expect(sandbox.run(["list", "-f", path]).stderr == "error: evil\\u{1B}]52;c;eA==\\u{7}.md: cannot read: No such file or directory\n")
        #expect(!sandbox.run(["merge-driver", "b", "o", "t", "7", path]).stderr.contains("\u{1B}"))
    }
}

extension BoardFile {
    /// `temporaryName` beside the file at `target`, as a path: where a test puts a file an interrupted run left.
    static func temporaryPath(besides target: String) -> String {
        let (folder, name) = split(target)
        return "\(folder)/\(temporaryName(besides: name))"
    }
}
