@testable import BoardCLI
import Testing

/// `check` counts findings by message, finding a repeated one by the address of its bytes: the counts must be those
/// of comparing the texts, whichever string objects hold them and however often they alternate.
@Suite struct FindingCountsTests {
    @Test func countsAgreeWithCountingTheTexts() {
        // The counts so far are asked for now and then, in the middle of a run as at its end.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // Texts fewer and more than the 64 kept at hand, each long enough to have storage of its own; now and then
            // a short one, held in the string itself.
            let texts = (0..<[7, 70][Int.random(in: 0..<2, using: &rng)]).map {
                $0 == 3 ? "short \($0)" : "a finding message long enough to be stored apart, number \($0)"
            }
            var counts = FindingCounts()
            var expected: [String: Int] = [:]
            var places: [String: Int] = [:]
            var shared = texts  // one string object per text, as most findings share one
            var index = 0
            for _ in 0..<300 {
                // Runs of one message, as a pasted list makes, between messages that alternate.
                if Int.random(in: 0..<2, using: &rng) == 0 { index = Int.random(in: 0..<texts.count, using: &rng) }
                // Now and then a new string object with the same text, as a message made again; and old ones freed.
                if Int.random(in: 0..<5, using: &rng) == 0 { shared[index] = String(texts[index].utf8.map { Character(Unicode.Scalar($0)) }) }
                let text = Int.random(in: 0..<3, using: &rng) == 0 ? texts[index] + "" : shared[index]
                let (place, before) = counts.count(text)
                #expect(before == expected[texts[index], default: 0])
                #expect(place == places[texts[index], default: places.count])
                places[texts[index]] = place
                expected[texts[index], default: 0] += 1
                if Int.random(in: 0..<50, using: &rng) == 0 {
                    for (text, place) in places { #expect(counts.times[place] == expected[text]) }
                }
            }
            for (text, place) in places { #expect(counts.times[place] == expected[text]) }
        }
    }
}
