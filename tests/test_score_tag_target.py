"""A header's [Score] at or past the game's target shows a game already won (notation.md §5):
the hands written start the next game, as hands written after a game won do."""

from __future__ import annotations

from typing import Any

from referee import check_text

PITCH = '[Game "auction-pitch"]\n[Players "A B C D"]\n[Score "A {a}, B 3, C 0, D 0"]\n\nhand 9 dealer B\nC pass\n'
EUCHRE = ('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n{rules}[Score "N-S 12, E-W 3"]\n\n'
          'hand 4 dealer W\n')


def games(text: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = check_text(text).to_dict()["files"][0]["games"]
    return found


def test_a_pitch_score_at_the_target_is_a_game_won_and_the_hand_starts_the_next() -> None:
    won, fresh = games(PITCH.format(a=7))
    assert (won["hands"], won["winner"], won["final_score"]) == ([], "A", {"A": 7, "B": 3, "C": 0, "D": 0})
    assert fresh["final_score"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    hand = fresh["hands"][0]
    assert hand["number"] == 9 and "won the game before this hand" in hand["notes"][0]


def test_a_score_short_of_the_target_is_the_game_going_on() -> None:
    (game,) = games(PITCH.format(a=6))
    assert game["hands"][0]["score_after"]["A"] == 6


def test_a_game_of_a_set_number_of_deals_has_no_target_to_reach() -> None:
    (game,) = games(EUCHRE.format(rules='[Rules "deals=8"]\n'))
    assert game["final_score"] == {"N-S": 12, "E-W": 3} and game["winner"] is None
    assert len(games(EUCHRE.format(rules=""))) == 2
