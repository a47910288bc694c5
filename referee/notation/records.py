"""`record`: how the small records built by the million are declared.

Checking an archive builds a record for every event, every position in the text, every fact
the table reports and every trick of the verdict. A frozen dataclass sets each field through
``object.__setattr__``; for these records that was about 15% of all the work of checking an
archive. A record is therefore a plain slotted dataclass that compares and hashes by value, as
a frozen one does, and is immutable by convention: nothing assigns to a record once built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(eq_default=True)
def record(cls: type[T]) -> type[T]:
    """Declare `cls` a record: a slotted dataclass, equal and hashed by its fields."""
    return dataclass(slots=True, unsafe_hash=True)(cls)
