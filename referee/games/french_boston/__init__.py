"""French Boston (moved to a package; split in the next commit)."""

from .hand import *  # noqa: F403
