"""A run's figures, named as in its JSON document."""

import json
from typing import Any, Dict, Iterator, List


class Figures:
    """A part of a run's document: its keys as items (r.flows["cpu:mem"]) and, where they are
    names Python allows, as attributes (r.links["link"].throughput). Lists and numbers come
    back as they are; `data` is the plain dict underneath."""

    __slots__ = ("data",)

    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data

    @staticmethod
    def wrap(value: Any) -> Any:
        """A dict as Figures, a list item by item, anything else as it is."""
        if isinstance(value, dict):
            return Figures(value)
        if isinstance(value, list):
            return [Figures.wrap(v) for v in value]
        return value

    def __getitem__(self, key: str) -> Any:
        return Figures.wrap(self.data[key])

    def __getattr__(self, name: str) -> Any:
        if name == "data" or name.startswith("__"):  # not set yet (a copy being made), or Python's own
            raise AttributeError(name)
        try:
            return Figures.wrap(self.data[name])
        except KeyError:
            raise AttributeError(f"no figure '{name}' here (there are: {', '.join(self.data)})") from None

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def keys(self):
        """The names here, as in the JSON."""
        return self.data.keys()

    def items(self):
        """(name, figures) pairs, as in the JSON."""
        return ((k, Figures.wrap(v)) for k, v in self.data.items())

    def __dir__(self) -> List[str]:
        return [k for k in self.data if k.isidentifier()]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figures) and self.data == other.data

    def __repr__(self) -> str:
        return f"Figures({self.data!r})"


class Result(Figures):
    """One run's figures: r.links, r.flows, r.classes, r.networks, r.sources, r.status, ...
    exactly the keys of `creditflow run --json`. r.json() is that document, byte for byte;
    r.diagnosis the sentences that explain each link's figure; str(r) the tool's summary."""

    __slots__ = ("_text", "_summary")

    def __init__(self, text: str, summary: str) -> None:
        super().__init__(json.loads(text))
        self._text = text
        self._summary = summary

    def json(self) -> str:
        """The document `creditflow run --json` prints for the same model, options and seed."""
        return self._text

    @property
    def diagnosis(self) -> List[str]:
        """What limits each link, a sentence each, with the figures that show it."""
        return list(self.data["diagnosis"])

    @property
    def ok(self) -> bool:
        """Whether the run's status is "ok" (else `problems` says what went wrong)."""
        return self.data["status"] == "ok"

    def __str__(self) -> str:
        return self._summary

    def __repr__(self) -> str:
        return f"<creditflow.Result {self.data['model']} status={self.data['status']}>"
