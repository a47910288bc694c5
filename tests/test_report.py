"""``referee report``: Markdown and one self-contained HTML page, checked in a real browser when there is one."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from typer.testing import CliRunner

from referee.cli import app
from referee.notation.reader import grammar_text
from referee.output.explain import explain_file
from referee.output.report import report
from referee.output.story import story_of_file, story_of_text

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


class _Page(HTMLParser):
    """Collects what a self-contained page must not have and counts what it must."""

    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self.tags: dict[str, int] = {}
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        if tag in ("script", "img", "link", "iframe", "object", "embed"):
            self.external.append(tag)
        self.external += [f"{tag} {k}" for k, v in attrs if k in ("src", "href", "srcset")]
        if tag not in ("meta", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open.pop() == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_reports_carry_the_verdict_in_both_formats(transcript: Path, case_story: Callable[[Path], Any]) -> None:
    story = case_story(transcript)
    markdown, page = report(story, "markdown"), report(story, "html")
    for game in story.games:
        for hand in game.hands:
            v = hand.verdict
            assert f"## Hand {v.number} — dealer {v.dealer} — {v.status}" in markdown
            assert f"<h2>Hand {v.number} — dealer {v.dealer} — {v.status}</h2>" in page
            for finding in v.irregularities:
                assert f"| {finding.at.line}:{finding.at.column} | {finding.kind} |" in markdown
                assert finding.rule in page
            for player, cards in hand.deals().items():
                assert all(f" {c[:-1]}" in markdown for c in cards), player
    parser = _Page()
    parser.feed(page)
    parser.close()
    assert not parser.external and not parser.open
    assert not re.search(r"url\(|@import|https?://", page)
    assert "Content-Security-Policy" in page and report(story, "html") == page


def test_hand_diagram_auction_and_tricks_markdown() -> None:
    text = report(story_of_file(str(CASES / "euchre" / "revoke-established.ttn")), "markdown")
    assert "### The hands\n\n```\n         N\n         ♠ K\n         ♥ A J" in text
    assert "| 13 | N passes, E passes, S orders up |" in text
    assert "| 3 | S | KS | QS | **AS** | KC | S |" in text
    assert "- W (E-W) revoked: N-S score 2 (N-S +2) [euchre.revoke.established]" in text


def test_cli_writes_a_file_and_exits_like_check(tmp_path: Path) -> None:
    out = tmp_path / "ruling.html"
    transcript = CASES / "euchre" / "revoke-established.ttn"
    result = runner.invoke(app, ["report", str(transcript), "-f", "html", "-o", str(out)])
    assert result.exit_code == 1 and out.read_text("utf-8").startswith("<!DOCTYPE html>")
    bad = runner.invoke(app, ["report", str(CASES / "euchre" / "march.ttn"), "-o", str(tmp_path / "no" / "x.md")])
    assert bad.exit_code == 2 and "cannot write the report" in bad.stderr


def _browser() -> str | None:
    return next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)


BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(_browser() is None, reason="no headless Chromium installed (apt-get install chromium)")
@pytest.mark.parametrize("case", ["euchre/revoke-established.ttn", "auction-pitch/notation-example-dispute.ttn"])
def test_html_renders_in_a_real_browser(tmp_path: Path, case: str) -> None:
    page = tmp_path / "ruling.html"
    page.write_text(report(story_of_file(str(CASES / case)), "html"), "utf-8")
    browser = _browser()
    assert browser is not None
    shot = tmp_path / "ruling.png"
    with tempfile.TemporaryDirectory() as profile:
        # one start of the browser for both: headless Chromium carries out every command it is
        # given on the page it loaded (a cold start is most of what each run cost)
        dom = subprocess.run(check=False, args=[browser, *BROWSER_FLAGS, f"--user-data-dir={profile}",
                                                "--window-size=1000,1400", f"--screenshot={shot}", "--dump-dom",
                                                page.as_uri()],
                             capture_output=True, text=True, timeout=120, env={**os.environ, "HOME": profile})
    assert dom.returncode == 0, dom.stderr[-2000:]
    story = story_of_file(str(CASES / case))
    for hand in story.games[0].hands:
        assert f"Hand {hand.verdict.number} — dealer {hand.verdict.dealer}" in dom.stdout
    assert dom.stdout.count("<table") >= 3 and "<h1>Ruling:" in dom.stdout
    assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


GRAMMAR = Lark(grammar_text(), parser="lalr", lexer="contextual")  # the whole grammar, events and games' words too


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(from_lark(GRAMMAR, explicit={"COMMENT": st.just("# note")}), max_size=8), st.sampled_from(TRANSCRIPTS))
def test_odd_transcripts_still_give_a_story_and_a_page(lines: list[str], case: Path) -> None:
    """Lines the laws find strange (cards twice, events out of place) never break explain or report."""
    base = case.read_text("utf-8").splitlines()
    at = len(base) * 2 // 3
    story = story_of_text("\n".join(base[:at] + lines + base[at:]) + "\n")
    explain_file(story)
    report(story, "markdown")
    parser = _Page()
    parser.feed(report(story, "html"))
    assert not parser.external and not parser.open
