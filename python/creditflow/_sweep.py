"""Sweeps: every point of a cartesian product of values, run in this process on threads."""

import csv
import io
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _creditflow
from ._model import Model, on_main_thread
from ._progress import Progress, SweepLine, reporter
from ._values import run_options, value_list


def number(text: str) -> Any:
    """A CSV cell as pandas reads it: an int, a float, or the text ("" is missing: None)."""
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def sweep(model: Model, vary: Optional[Mapping[str, Iterable[Any]]] = None, *, sweeps: Sequence[str] = (),
          jobs: int = 1, view: str = "tl", isolate: bool = False, cycles: Optional[int] = None,
          warmup: Optional[int] = None, seed: Optional[int] = None, watchdog: Optional[int] = None,
          wait_percentile: Optional[float] = None, accepted_wait: Optional[int] = None,
          progress: Progress = True, frame: bool = True) -> Union["pandas.DataFrame", List[Dict[str, Any]]]:
    """Runs every point of `vary` (or, without it, the model's named sweeps, or those `sweeps`
    names) and returns a row per point: `creditflow sweep MODEL --vary ... --csv -` as a
    pandas DataFrame (a column per varied or set parameter and per figure, `status` as in
    the CSV), or as a list of dicts where pandas is not installed or `frame` is False.

        creditflow.sweep(model, vary={"rx.depth": range(1, 19), "link.latency": [1, 4, 8]}, jobs=2)

    The first parameter varies fastest. In the TL view (the default) the points run on
    `jobs` threads of this process with Python's lock released; the cycle view runs each in
    a child process. The model's set values hold at every point. progress: True prints a
    line now and then on standard error, a callable(done, total) is called after each point.
    Ctrl-C stops the sweep and raises KeyboardInterrupt.
    """
    varied = [value_list(param, values) for param, values in (vary or {}).items()]
    options = run_options(cycles=cycles, warmup=warmup, seed=seed, watchdog=watchdog,
                          wait_percentile=wait_percentile, accepted_wait=accepted_wait)
    text = _creditflow.sweep(model._handle, varied, list(sweeps), options, view, jobs, isolate,
                             reporter(progress, SweepLine), on_main_thread())
    if frame:
        try:
            import pandas
        except ImportError:
            pass
        else:
            return pandas.read_csv(io.StringIO(text))
    return [{key: number(cell) for key, cell in row.items()} for row in csv.DictReader(io.StringIO(text))]
