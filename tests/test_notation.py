"""The notation reader: every line shape, card spelling and syntax error in words."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from referee.check import check_text
from referee.notation import events as ev
from referee.notation.cards import Suit, parse_card
from referee.notation.reader import FileProblem, GameStart, HandRecord, Problem, parse_line, read_transcript
from referee.output.words import event_words


@pytest.mark.parametrize("text", ["AS", "as", "10h", "TH", "t♦", "9c", "10♣", "Q♠", "K♥"])
def test_card_spellings(text: str) -> None:
    line = parse_line(f"N {text}", 1)
    assert isinstance(line, ev.EventLine)
    play = line.events[0]
    assert isinstance(play, ev.Play) and play.card is parse_card(text)


@pytest.mark.parametrize("text, kind", [
    ("N pass", ev.Pass), ("N order", ev.Order), ("N bid 3", ev.Bid), ("N bid 6 colour", ev.Bid),
    ("N bid little-misere", ev.Bid), ("N bid 9 belle", ev.Bid), ("N discard 9H", ev.Discard),
    ("N alone", ev.Alone), ("N name hearts", ev.NameSuit), ("N expose AS", ev.Expose),
    ("N retract AS", ev.Retract), ("N claim revoke E trick 2", ev.Claim), ("N call highest", ev.Call),
    ("N call spades", ev.Call), ("N call 9S", ev.Call), ("N accept", ev.Accept), ("N count E", ev.Count),
    ("N concede", ev.Concede), ("N spread", ev.Spread), ("N sell", ev.Sell), ("N refuse", ev.Refuse),
    ("N pitch", ev.Pitch), ("N demand belle 9S", ev.Demand), ("N keep-over", ev.Keep),
    ("N look", ev.Look), ("N look trick 3", ev.Look), ("N claim rest", ev.ClaimRest), ("N call withhold", ev.Call),
])
def test_every_event(text: str, kind: type) -> None:
    line = parse_line(text, 3)
    assert isinstance(line, ev.EventLine) and isinstance(line.events[0], kind)
    assert line.events[0].at == ev.Span(3, 1)


@pytest.mark.parametrize("option", ["partnership", "alone", "claim", "deal-stands"])
def test_a_choice_is_answered_by_its_option_name(option: str) -> None:
    """`call` names an option that is not a penalty (the words `alone` and `claim` are events
    of their own elsewhere on a line: after `call` they are the option)."""
    line = parse_line(f"E call {option}, W 9H", 3)
    assert isinstance(line, ev.EventLine)
    call, play = line.events
    assert isinstance(call, ev.Call) and call.text == option and call.suit is None and call.card is None
    assert isinstance(play, ev.Play) and play.at == ev.Span(3, len(f"E call {option}, ") + 1)
    assert event_words(call) == f"E chooses: {option}"  # a choice, not a penalty, in the ruling's words


def test_events_on_one_line_keep_their_columns() -> None:
    line = parse_line("trick 2: E 9S, S JD,W QH   # comment", 9)
    assert isinstance(line, ev.EventLine) and line.trick == 2
    assert [e.at.column for e in line.events] == [10, 16, 21]


def test_structural_lines() -> None:
    assert isinstance(parse_line('[Game "euchre"]', 1), ev.Tag)
    header = parse_line("hand 3 dealer W", 1)
    assert isinstance(header, ev.HandHeader) and header.number == 3 and header.dealer == "W"
    deal = parse_line("deal N: 9H TH JD AS KC", 1)
    assert isinstance(deal, ev.DealLine) and len(deal.cards) == 5
    recorded = parse_line("recorded N-S +1, pool -2", 1)
    assert isinstance(recorded, ev.RecordedLine) and recorded.changes[1][:2] == ("pool", -2)
    named = parse_line("S name ♥", 1)
    assert isinstance(named, ev.EventLine) and named.events[0].suit is Suit.HEARTS  # type: ignore[union-attr]
    assert parse_line("   # only a comment", 1) is None


@pytest.mark.parametrize("text, column, words, hint", [
    ("E XS", 3, "'XS' is not a card", "cards look like"),
    ("E 1S", 3, "'1S' is not a card", "cards look like"),
    ('[Game "euchre"', 15, "unclosed tag", 'a tag looks like [Name "value"]'),
    ("hand dealer", 12, "expected a player's name", "hand [N] dealer PLAYER"),
    ("N name purple", 8, "'purple' is not a suit", "suits are"),
    ("trick 1 E AH", 9, "expected ':'", ""),
    ("N pass E pass", 8, "a ',' is missing before 'E'", "separate the events of a line with ',': 'N pass, E pass'"),
    ("deal N 9H", 8, "expected ':'", "deal N: 9H TH"),
    ("N bid", 6, "line ends too early", ""),
])
def test_syntax_errors_in_words(text: str, column: int, words: str, hint: str) -> None:
    problem = parse_line(text, 12)
    assert isinstance(problem, Problem), problem
    assert (problem.line, problem.column) == (12, column)
    assert words in problem.message and hint in problem.hint
    assert "__ANON" not in problem.message and "$END" not in problem.message


def test_an_error_spoils_only_its_hand() -> None:
    text = ('[Game "euchre"]\n[Players "N E S W"]\nhand 1 dealer W\nN XS\nhand 2 dealer N\nE pass\n'
            'hand 3 dealer E\nS ZZ\n')
    items = list(read_transcript(io.BytesIO(text.encode())))
    hands = [i for i in items if isinstance(i, HandRecord)]
    assert [len(h.problems) for h in hands] == [1, 0, 1]
    assert isinstance(items[0], GameStart)


@pytest.mark.parametrize("data, words", [
    (b"", "the file is empty"),
    (b"\x00\x01\x02binary", "not a text file"),
    (b'[Game "euchre"]\n\xff\xfe', "not UTF-8"),
    (b"hand 1 dealer W\n", "a hand before any game header: 'hand 1 dealer W'"),
    (b'[Game "euchre"]\nN pass   # before the hand line\n', "not inside a hand: 'N pass'"),
])
def test_unusable_files(data: bytes, words: str) -> None:
    items = list(read_transcript(io.BytesIO(data)))
    problems = [p for i in items for p in ([i.problem] if isinstance(i, FileProblem) else
                                           i.problems if isinstance(i, GameStart) else [])]
    assert problems and words in problems[0].message


def test_bom_is_ignored_and_long_lines_are_rejected_without_reading_them_whole() -> None:
    data = (b'\xef\xbb\xbf[Game "euchre"]\n[Players "N E S W"]\nhand 1 dealer W\n'
            + b"N " + b"9" * 200_000 + b"\nE pass\n")
    items = list(read_transcript(io.BytesIO(data)))
    assert isinstance(items[0], GameStart) and items[0].tags[0].name == "Game"
    hand = next(i for i in items if isinstance(i, HandRecord))
    assert len(hand.problems) == 1 and "longer than" in hand.problems[0].message
    assert len(hand.lines) == 1  # the line after the long one is read normally


def test_the_lark_cython_parser_gives_the_same_records() -> None:
    """The optional compiled parser must agree with the pure one on every line of every case."""
    pytest.importorskip("lark_cython")
    from pathlib import Path

    from referee.notation import grammar

    fast, fast_builder = grammar._fast_parser() or pytest.skip("lark-cython not usable")
    pure, pure_builder = grammar._parser()
    for path in sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn")):
        for number, text in enumerate(path.read_text("utf-8").splitlines(), 1):
            if not text.strip() or text.strip().startswith("#"):
                continue
            fast_builder.line = pure_builder.line = number
            try:
                expected = pure.parse(text)
            except Exception:  # noqa: BLE001 - a bad line: the fast parser must refuse it too
                with pytest.raises(Exception):  # noqa: B017 - any error will do
                    fast.parse(text)
                continue
            assert fast.parse(text) == expected, f"{path.name}:{number}"


_TRICKY_LINES = ["trick 2: N AS, E retract AS, E expose 9C", "deal N: AS KS QS JS 10S", "N bid 6 colour",
                 "recorded N-S +2, E-W -2", "N claim revoke E trick 2"]


def _fresh_tables(monkeypatch) -> None:
    """Forget the tables this process worked out, so the next parser reads (or makes) them again."""
    from referee.notation import grammar

    monkeypatch.setattr(grammar, "_TABLES", [])


def test_the_parser_tables_are_kept_between_runs(tmp_path, monkeypatch) -> None:
    """The second run loads the tables the first one wrote (the file is not rewritten) and
    parses exactly as a parser built afresh."""
    from referee.notation import grammar, usercache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    monkeypatch.setattr(usercache, "_writes_allowed", True)
    _fresh_tables(monkeypatch)
    first, _ = grammar._build()
    [tables] = (tmp_path / "referee").glob("transcript-tables-*.json")
    written = tables.stat().st_mtime_ns, tables.read_bytes()
    _fresh_tables(monkeypatch)
    second, _ = grammar._build()
    assert (tables.stat().st_mtime_ns, tables.read_bytes()) == written
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    _fresh_tables(monkeypatch)
    fresh, _ = grammar._build()
    for text in _TRICKY_LINES:
        assert second.parse(text) == fresh.parse(text) == first.parse(text)


def test_unreadable_parser_tables_are_rebuilt(tmp_path, monkeypatch) -> None:
    from referee.notation import grammar, usercache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    monkeypatch.setattr(usercache, "_writes_allowed", True)
    _fresh_tables(monkeypatch)
    grammar._build()
    [tables] = (tmp_path / "referee").glob("transcript-tables-*.json")
    good = json.loads(tables.read_text("utf-8"))
    for damaged in (b"not a table\n\x80garbage", b"null", json.dumps({**good, "value": None}).encode(),
                    json.dumps({**good, "value": [{"__type__": "os.system"}, {}]}).encode()):
        tables.write_bytes(damaged)
        _fresh_tables(monkeypatch)
        parser, _ = grammar._build()
        rewritten = json.loads(tables.read_text("utf-8"))  # made again: stamped and decodable
        assert rewritten["stamp"] == good["stamp"] and grammar.tables_from_json(rewritten["value"])
        for text in _TRICKY_LINES:
            assert parser.parse(text) is not None


def test_no_cache_directory_means_no_cache(tmp_path, monkeypatch) -> None:
    from referee.notation import grammar, usercache

    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file where the directory should be
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    monkeypatch.setattr(usercache, "_writes_allowed", True)
    _fresh_tables(monkeypatch)
    parser, _ = grammar._build()
    assert parser.parse("N bid 6 colour") is not None
    assert blocker.read_text() == ""


def test_a_file_of_usual_lines_is_read_without_importing_lark(tmp_path) -> None:
    """Lark is a fifth of start-up: a run whose lines the shortcut reads must not import it
    (once the grammar's terminals are kept in the cache, as after any first run)."""
    import subprocess
    import sys

    case = Path(__file__).resolve().parent.parent / "cases" / "euchre" / "revoke-established.ttn"
    probe = ("import sys\nfrom referee.notation import usercache\n"
             "usercache.allow_writes()  # as the command line does\n"
             "from referee.check import check_files\nfrom referee.output.render import JsonWriter\n"
             "import io\ncheck_files([sys.argv[1]], JsonWriter(io.StringIO()))\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'yaml')))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("REFEREE_NO_CACHE", None)
    first = subprocess.run([sys.executable, "-c", probe, str(case)], env=env, capture_output=True, text=True,
                           check=True)
    assert "'lark'" in first.stdout  # the first run works the terminals out
    again = subprocess.run([sys.executable, "-c", probe, str(case)], env=env, capture_output=True, text=True,
                           check=True)
    assert again.stdout.strip() == "[]"


_GAME = '[Game "euchre"]\n[Players "N E S W Han"]\nhand 1 dealer W\nN pass\n'


@pytest.mark.parametrize("header, meant", [
    ("Hand 2, dealer: N", "write 'hand 2 dealer N'"), ("hand 2, dealer N", "write 'hand 2 dealer N'"),
    ("hand two, dealer N", "write 'hand 2 dealer N'"), ("hnad 2, dealer N", "write 'hand 2 dealer N'"),
    ("HAND 2 DEALER N", "write 'hand 2 dealer N'"), ("hand 2 dealer: N", "write 'hand 2 dealer N'"),
    ("Hand:", "write 'hand'"), ("  hadn 2 dealer N", "write 'hand 2 dealer N'"),
    ("hands 2, dealer N", "write 'hand 2 dealer N'"), ("han dealer N", "write 'hand dealer N'"),
    ("Hand \uff12, dealer N", "write 'hand 2 dealer N'"),  # a full-width digit: the line to write has an ASCII one
    ("Hand 2, dealer: Ann", "a hand line looks like: hand 2 dealer Ann"),  # not a player: no line to offer
    ("hand 2 dealer N N", "a hand line looks like: hand 2 dealer Ann"),  # more than a hand line holds
])
def test_a_misspelt_hand_line_spoils_only_its_own_hand(header: str, meant: str) -> None:
    """A line the grammar refuses that starts like a hand line starts a hand of its own, spoiled:
    the hand before keeps its lines and no problem, and the lines after go to the spoiled hand.
    The hint is the line to write, when the line holds nothing but a hand line's parts."""
    items = list(read_transcript(io.BytesIO((_GAME + header + "\nE pass\nhand 3\nS pass\n").encode())))
    hands = [i for i in items if isinstance(i, HandRecord)]
    assert [len(h.problems) for h in hands] == [0, 1, 0]
    assert [len(h.lines) for h in hands] == [1, 1, 1]
    problem = hands[1].problems[0]
    assert problem.line == 5 and "is not a hand line" in problem.message
    assert "hand [N] [dealer PLAYER]" in problem.message
    assert problem.hint.startswith(meant + " (lower case, no comma or colon;"), problem.hint


@pytest.mark.parametrize("line", ["Han XS", "N XS", "hnad", "hnad XS", "hold 2", "deal N 9H", "N pass E pass"])
def test_a_broken_event_line_is_never_taken_for_a_hand_line(line: str) -> None:
    """A player's broken line (even a player called Han, one letter off `hand`), or a word one
    letter off `hand` not followed by a number or `dealer`, stays a problem of its own hand."""
    items = list(read_transcript(io.BytesIO((_GAME + line + "\nE pass\n").encode())))
    hands = [i for i in items if isinstance(i, HandRecord)]
    assert [len(h.problems) for h in hands] == [1]


def test_the_misspelt_hand_line_salvages_its_number_and_dealer() -> None:
    """So that the hand after it is not charged with a wrong dealer or number."""
    items = list(read_transcript(io.BytesIO((_GAME + "Hand 2, dealer: E\n").encode())))
    spoiled = [i for i in items if isinstance(i, HandRecord)][1]
    assert (spoiled.header.number, spoiled.header.dealer) == (2, "E")
    items = list(read_transcript(io.BytesIO((_GAME + "hand two, dealer: Bob\n").encode())))
    spoiled = [i for i in items if isinstance(i, HandRecord)][1]
    assert (spoiled.header.number, spoiled.header.dealer) == (None, None)


def test_a_misspelt_first_hand_line_starts_the_game() -> None:
    items = list(read_transcript(io.BytesIO(b'[Game "euchre"]\n[Players "N E S W"]\nHand 1, dealer: W\nN pass\n')))
    assert isinstance(items[0], GameStart)
    hands = [i for i in items if isinstance(i, HandRecord)]
    assert len(hands) == 1 and hands[0].problems and hands[0].header.dealer == "W"
    assert not [i for i in items if isinstance(i, FileProblem)]


def test_a_misspelt_hand_line_leaves_the_other_hands_counted() -> None:
    """The issue's example: the summary counted 0 hands when `Hand 2, dealer: …` spoiled hand 1."""
    from referee.check import Collector, check_files

    collector = Collector()
    path = Path(__file__).resolve().parent.parent / "cases" / "euchre" / "misspelt-hand-line.ttn"
    summary = check_files([str(path)], collector)
    assert summary.exit_code == 2
    counts = collector.verdict.to_dict()["summary"]
    assert (counts["hands"], counts["errors"], counts["irregularities"]) == (2, 1, 1)


def test_a_hand_after_a_spoiled_hand_naming_no_player_as_dealer_is_an_error_not_a_crash() -> None:
    """Found by the fuzzer: hand 1 spoiled, hand 2's dealer no player (the session took it as
    written), hand 3 naming no dealer. Nobody knows hand 3's dealer: an error that says so."""
    text = '[Game "boston"]\n[Players "A Y B Z"]\n\nhand 1 dealer Z\né\nhand 2 dealer N\nhand 3\nA pass\n'
    verdict = check_text(text)
    messages = [e.message for f in verdict.files for e in f.errors]
    assert verdict.exit_code == 2 and not any("internal error" in m for m in messages)
    assert any(m.startswith("the first hand of a game must name its dealer") for m in messages)
