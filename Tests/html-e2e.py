#!/usr/bin/env python3
"""`board html` parsed as HTML5 and rendered by headless Chromium (issue 22). Run by .ci/run: html-e2e.py BOARD_BINARY

1. A hostile board (script tags, event attributes, javascript: links, </style>, unclosed tags and comments in titles
   and bodies) gives a page that html5lib (from PyPI, in a virtualenv) parses with no error, with no script, no
   event attribute, no element from the file, and only http, https and mailto links.
2. Headless Chromium (installed from Debian's packages when missing) renders the example board at 1280 and 390
   pixels; its DOM has the three sections with their counts and the overdue items marked. Screenshots go to
   .build/html-1280.png and .build/html-390.png for a person to look at.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pypi  # noqa: E402

BOARD = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


HOSTILE = """# Evil <script>alert(1)</script> board

## TODO

- [ ] <script>alert('title')</script> due:2026-11-01
  A body with <img src=x onerror=alert(1)> and </style><script>alert(2)</script>
  [click](javascript:alert(3)) [ok](https://example.com/a?b=1&c="2") [mail](mailto:a@example.com)
  `<b>code</b>` **bold <i>** *em* <!-- open comment
  - [x] nested <a href="javascript:x">done</a>
  ```
  </pre><script>alert(4)</script>
  ```
- [ ] "><svg onload=alert(5)> #tag<b> @who"
- [ ] Unclosed <div <p <!--

## DOING (1)

- [ ] one
- [ ] two

## DONE

- [x] finished done:2026-11-20
"""


def board(path, *arguments):
    return subprocess.run([BOARD, "--today", "2026-11-21", "-f", path, *arguments], capture_output=True, check=True).stdout


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    print("html e2e: installing chromium from Debian's packages")
    subprocess.run(["apt-get", "update", "-q"], capture_output=True)
    if subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], capture_output=True).returncode:
        print("html e2e: FAILED: cannot install chromium")
        sys.exit(1)
    return shutil.which("chromium")


with tempfile.TemporaryDirectory() as folder:
    html5lib = pypi.load("html5lib", folder)
    hostile = os.path.join(folder, "hostile.md")
    with open(hostile, "w") as f:
        f.write(HOSTILE)
    page = board(hostile, "html").decode("utf-8")

    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        document = parser.parse(page)
        check(True, "the hostile board's page parses as HTML5 with no error")
    except Exception as error:  # html5lib raises ParseError at the first one
        check(False, f"the hostile board's page parses as HTML5 with no error: {error}")
        document = html5lib.parse(page, namespaceHTMLElements=False)
    elements = list(document.iter())
    tags = {e.tag for e in elements}
    stray = [e.tag for e in elements
             if e.tag in ("script", "img", "svg", "i", "b") or (e.tag == "div" and e.attrib.get("class") != "body")]
    check(not stray, f"no element from the file: {stray}")
    check(len([e for e in elements if e.tag == "style"]) == 1, "one style element, the page's own")
    check(not any(name.lower().startswith("on") for e in elements for name in e.attrib), "no event attribute")
    links = [e.attrib.get("href", "") for e in elements if e.tag == "a"]
    check(links == ['https://example.com/a?b=1&c="2"', "mailto:a@example.com"], f"only http(s) and mailto links: {links}")
    text = "".join(document.itertext())
    check("<script>alert('title')</script>" in text and "</pre><script>alert(4)</script>" in text,
          "hostile text is shown as text")
    check(any(e.tag == "code" and e.text == "<b>code</b>" for e in elements), "inline code is escaped text")
    check(any(e.tag == "pre" for e in elements) and any(e.tag == "strong" for e in elements)
          and any(e.tag == "em" for e in elements), "code blocks, strong and emphasis are rendered")
    check(any(e.tag == "h1" and "Evil <script>alert(1)</script> board" in "".join(e.itertext()) for e in elements),
          "the board's title is the first level-one heading")
    over = [e for e in elements if e.tag == "section" and "over-limit" in e.attrib.get("class", "")]
    check(len(over) == 1 and "over limit" in "".join(over[0].itertext()), "a section over its WIP limit says so")

    # --stats: the cumulative flow from git history, as an SVG chart and a table of the same figures.
    repo = os.path.join(folder, "repo")
    os.makedirs(repo)
    env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="T", GIT_COMMITTER_EMAIL="t@example.com")
    def git(*arguments, day=None):
        if day:
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"2026-11-{day:02d}T12:00:00Z"
        subprocess.run(["git", "-C", repo, *arguments], check=True, capture_output=True, env=env)
    git("init", "-q")
    with open(os.path.join(repo, "board.md"), "w") as f:
        f.write("## TODO\n- [ ] Write the parser\n- [ ] Ship it\n## DOING\n## DONE\n")
    git("add", "board.md")
    git("commit", "-qm", "one", day=9)
    board(os.path.join(repo, "board.md"), "done", "parser")
    git("commit", "-qam", "two", day=17)
    page = board(os.path.join(repo, "board.md"), "html", "--stats").decode("utf-8")
    try:
        document = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)
        check(True, "--stats: the page parses as HTML5 with no error")
    except Exception as error:
        check(False, f"--stats: the page parses as HTML5 with no error: {error}")
        document = html5lib.parse(page, namespaceHTMLElements=False)
    rows = [["".join(td.itertext()) for td in tr.findall("td")] for tr in document.iter("tr") if tr.findall("td")]
    check(rows[-2:] == [["2026-11-09", "2", "0", "0"], ["2026-11-16", "1", "0", "1"]], f"--stats: the weekly counts: {rows[-2:]}")
    rects = [e.attrib.get("class") for e in document.iter() if e.tag.endswith("rect")]
    check(rects.count("todo") >= 2 and rects.count("done") >= 1, f"--stats: stacked bars in the chart: {rects}")

    browser = chromium()
    example = os.path.join(folder, "board.html")
    with open(example, "wb") as f:
        f.write(board(os.path.join(ROOT, "examples", "board.md"), "html"))
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    for width in (1280, 390):
        shot = os.path.join(ROOT, ".build", f"html-{width}.png")
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={width},1400"]
        dom = subprocess.run([browser, *flags, "--dump-dom", "file://" + example], capture_output=True, text=True,
                             timeout=120).stdout
        subprocess.run([browser, *flags, f"--screenshot={shot}", "file://" + example], capture_output=True, timeout=120)
        rendered = html5lib.parse(dom, namespaceHTMLElements=False)
        sections = [e for e in rendered.iter() if e.tag == "section"]
        headings = ["".join(s.find("h2").itertext()).strip() for s in sections if s.find("h2") is not None]
        check(headings == ["TODO 7", "DOING 3/3", "DONE 3"], f"{width} px: the three sections and their counts: {headings}")
        overdue = ["".join(e.itertext()) for e in rendered.iter() if e.tag == "li" and "overdue" in e.attrib.get("class", "")]
        check(len(overdue) == 2 and all("overdue" in item for item in overdue), f"{width} px: the overdue items are marked: {len(overdue)}")
        check(os.path.exists(shot) and os.path.getsize(shot) > 10_000, f"{width} px: screenshot saved to .build/html-{width}.png")

print(f"html e2e: {len(failures)} failed")
sys.exit(1 if failures else 0)
