#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 21's figure: `board log` and `board stats` on a history of 1,000 commits of a 1,000-item board, built with
/// one `git fast-import`. Targets: within 2 s and 50 MB each.
func runHistory(binary: String, folder: String, commits: Int = 1_000, items: Int = 1_000) {
    let repository = folder + "/history"
    let stream = folder + "/history.stream"
    var titles = (0..<items).map { "item \($0) of the release plan" }
    var sections = [Int](repeating: 0, count: items)  // 0 TODO, 1 DOING, 2 DONE
    var text = ""
    for commit in 0..<commits {
        // Each commit starts one item, finishes another, or adds one.
        switch commit % 3 {
        case 0: sections[(commit / 3) % titles.count] = 1
        case 1: sections[(commit / 3) % titles.count] = 2
        default:
            titles.append("added in commit \(commit)")
            sections.append(0)
        }
        var board = ""
        for (index, name) in ["TODO", "DOING", "DONE"].enumerated() {
            board += "## \(name)\n\n"
            for (title, section) in zip(titles, sections) where section == index { board += "- [\(index == 2 ? "x" : " ")] \(title)\n" }
            board += "\n"
        }
        let date = 1_700_000_000 + commit * 3_600
        let message = "commit \(commit)"
        text += "commit refs/heads/main\ncommitter Bench <bench@example.com> \(date) +0000\ndata \(message.utf8.count)\n\(message)\n"
        text += "M 100644 inline board.md\ndata \(board.utf8.count)\n\(board)\n"
    }
    writeFile(stream, Array(text.utf8))
    let build = "mkdir -p '\(repository)' && cd '\(repository)' && git init -q -b main && git fast-import --quiet < '\(stream)' && git checkout -q main"
    guard spawnAndWait("/bin/sh", ["-c", build]).2 == 0 else {
        print("board-bench: cannot build the history with git fast-import")
        return
    }
    let result = folder + "/history-result"
    print("")
    print("History: \(commits) commits of a board of \(items) to \(titles.count) items (board log, board stats)")
    for arguments in [["log"], ["stats"]] {
        var best = Double.infinity, peak = 0
        for _ in 0..<3 {
            let (time, memory) = measureProcess(binary, ["-f", repository + "/board.md"] + arguments, resultFile: result)
            best = min(best, time)
            peak = max(peak, memory)
        }
        let met = best <= 2_000 && peak <= 50 * 1_048_576
        print("  board \(arguments[0])  \(format(best, 0)) ms (target <= 2000)  \(format(Double(peak) / 1_048_576)) MB (target <= 50)  \(met ? "met" : "MISSED")")
    }
    _ = spawnAndWait("/bin/rm", ["-rf", repository, stream, result])
}
