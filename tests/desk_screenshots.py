"""The desk's screenshots in docs/: ``python tests/desk_screenshots.py [FOLDER]``.

For each game, a ten-hand game (nine random hands, then a case of `cases/` that stops at a
dispute, as `benchmarks/desk.py` builds it) is opened in a real `referee serve` and shown in
Debian's headless chromium at 1400x1000 and at phone size (390x844), stepped into the middle
of the last hand's play. The pictures are the whole page at the desktop size and the table's
side at the phone size, squeezed to a small palette where ``pngquant`` is installed (``apt-get install pngquant``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from desk import ending_in_dispute
from desk_server import Desk, chromium

from referee.games import registry

CHECKED = "return Number(document.body.dataset.checked || 0)"

HERE = Path(__file__).resolve().parent
SIZES = {"wide": (1400, 1000), "phone": (390, 844)}


def ten_hands(game: str, seed: int = 5) -> str:
    return ending_in_dispute(registry()[game], game, 10, seed)


def browser(width: int, height: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = chromium()
    if found is None:
        raise SystemExit("no chromium and chromedriver: apt-get install chromium chromium-driver")
    os.environ["SE_OFFLINE"] = "true"
    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={width},{height}"):
        options.add_argument(flag)
    if width < 600:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                              "pixelRatio": 1}})
    return webdriver.Chrome(service=Service(executable_path=found[1]), options=options)


def shoot(folder: Path) -> list[Path]:
    out = []
    texts = {}
    work = folder / ".desk-shots"
    work.mkdir(exist_ok=True)
    for game in sorted(registry()):
        path = work / f"{game}-club-night.ttn"
        path.write_text(ten_hands(game), "utf-8")
        texts[game] = path
    desk = Desk(*[str(p) for p in texts.values()])
    try:
        for size, (width, height) in SIZES.items():
            driver = browser(width, height)
            try:
                for index, game in enumerate(texts):
                    driver.get(desk.url)
                    driver.execute_script("window.onbeforeunload = null")
                    from selenium.webdriver.support.ui import Select, WebDriverWait
                    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.checked"))
                    if index:
                        before = int(driver.execute_script("return Number(document.body.dataset.checked)"))
                        Select(driver.find_element("id", "files")).select_by_index(index + 1)
                        WebDriverWait(driver, 30).until(
                            lambda d, b=before: int(d.execute_script(CHECKED)) > b)
                    hands = Select(driver.find_element("id", "hand"))
                    before = int(driver.execute_script("return Number(document.body.dataset.checked)"))
                    hands.select_by_index(len(hands.options) - 2)  # the ninth hand, played out
                    WebDriverWait(driver, 30).until(
                        lambda d, b=before: int(d.execute_script(CHECKED)) > b)
                    driver.execute_script("goTo(Math.floor(viewHand().steps.length * 0.6))")  # mid-play
                    name = folder / f"desk-{game}-{size}.png"
                    if size == "phone":
                        driver.execute_script("document.getElementById('watch').scrollIntoView()")
                    driver.save_screenshot(str(name))
                    out.append(name)
            finally:
                driver.quit()
    finally:
        desk.stop()
        shutil.rmtree(work)
    if shutil.which("pngquant"):  # Debian's pngquant: a small palette, a quarter of the size
        for name in out:
            subprocess.run(["pngquant", "--force", "--quality", "40-80", "--output", str(name), str(name)], check=False)
    return out


if __name__ == "__main__":
    for made in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else HERE.parent / "docs")):
        print(made, made.stat().st_size)
