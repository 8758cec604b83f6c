#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardDisplay

/// Running `git`: for `board git-setup`, and to read the board's history for `board log`.
enum Git {
    /// Settings of the user's that change what board reads from git, put back to git's defaults for every run:
    /// `diff.relative` listed only the staged files below the current folder (a board above it was not checked);
    /// `diff.orderFile` naming a missing file made every diff and log fail; `log.showRoot=false` hid the commit that
    /// made the board; `log.showSignature` and colour put text of their own among the fields read (helper-73);
    /// `i18n.logOutputEncoding=UTF-16` gave a log read as no commits (helper-75).
    static let neutralSettings = ["diff.relative=false", "diff.orderFile=/dev/null", "log.showRoot=true",
                                  "log.showSignature=false", "color.ui=false", "color.diff=false",
                                  "i18n.logOutputEncoding=UTF-8"].flatMap { ["-c", $0] }

    /// Runs `git ARGUMENTS` with the invocation's environment, its output discarded; returns its exit status
    /// (127 when git cannot be started).
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["git"] + neutralSettings + arguments).map(argument) + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, "git", &actions, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// What to say where git gave nothing: that it cannot be run at all (`git --version` fails to start); that it
    /// refuses to read the repository `folder` is in, with its reason (a repository of another user, "dubious
    /// ownership", or a bad setting: helper-75, both were "not in a git repository"); else `notInRepository`.
    /// Outside a repository and without git, git fails alike.
    static func failure(_ notInRepository: String, in folder: String? = nil, environment: [String: String]) -> String {
        guard run(["--version"], environment: environment) != 127 else { return "git is not installed (no git on PATH)" }
        guard let folder, let said = finished(["-C", folder, "rev-parse", "--show-toplevel"], environment: environment,
                                              errorsToo: true) else { return notInRepository }
        let fatal = String(decoding: said.bytes, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("fatal: ") }
        // Outside a repository, or in a bare one, `notInRepository` says it.
        guard let reason = fatal?.dropFirst("fatal: ".count), !reason.hasPrefix("not a git repository"),
              !reason.hasPrefix("this operation must be run in a work tree") else { return notInRepository }
        return "git refuses to read its repository: \(escaped(String(reason)))"
    }

    /// Runs `git ARGUMENTS` and returns what it printed, or nil when it failed (its errors are discarded).
    static func output(_ arguments: [String], environment: [String: String]) -> String? {
        bytes(arguments, environment: environment).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `output` as the bytes git printed.
    static func bytes(_ arguments: [String], environment: [String: String]) -> [UInt8]? {
        guard let (bytes, status) = finished(arguments, environment: environment) else { return nil }
        return status == 0 ? bytes : nil
    }

    /// Runs `git ARGUMENTS` to its end: what it printed (its errors too, with `errorsToo`), and its wait status; nil
    /// when it cannot be started.
    private static func finished(_ arguments: [String], environment: [String: String],
                                 errorsToo: Bool = false) -> (bytes: [UInt8], status: Int32)? {
        guard let (pid, input, output) = spawn(arguments, environment: environment, errorsToo: errorsToo) else { return nil }
        close(input)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while readMore(from: output, into: &bytes, using: &chunk) {}
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (bytes, status)
    }

    /// Reads what a pipe has (through `chunk`, reused) onto the end of `bytes`; false at its end or on an error.
    static func readMore(from fd: Int32, into bytes: inout [UInt8], using chunk: inout [UInt8]) -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes += chunk[..<count]
            return true
        }
    }

    /// Starts `git ARGUMENTS` with pipes to its stdin and from its stdout (its stderr discarded, or with `errorsToo`
    /// read with its stdout): the process, the descriptor to write to, and the one to read from.
    static func spawn(_ arguments: [String], environment: [String: String], errorsToo: Bool = false) -> (pid_t, Int32, Int32)? {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            toChild.forEach { close($0) }
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        if errorsToo {
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = (["git"] + neutralSettings + arguments).map(argument) + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, "git", &actions, nil, argv, envp) == 0
        close(toChild[0])
        close(fromChild[1])
        guard started else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        return (pid, toChild[1], fromChild[0])
    }

    /// An argument for git as the C string the system takes: a path's bytes that are not UTF-8 go as those bytes.
    private static func argument(_ text: String) -> UnsafeMutablePointer<CChar>? {
        SystemText.cString(text).withUnsafeBufferPointer { $0.baseAddress.flatMap { strdup($0) } }
    }

    /// True when an executable named `program` is in one of `path`'s folders.
    static func isOnPath(_ program: String, path: String?) -> Bool {
        (path ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
