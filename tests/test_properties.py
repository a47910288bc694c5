"""Property tests: random lawful euchre hands give no finding; one planted revoke gives exactly one.

The hands follow suit and pass the lead as the independent oracle (oracle.py) says, and are
written in random styles (`write_in_style`: several tricks on a line, labels left out, ...).
"""

from __future__ import annotations

import random

from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle
from planted import planted_revoke

from referee import check_text
from referee.engine.generators import write_in_style
from referee.games.euchre import GAME
from referee.games.euchre.generator import random_hand

HEADER = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n[Rules "stick-the-dealer; target=1000"]\n\n'


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_lawful_game_has_no_finding(seed: int) -> None:
    text = GAME.random_game(random.Random(seed), hands=4, rules_for=oracle, style=random.Random(seed))
    verdict = check_text(text).to_dict()
    game = verdict["files"][0]["games"][0]
    assert verdict["summary"]["irregularities"] == 0, text
    assert verdict["summary"]["errors"] == 0, text
    assert all(h["status"] == "complete" for h in game["hands"]), text
    # every hand scores for exactly one side, 1, 2 or 4 points
    for hand in game["hands"]:
        assert sorted(hand["score_delta"].values())[0] == 0
        assert max(hand["score_delta"].values()) in (1, 2, 4), hand


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=0, max_value=3))
def test_one_planted_revoke_gives_exactly_one_finding_at_that_trick(seed: int, dealer: int) -> None:
    lines, planted = random_hand(random.Random(seed), dealer, 1, plant_revoke=True, rules_for=oracle)
    text = HEADER + write_in_style("\n".join(lines), random.Random(seed))
    hand, finding = planted_revoke(text, planted)
    if finding is None:
        return
    assert finding["rule"] == "euchre.revoke.established"
    assert sum(hand["score_delta"].values()) in (2, 4), hand  # the penalty replaces the ordinary score


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_revoke_without_the_deal_is_proven_by_later_play_or_not_at_all(seed: int) -> None:
    """Dropping the deal lines never invents a finding the deal would not show."""
    lines, planted = random_hand(random.Random(seed), 0, 1, plant_revoke=True, rules_for=oracle)
    text = HEADER + write_in_style("\n".join(line for line in lines if not line.startswith("deal ")),
                                   random.Random(seed))
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    assert len(hand["irregularities"]) <= 1, text
    for finding in hand["irregularities"]:
        assert (finding["kind"], finding["trick"]) == ("revoke", planted), text
