#!/usr/bin/env python3
"""`board ics` read back by a real iCalendar parser (issue 22). Run by .ci/run: ics-e2e.py BOARD_BINARY

Creates a virtualenv with `icalendar` from PyPI, writes a board with Korean and emoji titles, long bodies,
characters RFC 5545 escapes, tags, every section and an archive, and checks every field of `board ics` and
`board ics --events` as the parser reads them, the raw form (CRLF, lines of at most 75 octets, folds never inside a
UTF-8 character), UIDs that stay put across runs and moves, and `-o FILE`.
"""
import datetime
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pypi  # noqa: E402

BOARD = os.path.abspath(sys.argv[1])
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


LONG = " ".join(["이 작업은 긴 설명이 필요합니다 🚀"] * 6)
BOARD_TEXT = f"""# Release

## TODO

- [ ] 릴리스 노트 번역 due:2026-12-05 #docs #한국어
  {LONG}
  second line; with a comma, and a back\\slash
- [ ] 🚀 Launch party due:2026-12-24 @ana
- [ ] No date at all

## DOING

- [ ] Fix; the, parser due:2026-11-25

## DONE

- [x] Ship it due:2026-11-20 done:2026-11-19
- [x] Ship it due:2026-11-21 done:2026-11-20

## Archive

- [x] Old due:2026-01-01 done:2026-01-02
"""


def board(folder, *arguments):
    return subprocess.run([BOARD, "--today", "2026-11-23", "-f", os.path.join(folder, "board.md"), *arguments],
                          capture_output=True, check=True).stdout


with tempfile.TemporaryDirectory() as folder:
    icalendar = pypi.load("icalendar", folder)
    with open(os.path.join(folder, "board.md"), "w") as f:
        f.write(BOARD_TEXT)

    raw = board(folder, "ics")
    lines = raw.split(b"\r\n")
    check(raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "every line ends in CRLF")
    check(all(len(line) <= 75 for line in lines), "no line is longer than 75 octets")
    check(all(line.decode("utf-8") is not None for line in lines), "every folded line is whole UTF-8")

    calendar = icalendar.Calendar.from_ical(raw)
    check(str(calendar["VERSION"]) == "2.0" and "PRODID" in calendar, "VERSION and PRODID")
    todos = [c for c in calendar.walk() if c.name == "VTODO"]
    expected = [
        ("릴리스 노트 번역 #docs #한국어", datetime.date(2026, 12, 5), "NEEDS-ACTION", ["docs", "한국어"],
         LONG + "\nsecond line; with a comma, and a back\\slash", None),
        ("🚀 Launch party @ana", datetime.date(2026, 12, 24), "NEEDS-ACTION", [], None, None),
        ("Fix; the, parser", datetime.date(2026, 11, 25), "IN-PROCESS", [], None, None),
        ("Ship it", datetime.date(2026, 11, 20), "COMPLETED", [], None, datetime.datetime(2026, 11, 19, tzinfo=datetime.timezone.utc)),
        ("Ship it", datetime.date(2026, 11, 21), "COMPLETED", [], None, datetime.datetime(2026, 11, 20, tzinfo=datetime.timezone.utc)),
    ]
    check(len(todos) == len(expected), f"one VTODO per dated item on the board: {len(todos)}")
    for todo, (summary, due, status, tags, description, completed) in zip(todos, expected):
        got = (str(todo["SUMMARY"]), todo["DUE"].dt, str(todo["STATUS"]),
               [str(c) for cats in ([todo["CATEGORIES"]] if "CATEGORIES" in todo else []) for c in cats.cats],
               str(todo["DESCRIPTION"]) if "DESCRIPTION" in todo else None,
               todo["COMPLETED"].dt if "COMPLETED" in todo else None)
        check(got == (summary, due, status, tags, description, completed), f"VTODO {summary!r}: {got}")
    uids = [str(t["UID"]) for t in todos]
    check(len(set(uids)) == len(uids), "UIDs are unique, two items of one title included")
    check(all(t["DTSTAMP"].dt == datetime.datetime(2026, 11, 23, tzinfo=datetime.timezone.utc) for t in todos), "DTSTAMP is today")

    # The same item keeps its UID across runs and when it moves or its date changes.
    check(board(folder, "ics") == raw, "a second run gives the same bytes")
    board(folder, "start", "Launch", "--today", "2026-11-23")
    board(folder, "edit", "Launch", "--due", "2026-12-31")
    moved = {str(c["SUMMARY"]): str(c["UID"]) for c in icalendar.Calendar.from_ical(board(folder, "ics")).walk() if c.name == "VTODO"}
    check(moved["🚀 Launch party @ana"] == uids[1], "an item keeps its UID when it moves and its date changes")

    events = [c for c in icalendar.Calendar.from_ical(board(folder, "ics", "--events")).walk() if c.name == "VEVENT"]
    # In file order: the launch moved to DOING, after the parser fix.
    check([str(e["SUMMARY"]) for e in events] == ["릴리스 노트 번역 #docs #한국어", "Fix; the, parser", "🚀 Launch party @ana"],
          "--events: one all-day event per due date of an item not done")
    first = events[0]
    check(first["DTSTART"].dt == datetime.date(2026, 12, 5) and first["DTEND"].dt == datetime.date(2026, 12, 6),
          "--events: all-day, the due date")
    alarms = [c for c in first.walk() if c.name == "VALARM"]
    check(len(alarms) == 1 and str(alarms[0]["ACTION"]) == "DISPLAY" and alarms[0]["TRIGGER"].dt == datetime.timedelta(hours=9),
          "--events: a reminder at 9:00 on the day")

    out = os.path.join(folder, "due.ics")
    board(folder, "ics", "-o", out)
    with open(out, "rb") as f:
        check(f.read() == board(folder, "ics"), "-o FILE writes the same calendar")
    check(sorted(os.listdir(folder)) == ["board.md", "due.ics", "venv"], "-o leaves no temporary file")

print(f"ics e2e: {len(failures)} failed")
sys.exit(1 if failures else 0)
