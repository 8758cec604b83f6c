import BoardCLI
import Testing

/// Issue 23: several refs per command, resolved against the file as read, all or nothing, one write; and `add`
/// says where the item went.
@Suite struct SeveralRefsTests {
    static let board = """
        ## TODO
        - [ ] Alpha
        - [ ] Beta
        - [ ] Gamma
        - [ ] Gamma two
        ## DOING
        - [ ] Delta
        ## DONE
        - [ ] Epsilon

        """

    @Test func lineRefsAreTheLinesOfTheFileAsReadNotAfterEachMove() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        // As a script would pass them from `list`: after the first move the others' lines have shifted.
        #expect(sandbox.run(["done", ":2", ":4", ":9"]) == Outcome(exitCode: 0, stdout: """
            Moved "Alpha" from TODO to DONE
            Moved "Gamma" from TODO to DONE
            Checked "Epsilon" in DONE

            """, stderr: ""))
        #expect(sandbox.read() == """
            ## TODO
            - [ ] Beta
            - [ ] Gamma two
            ## DOING
            - [ ] Delta
            ## DONE
            - [x] Epsilon
            - [x] Alpha done:2026-11-21
            - [x] Gamma done:2026-11-21

            """)
    }

    @Test func oneBadRefChangesNothingAndEveryProblemIsListed() throws {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let path = sandbox.path("board.md")
        let before = try FileManagerHelpers.modificationDate(path)
        #expect(sandbox.run(["start", "Alpha", "nothing", "gam"]) == Outcome(exitCode: 1, stdout: "", stderr: """
            error: board.md: no item matches 'nothing'
            error: board.md: 'gam' matches 2 items: "Gamma" (line 4), "Gamma two" (line 5); use more of the title or ':LINE'; nothing was changed

            """))
        #expect(sandbox.read() == Self.board)
        #expect(try FileManagerHelpers.modificationDate(path) == before)
        // One problem among several refs is one line (CLI.md: an error is one line).
        #expect(sandbox.run(["start", "Alpha", "Zeta"]).stderr == "error: board.md: no item matches 'Zeta'; nothing was changed\n")
    }

    /// From eight title refs on, the titles are indexed once: a ref that is a whole title (in any case, in any
    /// script, canonically equivalent) names what it names one ref at a time, and any other ref is searched for.
    @Test func manyTitleRefsNameWhatEachNamesAlone() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Alpha\n- [ ] alpha beta\n- [ ] Cafe\u{301}\n- [ ] 한글\n"
            + "- [ ] Gamma due:2026-12-01 two\n- [ ] Delta\n- [ ] Zeta\n## DOING\n## DONE\n## Archive\n- [x] Omega\n")
        let refs = ["ALPHA", "café", "한글", "gamma two", "delt", "zeta", "Omega", "alpha beta"]
        #expect(sandbox.run(["start"] + refs).stdout.split(separator: "\n").map { $0.split(separator: "\"")[1] }
            == ["Alpha", "alpha beta", "Cafe\u{301}", "한글", "Gamma two", "Delta", "Zeta", "Omega"])
    }

    /// Past 20 refs that name no item or several, the rest are not looked at: each may cost a read of every title.
    @Test func problemsPastTwentyStopTheSearch() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let result = sandbox.run(["done"] + Array(repeating: "nothing", count: 25) + ["Alpha"])
        let lines = result.stderr.split(separator: "\n")
        #expect(result.exitCode == 1 && lines.count == 21 && sandbox.read() == Self.board)
        #expect(lines.last == "error: board.md: 6 more refs not looked at; nothing was changed")
        // A blank ref among them is still the command line's mistake.
        #expect(sandbox.run(["done"] + Array(repeating: "nothing", count: 25) + [" "]).exitCode == 64)
    }

    @Test func moveTakesSeveralRefsThenTheSectionAndKeepsTheirOrderAtTheTop() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["move", "Gamma two", "Alpha", "alpha", "doing", "--top"]).stdout
            == "Moved \"Alpha\" from TODO to DOING\nMoved \"Gamma two\" from TODO to DOING\n")
        #expect(sandbox.read().contains("## DOING\n- [ ] Alpha\n- [ ] Gamma two\n- [ ] Delta\n"))
        #expect(sandbox.run(["reopen", "Delta", "Epsilon"]).stdout
            == "Moved \"Delta\" from DOING to TODO\nMoved \"Epsilon\" from DONE to TODO\n")
        #expect(sandbox.read().hasPrefix("## TODO\n- [ ] Beta\n- [ ] Gamma\n- [ ] Delta\n- [ ] Epsilon\n## DOING\n"))
    }

    @Test func topReordersItemsAlreadyInTheSection() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["move", "Gamma two", "Beta", "todo", "--top"]).stdout
            == "Moved \"Beta\" to the top of TODO\nMoved \"Gamma two\" to the top of TODO\n")
        #expect(sandbox.read().hasPrefix("## TODO\n- [ ] Beta\n- [ ] Gamma two\n- [ ] Alpha\n- [ ] Gamma\n## DOING\n"))
        #expect(sandbox.run(["move", "Beta", "todo", "--top"]).stdout == "No change\n")
    }

    @Test func rmRemovesEachItemOnce() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["rm", ":3", "Delta", "Beta"]).stdout == "Removed \"Beta\" from TODO\nRemoved \"Delta\" from DOING\n")
        #expect(sandbox.read() == "## TODO\n- [ ] Alpha\n- [ ] Gamma\n- [ ] Gamma two\n## DOING\n## DONE\n- [ ] Epsilon\n")
    }

    @Test func addSaysTheLineTheItemWentTo() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "# Title\n")
        #expect(sandbox.run(["add", "First"]).stdout == "Added \"First\" to TODO (:5)\n")
        #expect(sandbox.read() == "# Title\n\n## TODO\n\n- [ ] First\n")
        #expect(sandbox.run(["add", "Top", "--top"]).stdout == "Added \"Top\" to TODO (:5)\n")
        #expect(sandbox.run(["done", ":5"]).stdout == "Moved \"Top\" from TODO to DONE\n")
    }
}

/// Issue 23: errors that help, and a body from standard input.
@Suite struct FriendlierCommandLineTests {
    @Test(arguments: [
        (["lst"], "Error: Unknown subcommand 'lst'. Did you mean 'list'?"),
        (["help", "shw"], "Error: Unknown subcommand 'shw'. Did you mean 'show'?"),
        (["list", "--overdu"], "Error: Unknown option '--overdu'. Did you mean '--overdue'?"),
        (["show", "--widht"], "Error: Unknown option '--widht'. Did you mean '--width'?"),
        (["add", "x", "--json"], "Error: Unknown option '--json' for 'board add'"),
        // A short option another command has is named as it was written, not by a long name never typed.
        (["list", "-n1"], "Error: Unknown option '-n' for 'board list': it is an option of 'board log'"),
        (["list", "-n", "1"], "Error: Unknown option '-n' for 'board list': it is an option of 'board log'"),
        (["frobnicate"], "Error: Unknown subcommand 'frobnicate'"),
    ])
    func unknownNamesSuggestTheNearestOne(arguments: [String], firstLine: String) {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        let outcome = sandbox.run(arguments)
        #expect(outcome.exitCode == 64)
        #expect(outcome.stderr.components(separatedBy: "\n").first == firstLine)
    }

    @Test func aBodyOfDashIsReadFromStandardInput() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n")
        #expect(sandbox.run(["add", "X", "--body", "-"], input: "line one\r\nline two\r\n").exitCode == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] X\n  line one\n  line two\n")
        #expect(sandbox.run(["edit", "X", "--body", "-"], input: "new\n").exitCode == 0)
        #expect(sandbox.read() == "## TODO\n- [ ] X\n  new\n")
        #expect(sandbox.run(["add", "Y", "--body", "-"]).stderr == "error: --body -: there is no standard input to read the body from\n")
        // Input that breaks off is an error, not a body cut short.
        let broken = BoardCommandLine.run(Invocation(arguments: ["edit", "X", "--body", "-"], environment: ["BOARD_TODAY": "2026-11-21"],
                                                     currentDirectory: sandbox.directory,
                                                     standardInput: StandardInput(Array("partial\n".utf8), failing: true).read))
        #expect(broken.exitCode == 1)
        #expect(sandbox.read() == "## TODO\n- [ ] X\n  new\n")
    }
}

/// Issue 23: `list --format` gives scripts the refs and fields they need.
@Suite struct ListFormatTests {
    static let board = "## TODO\n- [ ] Late one due:2026-11-01 #ops\n- [ ] Fine\n- [ ] Late two due:2026-11-02 @ana\n## DONE\n- [x] Old done:2026-11-02\n"

    /// `{name}`, what shell completion offers: the title where it can be typed as it is, else the line's ref (a title
    /// with a control character completed to its escaped form, which named nothing; one starting with `-` was read
    /// as an option; fish cut one at a tab).
    @Test func theNameIsTheTitleWhereItCanBeTypedElseTheRef() {
        let sandbox = Sandbox()
        sandbox.write("board.md", "## TODO\n- [ ] Plain title\n- [ ] esc \u{1B}[31mred\n- [ ] -dash\n- [ ] tab\there\n- [ ] rtl\u{202E}x\n- [ ] \n")
        #expect(sandbox.run(["list", "--format", "{name}"]).stdout == "Plain title\n:3\n:4\n:5\n:6\n:7\n")
        // A title that is a line's ref, and titles alike but for case, would name another item: their refs instead.
        // One that is part of another is its whole title: a ref names it alone.
        sandbox.write("board.md", "## TODO\n- [ ] :2\n- [ ] Twin\n- [ ] twin\n- [ ] Deploy\n- [ ] Deploy staging\n")
        #expect(sandbox.run(["list", "--format", "{name}"]).stdout == ":2\n:3\n:4\nDeploy\nDeploy staging\n")
        // A title of no-break or ideographic spaces alone is a blank ref, which every command refuses.
        sandbox.write("board.md", "## TODO\n- [ ] \u{A0}\n- [ ] \u{3000}\u{3000}\n- [ ] a\u{3000}b\n")
        #expect(sandbox.run(["list", "--format", "{name}"]).stdout == ":2\n:3\na\u{3000}b\n")
    }

    @Test func fieldsFillTheTemplateOneLinePerItem() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        #expect(sandbox.run(["list", "--format", "{ref} {section}[{checked}] {due}/{done} {title} <{tags}> <{people}> {{{line}}}"]).stdout == """
            :2 TODO[ ] 2026-11-01/ Late one #ops <ops> <> {2}
            :3 TODO[ ] / Fine <> <> {3}
            :4 TODO[ ] 2026-11-02/ Late two @ana <> <ana> {4}
            :6 DONE[x] /2026-11-02 Old <> <> {6}

            """)
        let wrong = sandbox.run(["list", "--format", "{ref} {nope}"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.stderr.hasPrefix("Error: Unknown field '{nope}' for '--format' (use {ref} {line} {section} {checked} {due} {done} {title} {tags} {people} {name})\n"))
        // A brace that opens or closes no field is refused too: '{title' was printed as it is.
        for (format, message) in [("{ref} {title", "Unclosed '{' in '--format' (write '{{' for a brace)"),
                                  ("{ref} }", "Single '}' in '--format' (write '}}' for a brace)")] {
            let refused = sandbox.run(["list", "--format", format])
            #expect(refused.exitCode == 64)
            #expect(refused.stderr.hasPrefix("Error: \(message)\n"), "\(refused.stderr)")
        }
    }

    @Test func aScriptCanCompleteEveryOverdueItemInOneCommand() {
        let sandbox = Sandbox()
        sandbox.write("board.md", Self.board)
        let refs = sandbox.run(["list", "--overdue", "--format", "{ref}"]).stdout.split(separator: "\n").map(String.init)
        #expect(refs == [":2", ":4"])
        #expect(sandbox.run(["done"] + refs).stdout == "Moved \"Late one #ops\" from TODO to DONE\nMoved \"Late two @ana\" from TODO to DONE\n")
        #expect(sandbox.read().hasPrefix("## TODO\n- [ ] Fine\n## DONE\n"))
    }
}
