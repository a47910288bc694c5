"""How many examples a property test tries, under the Hypothesis profile in force.

Each property states its full count, ``@settings(max_examples=examples(300))``. The test
command's default profile, ``quick`` (tests/conftest.py), tries a quarter of it (ten at the
least), so that the README's test command stays a few minutes' wait; every property still runs,
on new random examples each time. ``pytest --hypothesis-profile=full`` tries the full counts.
The profile's own ``max_examples`` carries the share: 100, Hypothesis's default, is the full count.
"""

from __future__ import annotations

from hypothesis import settings

FULL = 100
"""The ``max_examples`` of the ``full`` profile: the count each property states."""

LEAST = 10
"""The fewest examples a property tries under any profile."""


def examples(full: int) -> int:
    """The property's count under the profile in force (profiles are loaded before the test
    modules are imported, so this is read at collection)."""
    return max(min(full, LEAST), full * settings().max_examples // FULL)
