/// Tags (`#word`) and people (`@name`) in titles (FORMAT.md §5): whitespace-delimited words made of letters,
/// digits, `_`, `-` and `/` after the sigil, not digits alone. They stay part of the title and are reported apart.
public enum Labels {
    // Inlinable, so that other modules read them as the constants they are: as stored properties, every read from
    // another module went through their lazy initialisation, a fifth of `board html`'s time (a read per title byte).
    @inlinable public static var tag: UInt8 { UInt8(ascii: "#") }
    @inlinable public static var person: UInt8 { UInt8(ascii: "@") }

    /// The name a word gives with this sigil (`#ops` → `ops`), or nil when the word is not such a label.
    /// Inlinable, as `sigil(ofLabel:)` is: called from another module unspecialized, a word's every byte went
    /// through the generic collection's witnesses (a second for a million tags in `show --color`).
    @inlinable
    public static func name<Word: Collection<UInt8>>(of word: Word, sigil: UInt8) -> String? {
        guard word.first == sigil else { return nil }
        let rest = word.dropFirst()
        guard !rest.isEmpty else { return nil }
        var onlyDigits = true
        var ascii = true
        for byte in rest {
            if byte >= 0x80 {
                ascii = false
            } else if isDigit(byte) {
                continue
            } else if isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") {
                onlyDigits = false
            } else {
                return nil
            }
        }
        let name = String(decoding: rest, as: UTF8.self)
        if !ascii {
            for character in name where character.utf8.first.map({ $0 >= 0x80 }) ?? false {
                guard character.isLetter || character.isNumber else { return nil }
                if character.isLetter { onlyDigits = false }
            }
        }
        return onlyDigits ? nil : name
    }

    /// The sigil of a word that is a tag or a person (`#ops` → `#`), nil for any other word.
    @inlinable
    public static func sigil<Word: Collection<UInt8>>(ofLabel word: Word) -> UInt8? {
        guard let first = word.first, first == tag || first == person, name(of: word, sigil: first) != nil else { return nil }
        return first
    }

    /// The tags' and the people's names among the whitespace-delimited words of `bytes[range]`, in order: for a
    /// caller that has a title's bytes at hand already (`Board.withTitleBytes(of:_:)`).
    public static func names(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (tags: [String], people: [String]) {
        var found: (tags: [String], people: [String]) = ([], [])
        var position = range.lowerBound
        while position < range.upperBound {
            // Most titles have neither sigil: a word is looked at only when it starts with one.
            position = nextSigil(in: bytes, from: position, to: range.upperBound)
            guard position < range.upperBound else { break }
            let byte = bytes[position]
            guard position == range.lowerBound || Bytes.isWhitespace(bytes[position - 1]) else {
                position += 1
                continue
            }
            let start = position
            while position < range.upperBound, !Bytes.isWhitespace(bytes[position]) { position += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<position])
            if byte == tag, let name = name(of: word, sigil: tag) { found.tags.append(name) }
            if byte == person, let name = name(of: word, sigil: person) { found.people.append(name) }
        }
        return found
    }

    /// The first `#` or `@` in `bytes[position..<end]`, or `end`: sixteen bytes at a time, the last sixteen read
    /// again from the end (their bytes before `position` left out) rather than byte by byte. Nearly every title has
    /// neither sigil, and is read in one or a few vectors.
    private static func nextSigil(in bytes: UnsafeBufferPointer<UInt8>, from position: Int, to end: Int) -> Int {
        var position = position
        guard let base = bytes.baseAddress, end >= 16 else {
            while position < end, bytes[position] != tag, bytes[position] != person { position += 1 }
            return position
        }
        let tags = SIMD16<UInt8>(repeating: tag), people = SIMD16<UInt8>(repeating: person)
        /// The first sigil among the sixteen bytes at `offset`, leaving out the first `skipped`.
        @inline(__always) func first(at offset: Int, skipping skipped: Int = 0) -> Int? {
            let run = SixteenBytes.load(base, at: offset)
            var (low, high) = SixteenBytes.lanes((run .== tags) .| (run .== people))
            if skipped >= 8 {
                low = 0
                high &= ~0 << UInt64(8 * (skipped - 8))
            } else {
                low &= ~0 << UInt64(8 * skipped)
            }
            if low != 0 { return offset + low.trailingZeroBitCount / 8 }
            if high != 0 { return offset + 8 + high.trailingZeroBitCount / 8 }
            return nil
        }
        while end - position >= 16 {
            if let found = first(at: position) { return found }
            position += 16
        }
        guard position < end else { return end }
        return first(at: end - 16, skipping: position - (end - 16)) ?? end
    }

    /// The names `--tag` or `--who` asks for (a leading sigil dropped), lowercased once: a name made lowercase for
    /// every item cost the board's size times the name's (a tag of 500 `é`s took a second on 100,000 items).
    public static func wanted(_ names: [String], sigil: UInt8) -> [String] {
        names.map { name in (name.utf8.first == sigil ? String(name.dropFirst()) : name).lowercased().streamSafe }
    }

    /// True when every one of `wanted` (from `wanted(_:sigil:)`) is among `names`, ignoring case.
    public static func all(_ wanted: [String], in names: [String]) -> Bool {
        let present = Set(names.map { $0.lowercased().streamSafe })
        return wanted.allSatisfy { present.contains($0) }
    }

    @usableFromInline
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @usableFromInline
    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }
}

extension Board {
    /// The item's tags (`#ops` → `ops`) and people (`@ana` → `ana`), each in title order.
    public func labels(of item: Item) -> (tags: [String], people: [String]) {
        withTitleBytes(of: item) { Labels.names(in: $0, $1) }
    }

    /// The item's tags (`#ops` → `ops`), in title order.
    public func tags(of item: Item) -> [String] { labels(of: item).tags }

    /// The item's people (`@ana` → `ana`), in title order.
    public func people(of item: Item) -> [String] { labels(of: item).people }
}
