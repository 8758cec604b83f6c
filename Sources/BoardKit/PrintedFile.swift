#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as an edit prints it: runs of a source file's bytes, and new bytes between them. A command writes the
/// pieces to disk as they are; a large board is copied into one buffer only when `bytes` is asked for.
public struct PrintedFile: Sendable {
    /// Where a piece's bytes are: a range of the source's bytes, or of the new bytes.
    private enum Piece: Sendable {
        case source(Range<Int>)
        case new(Range<Int>)
    }

    /// The file the runs come from.
    private let source: [UInt8]
    /// Every new byte, piece after piece.
    private var new: [UInt8] = []
    private var pieces: [Piece] = []
    /// How many bytes the file has.
    public private(set) var count = 0

    /// A file of these bytes.
    public init(_ bytes: [UInt8]) {
        self.init(source: bytes)
        append(source: 0..<bytes.count)
    }

    /// An empty file, to be made of runs of `source` and new bytes, with room for `newBytes` of them.
    init(source: [UInt8], newBytes: Int = 0) {
        self.source = source
        new.reserveCapacity(newBytes)
    }

    /// Appends a run of the source's bytes; a run that follows the last one extends it.
    mutating func append(source range: Range<Int>) {
        guard !range.isEmpty else { return }
        if case .source(let last) = pieces.last, last.upperBound == range.lowerBound {
            pieces[pieces.count - 1] = .source(last.lowerBound..<range.upperBound)
        } else {
            pieces.append(.source(range))
        }
        count += range.count
    }

    /// Appends new bytes.
    mutating func append(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        let range = new.count..<(new.count + bytes.count)
        new += bytes
        if case .new(let last) = pieces.last {
            pieces[pieces.count - 1] = .new(last.lowerBound..<range.upperBound)
        } else {
            pieces.append(.new(range))
        }
        count += bytes.count
    }

    /// The last byte, if the file has any.
    var last: UInt8? {
        switch pieces.last {
        case .source(let range): source[range.upperBound - 1]
        case .new(let range): new[range.upperBound - 1]
        case nil: nil
        }
    }

    /// Drops the last byte.
    mutating func removeLast() {
        guard let piece = pieces.popLast() else { return }
        count -= 1
        switch piece {
        case .source(let range) where range.count > 1: pieces.append(.source(range.lowerBound..<(range.upperBound - 1)))
        case .new(let range) where range.count > 1: pieces.append(.new(range.lowerBound..<(range.upperBound - 1)))
        default: break
        }
    }

    /// Calls `body` with the file's pieces in order, as buffers that are valid during the call.
    public func withPieces<Result>(_ body: ([UnsafeRawBufferPointer]) throws -> Result) rethrows -> Result {
        try source.withUnsafeBytes { source in
            try new.withUnsafeBytes { new in
                try body(pieces.map { piece in
                    switch piece {
                    case .source(let range): UnsafeRawBufferPointer(rebasing: source[range])
                    case .new(let range): UnsafeRawBufferPointer(rebasing: new[range])
                    }
                })
            }
        }
    }

    /// The bytes of the line that starts at `offset`, its line feed included (or up to the file's end): a line an
    /// edit wrote, read without copying the file.
    public func line(startingAt offset: Int) -> [UInt8] {
        withPieces { pieces in
            var line: [UInt8] = []
            var start = 0
            for piece in pieces {
                defer { start += piece.count }
                guard start + piece.count > offset else { continue }
                let part = UnsafeRawBufferPointer(rebasing: piece[max(0, offset - start)...])
                if let end = part.firstIndex(of: UInt8(ascii: "\n")) {
                    line += part[...end]
                    return line
                }
                line += part
            }
            return line
        }
    }

    /// True when the file is exactly `bytes`. A run of the source at its own place is not compared when `bytes`
    /// is the source itself.
    public func equals(_ bytes: [UInt8]) -> Bool {
        guard count == bytes.count else { return false }
        return bytes.withUnsafeBytes { other in
            withPieces { pieces in
                var offset = 0
                for piece in pieces {
                    let to = other.baseAddress.map { $0 + offset }
                    if piece.baseAddress != to, let from = piece.baseAddress, let to, memcmp(from, to, piece.count) != 0 {
                        return false
                    }
                    offset += piece.count
                }
                return true
            }
        }
    }

    /// The file's bytes in one buffer. A large file is copied in one share per core: filling fresh memory costs a
    /// page fault and the zeroing of each page, and those run in parallel too.
    public var bytes: [UInt8] {
        withPieces { pieces in
            // Where each piece starts in the output, then where the last one ends.
            let starts = pieces.reduce(into: [0]) { starts, piece in starts.append((starts.last ?? 0) + piece.count) }
            // The shares only read the pieces.
            nonisolated(unsafe) let pieces = pieces
            return [UInt8](unsafeUninitializedCapacity: Memory.hugeCapacity(count, of: UInt8.self)) { output, initialized in
                Memory.adviseHugePages(output.baseAddress, count: output.count)
                // Each share writes its own disjoint part of `output`.
                nonisolated(unsafe) let output = output
                _ = Shares.mapBytes(count) { part in
                    for (index, piece) in pieces.enumerated() {
                        let span = starts[index]..<starts[index + 1]
                        let overlap = span.clamped(to: part)
                        guard !overlap.isEmpty, let to = output.baseAddress, let from = piece.baseAddress else { continue }
                        memcpy(to + overlap.lowerBound, from + (overlap.lowerBound - span.lowerBound), overlap.count)
                    }
                }
                initialized = count
            }
        }
    }
}
