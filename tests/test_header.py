"""Headers: a header repeated game after game is validated once, and reported everywhere."""

from __future__ import annotations

from referee.check import check_text
from referee.engine.header import SetupReader
from referee.games import registry
from referee.notation.events import Span, Tag

HAND = "hand 1 dealer W\nupcard 9D\nN pass, E pass, S pass, W pass\n"


def _tags(line: int, rules: str) -> list[Tag]:
    return [Tag("Game", "euchre", Span(line, 2), Span(line, 8)),
            Tag("Players", "N E S W", Span(line + 1, 2), Span(line + 1, 11)),
            Tag("Partners", "N-S E-W", Span(line + 2, 2), Span(line + 2, 12)),
            Tag("Rules", rules, Span(line + 3, 2), Span(line + 3, 9))]


def test_a_repeated_clean_header_gives_the_same_setup_at_its_own_line() -> None:
    reader = SetupReader(registry(), None)
    first, game, problems = reader.read(_tags(1, "stick-the-dealer"), Span(1, 1))
    again, game_again, problems_again = reader.read(_tags(20, "stick-the-dealer"), Span(20, 1))
    assert first is not None and again is not None and not problems and not problems_again
    assert again.at == Span(20, 1) and first.at == Span(1, 1) and game_again is game
    assert (again.players, again.teams, again.options) == (first.players, first.teams, first.options)
    other, _, _ = reader.read(_tags(40, "target=5"), Span(40, 1))
    assert other is not None and other.options["target"] == 5 and not other.options["stick-the-dealer"]


def test_a_header_with_a_refused_line_gives_no_setup_even_when_its_tags_repeat_a_clean_one() -> None:
    """A refused tag line leaves its header unusable (docs/notation.md §2), whatever tags were read:
    not even the last clean header's setup is reused for it (a sequential run and ``--jobs`` agree)."""
    reader = SetupReader(registry(), None)
    assert reader.read(_tags(1, "deals=2"), Span(1, 1))[0] is not None
    refused, game, problems = reader.read(_tags(20, "deals=2"), Span(20, 1), refused=True)
    assert refused is None and game is not None and not problems
    assert SetupReader(registry(), None).read(_tags(40, "deals=2"), Span(40, 1), refused=True)[0] is None


def test_a_repeated_bad_header_is_reported_at_each_game() -> None:
    header = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n[Rules "target=nine"]\n'
    verdict = check_text(header + HAND + "\n" + header + HAND)
    errors = verdict.files[0].errors
    assert [e.line for e in errors] == [4, 12] and all("target" in e.message for e in errors)
    assert verdict.summary.games == 0


def test_games_sharing_a_header_each_keep_their_own_line() -> None:
    header = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n'
    verdict = check_text(header + HAND + "\n" + header + HAND)
    assert [g.line for g in verdict.files[0].games] == [1, 8]


def test_an_empty_pool_tag_is_an_error_not_an_empty_pool() -> None:
    """[Pool ""] is a slip of the pen: exit 2 naming the tag, where [Pool "0"] is a real empty pool."""
    body = '[Game "boston"]\n[Players "A Y B Z"]\n[Pool "{}"]\n\nhand 1 dealer Z\nA pass, Y pass, B pass, Z pass\n'
    empty = check_text(body.format(""))
    assert empty.exit_code == 2
    assert [e.message for f in empty.files for e in f.errors] == ["the Pool tag holds no number"]
    assert check_text(body.format("0")).exit_code == 0


def test_a_tag_name_in_the_wrong_case_is_one_error_and_read_as_meant() -> None:
    """[game "euchre"] is the Game tag miswritten: one error naming the spelling, not a second one
    saying the header has no [Game] tag (nor, for [players], no [Players])."""
    header = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n'
    for wrong, right in (("[game ", "[Game "), ("[PLAYERS ", "[Players "), ("[partners ", "[Partners ")):
        verdict = check_text(header.replace(right, wrong) + HAND)
        errors = [(e.line, e.message) for f in verdict.files for e in f.errors]
        assert verdict.exit_code == 2 and len(errors) == 1, errors
        assert errors[0][1] == f"tag {wrong.strip()}] is written {right.strip()}]"


READS = {"euchre": set(), "whist": set(), "boston": {"Pool"}, "auction-pitch": {"Pool"},
         "french-boston": {"Pool", "Belle"}}
"""The shared tags each game's laws read beyond those every game does (notation.md §2.1)."""


def test_every_shared_tag_a_game_cannot_use_is_an_error_at_the_tag() -> None:
    """[Pool] and [Belle] are read where a game declares them and refused, at their own line, by every
    other game: a club's [Pool "12"] in a euchre header is never silently ignored."""
    assert set(READS) == set(registry())
    values = {"Pool": "12", "Belle": "hearts"}
    for name, game in registry().items():
        assert game.reads == READS[name]
        for tag, value in values.items():
            tags = [Tag("Game", name, Span(1, 2), Span(1, 8)), Tag("Players", "N E S W", Span(2, 2), Span(2, 11)),
                    *([Tag("Partners", "N-S E-W", Span(3, 2), Span(3, 12))] if name in ("euchre", "whist") else []),
                    Tag(tag, value, Span(4, 2), Span(4, 8))]
            setup, _, problems = SetupReader(registry(), None).read(tags, Span(1, 1))
            if tag in READS[name]:
                assert setup is not None and not problems, (name, tag, problems)
            else:
                assert [(p.line, p.column, p.message) for p in problems] == [
                    (4, 2, f"tag [{tag}] is not a tag of {name}")], (name, tag)
                assert "remove the tag" in problems[0].hint
