"""Python values as the text the tool takes on its command line (--set, --vary, --cycles)."""

import numbers
from typing import Any, Iterable, List, Mapping, Optional, Tuple

from ._creditflow import Error


def value_text(value: Any, where: str) -> str:
    """A bool as true/false, an int as itself, a float by its shortest exact text, a str as is
    (numpy's integers and floats as Python's: numpy.arange(1, 19) sweeps as range(1, 19) does)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    if isinstance(value, str):
        return value
    # An error of the same kind as the library's own, so that one except clause catches both.
    raise Error(f"{where} = {value!r} is a {type(value).__name__} (allowed: an int, a float, a str or a bool)")


def assignments(values: Optional[Mapping[str, Any]], named: Mapping[str, Any], where: str) -> List[Tuple[str, str]]:
    """A dict ({"rx.depth": 8}) and keywords (**{"rx.depth": 8}) as (param, text) pairs, in order."""
    out = []
    for source in (values or {}, named):
        for param, value in source.items():
            out.append((param, value_text(value, f"{where} {param}")))
    return out


def run_options(**options: Any) -> dict:
    """The run options given (not None) as text, by the tool's names."""
    return {name: value_text(value, name) for name, value in options.items() if value is not None}


def value_list(param: str, values: Iterable[Any]) -> str:
    """"param=V1,V2,...": one --vary; a value with a comma could not be told from two."""
    texts = [value_text(v, f"vary {param}") for v in values]
    for t in texts:
        if "," in t:
            raise Error(f"vary {param}: the value {t!r} has a comma, which separates values (allowed: values "
                        "without one)")
    return f"{param}={','.join(texts)}"
