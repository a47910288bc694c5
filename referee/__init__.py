"""referee: replays card-table transcripts, finds irregularities, applies the laws, scores hands.

The library API is `check_text` (pure: text in, `Verdict` out) and `Verdict.to_dict()`.
"""

from .check import check_text
from .engine.verdict import Verdict

__version__ = "0.1.0"
__all__ = ["Verdict", "__version__", "check_text"]
