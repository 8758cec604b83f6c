@testable import BoardCLI
import BoardKit
import Testing

/// `html` links: which are kept, and the work of telling, bounded per `[`.
@Suite struct HTMLLinkTests {
    /// The whole link lowercased and read for whitespace: what the check on the destination's characters must say.
    static func wholeLinkIsSafe(_ url: Substring) -> Bool {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:") else { return false }
        return !url.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }

    /// Many `[` before one far `)`: each `[` lowercased and read the text up to it (320 KB of `[](x`: 15 s; 0.8 MB
    /// of `[a](https://x `: 23 s). The characters read stay within a few times the text's, read a byte or a
    /// character at a time. Each `(` in a destination is left open, so only the last `[` (whose destination holds
    /// none) can open a link, to the far `)`.
    @Test func manyOpenersBeforeOneFarCloserReadTheTextOnce() {
        for (run, isLink) in [("[](x", false), ("[a](https://x ", false), ("[](https://x", true), ("[](HTTP://x", true),
                              ("[](mailto:a", true), ("[](https://\u{301}", false), ("[](İ", false)] {
            let text = String(repeating: run, count: 40_000 / run.utf8.count) + ")"
            // A byte at a time where each ASCII byte is a character of its own (as `inline` reads it), and a character
            // at a time.
            for byCharacter in [nil, true] {
                let (html, read) = Markdown.inlineReading(text, byCharacter: byCharacter)
                #expect(read <= 8 * text.utf8.count, "\(run): \(read) characters read for \(text.utf8.count)")
                let last = text.dropLast(run.utf8.count + 1)
                #expect(html == (isLink ? last + #"<a href=""# + run.dropFirst(3) + #""></a>"# : text), "\(run)")
            }
        }
        // Each link up to its own `)`, the rest text, as before.
        let text = String(repeating: "[a](https://x) [b](javascript:x) ", count: 1_000)
        #expect(Markdown.inline(text) == String(repeating: #"<a href="https://x">a</a> [b](javascript:x) "#, count: 1_000))
    }

    /// Links kept and refused as they were: by scheme in any case, but not a scheme followed by a mark that joins its
    /// last character, nor one with whitespace or a control character anywhere in it.
    @Test func linksAreKeptAsTheyWere() {
        let cases: [(String, String)] = [
            ("[a](https://e.org)", #"<a href="https://e.org">a</a>"#),
            ("[a](HTTPS://E.ORG/x)", #"<a href="HTTPS://E.ORG/x">a</a>"#),
            ("[a](Mailto:x@e.org)", #"<a href="Mailto:x@e.org">a</a>"#),
            ("[a](http://)", #"<a href="http://">a</a>"#),
            ("[a](javascript:alert(1))", "[a](javascript:alert(1))"),
            // A destination's parentheses in pairs, as CommonMark reads them (helper-45: the link ended at `(bar`).
            ("[wiki](https://en.wikipedia.org/wiki/Foo_(bar))", #"<a href="https://en.wikipedia.org/wiki/Foo_(bar)">wiki</a>"#),
            ("[a](https://e.org/(x)(y)) z)", #"<a href="https://e.org/(x)(y)">a</a> z)"#),
            ("[a](https://e.org/(x) z)", "[a](https://e.org/(x) z)"),
            ("[a](https://e .org)", "[a](https://e .org)"),
            ("[a](https://\u{301}e)", "[a](https://\u{301}e)"),
            ("[a](https:/\u{301}/e)", "[a](https:/\u{301}/e)"),
        ]
        for (text, html) in cases { #expect(Markdown.inline(text) == html, "\(text)") }
        // Refused links stay text, escaped (DEL shown as U+FFFD).
        #expect(Markdown.inline("[a](https://e.org/\u{7F}) <") == "[a](https://e.org/\u{FFFD}) &lt;")
    }

    /// The check on the destination's characters agrees with the whole link lowercased and read for whitespace, on
    /// links made of scalars that change length, case or grapheme clusters when lowercased (İ, Σ, the Kelvin sign,
    /// combining marks, a joiner, flags), and of whitespace.
    @Test func theBoundedCheckAgreesWithTheWholeLink() {
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", "m", "M", "a", "i", "l", "o", ":", "/", "x", " ", "\t", "\u{7F}",
                      "\u{1}", "\u{301}", "\u{308}", "\u{200D}", "İ", "Σ", "ß", "\u{212A}", "🇫", "🇷", "é", "e\u{301}", "\u{85}",
                      "\u{A0}", "ﬀ", "["]
        let prefixes = ["", "https://", "http://", "mailto:", "HTTPS://", "Http://", "MAILTO:", "https:/", "mailto"]
        var random = XorShift(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<20_000 {
            var url = prefixes[random.next(prefixes.count)]
            for _ in 0..<random.next(24) { url += pieces[random.next(pieces.count)] }
            let text = "[a](" + url + ")"
            let start = text.unicodeScalars.index(text.startIndex, offsetBy: 4)
            let end = text.unicodeScalars.index(before: text.endIndex)
            // A mark joining the `(` or the `)` makes it no parenthesis: no link.
            let delimited = text.hasPrefix("[a](") && text.hasSuffix(")")
            #expect(Markdown.inline(text).hasPrefix("<a href=") == (delimited && Self.wholeLinkIsSafe(text[start..<end])),
                    "\(Array(url.unicodeScalars).map { String($0.value, radix: 16) })")
        }
    }
}

/// `html` writes the page from the file's bytes: the escaping and the body's blocks as the string-built page had them.
@Suite struct HTMLFromBytesTests {
    /// The escaping the page was built with, scalar by scalar over the decoded string.
    static func referenceEscape(_ bytes: [UInt8]) -> String {
        var escaped = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\r": escaped += " "
            default:
                if (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                    || (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE {
                    escaped += "\u{FFFD}"
                    continue
                }
                if isInvisibleFormatting(scalar.value) {
                    escaped += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                    continue
                }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    @Test func escapingBytesIsEscapingTheirText() {
        let pieces: [[UInt8]] = ["a", "bc", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{1}", "\u{0}", "\u{7F}", "\u{85}", "\u{9F}",
                                 "\u{FFFD}", "\u{1FFFD}",
                                 "\u{A0}", "\u{202E}", "\u{61C}", "\u{FEFF}", "\u{200D}", "é", "한", "🚀", "\u{301}"].map { Array($0.utf8) }
            // Then noncharacters, which a Swift literal may not hold: U+FDD0, U+FFFE, U+FFFF, U+1FFFE, U+10FFFF.
            + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xC2], [0xEF, 0xB7, 0x90], [0xEF, 0xBF, 0xBE],
               [0xEF, 0xBF, 0xBF], [0xF0, 0x9F, 0xBF, 0xBE], [0xF4, 0x8F, 0xBF, 0xBF]]
        var random = XorShift(seed: 0x4854_4D4C)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.next(25) { bytes += pieces[random.next(pieces.count)] }
            var out = ByteWriter()
            bytes.withUnsafeBufferPointer { HTMLPage.escape($0, to: &out) }
            #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == Self.referenceEscape(bytes), "\(bytes)")
        }
    }

    @Test func aBodyIsWrittenAsParagraphsListsAndCode() {
        let sandbox = Sandbox()
        sandbox.write("board.md", """
            ## TODO
            - [ ] t
              one *a*
              two <b>

              - [x] done
                more
                - inner
              3. third
              ```
              code <x>
               ```not closed
                ~~~
              ```
              after
              ~~~
              open
            ## DOING
            ## DONE

            """)
        let page = sandbox.run(["html"]).stdout
        let box = #"<span class="box" role="img" aria-label="done">☑</span> "#
        // Four backticks are not closed by three (helper-45: the inner fence's lines were lost).
        sandbox.write("board.md", "## TODO\n- [ ] t\n  ````\n  ```\n  inner\n  ```\n  ````\n  after\n")
        #expect(sandbox.run(["html"]).stdout.contains("<div class=\"body\"><pre><code>```\ninner\n```</code></pre><p>after</p></div>"))
        // A numbered item starts a numbered list (helper-45: it was a bullet, its number lost). A fence closes, as
        // CommonMark closes one, at a run of its marker as long as the one that opened it or longer, with nothing but
        // spaces after (it closed at any three, whatever followed, and the rest of the code became text); a fence
        // left open runs to the body's end.
        #expect(page.contains("<div class=\"body\"><p>one <em>a</em><br>two &lt;b&gt;</p><ul><li>\(box)done more<ul><li>inner"
            + "</li></ul></li></ul><ol start=\"3\"><li>third</li></ol><pre><code>code &lt;x&gt;\n ```not closed\n  ~~~</code></pre>"
            + "<p>after</p><pre><code>open</code></pre></div></li>"), "\(page)")
        // A fence four columns in is text, not a fence (helper-49: the rest of the body became code); in a list,
        // four in from the list's marker, it is one, and its lines lose its indentation. A lone CR is a space, as a
        // line ending is (it joined words).
        sandbox.write("board.md", "## TODO\n- [ ] left\rright\n  para\n      ```x\n  after\n\n  one\rtwo\n\n  - a\n      ```\n      code\n      ```\n")
        let indented = sandbox.run(["html"]).stdout
        #expect(indented.contains("<div class=\"body\"><p>para<br>```x<br>after</p><p>one two</p><ul><li>a"
            + "<pre><code>code</code></pre></li></ul></div>"), "\(indented)")
        // A fence as deep as a list item's text is in that item, and the list goes on after it (helper-79: the fence
        // closed the list, and the next item made a second one); one less deep closes the list.
        sandbox.write("board.md", "## TODO\n- [ ] t\n  - item a\n    ```\n    code of a\n    ```\n  - item b\n  ```\n  top\n  ```\n")
        #expect(sandbox.run(["html"]).stdout.contains("<div class=\"body\"><ul><li>item a<pre><code>code of a</code></pre></li>"
            + "<li>item b</li></ul><pre><code>top</code></pre></div>"))
        #expect(indented.contains(">left right<"), "\(indented)")
    }
}

/// A line whose ASCII bytes stand alone as characters is rendered on its bytes (`Markdown.inlineASCII`): it must give
/// what the string renderer gives, character by character, for any mix of markers, links, schemes, quotes, control
/// characters and text beyond ASCII, marks that join a marker included.
@Suite struct ASCIIInlineTests {
    static let pieces = ["`", "*", "**", "_", "[", "]", "(", ")", "](", "http://", "https://x.y/", "HTTPS://A", "mailto:a@b",
                         "MailTo:", "ftp://", " ", "\t", "a", "b", "<", "&", "'", "\"", "\u{1}", "\u{7F}", "[a](https://e.com)",
                         "`c`", "*e*", "**s**", "_u_", "\\", "\r",
                         // Beyond ASCII: scalars that stand alone, and those that join what comes before or after.
                         "é", "한", "テ", "中", "🚀", "✅", "ß", "\u{301}", "\u{FE0F}", "\u{1F3FD}", "\u{200D}", "\u{600}", "\u{903}",
                         "\u{3099}", "\u{11A8}", "\u{1100}", "\u{AD}", "\u{202E}", "\u{85}", "\u{A0}", "İ", "\u{212A}",
                         "ж", "Ά", "\u{483}", "\u{37E}"]

    @Test func theBytesGiveWhatTheStringGives() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<6_000 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }.joined()
            let byCharacter = Markdown.inlineReading(text, byCharacter: true).html
            var out = ByteWriter()
            Array(text.utf8).withUnsafeBufferPointer { Markdown.inline($0, to: &out) }
            #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == byCharacter, "\(text.debugDescription)")
            // Read a byte at a time where every ASCII byte is a character of its own, it reads the same.
            if Array(text.utf8).withUnsafeBufferPointer(Markdown.asciiStandsAlone) {
                #expect(Markdown.inlineReading(text, byCharacter: false).html == byCharacter, "\(text.debugDescription)")
            }
        }
    }

    /// Emphasis and code as CommonMark reads them (helper-45): `_` inside a word, and a `*` or `_` with whitespace
    /// on the side it would open or close, is text (underscores and stars were lost, `a * b * c` was emphasis);
    /// `__a__` is strong; a run of backticks is closed by a run of as many (``` ``git log `x` `` ``` lost its
    /// backticks).
    @Test func emphasisAndCodeAreReadAsCommonMarkReadsThem() {
        let cases: [(String, String)] = [
            ("snake_case_name and __init__", "snake_case_name and <strong>init</strong>"),
            ("a * b * c", "a * b * c"),
            ("run ``git log `x` `` now", "run <code>git log `x` </code> now"),
            ("``a` `", "``a<code> </code>"),
            ("*e* _u_ **s** foo*bar* (_x_)", "<em>e</em> <em>u</em> <strong>s</strong> foo<em>bar</em> (<em>x</em>)"),
            ("_a_b", "_a_b"),
            ("a_b_", "a_b_"),
            ("my__var__name", "my__var__name"),
            ("** s** *t *", "** s** *t *"),
        ]
        for (text, html) in cases {
            for byCharacter in [false, true] {
                #expect(Markdown.inlineReading(text, byCharacter: byCharacter).html == html, "\(text) \(byCharacter)")
            }
        }
    }

    /// Emphasis, links and code spans where the first readers differed from CommonMark (helper-49; what
    /// markdown-it-py's CommonMark preset gives): a longer opening run closed by a shorter one, a closer paired with
    /// the nearest opener, strong within emphasis of the same character, flanking judged with punctuation, link text
    /// whose brackets balance, the innermost of nested links, code spans binding before brackets, and the one space
    /// a code span strips from each end.
    @Test func inlineTextIsReadAsCommonMarkReadsIt() {
        let cases: [(String, String)] = [
            ("**foo*", "*<em>foo</em>"),
            ("**foo* bar", "*<em>foo</em> bar"),
            ("__foo_", "_<em>foo</em>"),
            ("***a* b**", "<strong><em>a</em> b</strong>"),
            ("*a *b* c", "*a <em>b</em> c"),
            ("__Note _x_ is", "__Note <em>x</em> is"),
            ("*a **b** c*", "<em>a <strong>b</strong> c</em>"),
            ("_a __b__ c_", "<em>a <strong>b</strong> c</em>"),
            ("***bold italic***", "<em><strong>bold italic</strong></em>"),
            ("*a **", "*a **"),
            ("x*.y*", "x*.y*"),
            ("*foo**bar*", "<em>foo**bar</em>"),
            ("See [1] and [docs](https://c).", #"See [1] and <a href="https://c">docs</a>."#),
            ("Array a[i] see [spec](https://c)", #"Array a[i] see <a href="https://c">spec</a>"#),
            ("*a [b *c*](https://d) e*", #"<em>a <a href="https://d">b <em>c</em></a> e</em>"#),
            ("[[a](https://x)](https://y)", #"[<a href="https://x">a</a>](https://y)"#),
            ("[`]`](https://x)", #"<a href="https://x"><code>]</code></a>"#),
            ("[`](https://x)`", "[<code>](https://x)</code>"),
            ("*[a*](https://x)", #"*<a href="https://x">a*</a>"#),
            // A backtick in a link's destination opens nothing (helper-52: it paired with a later one, and the links
            // and code spans between were text).
            ("see [a](https://x/`y) and [b](https://z) then `code`",
             #"see <a href="https://x/`y">a</a> and <a href="https://z">b</a> then <code>code</code>"#),
            ("[a](https://x``) `b` ``", #"<a href="https://x``">a</a> <code>b</code> ``"#),
            ("[x [a](https://u) [b] y](https://v)", #"[x <a href="https://u">a</a> [b] y](https://v)"#),
            ("` a `", "<code>a</code>"),
            ("`` ` ``", "<code>`</code>"),
            ("`  `", "<code>  </code>"),
            ("` a`", "<code> a</code>"),
        ]
        for (text, html) in cases {
            for byCharacter in [false, true] {
                #expect(Markdown.inlineReading(text, byCharacter: byCharacter).html == html, "\(text) \(byCharacter)")
            }
        }
        // A no-break space or an ideographic one flanks emphasis as a space does (helper-52: read as a letter, they
        // made emphasis); in a link's destination it is no blank, as in CommonMark.
        #expect(Markdown.inline("*\u{A0}a*") == "*\u{A0}a*")
        #expect(Markdown.inline("a *b\u{3000}*") == "a *b\u{3000}*")
        #expect(Markdown.inline("é *b* \u{A0}*c*") == "é <em>b</em> \u{A0}<em>c</em>")
        #expect(Markdown.inline("[a](https://x\u{A0}y)") == "<a href=\"https://x\u{A0}y\">a</a>")
        // Only Unicode's spaces (Zs) are (helper-53: U+2028 and U+2029 counted too, which CommonMark does not).
        #expect(Markdown.inline("q a*\u{2028}b*") == "q a<em>&#x2028;b</em>")
        #expect(Markdown.inline("q _a_\u{2029}b") == "q _a_&#x2029;b")
        // A run pairs at most 32 times each way; past that its characters are text, and the tags still balance.
        let long = String(repeating: "*", count: 80) + String(repeating: "a* ", count: 40)
        let html = Markdown.inline(long)
        #expect(html.components(separatedBy: "<em>").count == 33 && html.components(separatedBy: "</em>").count == 33, "\(html)")
        #expect(html.replacingOccurrences(of: "<em>", with: "*").replacingOccurrences(of: "</em>", with: "*") == long)
    }

    /// Text dense with markers took a microsecond a character read as a string (8 MB of `*`: 7.8 s): read as bytes,
    /// each marker is looked for from where the last search found it, so the bytes read stay linear.
    @Test func denseMarkersAreRenderedAsTheStringRendersThem() {
        for run in ["*", "**_", "`", "[a](", "_*[`"] {
            let text = "x " + String(repeating: run, count: 2_000)
            #expect(Markdown.inlineReading(text, byCharacter: false).html == Markdown.inlineReading(text, byCharacter: true).html, "\(run)")
        }
    }
}
