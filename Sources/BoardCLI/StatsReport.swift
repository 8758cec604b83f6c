import BoardDisplay
import BoardKit

/// What `board stats` prints: throughput, lead and cycle times, work in progress and cumulative flow, from a `Flow`.
struct StatsReport {
    let flow: Flow
    let today: CivilDate
    /// The first day reported.
    let from: CivilDate
    let color: Bool

    /// The Mondays of the weeks reported, oldest first.
    var weeks: [CivilDate] {
        let first = Flow.week(of: from).daysSinceEpoch, last = Flow.week(of: today).daysSinceEpoch
        return stride(from: first, through: last, by: 7).map { CivilDate(daysSinceEpoch: $0) }
    }

    /// Items that reached DONE in each week.
    var throughput: [(week: CivilDate, done: Int)] {
        weeks.map { week in (week, flow.tracks.filter { $0.done.map { Flow.week(of: $0) == week } ?? false }.count) }
    }

    /// Days from added to DONE, and from first started to DONE, of the items done since `from`.
    var leadTimes: [Int] {
        finished.compactMap { track in track.done.map { $0.daysSinceEpoch - track.added.daysSinceEpoch } }
    }
    var cycleTimes: [Int] {
        finished.compactMap { track in track.started.flatMap { start in track.done.map { $0.daysSinceEpoch - start.daysSinceEpoch } } }
    }
    private var finished: [Flow.Track] { flow.tracks.filter { ($0.done.map { $0 >= from }) ?? false } }

    /// The items in DOING now, the longest there first, with the days since they came in.
    var inProgress: [(title: String, days: Int)] {
        flow.tracks.compactMap { track in
            // `replay` stops at today; a flow with later versions would give an item started after it no negative days.
            track.inDoingSince.map { (track.title, max(0, today.daysSinceEpoch - $0.daysSinceEpoch)) }
        }.sorted { $0.days > $1.days }
    }

    /// The counts at the end of each week: those of the last version made by then.
    var weeklyCounts: [(week: CivilDate, counts: Flow.Counts?)] {
        weeks.map { week in
            let end = CivilDate(daysSinceEpoch: week.daysSinceEpoch + 6)
            return (week, flow.counts.last { $0.date <= end })
        }
    }

    func lines() -> [String] {
        func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func times(_ name: String, _ values: [Int]) -> String {
            guard let median = Flow.percentile(values, 50), let p85 = Flow.percentile(values, 85) else {
                return "\(name): no items done since \(from)"
            }
            return "\(name): median \(days(median)), 85th percentile \(days(p85)) (\(values.count) item\(values.count == 1 ? "" : "s"))"
        }
        var lines = ["Throughput (items reaching DONE, week by week since \(from)):"]
        let throughput = self.throughput, inProgress = self.inProgress, weeklyCounts = self.weeklyCounts
        let most = max(1, throughput.map(\.done).max() ?? 1)
        for (week, done) in throughput {
            lines.append("  \(week)  " + paint(String(repeating: "█", count: done * 30 / most), "32") + (done > 0 ? " " : "") + "\(done)")
        }
        lines.append(times("Lead time (added → DONE)", leadTimes))
        lines.append(times("Cycle time (first in DOING → DONE)", cycleTimes))
        lines.append("Work in progress: \(inProgress.count) item\(inProgress.count == 1 ? "" : "s") in DOING")
        for (title, age) in inProgress { lines.append("  \(days(age))  \(escaped(title))") }
        lines.append("Cumulative flow (░ TODO ▒ DOING █ DONE, at the end of each week):")
        let total = max(1, weeklyCounts.compactMap { $0.counts.map { $0.todo + $0.doing + $0.done } }.max() ?? 1)
        for (week, counts) in weeklyCounts {
            guard let counts else {
                lines.append("  \(week)  (no board yet)")
                continue
            }
            let width = { (count: Int) in count * 40 / total }
            let bar = paint(String(repeating: "░", count: width(counts.todo)), "34") + paint(String(repeating: "▒", count: width(counts.doing)), "33")
                + paint(String(repeating: "█", count: width(counts.done)), "32")
            lines.append("  \(week)  \(bar) TODO \(counts.todo)  DOING \(counts.doing)  DONE \(counts.done)")
        }
        return lines
    }

    /// `{"schemaVersion":1, "today", "since", "throughput":[{"week","done"}], "leadTime"/"cycleTime":{"median","p85",
    /// "count"}, "inProgress":[{"title","days"}], "flow":[{"week","todo","doing","done"}]}`.
    func json() -> [UInt8] {
        var out: [UInt8] = []
        func string(_ value: String) { appendJSONString(value, to: &out) }
        func times(_ values: [Int]) {
            let number = { (value: Int?) in value.map(String.init) ?? "null" }
            out += "{\"median\":\(number(Flow.percentile(values, 50))),\"p85\":\(number(Flow.percentile(values, 85))),\"count\":\(values.count)}".utf8
        }
        out += "{\"schemaVersion\":1,\"today\":".utf8
        string(today.description)
        out += ",\"since\":".utf8
        string(from.description)
        out += ",\"throughput\":[".utf8
        out += throughput.map { "{\"week\":\"\($0.week)\",\"done\":\($0.done)}" }.joined(separator: ",").utf8
        out += "],\"leadTime\":".utf8
        times(leadTimes)
        out += ",\"cycleTime\":".utf8
        times(cycleTimes)
        out += ",\"inProgress\":[".utf8
        for (index, item) in inProgress.enumerated() {
            if index > 0 { out += ",".utf8 }
            out += "{\"title\":".utf8
            string(item.title)
            out += ",\"days\":\(item.days)}".utf8
        }
        out += "],\"flow\":[".utf8
        out += weeklyCounts.compactMap { week, counts in
            counts.map { "{\"week\":\"\(week)\",\"todo\":\($0.todo),\"doing\":\($0.doing),\"done\":\($0.done)}" }
        }.joined(separator: ",").utf8
        out += "]}\n".utf8
        return out
    }
}
