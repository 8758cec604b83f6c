@testable import BoardKit
import Testing

/// `Board(parsing:offBoardSections:)`, the merge's reading: the checklist lines outside the sections are items of
/// off-board sections, and nothing else of the file reads differently.
@Suite struct OffBoardSectionTests {
    /// The off-board items: their first line, last line and whether their section names none.
    static func items(_ board: Board) -> [String] {
        board.items.map { "\($0.line + 1)-\($0.lines.upperBound) \(board.section(of: $0)?.name ?? "off")" }
    }

    @Test func checklistLinesOutsideTheSectionsAreItemsWithTheirBodies() {
        let text = """
            # Release 2.4
            - [ ] Intro
              a note
            ## TODO
            - [ ] A
            ## Review
            - [ ] B
              body of B
              ## DONE
            - [x] C
            ```
            - [ ] in a fence
            ```

            """
        let normal = Board(parsing: text)
        #expect(Self.items(normal) == ["5-5 TODO", "10-10 DONE"])
        #expect(normal.strayChecklists.map(\.line) == [1, 6])
        let merged = Board(parsing: Array(text.utf8), offBoardSections: true)
        // B's body stops short of `  ## DONE`, a heading to every other reader: it stays one.
        #expect(Self.items(merged) == ["2-3 off", "5-5 TODO", "7-8 off", "10-10 DONE"])
        #expect(merged.sections.filter { !$0.namesNoSection } == normal.sections)

        // A fence or comment closing within the body is taken whole, as any item's body takes it; one whose lines
        // would not all be body (`## TODO` at the margin, in the fence) is not, and stays a block.
        let fenced = "## Review\n- [ ] A\n  ```\n  ## DONE\n  ```\n  <!--\n  note\n  -->\n- [ ] B\n  ```\n## TODO\n```\n## DONE\n"
        let whole = Board(parsing: Array(fenced.utf8), offBoardSections: true)
        #expect(Self.items(whole) == ["2-8 off", "9-9 off"])
        #expect(whole.sections.filter { !$0.namesNoSection } == Board(parsing: fenced).sections)
    }

    /// On random hand-edited boards, the sections, blocks (but those an off-board item's body takes whole), markers
    /// and items of the sections read as `check` reads them, and each checklist line outside them is an item's (or its body, nested).
    @Test func offBoardSectionsChangeNothingElseOfTheFile() {
        var rng = SeededGenerator(seed: SeededGenerator.propertySeed(else: 0x0FF_B0A2D))
        var strays = 0
        for run in 0..<3_000 {
            let bytes = HandEditedBoard.random(&rng)
            let normal = Board(parsing: bytes), merged = Board(parsing: bytes, offBoardSections: true)
            strays += normal.strayChecklists.count
            let inSections = merged.items.filter { merged.section(of: $0) != nil }
            let context = "run \(run):\n\(String(decoding: bytes, as: UTF8.self).debugDescription)"
            #expect(merged.sections.filter { !$0.namesNoSection } == normal.sections, "\(context)")
            #expect(inSections.map(\.lines) == normal.items.map(\.lines), "\(context)")
            // A fence or comment an off-board item's body takes whole is body there; the file's other blocks stand.
            let offBoardBodies = Set(merged.items.filter { merged.section(of: $0) == nil }.flatMap { Array($0.body) })
            let blocks = normal.regions.filter { !$0.lines.allSatisfy(offBoardBodies.contains) }
            #expect(merged.regions == blocks && merged.conflictMarkers == normal.conflictMarkers, "\(context)")
            // An item line, or the body of one (a nested checklist).
            let itemLines = Set(merged.items.flatMap(\.lines))
            #expect(normal.strayChecklists.allSatisfy { itemLines.contains($0.line) }, "\(context)")
            #expect(merged.strayChecklists.isEmpty, "\(context)")
        }
        #expect(strays > 1_000)
    }
}
