#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit
import SystemShims

/// A failure the command reports in one line and exits 1 for.
struct CommandError: Error {
    let message: String
}

/// Reading and writing board files (CLI.md "Writing the file").
enum BoardFile {
    /// The whole file. Fails for a missing, unreadable or non-regular file.
    static func contents(of path: String, shownAs name: String) throws(CommandError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(name, "cannot read") }
        defer { close(fd) }
        return try readAll(fd, shownAs: name)
    }

    /// Locks the file, reads it, and writes the file `transform` prints atomically in its place when they differ.
    /// Writes nothing when `transform` returns nil or the same bytes, or when the file changed meanwhile.
    static func update<Result>(_ path: String, shownAs name: String, beforeRename: (() -> Void)? = nil,
                               _ transform: ([UInt8]) throws -> (file: PrintedFile?, result: Result)) throws -> Result {
        guard let resolved = realpath(path, nil) else { throw failure(name, "cannot open") }
        let target = String(cString: resolved)
        free(resolved)

        let (fd, status) = try lockCurrentFile(target, shownAs: name)
        defer { close(fd) }  // Closing releases the lock.
        let original = try readAll(fd, shownAs: name)
        let (newFile, result) = try transform(original)
        guard let newFile, !newFile.equals(original) else { return result }

        if status.st_mode & S_IWUSR == 0 || access(target, W_OK) != 0 {
            throw CommandError(message: "\(name): the file is read-only; nothing was written")
        }
        let temporary = try writeTemporary(newFile, besides: target, mode: status.st_mode & 0o7777, shownAs: name)
        beforeRename?()
        guard holds(target, original) else {
            unlink(temporary)
            throw CommandError(message: "\(name): the file changed on disk while board was editing it; nothing was written, run the command again")
        }
        guard rename(temporary, target) == 0 else {
            let error = failure(name, "cannot replace")
            unlink(temporary)
            throw error
        }
        syncDirectory(of: target)
        return result
    }

    /// True when the file at `path` holds exactly `bytes`. A large file is compared in one share per core, each
    /// reading its part in pieces into one small buffer: a copy of a large board would cost its size in fresh
    /// memory again.
    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
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

    /// Creates a new file with these bytes; refuses when the path exists.
    static func create(_ path: String, bytes: [UInt8], shownAs name: String) throws(CommandError) {
        var status = stat()
        if lstat(path, &status) == 0 {
            throw CommandError(message: "\(name): the file already exists; board init never overwrites a file")
        }
        let temporary = try writeTemporary(PrintedFile(bytes), besides: path, mode: 0o644 & ~currentUmask(), shownAs: name)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            throw errno == EEXIST
                ? CommandError(message: "\(name): the file already exists; board init never overwrites a file")
                : failure(name, "cannot create")
        }
        syncDirectory(of: path)
    }

    // MARK: - Helpers

    /// Opens and locks the file the path names now: if another writer renamed a new file in while we waited
    /// for the lock, the locked inode is stale, so open and lock again.
    private static func lockCurrentFile(_ path: String, shownAs name: String) throws(CommandError) -> (Int32, stat) {
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(name, "cannot open") }
            var locked = stat()
            guard fstat(fd, &locked) == 0 else {
                close(fd)
                throw failure(name, "cannot open")
            }
            if locked.st_mode & S_IFMT == S_IFDIR {
                close(fd)
                throw CommandError(message: "\(name): is a directory, not a board file")
            }
            guard flock(fd, LOCK_EX) == 0 else {
                close(fd)
                throw failure(name, "cannot lock")
            }
            var current = stat()
            if stat(path, &current) == 0, current.st_ino == locked.st_ino, current.st_dev == locked.st_dev {
                return (fd, locked)
            }
            close(fd)
        }
    }

    private static func readAll(_ fd: Int32, shownAs name: String) throws(CommandError) -> [UInt8] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(name, "cannot read") }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw CommandError(message: "\(name): is a directory, not a board file")
        }
        let size = Int(status.st_size)
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
            if result.count >= Board.maximumSize { throw CommandError(message: "\(name): too large for a board file (4 GiB or more)") }
            if result.count < capacity { return result }
            capacity *= 2
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

    /// Writes the file to a new file in the target's folder, flushed to disk, and returns its path. The pieces are
    /// written as they are: copying a large board into one buffer first would cost its size in fresh memory.
    private static func writeTemporary(_ file: PrintedFile, besides target: String, mode: mode_t,
                                       shownAs name: String) throws(CommandError) -> String {
        let (folder, base) = split(target)
        let temporary = "\(folder)/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(name, "cannot write a temporary file beside it") }
        // Every 2 MiB written starts on its way to disk while the next is copied in, so `fsync` waits for less.
        var written = 0
        var sent = 0
        let ok = file.withPieces { pieces in
            for piece in pieces {
                for start in stride(from: 0, to: piece.count, by: writebackSize) {
                    let part = UnsafeRawBufferPointer(rebasing: piece[start..<min(start + writebackSize, piece.count)])
                    guard writeAll(part, to: fd) else { return false }
                    written += part.count
                    let wholePages = written / Memory.page * Memory.page
                    if wholePages - sent >= writebackSize {
                        _ = board_start_writeback(fd, Int64(sent), Int64(wholePages - sent))
                        sent = wholePages
                    }
                }
            }
            return true
        }
        let error = failure(name, "cannot write")
        guard ok, fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        return temporary
    }

    /// How much of a new file is written before it is sent on to disk.
    private static let writebackSize = 2 << 20

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

    private static func syncDirectory(of path: String) {
        let fd = open(split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// A path's folder (`.` when it names none, `/` for the root) and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }

    /// `name: what: strerror(errno)`, e.g. `board.md: cannot read: No such file or directory`.
    private static func failure(_ name: String, _ what: String) -> CommandError {
        CommandError(message: "\(name): \(what): \(String(cString: strerror(errno)))")
    }

    /// True when something exists at the path.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
