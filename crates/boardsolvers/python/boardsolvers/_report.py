"""Reports: the JSON objects of the binaries' ``--json`` output, with attribute access."""

import copy
import json
from typing import Any, Dict, List


class Report:
    """One JSON object of a binary's ``--json`` output.

    Every key is an attribute (``report.value``, ``report.moves[0].move``); nested objects are
    reports too, and arrays are lists. ``to_dict()`` gives the object back as plain Python data,
    equal to ``json.loads`` of the binary's line.
    """

    __slots__ = ("_fields",)

    def __init__(self, fields: Dict[str, Any]) -> None:
        self._fields = fields

    @classmethod
    def from_json(cls, text: str) -> "Report":
        """The report of one JSON object's text."""
        return cls(json.loads(text))

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrap(self._fields[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> Any:
        return _wrap(self._fields[name])

    def __contains__(self, name: str) -> bool:
        return name in self._fields

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._fields))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Report) and self._fields == other._fields

    def __repr__(self) -> str:
        return f"Report({self._fields!r})"

    def keys(self) -> List[str]:
        """The field names, in the order of the JSON object."""
        return list(self._fields)

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object as plain dicts, lists, strings, numbers and ``None`` (a copy)."""
        return copy.deepcopy(self._fields)


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Report(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


def reports(lines: List[str]) -> List[Report]:
    """The reports of a list of JSON object texts."""
    return [Report.from_json(line) for line in lines]


def dicts(lines: List[str]) -> List[Dict[str, Any]]:
    """The plain objects of a list of JSON object texts."""
    return [json.loads(line) for line in lines]


def input_bytes(text: "str | bytes") -> bytes:
    """The input as bytes (a ``str`` is encoded as UTF-8)."""
    if isinstance(text, str):
        return text.encode()
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"the input must be str or bytes, not {type(text).__name__}")
