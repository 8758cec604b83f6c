#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit

/// A 64-bit FNV-1a hash: the same bytes, the same hash in every run and on every machine (an ics UID, a temporary
/// file's name), unlike Swift's seeded `Hasher`.
func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    bytes.reduce(fnv1aStart, fnv1a)
}

/// FNV-1a's hash of no bytes, where each hash starts.
let fnv1aStart: UInt64 = 0xCBF2_9CE4_8422_2325

/// FNV-1a's `hash` taking one more byte.
@inline(__always)
func fnv1a(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x100_0000_01B3
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    appendJSONString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// A hash of a text's UTF-8 bytes, seeded in each process (so no file can make two texts share one), without the
/// Unicode normalization a `String`'s own hash pays for.
func exactHash(_ text: String) -> Int {
    var text = text
    var hasher = Hasher()
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    return hasher.finalize()
}

/// The findings of one file counted by message, for `check` to print the first few of each and count the rest.
struct FindingCounts {
    /// Each message's place, by the message's hash (seeded in each process, so no file can make two share one): a
    /// file of 450,000 findings of different messages would hold them all as keys.
    private var places: [Int: Int] = [:]
    /// How many findings each message had before the last message's run began, by its place (the order messages
    /// came in); `times` adds the run.
    private var earlier: [Int] = []
    /// The last 64 messages looked up (not found as the last or the one before), by the address of their bytes,
    /// with their places: a repeated finding nearly always has one of them, and a message many findings share is
    /// one string, found by its address with nothing hashed (a line of due tokens cycling through 28 dates gives
    /// 28 strings). Written in turn, the oldest replaced. No string is held in this list: reading one out of it would
    /// count a reference to it up and down.
    private var recent: [(bytes: UnsafeRawPointer, place: Int)] = []
    /// The messages of `recent`, held so that no other string can take their addresses meanwhile.
    private var recentMessages: [String] = []
    /// Where the next message goes in `recent`.
    private var nextRecent = 0
    /// The address and place of the last message, and how many findings in a row have had it, held apart: reading
    /// them from `recent` would copy the message, counting a reference to it up and down for each finding, and
    /// counting into `earlier` would check that the list's storage is its own.
    private var lastBytes: UnsafeRawPointer?
    private var lastPlace = 0
    private var lastRun = 0
    /// The message before the last, its address and its place: findings that alternate between two messages (a
    /// pasted list of sections, each a heading and an item) find theirs here. The last two messages are held here,
    /// so that no other string can take their addresses meanwhile.
    private var previousBytes: UnsafeRawPointer?
    private var previousPlace = 0
    private var lastMessage = ""
    private var previousMessage = ""

    /// How many findings each message has had, by its place.
    var times: [Int] {
        var times = earlier
        if !times.isEmpty { times[lastPlace] += lastRun }
        return times
    }

    /// Counts one more finding with `message`: its message's place, and how many findings had it before. Inlined:
    /// `check` asks it of every finding, and nearly every one has the last message.
    @inline(__always)
    mutating func count(_ message: String) -> (place: Int, before: Int) {
        let bytes = storageAddress(of: message)
        if bytes != nil, bytes == lastBytes {
            lastRun += 1
            return (lastPlace, earlier[lastPlace] + lastRun - 1)
        }
        return countAnother(message, at: bytes)
    }

    /// `count` for a message that is not the last one.
    private mutating func countAnother(_ message: String, at bytes: UnsafeRawPointer?) -> (place: Int, before: Int) {
        if !earlier.isEmpty { earlier[lastPlace] += lastRun }
        if bytes != nil, bytes == previousBytes {
            (lastBytes, lastPlace, previousBytes, previousPlace) = (previousBytes, previousPlace, lastBytes, lastPlace)
            swap(&lastMessage, &previousMessage)
            lastRun = 1
            return (lastPlace, earlier[lastPlace])
        }
        (previousBytes, previousPlace) = (lastBytes, lastPlace)
        previousMessage = lastMessage
        lastMessage = message
        lastRun = 0
        if let bytes, let found = recent.first(where: { $0.bytes == bytes }) {
            (lastBytes, lastPlace, lastRun) = (bytes, found.place, 1)
            return (lastPlace, earlier[lastPlace])
        }
        let hash = exactHash(message)
        let place = places[hash] ?? earlier.count
        if place == earlier.count {
            places[hash] = place
            earlier.append(0)
        }
        if let bytes {
            if recent.count < 64 {
                recent.append((bytes, place))
                recentMessages.append(message)
            } else {
                recent[nextRecent] = (bytes, place)
                recentMessages[nextRecent] = message
            }
            nextRecent = (nextRecent + 1) % 64
        }
        (lastBytes, lastPlace, lastRun) = (bytes, place, 1)
        return (lastPlace, earlier[lastPlace])
    }
}

/// The address of a string's bytes in storage of its own, which stays put while the string lives: two living
/// strings with the same address hold the same text. Nil for a small string, whose bytes are held in the string
/// itself. Inlined: `check` asks it of every finding.
@inline(__always)
func storageAddress(of text: String) -> UnsafeRawPointer? {
    guard text.utf8.count > 15 else { return nil }
    return text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
}
