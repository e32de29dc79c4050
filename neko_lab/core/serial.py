"""Exact, type-preserving JSON encoding of plain game data.

States are plain data: ints, strings, lists, dicts, tuples, sets, the Rng, Events and small classes
(dataclasses, NamedTuples, classes with __slots__). This module writes them to JSON-compatible values
and reads them back to equal objects. Only classes that were registered with `serializable` (or are
State subclasses known to the registry) can be rebuilt, so a save file can never name arbitrary code.
"""
from __future__ import annotations

import dataclasses
import functools
from types import SimpleNamespace
from typing import Any, Callable, TypeVar

from .chain import History, chain
from .errors import SaveError
from .events import Event, Log
from .frozen import FrozenDict
from .rng import Rng

C = TypeVar("C", bound=type)
_CLASSES: dict[str, type] = {}


def class_key(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def serializable(cls: C) -> C:
    """Class decorator: allow instances of `cls` inside saved states."""
    _CLASSES[class_key(cls)] = cls
    return cls


serializable(Event)


def is_registered(cls: type) -> bool:
    return class_key(cls) in _CLASSES


def registered(key: str) -> type | None:
    """The class saved under `key`, if it was registered."""
    return _CLASSES.get(key)


def fields_of(cls: type) -> tuple[str, ...]:
    """The fields a registered class is saved with, in order."""
    return _class_fields(cls)


def _fields(obj: Any) -> tuple[str, ...]:
    names = _class_fields(type(obj))
    if hasattr(obj, "__dict__"):
        names += tuple(n for n in obj.__dict__ if n not in names)
    return names


@functools.lru_cache(maxsize=None)
def _class_fields(cls: type) -> tuple[str, ...]:
    """The stored fields of instances of `cls` (dataclass fields, NamedTuple fields or __slots__)."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return tuple(cls._fields)
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def encode(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    t = type(obj)
    if t is list:
        return [encode(v) for v in obj]
    if t is dict:
        if all(type(k) is str for k in obj):
            return {"~d": {k: encode(v) for k, v in obj.items()}}
        return {"~m": [[encode(k), encode(v)] for k, v in obj.items()]}
    if t is FrozenDict:         # read-only (options, event data): read back read-only
        return {"~z": [[encode(k), encode(v)] for k, v in obj.items()]}
    if t is tuple:
        return {"~t": [encode(v) for v in obj]}
    if t is set or t is frozenset:
        items = [encode(v) for v in obj]
        items.sort(key=repr)
        return {"~s" if t is set else "~f": items}
    if t is Rng:
        return {"~r": str(obj.state)}
    if t is History:
        return {"~h": [encode(a) for a in obj.actions()]}
    if t is Log:                # a state's log is saved as the list of its events
        return [encode(e) for e in obj]
    if t is Event:
        fields = [obj.text, obj.rule, obj.seat, encode(dict(obj.data)) if obj.data else None]
        return {"~e": fields + [obj.cover] if obj.cover is not None else fields}
    key = class_key(t)
    if key not in _CLASSES:
        raise TypeError(f"cannot save a {key}: decorate the class with neko_lab.core.serializable")
    # a class's TRANSIENT fields are caches: saved as None, so reading a state never changes its save
    transient = getattr(t, "TRANSIENT", ())
    return {"~c": key, "v": {name: None if name in transient else encode(getattr(obj, name))
                             for name in _fields(obj)}}


def decode(data: Any) -> Any:
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise SaveError(f"unexpected value in save: {str(data)[:80]}")
    if "~d" in data:
        return {k: decode(v) for k, v in data["~d"].items()}
    if "~m" in data:
        return {decode(k): decode(v) for k, v in data["~m"]}
    if "~t" in data:
        return tuple(decode(v) for v in data["~t"])
    if "~s" in data:
        return {decode(v) for v in data["~s"]}
    if "~f" in data:
        return frozenset(decode(v) for v in data["~f"])
    if "~r" in data:
        return Rng(int(data["~r"]))
    if "~h" in data:
        return chain([decode(v) for v in data["~h"]])
    if "~z" in data:
        return FrozenDict({decode(k): decode(v) for k, v in data["~z"]})
    if "~e" in data:
        text, rule, seat, extra, *cover = data["~e"]
        return Event(text, rule, seat, decode(extra) if extra is not None else {}, *cover[:1])
    if "~c" in data:
        cls = _CLASSES.get(data["~c"])
        if cls is None:
            raise SaveError(f"save names an unknown class {data['~c']!r}")
        values = {k: decode(v) for k, v in data["v"].items()}
        return _build(cls, values)
    raise SaveError(f"unexpected value in save: {str(data)[:80]}")


def _build(cls: type, values: dict[str, Any]) -> Any:
    if issubclass(cls, tuple):  # NamedTuple
        return cls(**values)
    loaded = getattr(cls, "_loaded", None)
    if loaded is not None:      # a read-only class builds itself again from the saved fields
        return loaded(SimpleNamespace(**values))    # (Pending is a C type in the compiled build)
    obj = object.__new__(cls)
    for k, v in values.items():
        object.__setattr__(obj, k, v)  # works for frozen dataclasses too
    return obj


Copier = Callable[[Any], Any]


def fast_copy(obj: Any) -> Any:
    """Structural copy of plain data without copy.deepcopy: immutable values are shared."""
    t = type(obj)
    if t in _ATOMIC:
        return obj
    if t is list:
        return [fast_copy(v) for v in obj]
    if t is dict:
        return {k: fast_copy(v) for k, v in obj.items()}
    if t is set:
        return set(obj)
    if t is Rng:
        return obj.copy()
    if t is tuple or isinstance(obj, (tuple, frozenset, Event)):
        return obj
    copier = getattr(obj, "copy", None)
    if copier is not None:
        return copier()
    new = object.__new__(t)
    for name in _fields(obj):
        object.__setattr__(new, name, fast_copy(getattr(obj, name)))
    return new


_ATOMIC = {int, str, float, bool, type(None), frozenset, Event, History, FrozenDict}
