"""A recorded result that disagrees says which entry is wrong and by how much, the pool included."""

from __future__ import annotations

import io
from pathlib import Path

from referee.check import check_files
from referee.engine.verdict import Recorded
from referee.output.render import TextWriter

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_each_wrong_entry_is_kept_with_what_the_laws_give() -> None:
    recorded = Recorded.against({"A": 3, "B": 1, "pool": 2}, {"A": 2, "B": 1, "C": 0, "D": 1, "pool": 1}, 9)
    assert not recorded.agrees
    assert recorded.wrong == (("A", 3, 2), ("D", 0, 1), ("pool", 2, 1))


def test_the_pool_is_compared_only_when_written_and_a_missing_side_counts_as_nothing() -> None:
    assert Recorded.against({"N-S": 1}, {"N-S": 1, "E-W": 0, "pool": 4}, 9).agrees
    assert Recorded.against({"N-S": 1, "E-W": 0}, {"N-S": 1, "E-W": 0}, 9).wrong == ()


def text_of(path: Path) -> str:
    out = io.StringIO()
    check_files([str(path)], TextWriter(out, io.StringIO()))
    return out.getvalue()


def test_the_text_verdict_names_a_wrong_side_and_a_wrong_pool(tmp_path: Path) -> None:
    euchre = text_of(CASES / "euchre" / "recorded-disagrees.ttn")
    assert "DISAGREES with the laws: N-S +2 where the laws give +1" in euchre
    text = (CASES / "auction-pitch" / "revoke-established.ttn").read_text("utf-8")
    assert "pool +1" in text
    path = tmp_path / "pool-disagrees.ttn"
    path.write_text(text.replace("pool +1", "pool +2"), "utf-8")
    assert "DISAGREES with the laws: pool +2 where the laws give +1" in text_of(path)


def test_a_result_recorded_against_an_unfinished_hand_says_the_laws_figures_are_so_far_only(tmp_path: Path) -> None:
    """A scoresheet's result checked against a transcript that stops before the play ends still
    disagrees (nothing in it was verified), and the words say why and what to write."""
    path = tmp_path / "unfinished.ttn"
    path.write_text('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\nhand 1 dealer W\nupcard 9H\n'
                    "N order\nrecorded N-S +1\n", "utf-8")
    text = text_of(path)
    assert ("Recorded: N-S +1 — DISAGREES with the laws: N-S +1 where the laws give 0; the transcript stops before "
            "the hand is over, so the laws' figures are so far only: write the rest of the hand to check the result"
            ) in text
    finished = text_of(CASES / "euchre" / "recorded-disagrees.ttn")
    assert "DISAGREES" in finished and "so far only" not in finished  # a hand played out: its figures are final
