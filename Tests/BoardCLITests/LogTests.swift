@testable import BoardCLI
import Foundation
import Testing

/// Issue 21: `board log`, the board's history from git in board terms, on scripted repositories with fixed dates.
@Suite struct LogTests {
    /// Commits everything staged and changed, as `author` on `day` (2026-11-DAY, noon UTC).
    func commit(_ repository: GitRepository, _ message: String, author: String = "Ana Lee", day: Int) {
        let date = "2026-11-\(day < 10 ? "0" : "")\(day)T12:00:00Z"
        repository.run("git", ["commit", "-qam", message],
                       adding: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_NAME": author])
    }

    /// Writes `text` at `path` in the repository, stages everything, and commits it as `commit` does.
    func commit(_ repository: GitRepository, _ path: String, _ text: String, _ message: String, day: Int) {
        repository.sandbox.write("repo/" + path, text)
        repository.git("add", "-A")
        commit(repository, message, day: day)
    }

    /// The log without its hashes (they depend on git's version of the objects): date, author, subject, changes.
    func log(_ repository: GitRepository, _ arguments: String...) -> String {
        let output = repository.run("board", ["log"] + arguments).output
        return output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first.map { $0.isHexDigit } == true && line.count > 8 ? String(line.drop { $0 != " " }.dropFirst()) : String(line)
        }.joined(separator: "\n")
    }

    @Test func eachCommitWithItsChangesInBoardTermsFollowingRenamesAndMerges() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/plan.md", "## TODO\n- [ ] Write docs\n- [ ] Fix parser\n## DOING\n## DONE\n")
        repository.git("add", "plan.md")
        commit(repository, "Start the board", day: 1)
        repository.board("--file", "plan.md", "start", "Fix parser")
        commit(repository, "Start the parser", author: "Bo Kim", day: 2)
        repository.git("mv", "plan.md", "board.md")
        commit(repository, "Rename the board", day: 3)
        // By hand: a rename of an item, and a due date.
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] Write the docs due:2026-12-01\n## DOING\n- [ ] Fix parser\n## DONE\n")
        commit(repository, "Edit by hand", day: 4)
        repository.git("checkout", "-qb", "side")
        repository.board("done", "parser")
        commit(repository, "Finish the parser", author: "Bo Kim", day: 5)
        repository.git("checkout", "-q", "main")
        repository.board("add", "Ship it")
        commit(repository, "Add shipping", day: 6)
        let merge = repository.run("git", ["merge", "-q", "--no-ff", "side", "-m", "Merge side"],
                                   adding: ["GIT_AUTHOR_DATE": "2026-11-07T12:00:00Z", "GIT_COMMITTER_DATE": "2026-11-07T12:00:00Z"])
        #expect(merge.status == 0)

        #expect(log(repository) == """
            2026-11-07 Test  Merge side
                > moved "Fix parser" DOING → DONE

            2026-11-06 Ana Lee  Add shipping
                + added "Ship it" to TODO

            2026-11-05 Bo Kim  Finish the parser
                > moved "Fix parser" DOING → DONE

            2026-11-04 Ana Lee  Edit by hand
                ~ "Write docs": title → "Write the docs"
                ~ "Write the docs": due none → 2026-12-01

            2026-11-03 Ana Lee  Rename the board
                (no change in board terms)

            2026-11-02 Bo Kim  Start the parser
                > moved "Fix parser" TODO → DOING

            2026-11-01 Ana Lee  Start the board
                + added "Write docs" to TODO
                + added "Fix parser" to TODO
                ~ text outside the items changed

            """)
        #expect(log(repository, "-n", "2", "--since", "2026-11-02") == """
            2026-11-07 Test  Merge side
                > moved "Fix parser" DOING → DONE

            2026-11-06 Ana Lee  Add shipping
                + added "Ship it" to TODO

            """)
        // git reads a date from 2100 on as another one, and one before 1970 lost commits.
        #expect(log(repository, "--since", "2200-01-01") == "")
        #expect(log(repository, "--since", "1969-12-31").components(separatedBy: "\n\n").count == 7)
        let json = repository.run("board", ["log", "--json", "-n", "1"]).output
        #expect(json.hasPrefix("{\"schemaVersion\":1,\"commits\":[{\"hash\":\""))
        #expect(json.contains("\"author\":\"Test\",\"date\":\"2026-11-07\",\"subject\":\"Merge side\",\"changes\":[{\"change\":\"moved\",\"title\":\"Fix parser\",\"from\":\"DOING\",\"to\":\"DONE\"}]}]}"))
    }

    /// `--since` keeps the commits whose shown date (the author's, in the author's zone) is that day or later
    /// (helper-47): git's own `--since` read the committer's time in this machine's zone, and with TZ=UTC listed a
    /// commit shown as 2026-11-15 and left out one shown as 2026-11-16.
    @Test func sinceGoesByTheDateShown() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n## DOING\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Start the board", day: 10)
        for (title, date) in [("East", "2026-11-16T01:00:00+05:00"), ("West", "2026-11-15T22:00:00-05:00")] {
            repository.board("add", title)
            repository.run("git", ["commit", "-qam", title], adding: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "TZ": "UTC"])
        }
        let listed = repository.run("board", ["log", "--since", "2026-11-16"], adding: ["TZ": "UTC"]).output
        #expect(listed.contains("2026-11-16 Ana Lee  East") || listed.contains("2026-11-16 Test  East"), "\(listed)")
        #expect(!listed.contains("West") && !listed.contains("2026-11-15"), "\(listed)")
    }

    /// Without git to run, `log`, `stats`, `check --staged` and `git-setup` said the board was in no repository
    /// (helper-47): they say git is not installed.
    @Test func withoutGitTheErrorSaysSo() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n## DOING\n## DONE\n")
        for arguments in [["log"], ["stats"], ["check", "--staged"], ["git-setup"]] {
            let outcome = repository.run("board", arguments, adding: ["PATH": repository.boardOnly])
            #expect(outcome.status == 1 && outcome.output.contains("git is not installed (no git on PATH)"), "\(arguments): \(outcome.output)")
        }
    }

    /// `stats` is the board's history as of today: with `--today` before the last commits, lead and cycle times
    /// counted an item done after it, and work in progress left out one in DOING that day (helper-47).
    @Test func statsLeaveOutWhatCameAfterToday() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] A\n- [ ] B\n## DOING\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Start", day: 2)
        for (command, day) in [("start A", 3), ("done A", 4), ("start B", 16), ("done B", 20)] {
            repository.run("board", command.split(separator: " ").map(String.init))
            commit(repository, command, day: day)
        }
        let before = repository.run("board", ["stats", "--today", "2026-11-10", "--weeks", "2"]).output
        #expect(before.contains("Lead time (added → DONE): median 2 days, 85th percentile 2 days (1 item)"), "\(before)")
        let doing = repository.run("board", ["stats", "--today", "2026-11-17", "--weeks", "1"]).output
        #expect(doing.contains("Work in progress: 1 item in DOING\n  1 day  B") && doing.contains("TODO 0  DOING 1  DONE 1"), "\(doing)")
    }

    @Test func outsideARepositoryOrUntrackedTheErrorSaysSo() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        let outside = sandbox.run(["log"], environment: ["GIT_CEILING_DIRECTORIES": sandbox.directory + "/.."])
        #expect(outside == Outcome(exitCode: 1, stdout: "", stderr: "error: board.md: not in a git repository; the board's history (log, stats) is read from git\n"))
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n")
        let untracked = repository.run("board", ["log"])
        #expect(untracked.status == 1)
        #expect(untracked.output == "error: board.md: git does not track this file, so it has no history yet\n")
        _ = repository.git("add", "board.md")
        commit(repository, "Board", day: 1)
        _ = repository.git("rm", "-q", "board.md")
        commit(repository, "No board", day: 2)
        let removal = repository.run("git", ["log", "-1", "--format=%h"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        repository.sandbox.write("repo/board.md", "## TODO\n")
        let removed = repository.run("board", ["log"])
        #expect(removed.status == 1)
        #expect(removed.output == "error: board.md: git no longer tracks this file (commit \(removal) removed it); see its history with 'git log -- board.md'\n")
    }

    /// helper-73: settings of the user's changed what board read from git. `diff.orderFile` naming a missing file made
    /// git fail, and `log` printed nothing (exit 0), `stats` an empty board; `log.showRoot=false` hid the commit that
    /// made the board; colour put escapes among the fields. Each is put back to git's default for board's runs.
    @Test func theUsersGitSettingsChangeNoHistory() throws {
        let repository = try #require(GitRepository())
        commit(repository, "board.md", "## TODO\n- [ ] A\n", "Board", day: 1)
        repository.board("start", "A")
        commit(repository, "Start A", day: 2)
        let plain = log(repository, "--no-pager")
        let stats = repository.run("board", ["stats"]).output
        #expect(plain.contains("  Board\n") && plain.contains("  Start A\n"), "\(plain)")
        for (key, value) in [("diff.orderFile", repository.sandbox.path("missing")), ("log.showRoot", "false"),
                             ("color.diff", "always"), ("color.ui", "always"), ("diff.relative", "true"),
                             ("i18n.logOutputEncoding", "UTF-16")] {
            repository.git("config", key, value)
        }
        #expect(log(repository, "--no-pager") == plain)
        #expect(repository.run("board", ["stats"]).output == stats)
    }

    /// A version git names but cannot read (a blobless clone whose remote is gone) is an error: read as an empty
    /// file, the commit after it showed every item added (helper-73).
    @Test func aVersionGitCannotReadIsAnError() throws {
        let repository = try #require(GitRepository())
        repository.git("config", "uploadpack.allowFilter", "true")
        commit(repository, "board.md", "## TODO\n- [ ] A\n- [ ] B\n", "Board", day: 1)
        repository.board("start", "A")
        commit(repository, "Start A", day: 2)
        let clone = repository.run("git", ["clone", "-q", "--filter=blob:none", "file://" + repository.sandbox.path("repo"), "../partial"])
        #expect(clone.status == 0, "\(clone.output)")
        try FileManager.default.moveItem(atPath: repository.sandbox.path("repo"), toPath: repository.sandbox.path("gone"))
        let outcome = repository.run("board", ["log", "--no-pager"], in: "partial")
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("error: board.md: git cannot read its version of commit "), "\(outcome.output)")
        #expect(outcome.output.hasSuffix(" (a partial clone whose remote cannot be reached, or a damaged repository)\n"))
    }

    /// Where git refuses to read the repository (a bad setting here; a repository of another user alike), its reason
    /// is said, not "not in a git repository" (helper-75).
    @Test func gitsRefusalIsSaidWithItsReason() throws {
        let repository = try #require(GitRepository())
        commit(repository, "board.md", "## TODO\n- [ ] A\n", "Board", day: 1)
        let config = repository.sandbox.read("repo/.git/config")
        repository.sandbox.write("repo/.git/config", config + "[core]\n\tcommentChar = ;;\n")
        for arguments in [["log"], ["stats"], ["check", "--staged"]] {
            let outcome = repository.run("board", arguments)
            #expect(outcome.status == 1)
            #expect(outcome.output.contains(": git refuses to read its repository: bad config variable 'core.commentchar' in file '"),
                    "\(arguments): \(outcome.output)")
        }
    }

    /// A board whose folder is gone from the work tree has the history git keeps; a bare repository says it is one
    /// (helper-73: both were "not in a git repository").
    @Test func aBoardWhoseFolderIsGoneOrInABareRepositoryIsSaidSo() throws {
        let repository = try #require(GitRepository())
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/docs"), withIntermediateDirectories: true)
        commit(repository, "docs/board.md", "## TODO\n- [ ] A\n", "Board", day: 1)
        repository.git("rm", "-rq", "docs")
        commit(repository, "No docs", day: 2)
        let removal = repository.run("git", ["log", "-1", "--format=%h"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(repository.board("log", "docs/board.md")
            == (1, "error: docs/board.md: git no longer tracks this file (commit \(removal) removed it); see its history with 'git log -- docs/board.md'\n"))
        #expect(repository.run("git", ["clone", "-q", "--bare", ".", "../bare.git"]).status == 0)
        #expect(repository.run("board", ["log", "board.md"], in: "bare.git")
            == (1, "error: board.md: in a bare repository, which has no work tree; read the board's history (log, stats) in a clone\n"))
    }

    /// A folder given as the board is refused as `diff` refuses it: git gave the history of every file in it (a commit
    /// of notes listed as a change to the board, `stats` an empty board), or at the top "not in a git repository".
    @Test func aFolderIsNoBoardToTakeTheHistoryOf() throws {
        let repository = try #require(GitRepository())
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/s"), withIntermediateDirectories: false)
        commit(repository, "s/board.md", "## TODO\n- [ ] A\n", "Board", day: 1)
        for (command, folder) in [("log", "."), ("stats", "."), ("log", "s"), ("stats", "s")] {
            let outcome = repository.run("board", [command, folder])
            #expect(outcome == (1, "error: \(folder): is a directory, not a board file\n"), "\(command) \(folder)")
        }
    }

    /// `stats` and `log` read the versions from git with SIGPIPE ignored (a write to a git that ended must fail, not
    /// end board); left so, standard output closed early (`| head`) was an error, where every other command ends
    /// quietly (`log --json` wrote while the reader still ran).
    @Test func statsIntoAPipeClosedEarlyEndsQuietly() throws {
        let repository = try #require(GitRepository())
        commit(repository, "board.md", "## TODO\n- [ ] A\n", "one", day: 1)
        // As a shell starts it, SIGPIPE at its default: the test process may have it ignored (an `lsp` test run in
        // it ignores it), and a child keeps that.
        for arguments in ["stats", "stats --json", "log", "log --json"] {
            // The reader closes the pipe before anything is written.
            let command = "env --default-signal=PIPE board \(arguments) 2>err | (exec 0<&-; sleep 0.3); echo ${PIPESTATUS[0]}; cat err"
            let piped = repository.run("bash", ["-c", command])
            #expect(piped.output == "141\n", "\(arguments)")
        }
    }

    /// The commits that removed the board are not listed, and `-n` counts only those that are.
    @Test func dashNCountsTheCommitsListed() throws {
        let repository = try #require(GitRepository())
        commit(repository, "board.md", "## TODO\n- [ ] A\n", "one", day: 1)
        repository.board("add", "B")
        commit(repository, "two", day: 2)
        repository.git("rm", "-q", "board.md")
        commit(repository, "delete", day: 3)
        commit(repository, "board.md", "## TODO\n- [ ] C\n", "recreate", day: 4)
        let subjects = log(repository, "-n", "2").split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(subjects == ["2026-11-04 Ana Lee  recreate", "2026-11-02 Ana Lee  two"])
        let json = repository.run("board", ["log", "--json", "-n", "2"]).output
        #expect(json.components(separatedBy: "\"subject\":").count == 3, "\(json)")
        #expect(log(repository, "-n", "1").split(separator: "\n").filter { $0.hasPrefix("2026-") } == ["2026-11-04 Ana Lee  recreate"])
    }

    /// A board that is a symbolic link has the history of the file it points to, not of the link's text.
    @Test func aLinkedBoardHasTheHistoryOfItsFile() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/real.md", "## TODO\n## DOING\n## DONE\n")
        try FileManager.default.createSymbolicLink(atPath: repository.sandbox.path("repo/board.md"), withDestinationPath: "real.md")
        _ = repository.git("add", "-A")
        commit(repository, "Board", day: 1)
        repository.board("add", "Via link")
        commit(repository, "Add", day: 2)
        #expect(log(repository) == """
            2026-11-02 Ana Lee  Add
                + added "Via link" to TODO

            2026-11-01 Ana Lee  Board
                ~ text outside the items changed

            """)
        #expect(repository.run("board", ["stats"]).output.contains("TODO 1  DOING 0  DONE 0"))
    }

    /// A path git would quote (a folder and a name beyond ASCII, a tab) and a subject holding the separators git's
    /// log once was split at: every commit, with its changes (the quoted path found no version of the board).
    @Test func pathsGitQuotesAndOddSubjectsHaveTheirHistory() throws {
        let repository = try #require(GitRepository())
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/bö"), withIntermediateDirectories: true)
        repository.sandbox.write("repo/bö/tâches\tplan.md", "## TODO\n## DOING\n## DONE\n")
        _ = repository.git("add", "-A")
        commit(repository, "Board \u{1E}\u{1F} odd", day: 1)
        repository.board("--file", "bö/tâches\tplan.md", "add", "First")
        commit(repository, "Add", day: 2)
        _ = repository.git("mv", "bö/tâches\tplan.md", "bö/board.md")
        repository.board("--file", "bö/board.md", "start", "First")
        commit(repository, "Move and start", day: 3)
        #expect(log(repository, "--file", "bö/board.md") == """
            2026-11-03 Ana Lee  Move and start
                > moved "First" TODO → DOING

            2026-11-02 Ana Lee  Add
                + added "First" to TODO

            2026-11-01 Ana Lee  Board \\u{1E}\\u{1F} odd
                ~ text outside the items changed

            """)
        #expect(repository.run("board", ["stats", "--file", "bö/board.md"]).output.contains("TODO 0  DOING 1  DONE 0"))
    }

    @Test func statsFollowItemsAcrossRenamesAndMovesBackAndForth() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] A\n- [ ] Write the parser\n## DOING\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Board", day: 2)
        repository.board("start", "A")
        commit(repository, "Start A", day: 3)
        repository.board("done", "A")
        commit(repository, "Finish A", day: 5)
        repository.board("add", "C")
        repository.board("start", "parser")
        commit(repository, "Add C, start the parser", day: 9)
        // By hand: the parser item is renamed while in DOING, and stays one item.
        repository.sandbox.write("repo/board.md", repository.boardText.replacingOccurrences(of: "Write the parser", with: "Write the new parser"))
        commit(repository, "Rename the parser item", day: 10)
        repository.board("done", "new parser")
        commit(repository, "Finish the parser", day: 12)
        repository.board("start", "C")
        commit(repository, "Start C", day: 13)
        repository.board("reopen", "C")
        commit(repository, "Put C back", day: 14)
        repository.board("start", "C")
        commit(repository, "Start C again", day: 16)

        let json = repository.run("board", ["stats", "--json", "--weeks", "3", "--today", "2026-11-20"]).output
        #expect(json == """
            {"schemaVersion":1,"today":"2026-11-20","since":"2026-11-02","throughput":[{"week":"2026-11-02","done":1},\
            {"week":"2026-11-09","done":1},{"week":"2026-11-16","done":0}],"leadTime":{"median":3,"p85":10,"count":2},\
            "cycleTime":{"median":2,"p85":3,"count":2},"inProgress":[{"title":"C","days":4}],"flow":[\
            {"week":"2026-11-02","todo":1,"doing":0,"done":1},{"week":"2026-11-09","todo":1,"doing":0,"done":2},\
            {"week":"2026-11-16","todo":0,"doing":1,"done":2}]}

            """)
        let text = repository.run("board", ["stats", "--weeks", "3", "--today", "2026-11-20"]).output
        #expect(text == """
            Throughput (items reaching DONE, week by week since 2026-11-02):
              2026-11-02  ██████████████████████████████ 1
              2026-11-09  ██████████████████████████████ 1
              2026-11-16  0
            Lead time (added → DONE): median 3 days, 85th percentile 10 days (2 items)
            Cycle time (first in DOING → DONE): median 2 days, 85th percentile 3 days (2 items)
            Work in progress: 1 item in DOING
              4 days  C
            Cumulative flow (░ TODO ▒ DOING █ DONE, at the end of each week):
              2026-11-02  ░░░░░░░░░░░░░█████████████ TODO 1  DOING 0  DONE 1
              2026-11-09  ░░░░░░░░░░░░░██████████████████████████ TODO 1  DOING 0  DONE 2
              2026-11-16  ▒▒▒▒▒▒▒▒▒▒▒▒▒██████████████████████████ TODO 0  DOING 1  DONE 2

            """)
    }

    /// A commit that broke the board (a conflict committed with `--no-verify`, fixed the next day) looked like a
    /// board with no items: every item seemed removed, then added again, done that week, and lead times fell to 0.
    /// A version with conflict markers is passed over.
    @Test func statsPassOverAVersionWithConflictMarkers() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] A\n- [ ] B\n## DOING\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Board", day: 2)
        repository.board("done", "A")
        commit(repository, "Finish A", day: 3)
        let good = repository.boardText
        repository.sandbox.write("repo/board.md", "<<<<<<< ours\n")
        commit(repository, "A bad merge", day: 10)
        repository.sandbox.write("repo/board.md", good)
        commit(repository, "Fix the merge", day: 11)
        let json = repository.run("board", ["stats", "--json", "--weeks", "2", "--today", "2026-11-12"]).output
        #expect(json.contains(#""throughput":[{"week":"2026-11-02","done":1},{"week":"2026-11-09","done":0}],"leadTime":{"median":1,"#), "\(json)")
        // One day is "1 day"; an item started after `--today` is not in progress yet (it was, 0 days, and -2 before).
        repository.board("start", "B")
        commit(repository, "Start B", day: 12)
        let text = repository.run("board", ["stats", "--weeks", "2", "--today", "2026-11-10"]).output
        #expect(text.contains("Lead time (added → DONE): median 1 day, 85th percentile 1 day (1 item)\n"), "\(text)")
        #expect(text.contains("Work in progress: 0 items in DOING\n"), "\(text)")
    }

    /// A version saved as UTF-16 (by an editor, fixed in a later commit) is no board `board` reads: `stats` passes over
    /// it as over one with conflict markers, and `log` says so rather than list every item removed, then added
    /// (helper-55: A, done on the 4th, was counted done again the week of the fix, its lead time 0).
    @Test func aVersionSavedAsUTF16IsPassedOverAndSaidSo() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] A\n## DOING\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Board", day: 2)
        repository.board("done", "A")
        commit(repository, "Finish A", day: 4)
        let good = repository.boardText
        repository.sandbox.write("repo/board.md", [0xFF, 0xFE] + good.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        commit(repository, "Saved by Notepad", day: 10)
        repository.sandbox.write("repo/board.md", good)
        commit(repository, "Back to UTF-8", day: 17)
        let json = repository.run("board", ["stats", "--json", "--weeks", "3", "--today", "2026-11-20"]).output
        #expect(json.contains(#""throughput":[{"week":"2026-11-02","done":1},{"week":"2026-11-09","done":0},{"week":"2026-11-16","done":0}],"leadTime":{"median":2,"#), "\(json)")
        let log = log(repository)
        #expect(log.contains("Saved by Notepad\n    (saved as UTF-16 here, which board does not read: no changes listed)\n"), "\(log)")
        #expect(log.contains("Back to UTF-8\n    (the version before was UTF-16, which board does not read: no changes listed)\n"), "\(log)")
        #expect(!log.contains("removed") && log.components(separatedBy: "added").count == 2, "\(log)")
        let logJSON = repository.run("board", ["log", "--json"]).output
        #expect(logJSON.contains(#""subject":"Back to UTF-8","unread":"utf16-before","changes":[]"#)
                    && logJSON.contains(#""subject":"Saved by Notepad","unread":"utf16","changes":[]"#), "\(logJSON)")
    }

    /// A commit that made the board's path a folder (and the next a file again) lists the folder's files besides the
    /// board, as git gave them for helper-55's history: the history before it is read all the same (it ended there,
    /// every earlier commit left out), the folder's commit as the deletion it is.
    @Test func theHistoryGoesOnPastACommitThatMadeTheBoardAFolder() {
        func commit(_ hash: Character, _ subject: String, parent: Character?, _ entries: [String]) -> String {
            let full = String(repeating: hash, count: 40)
            return [full, String(full.prefix(7)), parent.map { String(repeating: $0, count: 40) } ?? "", "a", "2026-11-27", subject].joined(separator: "\0")
                + "\0\n" + entries.joined(separator: "\0") + "\0"
        }
        let text = commit("e", "back", parent: "d", ["A", "board.md", "D", "board.md/x"])
            + commit("d", "folder", parent: "c", ["D", "board.md", "A", "board.md/x"])
            + commit("c", "add Alpha", parent: "b", ["M", "board.md"])
            + commit("b", "init", parent: nil, ["A", "board.md"])
        let (listed, given) = History.commits(ofLog: text, since: nil)
        #expect(given == 4)
        #expect(listed.map(\.subject) == ["back", "add Alpha", "init"])
        #expect(listed.map(\.path) == ["board.md", "board.md", "board.md"] && listed.map(\.parentPath) == [nil, "board.md", nil])
        // A rename with the folder's files beside it (the board moved aside, a folder in its place).
        let renamed = commit("g", "aside", parent: "f", ["A", "board.md/x", "R100", "board.md", "keep"])
            + commit("f", "before", parent: nil, ["A", "board.md"])
        #expect(History.commits(ofLog: renamed, since: nil).listed.map { [$0.subject, $0.path, $0.parentPath ?? "-"] }
                    == [["aside", "keep", "board.md"], ["before", "board.md", "-"]])
    }

    /// The board moved into a folder on a branch, merged: git follows it under its old name past the merge, and
    /// lists the branch's move as the old name deleted. That is no version of the board, and no item was removed.
    @Test func aBoardMovedOnABranchIsNotShownAsEveryItemRemoved() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n\n- [ ] A\n- [ ] B\n\n## DOING\n\n## DONE\n")
        repository.git("add", "board.md")
        commit(repository, "Board", day: 2)
        repository.git("checkout", "-qb", "side")
        try FileManager.default.createDirectory(atPath: repository.sandbox.path("repo/docs"), withIntermediateDirectories: true)
        repository.git("mv", "board.md", "docs/board.md")
        commit(repository, "Move to docs", day: 3)
        repository.git("checkout", "-q", "main")
        repository.board("add", "Main item")
        commit(repository, "Main adds an item", day: 4)
        repository.run("git", ["merge", "-q", "--no-edit", "side"], adding: ["GIT_AUTHOR_DATE": "2026-11-05T12:00:00Z", "GIT_COMMITTER_DATE": "2026-11-05T12:00:00Z"])
        let log = log(repository, "--file", "docs/board.md", "--no-pager")
        #expect(!log.contains("removed"), "\(log)")
        #expect(log.contains("Main adds an item\n    + added \"Main item\" to TODO"), "\(log)")
    }

    @Test func aShallowCloneSaysWhereItsHistoryBegins() throws {
        let repository = try #require(GitRepository())
        repository.sandbox.write("repo/board.md", "## TODO\n- [ ] A\n")
        repository.git("add", "board.md")
        commit(repository, "One", day: 1)
        repository.board("add", "B")
        commit(repository, "Two", day: 2)
        repository.board("add", "C")
        commit(repository, "Three", day: 3)
        let clone = repository.run("git", ["clone", "-q", "--depth", "2", "file://" + repository.sandbox.path("repo"), "../shallow"])
        #expect(clone.status == 0)
        let output = repository.run("board", ["log", "--no-pager"], in: "shallow").output
        #expect(output.contains("  Three\n    + added \"C\" to TODO\n"))
        #expect(output.hasSuffix(" 2026-11-02)\n"))
        #expect(output.contains("\n(a shallow clone: the history here begins at "))
    }
}
