#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running `git` for `board git-setup`.
enum Git {
    /// Runs `git ARGUMENTS` with the invocation's environment, its output discarded; returns its exit status
    /// (127 when git cannot be started).
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, "git", &actions, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// True when an executable named `program` is in one of `path`'s folders.
    static func isOnPath(_ program: String, path: String?) -> Bool {
        (path ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
