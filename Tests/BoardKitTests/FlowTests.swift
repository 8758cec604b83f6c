import BoardKit
import Testing

/// Issue 21: items followed across versions for `board stats`.
@Suite struct FlowTests {
    func date(_ day: Int) -> CivilDate { CivilDate(year: 2026, month: 11, day: day) ?? CivilDate(daysSinceEpoch: 0) }

    @Test func anItemThatLeavesStopsBeingInProgressAndTheArchiveCountsAsDone() {
        var flow = Flow()
        flow.add(Board(parsing: "## TODO\n- [ ] Write the parser\n- [ ] Ship the release\n## DOING\n## DONE\n"), date: date(2))
        flow.add(Board(parsing: "## TODO\n- [ ] Ship the release\n## DOING\n- [ ] Write the parser\n## DONE\n"), date: date(3))
        flow.add(Board(parsing: "## TODO\n## DOING\n- [ ] Write the new parser\n## DONE\n## Archive\n- [x] Ship the release\n"), date: date(4))
        flow.add(Board(parsing: "## TODO\n## DOING\n## DONE\n## Archive\n- [x] Ship the release\n"), date: date(5))
        #expect(flow.tracks.count == 2)
        #expect(flow.tracks[0].title == "Write the new parser" && flow.tracks[0].kind == nil && flow.tracks[0].inDoingSince == nil)
        #expect(flow.tracks[0].started == date(3))
        #expect(flow.tracks[1].done == date(4) && flow.tracks[1].kind == .done)
        #expect(flow.counts.map { [$0.todo, $0.doing, $0.done] } == [[2, 0, 0], [1, 1, 0], [0, 1, 1], [0, 0, 1]])
    }

    /// A commit cherry-picked onto the mainline keeps the date it was written, before the commit it follows: its
    /// version counts from that commit's date, so no time comes out negative (`board stats` said -10 days).
    @Test func aVersionDatedBeforeTheOneBeforeItCountsFromThatOnesDate() {
        var flow = Flow()
        flow.add(Board(parsing: "## TODO\n- [ ] X\n## DOING\n## DONE\n"), date: date(1))
        flow.add(Board(parsing: "## TODO\n## DOING\n- [ ] X\n## DONE\n"), date: date(20))
        flow.add(Board(parsing: "## TODO\n## DOING\n## DONE\n- [x] X\n"), date: date(10))
        #expect(flow.tracks[0].started == date(20) && flow.tracks[0].done == date(20))
        #expect(flow.counts.map(\.date) == [date(1), date(20), date(20)])
    }

    /// An item already done in the first version was done before the history: it is no throughput of that week and
    /// has no lead time (a board first committed with its DONE items counted each done that week, at 0 days). One
    /// added straight to DONE later, or reopened and done again, was done then.
    @Test func anItemDoneInTheFirstVersionWasDoneBeforeTheHistory() {
        var flow = Flow()
        flow.add(Board(parsing: "## TODO\n- [ ] A\n## DOING\n## DONE\n- [x] Old\n- [x] Older\n"), date: date(2))
        flow.add(Board(parsing: "## TODO\n- [ ] A\n- [ ] Older\n## DOING\n## DONE\n- [x] Old\n- [x] New\n"), date: date(3))
        flow.add(Board(parsing: "## TODO\n- [ ] A\n## DOING\n## DONE\n- [x] Old\n- [x] New\n- [x] Older\n"), date: date(4))
        #expect(flow.tracks.map(\.title) == ["A", "Old", "Older", "New"])
        #expect(flow.tracks.map(\.done) == [nil, nil, date(4), date(3)])
        #expect(flow.tracks[1].kind == .done)
    }

    @Test func weeksStartOnMondayAndPercentilesAreByNearestRank() {
        #expect(Flow.week(of: date(22)) == date(16))  // a Sunday
        #expect(Flow.week(of: date(16)) == date(16))
        #expect(Flow.percentile([5, 1, 3, 2, 4], 50) == 3)
        #expect(Flow.percentile([5, 1, 3, 2, 4], 85) == 5)
        #expect(Flow.percentile([7], 85) == 7)
        #expect(Flow.percentile([], 50) == nil)
    }
}
