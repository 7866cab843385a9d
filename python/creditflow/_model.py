"""Models: read from a platform file or built from Python's dicts, checked as the tool checks."""

import threading
from typing import Any, Dict, Mapping, Optional, Sequence

from . import _creditflow
from ._result import Result
from ._values import assignments, run_options


def on_main_thread() -> bool:
    """Only the main thread gets Ctrl-C: there a run catches it and raises KeyboardInterrupt."""
    return threading.current_thread() is threading.main_thread()


class Model:
    """A platform: its components, connections and run settings, and values set on it.

    Built from Python as a platform file is written:

        Model(components={"src": {"kind": "traffic_source", "pattern": "saturating"}, ...},
              connections=["src.out -> tx.in", ...], run={"cycles": 6000})

    or read with creditflow.load(path). Either way it is checked at once by the tool's own
    parser and resolver, and a mistake raises creditflow.Error with the tool's line; a built
    model's lines are those of its `yaml`.
    """

    def __init__(self, components: Mapping[str, Mapping[str, Any]], connections: Sequence[str] = (), *,
                 clocks: Optional[Mapping[str, Any]] = None, run: Optional[Mapping[str, Any]] = None,
                 sweeps: Optional[Mapping[str, Any]] = None, description: Optional[str] = None) -> None:
        document: Dict[str, Any] = {}
        for key, value in (("description", description), ("clocks", clocks), ("components", components),
                           ("connections", list(connections)), ("run", run), ("sweeps", sweeps)):
            if value is not None:
                document[key] = value
        self._handle = _creditflow.parse(_creditflow.document_yaml(document))

    @classmethod
    def _of(cls, handle: "_creditflow.ModelHandle") -> "Model":
        model = cls.__new__(cls)
        model._handle = handle
        return model

    @property
    def file(self) -> str:
        """The path it was read from (as given), or "Model" for one built in Python."""
        return self._handle.file

    @property
    def yaml(self) -> str:
        """Its platform file's text (for a built model, what its errors' line numbers count)."""
        return self._handle.text

    @property
    def sets(self) -> Dict[str, str]:
        """The values set on it, as the tool's --set takes them: {"rx.depth": "8"}."""
        return dict(s.split("=", 1) for s in self._handle.sets)

    def set(self, values: Optional[Mapping[str, Any]] = None, /, **named: Any) -> "Model":
        """Sets parameters: model.set({"rx.depth": 8}) or model.set(**{"rx.depth": 8}).

        Each is checked as `--set` is (the component, the parameter, its range); a wrong one
        raises creditflow.Error and sets nothing. A later value of a parameter replaces the
        earlier one. Returns the model, so calls chain.
        """
        self._handle.set(assignments(values, named, "set"))
        return self

    def copy(self) -> "Model":
        """An independent copy: values set on one do not reach the other."""
        return Model._of(self._handle.copy())

    def run(self, view: str = "tl", *, cycles: Optional[int] = None, warmup: Optional[int] = None,
            seed: Optional[int] = None, watchdog: Optional[int] = None, wait_percentile: Optional[float] = None,
            accepted_wait: Optional[int] = None) -> Result:
        """Simulates it once and returns its figures (the document `creditflow run --json` prints).

        view: "tl" (transaction level, in this process) or "cycle" (SystemC modules on
        signals, in a child process: the kernel elaborates once per process); the figures are
        the same. The other options are the tool's: None keeps the model's own. Ctrl-C stops
        the run and raises KeyboardInterrupt.
        """
        options = run_options(cycles=cycles, warmup=warmup, seed=seed, watchdog=watchdog,
                              wait_percentile=wait_percentile, accepted_wait=accepted_wait)
        text, summary = _creditflow.run(self._handle, view, options, on_main_thread())
        return Result(text, summary)

    def __repr__(self) -> str:
        sets = "".join(f", {k}={v}" for k, v in self.sets.items())
        return f"<creditflow.Model {self.file}{sets}>"


def load(path: str) -> Model:
    """Reads and checks a platform file (YAML), as `creditflow run PATH` does before it runs."""
    return Model._of(_creditflow.load(str(path)))
