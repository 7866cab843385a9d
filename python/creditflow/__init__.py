"""creditflow from Python: load or build a platform, run it, sweep it, size it.

    import creditflow
    model = creditflow.load("models/credit_loop.yaml")
    model.set({"rx.depth": 8})
    r = model.run(cycles=6000, seed=1)
    print(r.links["link"].throughput)        # 0.8

Every figure is the one `creditflow run --json` gives for the same model, options and seed;
every error is a creditflow.Error (a ValueError) carrying the line the tool prints.
"""

from ._creditflow import Error, ProtocolError
from ._model import Model, load
from ._result import Figures, Result
from ._size import SizeResult, size
from ._sweep import sweep

__all__ = ["Error", "ProtocolError", "Model", "load", "Figures", "Result", "sweep", "size", "SizeResult"]
