import BoardKit
import Foundation
import Testing

/// The built `board` binary as a separate process.
@Suite(.serialized) struct ProcessTests {
    func run(_ binary: String, _ arguments: [String], in directory: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["BOARD_TODAY": "2026-11-21", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A shell script run with the binary as `$1`, in `directory`: its exit status, and what it printed (a short
    /// account of what went wrong).
    func runScript(_ script: String, _ binary: String, in directory: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", binary]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["BOARD_TODAY": "2026-11-21", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func fiftyParallelAddsLoseNoChange() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n\n- [ ] existing\n\n## DONE\n")
        let processes = try (0..<50).map { try run(binary, ["add", "parallel item \($0)"], in: sandbox.directory) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let board = Board(parsing: sandbox.bytes())
        let titles = Set(board.items.map { board.title(of: $0) })
        #expect(titles == Set((0..<50).map { "parallel item \($0)" } + ["existing"]))
        #expect(board.items.count == 51)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0 != "board.md" }
        #expect(leftovers.isEmpty)
    }

    /// `--body -` with standard input closed, or a folder, is an error that writes nothing: the body is not lost.
    /// Empty input is an empty body.
    @Test func aBodyFromStandardInputThatCannotBeReadIsAnError() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        let board = "## TODO\n- [ ] Write docs\n  keep this body\n"
        sandbox.write("board.md", board)
        let (status, output) = try runScript("""
            "$1" edit Write --body - <&- 2>&1; echo "closed $?"
            "$1" edit Write --body - < / 2>&1; echo "folder $?"
            "$1" add New --body - <&- 2>&1; echo "add $?"
            """, binary, in: sandbox.directory)
        #expect(status == 0)
        let error = "error: --body -: standard input cannot be read (closed, or a folder); nothing was written"
        #expect(output == "\(error)\nclosed 1\n\(error)\nfolder 1\n\(error)\nadd 1\n")
        #expect(sandbox.read() == board)
        #expect(try runScript("\"$1\" edit Write --body - < /dev/null", binary, in: sandbox.directory).0 == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] Write docs\n")
    }

    @Test func symlinkedBoardStaysASymlink() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("real"), withIntermediateDirectories: true)
        sandbox.write("real/board.md", "## TODO\n")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("board.md"), withDestinationPath: "real/board.md")
        let process = try run(binary, ["add", "through the link"], in: sandbox.directory)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("board.md")) == "real/board.md")
        #expect(sandbox.read("real/board.md") == "## TODO\n- [ ] through the link\n")
    }

    @Test func readOnlyBoardExitsOneAndStaysUnchanged() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.path("board.md"))
        let process = try run(binary, ["add", "x"], in: sandbox.directory)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(sandbox.read() == "## TODO\n")
    }

    @Test func pathsThatAreNotUTF8NameTheirOwnFiles() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] parent\n")
        // A folder and a file whose names hold the byte 0xFF, made and used through the shell's printf.
        let script = """
            set -e
            folder=$(printf 'd\\377'); file=$(printf '\\377\\376.md')
            mkdir "$folder"; printf '## TODO\\n- [ ] child\\n' > "$folder/board.md"
            cd "$folder"; "$1" add X; "$1" check board.md; grep -qx -- '- \\[ \\] X' board.md
            cd ..; printf '## TODO\\n- [ ] ff\\n## DOING\\n## DONE\\n' > "$file"; "$1" -f "$file" done ff
            "$1" check "$file" 2>&1 | grep -q '0 errors'
            "$1" check --json "$file" | grep -qF '"path":"\\\\xFF\\\\xFE.md"'
            "$1" check "$(printf '\\377\\375.md')" 2>&1 | grep -qF '\\xFF\\xFD.md: cannot read'
            "$1" check --json "$(printf '\\377\\375.md')" | grep -qF '"message":"\\\\xFF\\\\xFD.md: cannot read'
            """
        let (status, said) = try runScript(script, binary, in: sandbox.directory)
        #expect(status == 0, "\(said)")
        #expect(sandbox.read() == "## TODO\n- [ ] parent\n")
    }

    /// Output that cannot be written (a full disk; a reader gone while SIGPIPE is ignored) is an error, exit 1,
    /// whether the command prints at its end or streams a long listing: output cut short never passes for a success.
    @Test func outputThatCannotBeWrittenExitsOneSayingSo() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] a\n## DOING\n## DONE\n")
        let script = """
            set -u
            seq 1 30000 | sed 's/^/- [ ] item /' > items.txt
            { echo '## TODO'; cat items.txt; } > big.md
            for command in "list" "list --json" "show" "check --json board.md" "-f big.md list" "-f big.md list --json"; do
                $1 $command > /dev/full 2> err.txt; status=$?
                [ $status -eq 1 ] || { echo "$command: exit $status"; exit 1; }
                [ "$(tail -n 1 err.txt)" = "error: standard output: No space left on device" ] || { echo "$command: $(cat err.txt)"; exit 1; }
            done
            trap '' PIPE
            "$1" -f big.md list 2> err.txt | head -n 1 > /dev/null
            grep -qx 'error: standard output: Broken pipe' err.txt || { echo "pipe: $(cat err.txt)"; exit 1; }
            "$1" -f big.md list > out.txt && [ "$(wc -l < out.txt)" -eq 30000 ]
            # A change made is said to be made (helper-77: a script retrying on exit 1 added the item twice).
            "$1" add "Pay invoice" > /dev/full 2> err.txt; status=$?
            [ $status -eq 1 ] || { echo "add: exit $status"; exit 1; }
            [ "$(cat err.txt)" = "error: standard output: No space left on device (the change was made; only this message was lost)" ] || { echo "add: $(cat err.txt)"; exit 1; }
            grep -qxF -- '- [ ] Pay invoice' board.md || { echo "add: not written"; exit 1; }
            # init makes a file: said too (helper-80).
            "$1" init --file new.md > /dev/full 2> err.txt; status=$?
            [ $status -eq 1 ] && [ -f new.md ] || { echo "init: exit $status"; exit 1; }
            [ "$(cat err.txt)" = "error: standard output: No space left on device (the change was made; only this message was lost)" ] || { echo "init: $(cat err.txt)"; exit 1; }
            # Started with stderr and stdin closed, board opens the board on a descriptor stdout or stderr had: that is
            # no output sent into it (helper-81: the add was refused, without a word, stderr being closed).
            "$1" add "Closed around it" > /dev/null 2>&- <&-; status=$?
            [ $status -eq 0 ] || { echo "closed: exit $status"; exit 1; }
            grep -qxF -- '- [ ] Closed around it' board.md || { echo "closed: not written"; exit 1; }
            # Output sent into the board itself is refused, not taken for an editor saving it (helper-77).
            cp board.md before.md
            "$1" add "Into itself" >> board.md 2> err.txt; status=$?
            [ $status -eq 1 ] || { echo "into itself: exit $status"; exit 1; }
            [ "$(cat err.txt)" = "error: board.md: board's own output is sent into the board file; send it elsewhere; nothing was written" ] || { echo "into itself: $(cat err.txt)"; exit 1; }
            cmp -s board.md before.md || { echo "into itself: board changed"; exit 1; }
            # A command that changed nothing ("No change") says nothing of a change.
            "$1" edit "Pay invoice" --title "Pay invoice" > /dev/full 2> err.txt
            [ "$(cat err.txt)" = "error: standard output: No space left on device" ] || { echo "no change: $(cat err.txt)"; exit 1; }
            """
        let (status, said) = try runScript(script, binary, in: sandbox.directory)
        #expect(status == 0, "\(said)")
    }

    /// An export to a file that cannot be written whole (here: past the process's file size limit) is an error that
    /// names the write's own failure, exit 1, and leaves the old file as it was and no temporary file: the export
    /// is streamed to the new file a piece at a time, and what goes on being written after the failure does not
    /// change the error it reports.
    @Test func anExportThatCannotBeWrittenKeepsTheOldFileAndSaysWhy() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        let script = """
            set -u
            { echo '## TODO'; seq 1 30000 | sed 's/^/- [ ] item due:2026-12-01 /'; } > board.md
            trap '' XFSZ
            ulimit -f 256
            for command in "html" "ics" "ics --events"; do
                echo old > out.txt
                $1 $command -o out.txt 2> err.txt; status=$?
                [ $status -eq 1 ] || { echo "$command: exit $status"; exit 1; }
                [ "$(cat err.txt)" = "error: out.txt: cannot write: File too large" ] || { echo "$command: $(cat err.txt)"; exit 1; }
                [ "$(cat out.txt)" = old ] || { echo "$command: out.txt changed"; exit 1; }
                [ "$(ls -A | sort | tr '\\n' ' ')" = "board.md err.txt out.txt " ] || { echo "$command: left $(ls -A)"; exit 1; }
            done
            """
        let (status, said) = try runScript(script, binary, in: sandbox.directory)
        #expect(status == 0, "\(said)")
    }

    /// An edit of `-f /dev/stdin` fed by a pipe says the pipe is not a board file, as a listing of it does (the edit
    /// said "No such file"); `check` still reads a board through one.
    @Test func anEditThroughAPipeSaysItIsAPipe() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        let (status, said) = try runScript("""
            printf '## TODO\\n- [ ] a\\n' | "$1" -f /dev/stdin add y 2>&1; echo "add $?"
            printf '## TODO\\n- [ ] a\\n' | "$1" -f /dev/stdin list 2>&1; echo "list $?"
            printf '## TODO\\n## DOING\\n## DONE\\n- [x] a\\n' | "$1" check /dev/stdin 2>&1; echo "check $?"
            """, binary, in: sandbox.directory)
        #expect(status == 0)
        let pipe = "error: /dev/stdin: is a named pipe, not a board file; board reads and writes regular files only\n"
        #expect(said == pipe + "add 1\n" + pipe + "list 1\n0 errors, 0 warnings in 1 file\ncheck 0\n", "\(said)")
    }

    @Test func usageErrorExits64() throws {
        let binary = try #require(Paths.binary, "the board binary was not built")
        let sandbox = Sandbox()
        let process = try run(binary, ["nonsense"], in: sandbox.directory)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }
}
