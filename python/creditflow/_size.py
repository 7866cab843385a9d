"""Sizing: the least buffers, all together, that meet every target (`creditflow size`)."""

import json
from typing import Optional, Sequence

from . import _creditflow
from ._model import Model, on_main_thread
from ._progress import Progress, SizeLine, reporter
from ._result import Figures
from ._values import run_options


class SizeResult(Figures):
    """The answer of a sizing, named as `creditflow size --json` names it: met, parameters
    (each sized parameter's value), total, unit, targets (each with its worst figure, margin
    and seed), minimal (what one lower breaks), runs, seeds, cycles. s.json() is that
    document; str(s) the command's summary; s.model the model with the answer set."""

    __slots__ = ("_text", "_summary", "model")

    def __init__(self, text: str, summary: str, model: Optional[Model]) -> None:
        super().__init__(json.loads(text))
        self._text = text
        self._summary = summary
        self.model = model

    def json(self) -> str:
        """The object `creditflow size --json` prints for the same model and options."""
        return self._text

    def __str__(self) -> str:
        return self._summary

    def __repr__(self) -> str:
        return f"<creditflow.SizeResult met={self.data['met']} total={self.data['total']:g} {self.data['unit']}>"


def size(model: Model, meet: Optional[str] = None, targets: Sequence[str] = (), *, vary: Sequence[str] = (),
         cost: Sequence[str] = (), seeds: int = 3, jobs: int = 1, view: str = "tl", cycles: Optional[int] = None,
         warmup: Optional[int] = None, seed: Optional[int] = None, progress: Progress = True) -> SizeResult:
    """Sizes every receiver and hop buffer (or those `vary` names) to the least total that
    meets every target over `seeds` seeds, as `creditflow size` does:

        s = creditflow.size(model, meet="offered", targets=["cpu:mem.latency.p99<=20"])
        s.parameters["mem.depth"], s.total, s.model.run()

    meet="offered": every flow carries what its source offers. targets: "FIGURE<=N" or
    "FIGURE>=N" on a flow's, link's or network's figure or any JSON path. vary: "PARAM" or
    "PARAM=FROM:TO". cost: "slots" (the default), "bytes", or "PARAM=WEIGHT". When no values
    in the ranges meet the targets, `met` is False and `why` says which and by how much.
    Ctrl-C stops the search and raises KeyboardInterrupt.
    """
    options = run_options(cycles=cycles, warmup=warmup, seed=seed)
    text, summary, settings = _creditflow.size(model._handle, meet or "", list(targets), list(vary), list(cost),
                                               seeds, jobs, options, view, reporter(progress, SizeLine),
                                               on_main_thread())
    sized = model.copy().set(dict(settings)) if settings else None
    return SizeResult(text, summary, sized)
