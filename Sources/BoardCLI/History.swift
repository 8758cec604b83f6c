#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit

/// The board file's history, read from git (`board log`): its commits, and each version's bytes through one
/// long-lived `git cat-file --batch`, not a process per commit.
struct History {
    /// One commit that changed the board file.
    struct Commit {
        let hash: String
        let shortHash: String
        let author: String
        let date: String
        let subject: String
        /// The first parent, if any: a merge is shown against it.
        let parent: String?
        /// The file's path at this commit and at the parent (they differ where the commit renamed it), relative to
        /// the repository's top; nil at the parent when the commit added the file.
        let path: String
        let parentPath: String?
    }

    let root: String
    /// The board's path, its symbolic links followed.
    let file: String
    let environment: [String: String]
    /// The board's name in messages.
    let shown: String

    /// The repository holding the file; fails outside one, or for a file git does not track.
    init(file: String, shownAs name: String, environment: [String: String]) throws {
        // A board that is a symbolic link has the history of the file it points to: git keeps the link's own history
        // as the text of the link.
        let file = BoardFile.resolved(file) ?? file
        // A folder is no board: git would give the history of every file in it.
        if let problem = BoardFile.notABoard(file, shownAs: name) { throw problem }
        self.file = file
        // A folder gone from the work tree (removed by a commit, or left out by a sparse checkout) is asked about
        // through the nearest one there is: git has its history (helper-73: "not in a git repository").
        var folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        while folder != ".", access(folder.isEmpty ? "/" : folder, F_OK) != 0 {
            folder = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? "."
        }
        if folder.isEmpty { folder = "/" }
        guard let top = Git.output(["-C", folder, "rev-parse", "--show-toplevel"], environment: environment),
              let root = top.split(separator: "\n").first.map(String.init) else {
            if Git.output(["-C", folder, "rev-parse", "--is-bare-repository"], environment: environment)?.hasPrefix("true") == true {
                throw CommandError(message: "\(name): in a bare repository, which has no work tree; read the board's history (log, stats) in a clone")
            }
            throw CommandError(message: "\(name): \(Git.failure("not in a git repository", in: folder, environment: environment)); the board's history (log, stats) is read from git")
        }
        self.root = root
        self.environment = environment
        shown = name
        guard Git.output(["-C", root, "ls-files", "--error-unmatch", "--", file], environment: environment) != nil else {
            // A board that git tracked once and a commit removed has a history, but not one of a board that is there.
            if let removal = Git.output(["-C", root, "log", "-1", "--format=%h", "--", file], environment: environment)?
                .split(separator: "\n").first {
                throw CommandError(message: "\(name): git no longer tracks this file (commit \(removal) removed it); see its history with 'git log -- \(name)'")
            }
            throw CommandError(message: "\(name): git does not track this file, so it has no history yet")
        }
    }

    /// The commits that changed the file, newest first, following renames; with `firstParent`, only those of the
    /// mainline, one version after another (what `board stats` replays).
    func commits(limit: Int? = nil, since: CivilDate? = nil, firstParent: Bool = false) throws(CommandError) -> [Commit] {
        // The commits that removed the file are not listed, and must not count against `limit`: where any came among
        // those git gave, git is asked for as many more.
        guard let limit else { return try commits(gitLimit: nil, since: since, firstParent: firstParent).listed }
        var asked = limit
        while true {
            let (listed, given) = try commits(gitLimit: asked, since: since, firstParent: firstParent)
            if listed.count >= limit || given < asked { return Array(listed.prefix(limit)) }
            asked += limit - listed.count
        }
    }

    /// `commits(limit:since:firstParent:)` with git's `-n`: the commits listed, and how many git gave.
    private func commits(gitLimit limit: Int?, since: CivilDate?, firstParent: Bool) throws(CommandError) -> (listed: [Commit], given: Int) {
        // `-z`: fields and paths end in NUL, the paths as they are; without it, git quotes a path that is not plain
        // ASCII (`"b\303\266/board.md"`), and no version was found under that name.
        var arguments = ["-C", root, "log", "-z", "--follow", "--date=short", "-M", "--diff-merges=first-parent",
                         "--format=%H%x00%h%x00%P%x00%an%x00%ad%x00%s", "--name-status"]
        if firstParent { arguments.append("--first-parent") }
        if let limit { arguments.append("-n\(limit)") }
        if let since {
            // git reads a date from 2100 on as another one, and one before 1970 loses commits: nothing is newer than
            // the first, and everything than the second.
            guard since.year < 2100 else { return ([], 0) }
            // git's `--since` is the committer's time read in this machine's zone; the date shown is the author's,
            // in the author's zone (helper-47: `--since 2026-11-16` listed a commit shown as 2026-11-15 and left out
            // one shown as 2026-11-16). git is asked from two days before, and the shown date decides, below.
            if since.year >= 1970 { arguments.append("--since=\(since.adding(days: -2))T00:00:00") }
        }
        arguments += ["--", file]
        // A failing git gave no commits, and the history seemed empty (exit 0).
        guard let text = Git.output(arguments, environment: environment) else {
            throw CommandError(message: "\(shown): git could not list the commits that changed it (git log failed)")
        }
        return Self.commits(ofLog: text, since: since)
    }

    /// The commits of `git log -z --name-status` in the format `commits(gitLimit:since:firstParent:)` asks for, those
    /// dated before `since` left out, and how many git gave.
    static func commits(ofLog text: String, since: CivilDate?) -> (listed: [Commit], given: Int) {
        // Each commit: its six fields, then its name-status, a line break before the first status: `M` and the path,
        // `A` and the path, or `R100`, the old path and the new. A commit that made the board's path a folder (or a
        // file again) has an entry for each file in it too (helper-55: that second entry ended the reading, and every
        // commit before it was left out).
        let fields = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        var commits: [Commit] = []
        var given = 0
        var index = 0
        // The file's path in the commit read next (the path its newer commit had at its parent); nil at first.
        var expected: String?
        while index + 7 < fields.count {
            let header = Array(fields[index..<(index + 6)])
            var entries: [(code: Character, paths: ArraySlice<String>)] = []
            var position = index + 6
            while position < fields.count {
                let status = entries.isEmpty ? fields[position].drop { $0 == "\n" } : Substring(fields[position])
                guard entries.isEmpty ? fields[position].hasPrefix("\n") : true, let code = status.first,
                      status.count <= 4, "ABCDMRTUX".contains(code), status.dropFirst().allSatisfy(\.isNumber) else { break }
                let count = code == "R" || code == "C" ? 2 : 1
                guard position + count < fields.count else { break }
                entries.append((code, fields[(position + 1)...(position + count)]))
                position += 1 + count
            }
            // The board's own entry: the one of the path expected, else the first that is no file in a folder of a
            // path another entry names.
            let paths = entries.flatMap(\.paths)
            guard let entry = entries.first(where: { $0.paths.last == expected }) ?? entries.first(where: { entry in
                !paths.contains { entry.paths.last?.hasPrefix($0 + "/") == true }
            }), let path = entry.paths.last else { break }
            index = position
            given += 1
            let renamed = entry.paths.count == 2
            expected = entry.code == "A" ? nil : entry.paths.first
            // A deletion has no version to show. Following a file renamed on a branch (`git mv` to `docs/`, merged),
            // git goes on under the old name, and the branch's rename is listed as the old name deleted: every item
            // seemed removed.
            if entry.code == "D" { continue }
            if let since, let date = CivilDate(header[4]), date < since { continue }
            commits.append(Commit(hash: header[0], shortHash: header[1], author: header[3], date: header[4], subject: header[5],
                                  parent: header[2].split(separator: " ").first.map(String.init), path: path,
                                  parentPath: entry.code == "A" ? nil : renamed ? entry.paths.first : path))
        }
        return (commits, given)
    }

    /// A reader of the file's versions: one `git cat-file --batch` for the whole command.
    func blobReader(shownAs name: String) throws -> BlobReader {
        guard let reader = BlobReader(root: root, environment: environment) else {
            throw CommandError(message: "\(name): cannot run git cat-file")
        }
        return reader
    }

    /// The file's bytes at `revision:path`, empty where it has none there. A version git names in its tree but
    /// cannot read (a blobless clone whose remote cannot be reached, a damaged repository) is an error: read as
    /// empty, every item seemed added by the commit after it (helper-73).
    func version(_ revision: String, _ path: String, from blobs: BlobReader) throws(CommandError) -> [UInt8] {
        if let bytes = blobs.blob(revision, path) { return bytes }
        guard Git.output(["-C", root, "rev-parse", "-q", "--verify", "\(revision):\(path)"], environment: environment) == nil else {
            throw CommandError(message: "\(shown): git cannot read its version of commit \(revision.prefix(12)) (a partial clone whose remote cannot be reached, or a damaged repository)")
        }
        return []
    }

    /// Where the history git has begins when the clone is shallow: its oldest commit; nil for a full clone.
    func shallowBoundary() -> String? {
        guard Git.output(["-C", root, "rev-parse", "--is-shallow-repository"], environment: environment)?.hasPrefix("true") == true
        else { return nil }
        return Git.output(["-C", root, "log", "--format=%h %ad", "--date=short", "--max-parents=0", "-1"], environment: environment)?
            .split(separator: "\n").last.map(String.init)
    }
}

/// A running `git cat-file --batch`: asked for `REV:PATH`, it answers with the blob's bytes.
final class BlobReader {
    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// What SIGPIPE did before, given back at the end: standard output closed early (`| head`) must still end board
    /// quietly, as it does every other command.
    private let pipeAction: __sighandler_t?

    init?(root: String, environment: [String: String]) {
        // Should git end early, a write to it fails with EPIPE instead of ending board.
        let previous = signal(SIGPIPE, SIG_IGN)
        guard let (pid, input, output) = Git.spawn(["-C", root, "cat-file", "--batch"], environment: environment) else {
            signal(SIGPIPE, previous)
            return nil
        }
        (self.pid, self.input, self.output) = (pid, input, output)
        pipeAction = previous
    }

    deinit {
        signal(SIGPIPE, pipeAction)
        close(input)
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The blob at `revision:path`; nil when there is none (the file did not exist there).
    func blob(_ revision: String, _ path: String) -> [UInt8]? {
        let request = Array("\(revision):\(path)\n".utf8)
        guard request.withUnsafeBytes({ write(input, $0.baseAddress, $0.count) }) == request.count,
              let header = line() else { return nil }
        // `SHA blob SIZE`, or `REV:PATH missing`.
        let parts = header.split(separator: " ")
        guard parts.count == 3, parts[1] == "blob", let size = Int(parts[2]), let bytes = take(size + 1) else { return nil }
        return Array(bytes.dropLast())
    }

    private func line() -> String? {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return text
            }
            guard fill() else { return nil }
        }
    }

    private func take(_ count: Int) -> [UInt8]? {
        while buffer.count < count { guard fill() else { return nil } }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    private func fill() -> Bool {
        Git.readMore(from: output, into: &buffer, using: &chunk)
    }
}
