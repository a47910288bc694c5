"""A long fuzz run: ``python tests/fuzz_referee.py --count 1000000 [--seed N]``.

Feeds the referee mutated cases and random lines from the grammar and stops at the first
input that raises or produces an internal error, saving it to ``fuzz-failure-seed<N>.ttn`` (its
own file and its seed in every message, since CI runs several seeds at once).
The test suite runs the same checks briefly (tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutations import WORDS, mutate

from referee import check_text

CASES = [p.read_text("utf-8") for p in sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn"))]
SEEDS = [p.read_text("utf-8") for p in sorted((Path(__file__).resolve().parent / "seeds").glob("*.ttn"))]
"""Hostile transcripts (issue 15), each checked as is and mutated, before the main run."""


def one_input(rng: random.Random) -> str:
    if rng.random() < 0.8:
        return mutate(rng.choice(CASES), rng, rng.randint(1, 8))
    return "\n".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8))) for _ in range(rng.randint(1, 30)))


def _fails(text: str, seed: int, n: int = 0) -> bool:
    """Whether checking `text` raises or reports an internal error (then saved to fuzz-failure-seed<N>.ttn)."""
    try:
        verdict = check_text(text)
        bad: list[object] = [e for f in verdict.files for e in f.errors if e.message.startswith("internal error")]
    except Exception as error:  # noqa: BLE001 - what we are hunting for
        bad = [error]
    if bad:
        saved = f"fuzz-failure-seed{seed}.ttn"
        Path(saved).write_text(text, "utf-8", errors="surrogatepass")
        print(f"seed {seed}, input {n or 'from tests/seeds'}: {bad[0]} (saved to {saved})")
    return bool(bad)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    hostile = random.Random(args.seed)  # its own generator: the main sequence stays as it was, input for input
    for seed in SEEDS:
        for text in [seed] + [mutate(seed, hostile, hostile.randint(1, 8)) for _ in range(200)]:
            if _fails(text, args.seed):
                return 1
    for n in range(1, args.count + 1):
        if _fails(one_input(rng), args.seed, n):
            return 1
        if n % 10_000 == 0:
            print(f"seed {args.seed}: {n} inputs, {n / (time.perf_counter() - started):.0f}/s, no failure")
    print(f"seed {args.seed}: {args.count} inputs, no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
