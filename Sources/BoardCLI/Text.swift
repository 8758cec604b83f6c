#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardKit

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    appendJSONString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// Text as a dictionary key compared and hashed by its UTF-8 bytes, without the Unicode normalization a `String`
/// key pays for on every hash.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (left: ExactText, right: ExactText) -> Bool {
        var (a, b) = (left.text, right.text)
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
