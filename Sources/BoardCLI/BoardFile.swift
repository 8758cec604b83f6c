#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit
import SystemShims

/// A failure the command reports in one line (one per line of the message: several refs can each fail) and exits
/// 1 for.
struct CommandError: Error {
    /// One line for each problem (several refs can each have one). A line is never split again: a line break in a
    /// path it names is escaped like any other control character.
    let lines: [String]

    init(message: String) { lines = [message] }
    init(lines: [String]) { self.lines = lines }

    /// The lines, one after the other.
    var message: String { lines.joined(separator: "\n") }
}

/// Reading and writing board files (CLI.md "Writing the file").
enum BoardFile {
    /// The whole file. Fails for a missing, unreadable or non-regular file.
    /// With `pipes`, for a path named on the command line, a pipe is read too (`board check <(git show
    /// HEAD:board.md)`), waiting at most `pipeWait` milliseconds for its first bytes, and so is a character device
    /// (`/dev/null`, which git passes for a new file); otherwise only a regular file is read.
    /// A relative path is taken from the folder open as `folder`, if given.
    static func contents(of path: String, in folder: Int32 = AT_FDCWD, shownAs name: String, pipes: Bool = false) throws(CommandError) -> [UInt8] {
        let fd = openToRead(path, in: folder)
        guard fd >= 0 else { throw unopened(path, in: folder, shownAs: name, "cannot read") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(name, "cannot read") }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFCHR where pipes:
            break  // `/dev/null`, as git passes for a file that is new
        case S_IFIFO where pipes:
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, pipeWait) == 1 else {
                throw CommandError(message: "\(name): a pipe that sent nothing for \(pipeWait / 1000) seconds; nothing to read")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        default:
            throw notRegular(name, status)
        }
        return try readAll(fd, shownAs: name)
    }

    /// The file a path names, its symbolic links followed (`realpath`); nil when there is none.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(systemPath(path), nil) else { return nil }
        defer { free(resolved) }
        return SystemText.decode(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// The file an output path writes: the path itself, or where its symbolic links lead, even to a file not there
    /// yet (a link to a page the first `html -o` makes). A loop of links is refused, as the shell refuses it.
    static func outputTarget(_ path: String, shownAs name: String) throws(CommandError) -> String {
        if let resolved = resolved(path) { return resolved }
        var target = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(systemPath(target), &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return target }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(systemPath(target), &buffer, buffer.count - 1)
            guard count > 0 else { return target }
            let link = SystemText.decode(buffer[..<count].map { UInt8(bitPattern: $0) })
            let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
            target = link.hasPrefix("/") ? link : folder + link
        }
        throw CommandError(message: "\(name): too many levels of symbolic links")
    }

    /// How long a pipe may keep board waiting for its first bytes, in milliseconds.
    static let pipeWait: Int32 = 10_000

    /// The largest board file board reads: far beyond any real board, and read in well under a second.
    static let maximumFileSize = 1 << 30

    private static func notRegular(_ name: String, _ status: stat) -> CommandError {
        if status.st_mode & S_IFMT == S_IFDIR { return CommandError(message: "\(name): is a directory, not a board file") }
        return CommandError(message: "\(name): is \(kind(status)), not a board file; board reads and writes regular files only")
    }

    /// Why `path` could not be opened to read (`errno`, and `what` was being done): a socket, which no one can open
    /// (helper-77: it was 'No such device or address'), is said as what it is.
    private static func unopened(_ path: String, in folder: Int32, shownAs name: String, _ what: String) -> CommandError {
        let error = failure(name, what)
        // `openToRead` waited `lockWait` for a writer's lease to go (helper-80: it said 'Resource temporarily
        // unavailable').
        if errno == EWOULDBLOCK {
            return CommandError(message: "\(name): another program has kept the file to itself for \(waitShown) (a board command stopped with Ctrl-Z or in a debugger?); run the command again")
        }
        var status = stat()
        guard fstatat(folder, systemPath(path), &status, 0) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return error }
        return notRegular(name, status)
    }

    /// What a path that is not a regular file is, for a message.
    private static func kind(_ status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Why the board at `path` cannot be read, when something is there that is not a regular file (a directory, a
    /// pipe); nil otherwise. For commands that read the board through git (`log`, `stats`).
    static func notABoard(_ path: String, shownAs name: String) -> CommandError? {
        var status = stat()
        guard stat(systemPath(path), &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return notRegular(name, status)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter); nil when there is no
    /// regular file there to read.
    static func prefix(of path: String, count: Int) -> [UInt8]? {
        let fd = openToRead(path)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        guard let read = bytes.withUnsafeMutableBufferPointer({ fill($0, from: fd, at: 0) }) else { return nil }
        bytes.removeSubrange(read...)
        return bytes
    }

    /// Whether the open file `descriptor` is the file at `path` (the same device and inode: a hard link too).
    static func isSameFile(_ descriptor: Int32, as path: String) -> Bool {
        var open = stat(), named = stat()
        return fstat(descriptor, &open) == 0 && stat(systemPath(path), &named) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Whether two descriptors are open on one file.
    static func isSameFile(_ descriptor: Int32, asDescriptor other: Int32) -> Bool {
        var first = stat(), second = stat()
        return fstat(descriptor, &first) == 0 && fstat(other, &second) == 0
            && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path` itself is a symbolic link (to anything, or to nothing).
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(systemPath(path), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Why a new file (`init`'s board, `.gitattributes`) cannot be written at the path: something there that is not a
    /// regular file, a symbolic link to nothing, or a loop of them; nil when it is a regular file, or nothing is there.
    static func notAFile(_ path: String, shownAs name: String) -> CommandError? {
        var status = stat()
        guard lstat(systemPath(path), &status) == 0 else { return nil }
        guard stat(systemPath(path), &status) == 0 else {
            let what = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to nothing"
            return CommandError(message: "\(name): is \(what); nothing was written")
        }
        guard status.st_mode & S_IFMT != S_IFREG else { return nil }
        return CommandError(message: "\(name): is \(kind(status)), not a file; nothing was written")
    }

    /// Locks the board's folder, reads the board, and writes the file `transform` prints atomically in its place
    /// when they differ. Writes nothing when `transform` returns nil or the same bytes, or when the file changed
    /// meanwhile.
    ///
    /// The new file is written without a name, then swapped with the board (`RENAME_EXCHANGE`); what was swapped
    /// out must be the very file read, with the very bytes read, else it is swapped back and the command fails. A
    /// read lease, held from the read to the swap, makes an editor that opens the board to save in place wait until
    /// board is done, and tells board that it came: then too the file is swapped back. A write lease on board's new
    /// file, held from the swap until board knows it stays, makes anyone opening it meanwhile wait: when it is swapped
    /// back, they read what was put back, never board's file. The read lease is looked at once more right before
    /// the swapped-out file is removed, and once after (a save that came in between is kept, `keepLateSave`).
    /// A file an interrupted run left at the temporary name is kept under a name of its own first (`setAsideLeftover`),
    /// and `notice` gets the line that says so. `wrote` is called once the new file stays in the board's place.
    static func update<Result>(_ path: String, shownAs name: String, duringWrite: ((WriteStage) -> Void)? = nil,
                               leases: Bool = true, output: [FileIdentity] = [], notice: (String) -> Void = { _ in },
                               wrote: () -> Void = {},
                               _ transform: ([UInt8]) throws -> (file: PrintedFile?, result: Result)) throws -> Result {
        guard let target = resolved(path) else {
            // A pipe has no path to resolve (`/dev/stdin` leads to `pipe:[…]`): say what it is, not that it is missing.
            var status = stat()
            if stat(systemPath(path), &status) == 0, status.st_mode & S_IFMT != S_IFREG { throw notRegular(name, status) }
            throw failure(name, "cannot open")
        }

        // A folder (`-f /`, whose name in its folder is empty) is said to be one before anything is locked or set aside
        // (helper-80: `/.board.tmp-…` was moved to `/.rescued-1`).
        var found = stat()
        if stat(systemPath(target), &found) == 0, found.st_mode & S_IFMT == S_IFDIR { throw notRegular(name, found) }
        // Every step names its files in the folder locked, wherever the folder is moved meanwhile.
        let folder = try lockFolder(of: target, shownAs: name)
        defer { close(folder.fd) }
        let board = split(target).name
        // Beside the file a link leads to, the name kept is said in full.
        if let kept = try setAsideLeftover(besides: board, in: folder, shownAs: path == target ? name : target) { notice(kept) }
        let (fd, status) = try lockCurrentFile(board, in: folder, shownAs: name)
        defer { close(fd) }  // Closing releases the file's lock and the lease.
        // Output sent into the board (`board add X >> board.md`: `output` holds what stdout and stderr were when the
        // process started, not what descriptors 1 and 2 are now, which a run started with them closed reuses) holds
        // it open for writing, which read as an editor saving it (helper-77), and would land in it after the change.
        if output.contains(FileIdentity(status)) {
            throw CommandError(message: "\(name): board's own output is sent into the board file; send it elsewhere; nothing was written")
        }
        let leased = leases ? try takeReadLease(fd, shownAs: name) : false
        let original = leased ? try readAll(fd, shownAs: name) : try readStill(fd, shownAs: name) { duringWrite?(.read) }
        let (newFile, result) = try transform(original)
        guard let newFile, !newFile.equals(original) else { return result }
        // A file board could not read again is not written (helper-77: `add` on a board of 1 GiB less a byte left one
        // that every command then refused, the `rm` that would undo it too).
        if newFile.count >= maximumFileSize {
            throw CommandError(message: "\(name): the change would make the file 1 GiB or more, too large for a board file; nothing was written")
        }

        let changedMeanwhile = CommandError(message: "\(name): the file changed on disk while board was editing it; nothing was written, run the command again")
        // A file no one may write is read-only to root too; otherwise the system says whether this user may write it
        // (a file gone meanwhile, renamed away by an editor saving, changed on disk).
        let readOnly = CommandError(message: "\(name): the file is read-only; nothing was written")
        if status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 { throw readOnly }
        // Another file now at the path (an editor's save by rename, or a pipe put there) is a change, not a file no
        // one may write.
        if !isFile(board, in: folder, status) { throw changedMeanwhile }
        if faccessat(folder.fd, systemPath(board), W_OK, 0) != 0 { throw errno == ENOENT ? changedMeanwhile : readOnly }
        // From board's new file on, an interrupt (Ctrl-C, a closed terminal, `kill`) waits until the command ends:
        // stopped while a file had the temporary name, board left it there (`kill -9` still can: `setAsideLeftover`).
        board_defer_interrupts()
        defer { board_resume_interrupts() }
        let written = try writeNewFile(newFile, besides: board, in: folder, like: status, attributesOf: fd, shownAs: name)
        defer { close(written.fd) }  // Closing releases the write lease too.
        let temporary = written.path
        duringWrite?(.beforeCheck)
        // Checked before the swap, so that board's file is seen at the path only when it is almost surely right:
        // an editor reading the board in between would build on it.
        guard holds(fd, original), leaseUnbroken(fd, leased), isFile(board, in: folder, status) else {
            throw written.isNamed ? withoutNewFile(temporary, in: folder, changedMeanwhile) : changedMeanwhile
        }
        if !written.isNamed, !giveName(written.fd, temporary, in: folder) { throw failure(name, "cannot write a temporary file beside it") }
        var ours = stat()
        _ = fstat(written.fd, &ours)
        let guarded = board_take_write_lease(written.fd) == 0
        duringWrite?(.beforeSwap)
        guard board_exchange(folder.fd, systemPath(temporary), systemPath(board)) == 0 else {
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
                throw withoutNewFile(temporary, in: folder, failure(name, "cannot replace"))
            }
            // No exchange on this file system: rename after the check (an editor saving in between can be lost).
            guard renameat(folder.fd, systemPath(temporary), folder.fd, systemPath(board)) == 0 else {
                throw withoutNewFile(temporary, in: folder, failure(name, "cannot replace"))
            }
            fsync(folder.fd)
            wrote()
            return result
        }
        duringWrite?(.afterSwap)
        /// Someone saved meanwhile: their file goes back to the path, and those waiting on board's file read it.
        func giveWay() throws(CommandError) -> CommandError {
            try putBack(temporary, board, in: folder, ours: ours, shownAs: name)
            if guarded, board_holds_write_lease(written.fd) == 0 { showWhatWasPutBack(board, in: folder, to: written.fd) }
            return changedMeanwhile
        }
        // `temporary` now names what was the board: it must still be the file read, and no one may have opened it
        // to write meanwhile (the lease tells).
        guard isFile(temporary, in: folder, status), leaseUnbroken(fd, leased) else { throw try giveWay() }
        fsync(folder.fd)
        duringWrite?(.beforeRemoval)
        // A last look, right before the swapped-out file loses its name (after the folder's sync, which takes
        // milliseconds): a writer that found it at the path before the swap and opened it since (an editor saving in
        // place) waits on the lease, and would write into a file no name leads to. It gets the file back at the path
        // instead, and board's change is undone.
        guard leaseUnbroken(fd, leased) else { throw try giveWay() }
        _ = board_release_lease(written.fd)
        unlinkat(folder.fd, systemPath(temporary), 0)
        duringWrite?(.afterRemoval)
        // One that opened it between that look and the removal writes into a file no name leads to: its save is kept.
        guard leaseUnbroken(fd, leased) else { throw keepLateSave(fd, besides: board, in: folder, like: status, shownAs: name) }
        wrote()
        return result
    }

    /// A writer that opened the swapped-out file just as board removed it (`fd` is that file, its lease broken) writes
    /// its save into a file no name leads to. Board lets it go on, waits (up to two seconds) until it has closed the
    /// file, and keeps what the file then holds beside the board under a name of its own: the error says which.
    private static func keepLateSave(_ fd: Int32, besides board: String, in folder: LockedFolder, like status: stat,
                                     shownAs name: String) -> CommandError {
        _ = board_release_lease(fd)
        // A read lease is refused while anyone has the file open for writing.
        for _ in 0..<200 {
            if board_take_read_lease(fd) == 0 { break }
            usleep(10_000)
        }
        var kept: String?
        if lseek(fd, 0, SEEK_SET) == 0, let bytes = try? readAll(fd, shownAs: name),
           let written = try? writeNewFile(PrintedFile(bytes), besides: board, in: folder, like: status, attributesOf: fd, shownAs: name) {
            if written.isNamed || giveName(written.fd, written.path, in: folder) {
                kept = (try? setAsideLeftover(besides: board, in: folder, shownAs: name, comparing: false)) ?? nil
            }
            close(written.fd)
        }
        let save = kept.map { "is kept as \($0); compare it with \(name)" } ?? "could not be kept; save it again"
        return CommandError(message: "\(name): board's change is written, but another program saved the file in place as board replaced it, into the file it replaced: that save \(save)")
    }

    /// `error`, once board's own new file is removed from the temporary name; when the folder does not let it go (an
    /// append-only folder lets files be added, not removed or renamed), with where that file is left.
    private static func withoutNewFile(_ temporary: String, in folder: LockedFolder, _ error: CommandError) -> CommandError {
        guard unlinkat(folder.fd, systemPath(temporary), 0) != 0, errno != ENOENT else { return error }
        return CommandError(message: error.lines.joined(separator: " ") + "; board's new file is left as \(folder.shown(temporary)), which the folder does not let board remove")
    }

    /// Undoes the swap after someone saved meanwhile: their file, swapped out to `temporary`, goes back to `target`,
    /// and board's new file (`ours`) is removed. When they saved again in between (a rename over `board` replaced
    /// board's file), what comes back is their earlier save: their latest is swapped in again, the earlier removed.
    private static func putBack(_ temporary: String, _ board: String, in folder: LockedFolder, ours: stat,
                                shownAs name: String) throws(CommandError) {
        var theirs = stat()
        let (swappedOut, boardName) = (systemPath(temporary), systemPath(board))
        if fstatat(folder.fd, swappedOut, &theirs, 0) == 0, board_exchange(folder.fd, swappedOut, boardName) == 0 {
            if isFile(temporary, in: folder, ours)
                || (board_exchange(folder.fd, swappedOut, boardName) == 0 && isFile(temporary, in: folder, theirs)) {
                unlinkat(folder.fd, swappedOut, 0)
                return
            }
        }
        let kept = (try? setAsideLeftover(besides: board, in: folder, shownAs: folder.shown(board), comparing: false)) ?? nil
        throw CommandError(message: "\(name): the file changed on disk while board was editing it, and board could not put back what was saved meanwhile: the file it swapped out \(kept.map { "is kept as \($0)" } ?? "is at \(folder.shown(temporary))"); compare it with \(name)")
    }

    /// A file at the temporary name was left by a run stopped between swapping its file in and removing what it
    /// swapped out, or between naming its file and swapping it in; or by a swap it could not undo. It may be the only
    /// copy of an editor's save, so it is never removed, unless it holds the bytes the board holds now (then nothing
    /// is lost; `comparing` false skips looking): it is moved to the first free `NAME.rescued-N` beside the board.
    /// Returns that name, shown as `name` is; nil when there was nothing to keep. Called with the folder locked, so no
    /// other board run names a file meanwhile. Anything else at the name (a folder, a link, a pipe) is none of board's
    /// and holds no save: it is not moved, and the write is refused.
    static func setAsideLeftover(besides board: String, in folder: LockedFolder, shownAs name: String,
                                 comparing: Bool = true) throws(CommandError) -> String? {
        let temporary = temporaryName(besides: board)
        var status = stat()
        guard fstatat(folder.fd, systemPath(temporary), &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CommandError(message: "\(name): \(folder.shown(temporary)), the name board writes its new file under, is taken by something that is no file (a folder, a link or a pipe); move it away; nothing was written")
        }
        if comparing, let left = try? contents(of: temporary, in: folder.fd, shownAs: temporary),
           let current = try? contents(of: board, in: folder.fd, shownAs: name), left == current {
            unlinkat(folder.fd, systemPath(temporary), 0)
            return nil
        }
        for number in 1...1_000 {
            let rescued = systemPath("\(board).rescued-\(number)")
            var taken = stat()
            guard fstatat(folder.fd, rescued, &taken, AT_SYMLINK_NOFOLLOW) != 0 else { continue }
            // A hard link never replaces a file; where there are none, a rename to the name found free.
            if linkat(folder.fd, systemPath(temporary), folder.fd, rescued, 0) == 0 {
                unlinkat(folder.fd, systemPath(temporary), 0)
            } else if errno == EEXIST || renameat(folder.fd, systemPath(temporary), folder.fd, rescued) != 0 {
                break
            }
            return "\(name).rescued-\(number)"
        }
        throw CommandError(message: "\(name): cannot keep \(folder.shown(temporary)), which an interrupted board run left beside it, under another name (\(name).rescued-1 to -1000 are taken, or the folder cannot be written); nothing was written")
    }

    /// Someone opened board's file while it stood at the path and waits on the write lease: before they go on,
    /// the file gets the bytes of the file put back, so they read what the path holds now.
    private static func showWhatWasPutBack(_ board: String, in folder: LockedFolder, to fd: Int32) {
        guard let bytes = try? contents(of: board, in: folder.fd, shownAs: board), ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0
        else { return }
        _ = bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// True when the name in the folder names the file `status` describes.
    private static func isFile(_ name: String, in folder: LockedFolder, _ status: stat) -> Bool {
        var now = stat()
        return fstatat(folder.fd, systemPath(name), &now, 0) == 0 && now.st_ino == status.st_ino && now.st_dev == status.st_dev
    }

    /// Takes a read lease on the board when this process may (it owns the file, or may take leases); false when it
    /// may not. While another process has the file open for writing (an editor in the middle of saving it in
    /// place), the file is not read: board waits up to a second for it to finish, then gives up.
    private static func takeReadLease(_ fd: Int32, shownAs name: String) throws(CommandError) -> Bool {
        for _ in 0..<100 {
            if board_take_read_lease(fd) == 0 { return true }
            guard errno == EAGAIN else { return false }
            usleep(10_000)
        }
        throw CommandError(message: "\(name): another program has the file open for writing (an editor saving it?); nothing was written, run the command again")
    }

    /// Reads the board when board holds no lease on it (it neither owns the file nor runs as root, or the file system
    /// has no leases). Nothing then tells board that an editor is halfway through saving the file in place (it has
    /// cut the file short and not yet written all of it), and a board built on part of a file would take the whole
    /// one's place, the editor writing the rest into a file no name leads to (helper-67: a shared board of 20 items
    /// left with board's one). So a file changed in the last `recent` (by its change time) is looked at again after
    /// `stillness`, and taken only once its bytes, its size and its modification time are all as they were: the
    /// bytes, as an editor writing through memory changes the times at its first store into a page only (helper-70);
    /// the time, as an editor rewriting the bytes the file had, or emptying it and filling it again, changes the
    /// bytes back (helper-71). A file cut to nothing, as an editor leaves it between cutting it short and writing,
    /// must stay so for `emptyStillness`, and so must one of NUL bytes alone, as an editor writing through memory
    /// leaves it between setting its size and storing into it (helper-72: a board of 431 NUL bytes and board's
    /// item). On a file system that keeps whole seconds (times without nanoseconds) a change may be a second later
    /// than its time says; there a write within the second shows no new time, so only the bytes and the size tell
    /// (a wait of a second there held every other command in the folder up, helper-72). Board waits up to a second
    /// past the longest stillness asked, then gives up.
    private static func readStill(_ fd: Int32, shownAs name: String, afterRead: () -> Void) throws(CommandError) -> [UInt8] {
        func nanoseconds(_ time: timespec) -> Int { time.tv_sec * 1_000_000_000 + time.tv_nsec }
        func now() -> Int {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return nanoseconds(time)
        }
        func stamp() -> (modified: Int, changed: Int, size: Int, wholeSeconds: Bool)? {
            var status = stat()
            guard fstat(fd, &status) == 0 else { return nil }
            return (nanoseconds(status.st_mtim), nanoseconds(status.st_ctim), Int(status.st_size),
                    status.st_mtim.tv_nsec == 0 && status.st_ctim.tv_nsec == 0)
        }
        let start = now()
        var bytes = try readAll(fd, shownAs: name)
        // The longest stillness asked so far: a file seen cut to nothing, then written, is waited for as long.
        var longest = stillness
        while true {
            guard let before = stamp() else { throw failure(name, "cannot read") }
            let asked = bytes.allSatisfy({ $0 == 0 }) ? emptyStillness : stillness
            longest = max(longest, asked)
            let lastChange = before.changed + (before.wholeSeconds ? 1_000_000_000 : 0)
            if now() - lastChange >= max(asked, recent) { return bytes }
            // A wait is begun only when it ends in time.
            guard now() - start + asked <= 1_000_000_000 + longest else {
                throw CommandError(message: "\(name): another program keeps changing the file (an editor saving it?); nothing was written, run the command again")
            }
            afterRead()
            usleep(UInt32(asked / 1000))
            if let after = stamp(), after.modified == before.modified, after.size == before.size, holds(fd, bytes) { return bytes }
            bytes = try readAll(fd, shownAs: name)
        }
    }

    /// How long, in nanoseconds, a board that board holds no lease on must stay as it is before it is read
    /// (`readStill`): longer than the pauses between the writes of one save, shorter than a person's pause between
    /// saving and running a command.
    static let stillness = 50_000_000
    /// The same for a board cut to nothing (or to NUL bytes alone): an editor is as likely to be held up between
    /// cutting the file short and writing it as anywhere, and a board made from nothing loses every item.
    static let emptyStillness = 2_000_000_000
    /// How long ago a change must be for a board's change time to say it is over: more than the second that file
    /// systems keeping whole seconds round a change down by.
    static let recent = 2_000_000_000

    /// True unless a lease was taken and another process has since opened the file for writing.
    private static func leaseUnbroken(_ fd: Int32, _ leased: Bool) -> Bool {
        !leased || board_holds_read_lease(fd) == 1
    }

    /// True when the open file holds exactly `bytes`. A large file is compared in one share per core, each reading
    /// its part in pieces into one small buffer: a copy of a large board would cost its size in fresh memory again.
    private static func holds(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var status = stat()
        guard fstat(fd, &status) == 0, Int(status.st_size) == bytes.count else { return false }
        let partsMatch = bytes.withUnsafeBytes { expected in
            // The shares only read `expected`.
            nonisolated(unsafe) let expected = expected
            return Shares.mapBytes(bytes.count) { range in
                matches(fd, expected, range)
            }
        }
        // Nothing may follow: the file could have grown since `fstat`.
        var next: UInt8 = 0
        return !partsMatch.contains(false) && pread(fd, &next, 1, off_t(bytes.count)) == 0
    }

    /// True when the file's bytes at `range` are `expected`'s bytes there.
    private static func matches(_ fd: Int32, _ expected: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        guard let base = expected.baseAddress else { return range.isEmpty }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let same = buffer.withUnsafeMutableBufferPointer { buffer in
                let piece = UnsafeMutableBufferPointer(rebasing: buffer[..<wanted])
                guard fill(piece, from: fd, at: offset) == wanted, let found = piece.baseAddress else { return false }
                return memcmp(base + offset, found, wanted) == 0
            }
            guard same else { return false }
            offset += wanted
        }
        return true
    }

    /// Writes an output file (`board ics -o`) whole or not at all: a new file, flushed, renamed over the path. An
    /// existing regular file keeps its mode; anything else at the path is refused. What `produce` streams to the
    /// output it is given goes to the new file a piece at a time: an export several times the board's size is never
    /// whole in memory.
    static func replace(_ path: String, shownAs name: String, streaming produce: (inout Output) -> Void) throws(CommandError) {
        var status = stat()
        let exists = stat(systemPath(path), &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            throw CommandError(message: "\(name): is not a regular file; board writes its output to a new or a regular file only")
        }
        // A file no one may write is read-only to root too, as a board is (`update`).
        if exists, status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 {
            throw CommandError(message: "\(name): the file is read-only; nothing was written")
        }
        let folder = try lockFolder(of: path, shownAs: name)
        defer { close(folder.fd) }
        let file = split(path).name
        // The file replaced lends its extended attributes, its ACL among them, or its lack of one (helper-72: a
        // teammate's write access went with the old file, and a folder's default ACL let in whoever it named).
        let old = exists ? openToRead(file, in: folder.fd) : -1
        defer { if old >= 0 { close(old) } }
        let written = try writeNewFile(besides: file, in: folder, attributesOf: old >= 0 ? old : nil,
                                       mode: exists ? status.st_mode & 0o7777 : nil, shownAs: name) { send in
            withoutActuallyEscaping(send) { send in
                let sink = PieceSink(send)
                var output = Output(writer: { sink.take($0) })
                produce(&output)
                var rest: [UInt8] = []
                output.stream(&rest)  // what was printed rather than streamed, if anything
                return sink.ok
            }
        }
        defer { close(written.fd) }
        guard written.isNamed || giveName(written.fd, written.path, in: folder) else {
            throw failure(name, "cannot write a temporary file beside it")
        }
        guard renameat(folder.fd, systemPath(written.path), folder.fd, systemPath(file)) == 0 else {
            throw withoutNewFile(written.path, in: folder, failure(name, "cannot write"))
        }
        fsync(folder.fd)
    }

    /// Hands streamed pieces on to a new file's writer until one fails. Only the thread that streams calls it.
    private final class PieceSink: @unchecked Sendable {
        private let send: (UnsafeRawBufferPointer) -> Bool
        private(set) var ok = true

        init(_ send: @escaping (UnsafeRawBufferPointer) -> Bool) { self.send = send }

        func take(_ piece: UnsafeBufferPointer<UInt8>) {
            if ok { ok = send(UnsafeRawBufferPointer(piece)) }
        }
    }

    /// Creates a new file with these bytes; refuses when the path exists.
    static func create(_ path: String, bytes: [UInt8], shownAs name: String) throws(CommandError) {
        let exists = CommandError(message: "\(name): the file already exists; board init never overwrites a file")
        var status = stat()
        if lstat(systemPath(path), &status) == 0 { throw exists }
        let folder = try lockFolder(of: path, shownAs: name)
        defer { close(folder.fd) }
        let file = split(path).name
        let written = try writeNewFile(PrintedFile(bytes), besides: file, in: folder, shownAs: name)
        defer { close(written.fd) }
        // Named in one step, which fails when the path exists meanwhile: a new board appears whole or not at all.
        let linked = written.isNamed ? linkat(folder.fd, systemPath(written.path), folder.fd, systemPath(file), 0) == 0
            : giveName(written.fd, file, in: folder)
        let error = errno == EEXIST ? exists : failure(name, "cannot create")
        if written.isNamed { unlinkat(folder.fd, systemPath(written.path), 0) }
        guard linked else { throw error }
        fsync(folder.fd)
    }

    // MARK: - Helpers

    /// Locks the folder the board is in (`flock`), for as long as the descriptor is open. Every board writer
    /// holds it from its read to its last rename, so the board's one temporary name is only ever used by one.
    /// The folder as well as the file: the file is replaced at every write, and its lock goes with it the moment
    /// the new file is swapped in, before the writer is done.
    private static func lockFolder(of path: String, shownAs name: String) throws(CommandError) -> LockedFolder {
        let fd = openFolder(of: path)
        guard fd >= 0 else {
            if errno == ENOENT { throw CommandError(message: "\(name): its folder does not exist; nothing was written") }
            throw failure(name, "cannot lock its folder")
        }
        do {
            try lock(fd, "its folder", shownAs: name)
        } catch {
            close(fd)
            throw error
        }
        return LockedFolder(fd: fd, path: split(path).folder)
    }

    /// A writer's locked folder (`lockFolder`; closing `fd` releases it). Every step of a write names its files in
    /// it, relative to `fd`: a folder renamed or moved meanwhile changes nothing, and the write ends in the folder
    /// that holds the file read (helper-67's 05: by their paths, the swap found no file and left board's new one in
    /// the moved folder, or it went through and the check after it, finding nothing, said the change was not made).
    struct LockedFolder {
        let fd: Int32
        /// The folder's path when it was locked, for messages.
        let path: String

        /// A name in the folder, as a message shows it.
        func shown(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }
    }

    /// The folder the board is in, opened to be locked; -1 with `errno` when it cannot be.
    private static func openFolder(of path: String) -> Int32 {
        open(systemPath(split(path).folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// Whether another program holds the lock on the board's folder now (a write would wait for it).
    static func folderIsLocked(_ path: String) -> Bool {
        let fd = openFolder(of: path)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// How long a writer waits for a lock another program holds, in whole seconds: `BOARD_LOCK_WAIT`.
    static var lockWait: Int { lockWait(getenv("BOARD_LOCK_WAIT").map { String(cString: $0) }) }

    /// The wait a `BOARD_LOCK_WAIT` setting gives: a number of seconds from 0 to a day, whole seconds counted (`1.5`
    /// is 1); 10 for anything else (unset, empty, negative, not a number, infinite).
    static func lockWait(_ setting: String?) -> Int {
        setting.flatMap(Double.init).flatMap { (0...86_400).contains($0) ? Int($0) : nil } ?? 10
    }

    /// Takes an exclusive `flock` on `fd` (the board's folder, or `what` else), waiting while another program holds
    /// it: another board command writing there holds it for milliseconds, but one stopped (Ctrl-Z, a debugger) held
    /// every writer in the folder up forever, without a word. Past `lockWait` the command fails, saying why.
    private static func lock(_ fd: Int32, _ what: String, shownAs name: String) throws(CommandError) {
        var wait = Wait()
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw failure(name, "cannot lock \(what)") }
            guard wait.pause() else {
                throw CommandError(message: "\(name): another program has kept \(what) locked for \(waitShown) (a board command stopped with Ctrl-Z or in a debugger?); nothing was written")
            }
        }
    }

    /// `lockWait` as a message says it: `1 second`, `10 seconds`.
    private static var waitShown: String { lockWait == 1 ? "1 second" : "\(lockWait) seconds" }

    /// The pauses between tries at something another program holds: 0.5 ms, doubling up to 10 ms, for `lockWait`
    /// seconds in all.
    private struct Wait {
        private var waited = 0.0
        private var next: UInt32 = 500
        private let limit = Double(BoardFile.lockWait) * 1_000_000

        /// Pauses and returns true; false, without pausing, once the time is up.
        mutating func pause() -> Bool {
            guard waited < limit else { return false }
            usleep(next)
            waited += Double(next)
            next = min(2 * next, 10_000)
            return true
        }
    }

    /// Opens a file to read, without blocking: opening a FIFO with no writer would wait forever. A board writer holds
    /// a lease on its new board from the swap until it knows the file stays (milliseconds), and the file refuses such
    /// an open meanwhile (`EWOULDBLOCK`): it is tried again until the lease goes, for `lockWait` seconds at most
    /// (helper-77: `list` and `check` beside a writer failed one run in five). -1 with `errno` when it cannot be.
    private static func openToRead(_ path: String, in folder: Int32 = AT_FDCWD) -> Int32 {
        var wait = Wait()
        while true {
            let fd = openat(folder, systemPath(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd < 0, errno == EWOULDBLOCK else { return fd }
            guard wait.pause() else {
                errno = EWOULDBLOCK
                return -1
            }
        }
    }

    /// Opens and locks (`flock`) the file the path names now, as CLI.md asks of every writer: a writer that locks
    /// only the file (an older `board`) is kept out too. If such a writer renamed a new file in while we waited
    /// for the lock, the locked inode is stale, so open and lock again.
    private static func lockCurrentFile(_ board: String, in folder: LockedFolder, shownAs name: String) throws(CommandError) -> (Int32, stat) {
        while true {
            let fd = openToRead(board, in: folder.fd)
            guard fd >= 0 else { throw unopened(board, in: folder.fd, shownAs: name, "cannot open") }
            var locked = stat()
            guard fstat(fd, &locked) == 0 else {
                close(fd)
                throw failure(name, "cannot open")
            }
            guard locked.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw notRegular(name, locked)
            }
            do {
                try lock(fd, "the file", shownAs: name)
            } catch {
                close(fd)
                throw error
            }
            if isFile(board, in: folder, locked) { return (fd, locked) }
            close(fd)
        }
    }

    private static func readAll(_ fd: Int32, shownAs name: String) throws(CommandError) -> [UInt8] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(name, "cannot read") }
        if status.st_mode & S_IFMT == S_IFDIR { throw notRegular(name, status) }
        let size = Int(status.st_size)
        let tooLarge = CommandError(message: "\(name): too large for a board file (1 GiB or more)")
        if size >= maximumFileSize { throw tooLarge }
        // A pipe or device has no offsets to read at: it is read in order, in one piece.
        let regular = status.st_mode & S_IFMT == S_IFREG
        var result: [UInt8] = []
        var capacity = Memory.hugeCapacity(max(size + 1, 4096), of: UInt8.self)
        while true {
            // Read straight into uninitialized space: no zero-filling pass over the file's size.
            var failed = false
            let offset = result.count
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity - offset) { buffer, count in
                Memory.adviseHugePages(buffer.baseAddress, count: buffer.count)
                let known = regular && offset == 0 ? min(size, buffer.count) : 0
                guard let head = fillInShares(buffer, from: fd, count: known),
                      let rest = fill(UnsafeMutableBufferPointer(rebasing: buffer[head...]), from: fd,
                                      at: regular ? offset + head : nil)
                else {
                    failed = true
                    count = 0
                    return
                }
                count = head + rest
            }
            if failed { throw failure(name, "cannot read") }
            if result.isEmpty { result = bytes } else { result += bytes }
            if result.count >= maximumFileSize { throw tooLarge }
            if result.count < capacity { return result }
            capacity = min(capacity * 2, maximumFileSize + 1)
        }
    }

    /// Reads the file's first `count` bytes into the start of `buffer`, a large file in one share per core: copying
    /// from the file cache into fresh pages is bound by memory, and two cores do it in about half the time.
    /// Returns `count`, or 0 when the file came out shorter than `count` (it changed meanwhile, so the caller
    /// reads it again from the start in one piece), or nil on an error.
    private static func fillInShares(_ buffer: UnsafeMutableBufferPointer<UInt8>, from fd: Int32, count: Int) -> Int? {
        // Each share writes its own part of the buffer.
        nonisolated(unsafe) let buffer = buffer
        let shares = Shares.mapBytes(count) { range in
            fill(UnsafeMutableBufferPointer(rebasing: buffer[range]), from: fd, at: range.lowerBound).map { $0 == range.count }
        }
        if shares.contains(nil) { return nil }
        return shares.allSatisfy { $0 == true } ? count : 0
    }

    /// Reads into `buffer` from `offset` in the file (from where it stands when nil) until the buffer is full or the
    /// file ends; returns the bytes read, or nil on an error.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from fd: Int32, at offset: Int?) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let got = offset.map { pread(fd, base + count, buffer.count - count, off_t($0 + count)) }
                ?? read(fd, base + count, buffer.count - count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            count += got
        }
        return count
    }

    /// A new file written beside the board: still open, and named `path` (in the folder) only once `isNamed`.
    private struct NewFile {
        let fd: Int32
        let path: String
        let isNamed: Bool
    }

    /// Writes the file to a new file in the target's folder, flushed to disk. The file is written without a name
    /// (`O_TMPFILE`), so a killed run leaves nothing behind, and the caller names it (`giveName`) just before it is
    /// swapped in; where the file system has no unnamed files, it is written under its name. It gets the owner,
    /// group and mode of `like` as far as this process may set them, and the extended attributes of the file open as
    /// `attributesOf` (its ACL among them). The pieces are written as they are: copying a
    /// large board into one buffer first would cost its size in fresh memory.
    private static func writeNewFile(_ file: PrintedFile, besides target: String, in folder: LockedFolder, like status: stat? = nil,
                                     attributesOf: Int32? = nil, mode: mode_t? = nil, shownAs name: String) throws(CommandError) -> NewFile {
        try writeNewFile(besides: target, in: folder, like: status, attributesOf: attributesOf, mode: mode, shownAs: name) { send in
            file.withPieces { pieces in pieces.allSatisfy(send) }
        }
    }

    /// `writeNewFile` of what `content` hands to the function it is given, piece after piece (false when writing
    /// failed; `content` then returns false).
    private static func writeNewFile(besides target: String, in folder: LockedFolder, like status: stat? = nil, attributesOf: Int32? = nil,
                                     mode: mode_t? = nil, shownAs name: String,
                                     content: ((UnsafeRawBufferPointer) -> Bool) -> Bool) throws(CommandError) -> NewFile {
        let temporary = temporaryName(besides: target)
        // Only the holder of the folder's lock (this process, now) writes this name. A file left at it is kept, never
        // removed: `update` set it aside already, saying so; here it is beside a board made anew (`init` after the
        // board was removed) or an export, and may still be a board's only copy of a save.
        _ = try setAsideLeftover(besides: target, in: folder, shownAs: name)
        var isNamed = false
        // The mode to give the file: the board's, or the one asked. Else it is a file board makes (`init`,
        // `html -o`), made as `touch` and editors make files: readable and writable by all the umask or the folder's
        // default ACL lets (644 whatever they said, until helper-67 and helper-70 found team folders, umask 002 or
        // a default ACL, left with boards their members could not write).
        let wanted = status.map { $0.st_mode & 0o7777 } ?? mode
        let createMode: mode_t = wanted == nil ? 0o666 : 0o600
        var fd = board_open_unnamed(folder.fd, Int32(createMode))
        if fd < 0 {
            isNamed = true
            fd = openat(folder.fd, systemPath(temporary), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, createMode)
        }
        guard fd >= 0 else { throw failure(name, "cannot write a temporary file beside it") }
        // Every 2 MiB written starts on its way to disk while the next is copied in, so `fsync` waits for less.
        var written = 0
        var sent = 0
        // The first write's error, kept: what produces the pieces goes on after it and may change `errno`.
        var writeError: Int32 = 0
        func send(_ part: UnsafeRawBufferPointer) -> Bool {
            guard writeAll(part, to: fd) else {
                writeError = errno
                return false
            }
            written += part.count
            let wholePages = written / Memory.page * Memory.page
            if wholePages - sent >= writebackSize {
                _ = board_start_writeback(fd, Int64(sent), Int64(wholePages - sent))
                sent = wholePages
            }
            return true
        }
        // Short pieces (an edit's new lines between runs of the old file) are gathered into one buffer and written
        // together: a splice of a hundred thousand moves made a system call for each, most of `tidy`'s time.
        let gathered = UnsafeMutableRawBufferPointer.allocate(byteCount: gatherSize, alignment: 16)
        defer { gathered.deallocate() }
        var held = 0
        func sendGathered() -> Bool {
            defer { held = 0 }
            return held == 0 || send(UnsafeRawBufferPointer(rebasing: gathered[0..<held]))
        }
        let ok = content { piece in
            if piece.count <= gatherSize / 4 {
                if held + piece.count > gatherSize, !sendGathered() { return false }
                UnsafeMutableRawBufferPointer(rebasing: gathered[held..<(held + piece.count)]).copyMemory(from: piece)
                held += piece.count
                return true
            }
            guard sendGathered() else { return false }
            for start in stride(from: 0, to: piece.count, by: writebackSize) {
                guard send(UnsafeRawBufferPointer(rebasing: piece[start..<min(start + writebackSize, piece.count)])) else { return false }
            }
            return true
        } && sendGathered()
        if let status {
            // The owner can only be kept by root; the group by a member of it. Otherwise the new file is ours.
            if fchown(fd, status.st_uid, status.st_gid) != 0 { _ = fchown(fd, uid_t.max, status.st_gid) }
        }
        let moded = ok && (wanted.map { fchmod(fd, $0) == 0 } ?? true)
        // After the mode, which would otherwise rewrite an ACL's mask: the ACL copied is the board's as it was.
        if moded, let source = attributesOf { _ = board_copy_extended_attributes(source, fd) }
        guard moded, fsync(fd) == 0 else {
            let error = failure(name, "cannot write", code: writeError != 0 ? writeError : errno)
            close(fd)
            if isNamed { unlinkat(folder.fd, systemPath(temporary), 0) }
            throw error
        }
        return NewFile(fd: fd, path: temporary, isNamed: isNamed)
    }

    /// Gives an unnamed file a name in the folder: through `/proc/self/fd`, else (for a process that may)
    /// `AT_EMPTY_PATH`.
    private static func giveName(_ fd: Int32, _ name: String, in folder: LockedFolder) -> Bool {
        if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", folder.fd, systemPath(name), AT_SYMLINK_FOLLOW) == 0 { return true }
        return errno == ENOENT && linkat(fd, "", folder.fd, systemPath(name), 0x1000 /* AT_EMPTY_PATH */) == 0
    }

    /// The one temporary name for a board named `name`: `.board.tmp-` and a hash of the name, short whatever the
    /// name's length. One name is enough, as only the holder of the folder's lock writes it.
    static func temporaryName(besides name: String) -> String {
        // The name's bytes with their terminating NUL, as the hash was always taken: a file left by an older run is
        // still found.
        let hash = fnv1a(SystemText.cString(name).lazy.map { UInt8(bitPattern: $0) })
        return ".board.tmp-\(String(hash, radix: 16))"
    }

    /// How much of a new file is written before it is sent on to disk.
    private static let writebackSize = 2 << 20
    /// The buffer short pieces of a new file are gathered in before they are written.
    private static let gatherSize = 64 << 10

    /// Writes the whole buffer at the file's current offset; false on an error.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var written = 0
        while written < buffer.count {
            let count = write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    /// A path's folder (`.` when it names none, `/` for the root) and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `name: what: strerror(errno)`, e.g. `board.md: cannot read: No such file or directory`.
    private static func failure(_ name: String, _ what: String, code: Int32 = errno) -> CommandError {
        CommandError(message: "\(name): \(what): \(String(cString: strerror(code)))")
    }

    /// The bytes of a path for a system call (see `SystemText`).
    private static func systemPath(_ path: String) -> [CChar] { SystemText.cString(path) }

    /// True when the path names something, whatever it is (a link to nothing too); false when nothing has the name.
    /// Anything else that keeps the name from being looked up (a folder that may not be searched, a path too long) is
    /// an error: the search for the nearest board must not pass over a board it cannot see (helper-77's 02).
    static func isNamed(_ path: String, shownAs name: String) throws(CommandError) -> Bool {
        var status = stat()
        if lstat(systemPath(path), &status) == 0 { return true }
        guard errno == ENOENT else { throw failure(name, "cannot look for it") }
        return false
    }

    /// The device and inode of what the path names (links followed); nil when it names nothing.
    static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        return stat(systemPath(path), &status) == 0 ? FileIdentity(status) : nil
    }

    /// True when something exists at the path.
    static func exists(_ path: String) -> Bool { identity(of: path) != nil }
}

extension FileIdentity {
    /// The identity `status` (from `stat` or `fstat`) gives.
    public init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
