"""Progress of long work on standard error (Python's, so that a notebook shows it too)."""

import sys
import time
from typing import Any, Callable, Dict, Optional, Union

Progress = Union[bool, Callable[..., None], None]


class SweepLine:
    """"sweep: 12/31 points, 1.2 s, about 2.0 s left": a line a tenth of the way and at least
    every 10 s, once the sweep has taken a second (a quicker one says nothing), and the last."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.decile = -1
        self.last = 0.0
        self.said = False

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        decile = done * 10 // max(total, 1)
        if done == total:
            if not self.said:
                return
        elif elapsed < 1 or (decile == self.decile and elapsed < self.last + 10):
            return
        self.decile, self.last, self.said = decile, elapsed, True
        left = elapsed / done * (total - done) if done else 0.0
        print(f"sweep: {done}/{total} points, {elapsed:.1f} s, about {left:.1f} s left", file=sys.stderr, flush=True)


class SizeLine:
    """"size: 23 runs, 41.2 s, search, best so far 21; ...": at most every 2 s, and at each new phase,
    once the search has taken a second."""

    def __init__(self) -> None:
        self.last = -10.0
        self.phase = ""

    def __call__(self, state: Dict[str, Any]) -> None:
        if state["seconds"] < 1 or (state["seconds"] < self.last + 2 and state["phase"] == self.phase):
            return
        self.last, self.phase = state["seconds"], state["phase"]
        best = f"best so far {state['best']:g}" if state["best"] is not None else "nothing meets yet"
        print(f"size: {state['runs']} runs, {state['seconds']:.1f} s, {state['phase']}, {best}; a step takes at "
              f"most {state['runs_left']} more runs", file=sys.stderr, flush=True)


def reporter(progress: Progress, default: Callable[[], Callable[..., None]]) -> Optional[Callable[..., None]]:
    """True: the default line; False or None: nothing; a callable: called instead."""
    if progress is True:
        return default()
    if not progress:
        return None
    return progress
