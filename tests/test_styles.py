"""A transcript means the same in every spelling the notation allows (notation.md §1, §2).

test_reflow.py moves events between lines and respells the cards played; this file respells
everything else a scorer may write another way, on every line that holds it: the cards of
``deal``, ``upcard``, ``discard``, ``expose``, ``call`` and the ``Cut`` tag (lower case, suit
symbols, ``10`` for ``T`` and back), suits named by word, capitalised word, letter or symbol
(``name``, ``call``, ``Belle``), comments after every line (with the typographic characters a
comment may hold) and comment and blank lines between them, CR LF line ends and a byte-order
mark. Every case of cases/ so written gives the verdict of the case as written, lines and
columns aside.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from expectations import expected_verdict
from reflow import SUIT_SPELLINGS, TEN_SPELLINGS, positionless

from referee import check_text
from referee.notation.comment import comment_start

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))

_CARD = re.compile(r"(?<![\w'-])(10|[AKQJT2-9])([SHDC♠♥♦♣])(?![\w'-])", re.IGNORECASE)
_SUIT_WORD = re.compile(r"\b(name|call) (spades|hearts|diamonds|clubs)\b")
_BELLE = re.compile(r'^\[Belle "(spades|hearts|diamonds|clubs)"\]')
_SYMBOL_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_COMMENT = "   # “so” – he said\u00a0♡ −2, hand 9 dealer {dealer}"


def respelt(text: str, seed: str) -> str:
    """`text` with each card, suit and comment written another way the notation allows, chosen
    at random (by `seed`); quoted values other than the ``Cut`` tag and ``note`` lines kept."""
    rng = random.Random(seed)

    def card(match: re.Match[str]) -> str:
        rank, suit = match.group(1).upper(), match.group(2).upper()
        suit = _SYMBOL_LETTER.get(suit, suit)
        rank = rng.choice(TEN_SPELLINGS) if rank in ("T", "10") else rng.choice((rank, rank.lower()))
        return rank + rng.choice(SUIT_SPELLINGS[suit])

    def suit(word: str) -> str:
        return rng.choice((word, word.capitalize(), word[0], word[0].upper(), SUIT_SPELLINGS[word[0].upper()][2]))

    players = re.search(r'^\[Players "([^"]*)"', text, re.MULTILINE)
    names = players.group(1).split() if players else ["N"]
    out = ["\ufeff# written in another style", ""]
    for line in text.splitlines():
        start = comment_start(line)
        code, comment = (line, "") if start < 0 else (line[:start], line[start:])
        if code.startswith("[Cut ") or not ('"' in code or code.lstrip().startswith("note")):
            code = _CARD.sub(card, code)
        code = _SUIT_WORD.sub(lambda m: f"{m.group(1)} {suit(m.group(2))}", code)
        code = _BELLE.sub(lambda m: f'[Belle "{suit(m.group(1))}"]', code)
        if code.strip() and not comment:
            comment = _COMMENT.format(dealer=rng.choice(names))
        out += [code + comment, "", "  # a comment line"]
    return "\r\n".join(out) + "\r\n"


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_in_every_spelling(transcript: Path) -> None:
    text = transcript.read_text("utf-8")
    rules = expected_verdict(transcript).get("cli_rules")
    styled = respelt(text, transcript.name)
    assert styled != text
    assert positionless(check_text(styled, rules).to_dict()) == positionless(check_text(text, rules).to_dict()), styled


def written_last(text: str, word: str = "deal") -> str:
    """`text` with each hand's lines of `word` (``deal``: the hands as they were shown at the end;
    ``upcard``: the turned card written down once the bidding and play were) moved after its events,
    before any ``recorded`` or ``redeal`` line."""
    out: list[str] = []
    body: list[str] = []
    moved: list[str] = []

    def close_hand() -> None:
        end = next((i for i, line in enumerate(body) if line.split()[:1] in (["recorded"], ["redeal"])), len(body))
        out.extend(body[:end] + moved + body[end:])
        body.clear()
        moved.clear()

    for line in text.splitlines():
        first = line.split()[:1]
        if first and (first[0].lower() == "hand" or first[0].startswith(("[", "\uff3b"))):  # a full-width one too
            close_hand()
            out.append(line)
        else:
            (moved if first == [word] else body).append(line)
    close_hand()
    return "\n".join(out) + "\n"


def findings_unordered(verdict: Any) -> Any:
    """A positionless verdict whose findings are compared as a set: they are listed in the order of
    the lines they were found at, which moving the deal lines changes on purpose."""
    if isinstance(verdict, dict):
        return {k: sorted(map(repr, v)) if k == "irregularities" and isinstance(v, list) else findings_unordered(v)
                for k, v in verdict.items()}
    return [findings_unordered(v) for v in verdict] if isinstance(verdict, list) else verdict


DEALT = [path for path in TRANSCRIPTS if "\ndeal " in path.read_text("utf-8")]


@pytest.mark.parametrize("transcript", DEALT, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_with_its_hands_written_after_the_play(transcript: Path) -> None:
    """The cards were dealt before anything happened at the table, wherever their lines are
    written (`HandRecord.dealt_first`): a transcript that writes the hands at the end, as they
    were shown, is read as if it wrote them first."""
    text = transcript.read_text("utf-8")
    rules = expected_verdict(transcript).get("cli_rules")
    moved = written_last(text)

    def told(transcript: str) -> Any:
        return findings_unordered(positionless(check_text(transcript, rules).to_dict()))

    assert told(moved) == told(text), moved


HAND_LINES = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\n{line}\nhand 3\n'


@pytest.mark.parametrize("line", ["Hand 2   # dealer S, says W", "Hand two   # dealer S at table 7"])
def test_a_comment_on_a_hand_line_written_wrongly_names_no_dealer_and_is_not_quoted(line: str) -> None:
    """The hand after a misspelt hand line is dealt on from the dealer the line shows, not one a
    comment names (``Hand 2  # dealer S`` made S the second hand's dealer, W the third's, and the
    third hand's bids out of turn), and the error quotes the line without its comment."""
    plain = check_text(HAND_LINES.format(line=line.split("#")[0].rstrip())).to_dict()["files"][0]
    commented = check_text(HAND_LINES.format(line=line)).to_dict()["files"][0]
    assert commented == plain
    assert "#" not in commented["errors"][0]["message"]
    assert commented["games"][0]["hands"][-1]["dealer"] == "E"


def test_a_comment_does_not_make_a_broken_line_a_hand_line() -> None:
    """``hnad`` alone is no hand line (no number or ``dealer`` follows it): a number in the
    comment after it does not make it one."""
    plain = check_text(HAND_LINES.format(line="hnad")).to_dict()["files"][0]
    assert check_text(HAND_LINES.format(line="hnad   # 2 deals")).to_dict()["files"][0] == plain


TURNED = [path for path in TRANSCRIPTS
          if written_last(text := path.read_text("utf-8"), "upcard").rstrip() != text.rstrip()]


@pytest.mark.parametrize("transcript", TURNED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_with_its_upcard_written_after_the_play(transcript: Path) -> None:
    """The card was turned before anyone bid or played, wherever its line is written
    (`HandRecord.dealt_first`): euchre's upcard, boston's card for preference, french-boston's
    belle or petite, whist's trump card written after the bids or the tricks read as written first."""
    text = transcript.read_text("utf-8")
    rules = expected_verdict(transcript).get("cli_rules")
    moved = written_last(text, "upcard")

    def told(transcript: str) -> Any:
        return findings_unordered(positionless(check_text(transcript, rules).to_dict()))

    assert told(moved) == told(text), moved


WRONG_DEAL = """[Game "boston"]
[Players "A Y B Z"]
hand 1 dealer Z
upcard 5D
A bid boston, Y pass, B pass, Z pass
A name hearts
Y concede, B concede, Z concede
hand 2 dealer B
{lines}
Z name hearts
A concede, Y concede, B concede
"""


def test_an_upcard_written_after_the_bids_is_turned_after_what_the_table_did_first() -> None:
    """An upcard line written after the bidding is read just before its first bid, not before the
    table let a wrong deal stand on the same line (`call deal-stands`): turning the card uses the
    deal, so written first it would leave the deal nothing to stop, and the call nothing to answer."""
    bids = "Z bid boston, A pass, Y pass, B pass"
    as_done = check_text(WRONG_DEAL.format(lines=f"A call deal-stands\nupcard 9C\n{bids}")).to_dict()
    late = check_text(WRONG_DEAL.format(lines=f"A call deal-stands, {bids}\nupcard 9C")).to_dict()
    assert findings_unordered(positionless(late)) == findings_unordered(positionless(as_done))
    assert "The table lets the deal stand" in " ".join(as_done["files"][0]["games"][0]["hands"][1]["notes"])
