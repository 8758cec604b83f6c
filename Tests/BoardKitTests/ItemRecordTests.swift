@testable import BoardKit
import Testing

/// An item's record packs its small fields into bits: what goes in comes back out, and the record stays small (a
/// pasted list can hold a million items).
@Suite struct ItemRecordTests {
    @Test func recordsStaySmall() {
        #expect(MemoryLayout<DueToken>.stride == 12)
        #expect(MemoryLayout<Item>.stride == 56)
        #expect(MemoryLayout<StrayChecklist>.stride == 8)
    }

    @Test func aStrayChecklistGivesBackItsLines() {
        #expect(StrayChecklist(line: 7, headingLine: 3).line == 7 && StrayChecklist(line: 7, headingLine: 3).headingLine == 3)
        #expect(StrayChecklist(line: 0, headingLine: nil).headingLine == nil)
        #expect(StrayChecklist(line: 4_000_000_000, headingLine: 0).line == 4_000_000_000)
    }

    @Test func aDueTokenGivesBackItsStyleRangeAndDate() throws {
        let dates = [(1, 1, 1), (2024, 2, 29), (2026, 12, 31), (9999, 12, 31), (1970, 6, 15)]
        for style in [DueStyle.todoTxt, .obsidianTasks, .obsidianKanban] {
            for (year, month, day) in dates {
                let date = try #require(CivilDate(year: year, month: month, day: day))
                let token = DueToken(style: style, range: 7..<4_000_000_000, date: date)
                #expect(token.style == style && token.date == date && token.range == 7..<4_000_000_000)
                #expect(token.isToken)
            }
            let impossible = DueToken(style: style, range: 0..<14, date: nil)
            #expect(impossible.style == style && impossible.date == nil && impossible.range == 0..<14 && impossible.isToken)
        }
        #expect(!DueToken.none.isToken)
    }

    @Test func anItemGivesBackEveryField() {
        let token = DueToken(style: .obsidianKanban, range: 20..<33, date: CivilDate(year: 2026, month: 12, day: 1))
        for indent in 0...3 {
            for bullet in Array("-*+".utf8) {
                for checked in [false, true] {
                    var item = Item(line: 5, bodyEnd: 9, section: 2, indent: indent, bullet: bullet, checkboxOffset: 12,
                                    checked: checked, textStart: 16)
                    #expect(item.indent == indent && item.bullet == bullet && item.checked == checked)
                    #expect(!item.hasOtherDueTokens && !item.mayHaveNearMissDate && item.firstDueToken == nil && item.dueToken == nil)
                    #expect(!item.hasOtherDoneTokens)
                    item.hasOtherDueTokens = true
                    item.mayHaveNearMissDate = true
                    item.hasOtherDoneTokens = true
                    item.firstDueToken = token
                    #expect(item.indent == indent && item.bullet == bullet && item.checked == checked)
                    #expect(item.hasOtherDueTokens && item.mayHaveNearMissDate && item.firstDueToken == token && item.dueToken == nil)
                    #expect(item.hasOtherDoneTokens)
                    item.hasOtherDueTokens = false
                    item.hasOtherDoneTokens = false
                    item.dueToken = token
                    #expect(!item.hasOtherDueTokens && item.mayHaveNearMissDate && item.dueToken == token && !item.hasOtherDoneTokens)
                    #expect(item.indent == indent && item.bullet == bullet && item.checked == checked)
                    #expect(item.line == 5 && item.body == 6..<9 && item.section == 2 && item.checkboxOffset == 12 && item.textStart == 16)
                }
            }
        }
    }
}
