"""The README and the pages of docs/: every relative link leads to a page and a heading that exist,
every page is reachable from the README, the examples they show are what referee prints, and
the commands of the clubs' walk-through run.

Other examples are checked where their subject is tested: the explain gallery in
tests/test_explain.py, the library's examples in tests/test_api.py, the Dask recipe in
tests/test_dask.py, the set-up commands in tests/test_usability.py, the notation's examples in
tests/test_notation_doc.py.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.games.euchre.generator import random_game

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CASE = "cases/euchre/revoke-established.ttn"

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors for the page's headings: lower case, punctuation dropped, spaces to
    hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    anchors = set()
    for line in _prose(page.read_text("utf-8")):
        heading = re.match(r"(?:>\s?)?#{1,6} (.*)", line)
        if not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _links(page: Path) -> list[str]:
    return [target for line in _prose(page.read_text("utf-8"))
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line))  # inline code holds no links
            if not target.startswith(("http://", "https://", "mailto:"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    for target in _links(page):
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        assert destination.exists(), f"{page.name}: {target} names no file"
        if anchor:
            assert destination.suffix == ".md", f"{page.name}: {target}: an anchor into a file that is not a page"
            assert anchor in _anchors(destination), f"{page.name}: {target}: no such heading"


def test_the_link_checker_sees_links_and_headings() -> None:
    assert "docs/cli.md" in _links(ROOT / "README.md")
    assert "nothing-referee-writes-destroys-a-file" in _anchors(ROOT / "docs" / "cli.md")
    assert "the-referees-desk-referee-serve" in _anchors(ROOT / "docs" / "desk.md")


def test_every_page_is_reachable_from_the_readme() -> None:
    reached, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in reached:
            continue
        reached.add(page)
        for target in _links(page):
            path = target.partition("#")[0]
            if path.endswith(".md"):
                todo.append((page.parent / path).resolve())
    assert not set(PAGES) - reached


def _block_after(text: str, marker: str) -> str:
    """The fenced block that follows ``marker``, without its fences."""
    start = text.index("```", text.index(marker))
    start = text.index("\n", start) + 1
    return text[start:text.index("```", start)]


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, check=False)


README = (ROOT / "README.md").read_text("utf-8")


def test_the_tours_transcript_is_the_shipped_case() -> None:
    shown = _block_after(README, "Here is `cases/euchre/revoke-established.ttn`")
    case = (ROOT / CASE).read_text("utf-8")
    assert case.endswith(shown) and all(line.startswith("#") for line in case[: -len(shown)].splitlines())


def test_the_tours_check_is_what_referee_prints() -> None:
    command = f"$ referee check {CASE}\n"
    shown = README[README.index(command) + len(command):].split("```", 1)[0]
    done = _run("check", CASE)
    assert done.returncode == 1 and done.stdout == shown


def test_the_tours_report_excerpt_is_what_referee_writes() -> None:
    """Quoted as it renders: the real Markdown report holds the excerpt exactly, the winners in bold."""
    start = README.index("> ### The tricks")
    quoted = README[start:README.index("\n\n", README.index("> ### Penalties"))]
    excerpt = "\n".join(line[2:] if line.startswith("> ") else line.removeprefix(">") for line in quoted.splitlines())
    report = _run("report", CASE, "--format", "markdown").stdout
    assert excerpt in report
    assert "| 2 | N | AH | 9S | **JD** | QH | S |" in excerpt and "| 5 | S | QD | **AD** | KD | JS | E |" in excerpt


def test_the_cli_pages_example_shows_real_lines_in_order() -> None:
    """docs/cli.md leaves lines out (…); the lines it shows are the real ones, in their order."""
    cli = (ROOT / "docs" / "cli.md").read_text("utf-8")
    shown = [line for line in _block_after(cli, f"Example (`{CASE}`)").splitlines() if line.strip() != "…"]
    real = _run("check", CASE).stdout.splitlines()
    at = 0
    for line in shown:
        assert line in real[at:], line
        at = real.index(line, at) + 1


def test_the_error_examples_are_what_referee_says(tmp_path: Path) -> None:
    cli = (ROOT / "docs" / "cli.md").read_text("utf-8")
    shown = _block_after(cli, "Unusable input is reported as").strip()
    lines = (ROOT / CASE).read_text("utf-8").splitlines()
    lines[11] = "N   XS"  # line 12, the card at column 5
    (tmp_path / "game.ttn").write_text("\n".join(lines) + "\n", "utf-8")
    done = _run("check", "game.ttn", cwd=tmp_path)
    assert done.returncode == 2 and shown in done.stderr.splitlines()
    clubs = (ROOT / "docs" / "clubs.md").read_text("utf-8")
    said = re.search(r"`(tonight\.ttn:12:5: 'XS' is not a card — .*?), …`", clubs)
    assert said and shown.replace("game.ttn", "tonight.ttn").startswith(said.group(1))
    misspelt = re.search(r"\(`(player 'Anne' .*?)`\)", cli)
    header = '[Game "euchre"]\n[Players "Ann Bob Cy Di"]\n[Partners "Ann-Cy Bob-Di"]\nhand 1 dealer Di\nAnne pass\n'
    (tmp_path / "anne.ttn").write_text(header, "utf-8")
    assert misspelt and misspelt.group(1) in _run("check", "anne.ttn", cwd=tmp_path).stderr


def test_every_command_of_the_clubs_walk_through_runs(tmp_path: Path) -> None:
    """docs/clubs.md, step by step, on a transcript of three hands: each command it shows runs
    and gives a verdict (0 or 1), and the reports it names are written."""
    clubs = (ROOT / "docs" / "clubs.md").read_text("utf-8")
    commands = re.findall(r"^\s*(referee [^#`\n]*?)\s*(?:#.*)?$", clubs, re.MULTILINE)
    commands += re.findall(r"`(referee [^`]*)`", clubs)
    commands = [c for c in dict.fromkeys(commands)  # the commands as written, not a mere mention or the desk
                if ("tonight.ttn" in c or c.startswith("referee rules ")) and not c.startswith("referee serve")]
    assert len(commands) >= 10, commands
    yaml = re.search(r"```yaml\n(.*?)```", clubs, re.DOTALL)
    assert yaml
    (tmp_path / "club.yaml").write_text(yaml.group(1).replace("\n   ", "\n"), "utf-8")
    for command in commands:
        args = command.split()[1:]
        if args[0] == "new":
            done = _run(*args[:-2], cwd=tmp_path)
            assert done.returncode == 0 and args[-2:] == [">", "tonight.ttn"] and "[Game" in done.stdout
            (tmp_path / "tonight.ttn").write_text(random_game(random.Random(28), hands=3), "utf-8")
            continue
        done = _run(*args, cwd=tmp_path)
        assert done.returncode in (0, 1) and "Traceback" not in done.stderr, (command, done.stderr)
    assert (tmp_path / "ruling.html").exists() and (tmp_path / "hand3.html").exists()
