#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit

// A first measurement: parse, serialize, validate.
var generator = BoardGenerator()
let bytes = generator.board(items: 100_000)
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}
for _ in 0..<3 {
    var t = now()
    let board = Board(parsing: bytes)
    let parse = now() - t
    t = now()
    let out = board.serialized()
    let serialize = now() - t
    t = now()
    let diagnostics = board.diagnostics()
    let validate = now() - t
    print("size \(bytes.count) items \(board.items.count) parse \(parse) serialize \(serialize) validate \(validate) diags \(diagnostics.count) ok \(out == bytes)")
}
