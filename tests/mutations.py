"""Ways to damage a transcript, shared by the fuzz tests and the long fuzz run (fuzz_referee.py)."""

from __future__ import annotations

import random

WORDS = ["AS", "10h", "T♦", "9c", "XS", "1S", "AH", "N", "E", "S", "W", "Q", "pass", "bid", "7", "order",
         "name", "hearts", "alone", "discard", "retract", "expose", "claim revoke", "call highest", "accept",
         "count", "concede", "spread", "sell", "refuse", "pitch", "demand belle", "keep", "trick 9:", "hand",
         "dealer", "deal N:", "upcard", "recorded N-S +9", "redeal", "[Rules \"target=x\"]", "[Game \"euchre\"]",
         "[Players \"N E S W\"]", '"', "[", "]", ",", ":", "#", "\x00", "\udcff", "é", "𝔸", "\t", "-", "+",
         "9" * 50, "hand 0 dealer N", "[Score \"N-S 9\"]", "[Pool \"x\"]", "[Belle \"purple\"]"]


def mutate(text: str, rng: random.Random, steps: int = 3) -> str:
    """Apply `steps` random damages: delete, duplicate, swap or truncate lines, replace or insert words."""
    lines = text.split("\n")
    for _ in range(steps):
        op = rng.randrange(7)
        i = rng.randrange(len(lines)) if lines else 0
        if not lines:
            lines = [rng.choice(WORDS)]
        elif op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2 and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == 3:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            lines[i] = " ".join(words)
        elif op == 4:
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + rng.choice(WORDS) + lines[i][at:]
        elif op == 5:
            del lines[i + 1:]
        else:
            lines.insert(i, " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 6))))
    return "\n".join(lines)
