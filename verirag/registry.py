"""Objects found by a name: the ones a caller registered, else one made per key and kept for the process.

The chat-model factory and the store resolver both work this way: tests and notebooks register ready
objects (a scripted model, an in-memory store) under a name that a :class:`~verirag.Context` string can
then carry, and anything else is created once, on first use, and shared by every run.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """Registered objects by name, and objects made once per key (thread-safe)."""

    def __init__(self) -> None:
        self._named: dict[str, T] = {}
        self._made: dict[Hashable, T] = {}
        self._lock = threading.Lock()

    def register(self, name: str, obj: T) -> None:
        """Make ``obj`` the answer to ``name``."""
        self._named[name] = obj

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is registered."""
        return name in self._named

    def unregister(self, name: str) -> None:
        """Forget ``name`` (missing names are ignored)."""
        self._named.pop(name, None)

    def get(self, name: str, key: Hashable, make: Callable[[], T]) -> T:
        """The object registered as ``name``, else the one made for ``key`` (made now if it is new)."""
        if name in self._named:
            return self._named[name]
        with self._lock:
            if key not in self._made:
                self._made[key] = make()
            return self._made[key]
