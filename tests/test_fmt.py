"""``referee fmt``: canonical form, comments kept, and the same verdict (a round trip over every case)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from reflow import positionless
from typer.testing import CliRunner

from referee.check import check_text
from referee.cli import app
from referee.notation.limits import MAX_ERRORS, MAX_FMT_HELD, MAX_HAND_CHARS
from referee.notation.reader import Problem, grammar_text
from referee.output.fmt import FormatError, comment_of, format_text

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


def comments(text: str) -> list[str]:
    return [c for c in (comment_of(line) for line in text.splitlines()) if c is not None]


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_round_trip_gives_an_identical_verdict(transcript: Path) -> None:
    text = transcript.read_text("utf-8")
    before = check_text(text)
    try:
        canonical = format_text(text)
    except FormatError as error:  # unreadable lines: nothing is rewritten, and check says the same
        assert before.exit_code == 2
        reported = {(e.line, e.column) for f in before.files for e in f.errors}
        assert {(p.line, p.column) for p in error.problems} <= reported
        return
    assert positionless(check_text(canonical).to_dict()) == positionless(before.to_dict())
    assert format_text(canonical) == canonical, "fmt is not idempotent"
    assert sorted(comments(canonical)) == sorted(comments(text)), "a comment was lost"
    for line in canonical.splitlines():
        assert line == line.rstrip() and "\t" not in line


MESSY = """# a club's transcript
[Partners "N-S E-W"]   # teams
[Game "euchre"]
[Players "N E S W"]
[Event "Club night"]


hand 1 dealer W   # first
deal N: J♥ a♥ Ks qd 9♣
deal E: 10H Q♠ 9s aD tc
deal S: JD K♥ A♠ kd AC
deal W: qh 10♠ J♠ JC K♣
upcard 9♥
N pass, E pass
S order
W discard T♠
N J♥   # lead
E 10♥
# S thinks
S K♥, W 9h, N AH, E 9♠   # two tricks
S J♦, W Q♥
trick 3: S A♠, W J♠, N K♠, E Q♠, S A♣, W J♣, N 9♣, E 10♣, S K♦, W K♣, N Q♦, E A♦
recorded N-S 1
"""

CANONICAL = """# a club's transcript
[Game "euchre"]
[Players "N E S W"]
[Partners "N-S E-W"]  # teams
[Event "Club night"]

hand 1 dealer W  # first
deal N: JH AH KS QD 9C
deal E: TH QS 9S AD TC
deal S: JD KH AS KD AC
deal W: QH TS JS JC KC
upcard 9H
N pass, E pass
S order
W discard TS
# lead
# S thinks
trick 1: N JH, E TH, S KH, W 9H  # two tricks
trick 2: N AH, E 9S, S JD, W QH
trick 3: S AS, W JS, N KS, E QS
trick 4: S AC, W JC, N 9C, E TC
trick 5: S KD, W KC, N QD, E AD
recorded N-S +1
"""


def test_canonical_form() -> None:
    assert format_text(MESSY) == CANONICAL
    assert positionless(check_text(MESSY).to_dict()) == positionless(check_text(CANONICAL).to_dict())


def test_a_wrong_label_written_by_hand_is_kept() -> None:
    text = CANONICAL.replace("trick 2: N AH", "trick 3: N AH")
    assert "trick 3: N AH" in format_text(text)


SPELLINGS = {"H": ["H", "h", "♥"], "S": ["S", "s", "♠"], "D": ["D", "d", "♦"], "C": ["C", "c", "♣"]}


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_any_spelling_and_line_split_formats_the_same(data: st.DataObject) -> None:
    """Respell every card and cut the play into random lines: the canonical form does not move."""
    def respell(match: re.Match[str]) -> str:
        rank, suit = match.group(1), match.group(2).upper()
        rank = data.draw(st.sampled_from(["10", "T", "t"])) if rank in "Tt" else rank
        return rank + data.draw(st.sampled_from(SPELLINGS[suit]))
    lines = []
    for line in CANONICAL.splitlines():
        if line.startswith("trick"):
            for event in line.split(": ", 1)[1].split("  #")[0].split(", "):
                lines.append(re.sub(r"\b([AKQJT9])([SHDC])\b", respell, event))
        else:
            lines.append(line)
    assert format_text("\n".join(lines) + "\n").replace("  # two tricks", "") == CANONICAL.replace("  # two tricks", "")


def test_cli_check_and_rewrite(tmp_path: Path) -> None:
    path = tmp_path / "t.ttn"
    path.write_text(MESSY, "utf-8")
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 1
    assert path.read_text("utf-8") == MESSY
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0 and path.read_text("utf-8") == CANONICAL
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_cli_refuses_unreadable_lines_with_their_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.ttn"
    text = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\nN XS\n'
    path.write_text(text, "utf-8")
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2 and f"{path}:5:3: 'XS' is not a card" in result.stderr
    assert path.read_text("utf-8") == text
    missing = runner.invoke(app, ["fmt", str(tmp_path / "nope.ttn")])
    assert missing.exit_code == 2 and "Traceback" not in missing.output


GRAMMAR = Lark(grammar_text(), parser="lalr", lexer="contextual")  # the whole grammar, events and games' words too
HEADER = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\n'


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(from_lark(GRAMMAR, explicit={"COMMENT": st.just("# note")}), max_size=12),
       st.sampled_from(TRANSCRIPTS))
def test_any_readable_text_formats_to_the_same_verdict(lines: list[str], case: Path) -> None:
    """Grammar-made lines, alone or inserted in a case: fmt refuses cleanly or keeps the verdict."""
    base = case.read_text("utf-8").splitlines()
    at = len(base) // 2
    for text in (HEADER + "\n".join(lines) + "\n", "\n".join(base[:at] + lines + base[at:]) + "\n"):
        try:
            canonical = format_text(text)
        except FormatError as error:
            assert error.problems
            continue
        assert positionless(check_text(canonical).to_dict()) == positionless(check_text(text).to_dict())
        assert format_text(canonical) == canonical


# ---- streaming: any size, the same text ---------------------------------------------------

def test_the_text_each_piece_replaces_adds_up_to_the_file() -> None:
    """`format_stream` tells each piece of output with the text it replaces: both add up."""
    from referee.output.fmt import format_stream

    text = MESSY + "\n# between games\n" + MESSY.replace("# first", "# again") + "# the end\n\n"
    pieces: list[tuple[str, list[str]]] = []
    format_stream(io.BytesIO(text.encode("utf-8")), lambda original, lines: pieces.append((original, lines)))
    assert len(pieces) > 3
    assert "".join(original for original, _ in pieces) == text
    assert "".join(line + "\n" for _, lines in pieces for line in lines) == format_text(text)


def test_a_hand_past_the_limit_is_refused_as_check_refuses_it() -> None:
    """A hand the checker cannot use (too long) makes the file one fmt does not rewrite."""
    lines = MAX_HAND_CHARS // len("N pass, E pass") + 5
    text = CANONICAL + "\nhand 2 dealer N\n" + "N pass, E pass\n" * lines + "\nhand 3 dealer E\nS pass\n"
    with pytest.raises(FormatError) as raised:
        format_text(text)
    assert raised.value.problems == check_text(text).files[0].errors


def test_many_unreadable_lines_are_listed_up_to_the_limit() -> None:
    text = HEADER + "N XS\n" * (MAX_ERRORS + 20)
    with pytest.raises(FormatError) as raised:
        format_text(text)
    problems = raised.value.problems
    assert len(problems) == MAX_ERRORS + 1 and "… and 1 more problems" in problems[-1].message
    assert problems == check_text(text).files[0].errors  # listed as check lists them


def _apply(old: list[str], diff: list[str]) -> list[str]:
    """`diff` (unified, as written by `UnifiedDiff`) applied to `old`, checking every line it names."""
    new, at, k = [], 0, 2
    while k < len(diff):
        match = re.fullmatch(r"@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@\n", diff[k])
        assert match and len(diff) > 2
        start = int(match[1]) - (1 if match[2] != "0" else 0)
        assert start >= at
        new, at, k = new + old[at:start], start, k + 1
        while k < len(diff) and not diff[k].startswith("@@"):
            sign, line = diff[k][0], diff[k][1:]
            if sign in " -":
                assert old[at] == line
                at += 1
            if sign in " +":
                new.append(line)
            k += 1
    return new + old[at:]


@pytest.mark.parametrize("whole", [True, False], ids=["whole", "piece-by-piece"])
def test_the_diff_is_difflibs_for_a_small_file_and_applies_for_any(whole: bool, monkeypatch) -> None:
    import difflib

    from referee.output import streamdiff
    from referee.output.fmt import format_stream

    if not whole:
        monkeypatch.setattr(streamdiff, "WHOLE_CHARS", 0)  # as for a file past 2 MB
    texts = [MESSY, MESSY + "\n" + MESSY.replace("N pass", "n pass"), CANONICAL.replace("\n", "\r\n")]
    texts += [p.read_text("utf-8") for p in TRANSCRIPTS[::7]]
    for text in texts:
        text = text.replace("trick 2: ", "trick 2:  ").replace("\nhand", "\n\n\nhand")
        try:
            canonical = format_text(text)
        except FormatError:
            continue
        out: list[str] = []
        differ = streamdiff.UnifiedDiff(out.append, "a", "b")
        format_stream(io.BytesIO(text.encode("utf-8")),
                      lambda original, lines, d=differ: d.feed(original.splitlines(True), [f"{x}\n" for x in lines]))
        differ.close()
        diff = "".join(out)
        if whole:
            assert diff == "".join(difflib.unified_diff(text.splitlines(True), canonical.splitlines(True), "a", "b"))
        else:
            assert "".join(_apply(text.splitlines(True), diff.splitlines(True))) == canonical
            assert (diff == "") == (canonical == text)


def _flood(bare: str, limit: int) -> tuple[int, Problem]:
    """How many `bare` lines outrun `limit`, and the problem ``fmt`` refuses them with."""
    lines = limit // len(bare) + 10
    with pytest.raises(FormatError) as raised:
        format_text(HEADER + bare * lines + "N pass\n")
    [problem] = raised.value.problems
    return lines, problem


@pytest.mark.stress
@pytest.mark.parametrize("bare", ["# a comment\n", "\n", " \t\n"])
def test_fmt_holds_at_most_so_much_at_once(bare: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand is held until it is checked, comments and blank lines included: a stretch longer
    than `MAX_FMT_HELD` is refused at its line, so a flood of them costs bounded memory. Tried
    at an eighth of the limit (256 KB): the work is a line's worth per line, and two million
    blank lines took 14 CPU-seconds where a quarter of a million prove the same. Its message is
    read at 1 MB (the least it can say), with comments, the fewest lines."""
    import referee.output.fmt

    if bare == "# a comment\n":
        monkeypatch.setattr(referee.output.fmt, "MAX_FMT_HELD", 1 << 20)
        _, problem = _flood(bare, 1 << 20)
        assert "fmt would have to hold more than 1 MB" in problem.message
    monkeypatch.setattr(referee.output.fmt, "MAX_FMT_HELD", MAX_FMT_HELD // 8)
    lines, problem = _flood(bare, MAX_FMT_HELD // 8)
    assert "fmt would have to hold more than" in problem.message and 4 < problem.line < lines + 4
    held = HEADER + bare * (lines // 2) + "N pass\nhand 2\n" + bare * (lines // 2) + "E pass\n"
    assert format_text(held).endswith("N pass\n\nhand 2\nE pass\n") == (bare != "# a comment\n")  # held apart
