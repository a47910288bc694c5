"""``referee fmt``: canonical form, comments kept, and the same verdict (a round trip over every case)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from typer.testing import CliRunner

from referee.check import check_text
from referee.cli import app
from referee.output.fmt import FormatError, comment_of, format_text

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


def positionless(value: Any) -> Any:
    """The verdict without lines and columns, which reformatting moves on purpose."""
    if isinstance(value, dict):
        return {k: positionless(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [positionless(v) for v in value]
    if isinstance(value, str):
        return re.sub(r"\bline \d+", "line #", value)
    return value


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


@settings(max_examples=40, deadline=None)
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


GRAMMAR = Lark(resources.files("referee.grammars").joinpath("transcript.lark").read_text("utf-8"),
               parser="lalr", lexer="contextual")
HEADER = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\n'


@settings(max_examples=150, deadline=None)
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
