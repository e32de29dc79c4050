"""Reading a save's history: parse() checks a save's text, start() sets its game up again and
decode_steps()/play_step() replay its actions (the writing side and the format are in core/history.py;
from_json() and replay(), which take a save of either kind, are in core/loading.py).

Whatever the input, the only error is SaveError, and its message quotes at most a short excerpt.
A history save that breaks a rule is refused naming the step (counted from 1) and the reason, whether
or not its checksum matches (a save edited by hand does not: see read_doc). A save
made with other shipped card data is refused rather than replayed wrongly (the fingerprint of the data as
a game reads it decides, so line endings and provenance notes do not; saves of earlier versions, which
recorded a digest of the files' text, are recognised by core/past_fingerprints.py).
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterator

from . import serial
from .data import DataOrigin, fingerprint, folder_raw_fingerprints, game_files, raw_fingerprints, shipped_dir
from .errors import ConfigError, DataError, IllegalAction, SaveError, check_flag, counted, excerpt as _excerpt
from .history import FORMAT, OLD_FORMATS, checksum
from .past_fingerprints import EARLIER
from .registry import GAMES, game_class, load_builtin
from .refusals import short
from .version import VERSION
from .state import State

# A real save is under 10 KB (the longest random games of all four, at the most players, hold about
# 500 actions), and under 100 KB with a user's card files embedded. Anything longer than this is no game,
# and is refused by its length alone, before a byte of it is parsed, so refusing it costs no memory.
MAX_SAVE_CHARS = 2 * 1024 * 1024


def too_long(size: int, unit: str = "bytes") -> SaveError:
    """The refusal of a save `size` `unit` long, over MAX_SAVE_CHARS: no game is that long (the "Open a
    save" control refuses a file by its size alone with it, before reading it)."""
    return SaveError(f"not a neko_lab save: {size:,} {unit} is far longer than any game "
                     f"(saves are at most {MAX_SAVE_CHARS:,})")


def parse(text: Any) -> dict:
    """The JSON document of a save, checked for format and checksum; SaveError otherwise."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_SAVE_CHARS:
            raise too_long(len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"not a neko_lab save: not UTF-8 text (byte {exc.start + 1})") from None
    if not isinstance(text, str):
        raise SaveError(f"a save is text (str or UTF-8 bytes) or the path of its file, not "
                        f"{type(text).__name__}")
    text = text.removeprefix("\ufeff")        # a byte order mark, as some editors write: not part of the save
    if len(text) > MAX_SAVE_CHARS:
        raise too_long(len(text), "characters")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if len(text) < 4096 and "\n" not in text and os.path.isfile(text):
            hint = f"; to read the file of that name, pass pathlib.Path({text!r})"
        raise SaveError(f"not a neko_lab save: not JSON ({exc.msg} at line {exc.lineno}, "
                        f"column {exc.colno}), starting {_excerpt(text, 40)}{hint}") from None
    except (RecursionError, ValueError, MemoryError) as exc:
        raise SaveError(f"not a neko_lab save: {type(exc).__name__} reading it (nested too "
                        f"deeply or a number too long)") from None
    if not isinstance(doc, dict) or "format" not in doc:
        raise SaveError(f"not a neko_lab save: no 'format' field in {_excerpt(text, 40)}")
    fmt = doc["format"]
    if fmt not in (FORMAT, *OLD_FORMATS):
        raise SaveError(f"unsupported save format {_excerpt(fmt, 40)}; this version reads {FORMAT!r}")
    if "checksum" not in doc:
        raise SaveError("corrupted save: the 'checksum' field is missing")
    body = {k: v for k, v in doc.items() if k != "checksum"}
    if fmt in OLD_FORMATS:
        body = doc.get("state")
    try:
        digest = checksum(body)
    except (RecursionError, TypeError, ValueError):
        raise SaveError("corrupted save: its content cannot be read back") from None
    if digest != doc["checksum"]:
        raise _ChecksumMismatch(doc)
    return doc


class _ChecksumMismatch(SaveError):
    """A save whose checksum does not match, with its document (see read_doc)."""

    def __init__(self, doc: dict):
        super().__init__("corrupted save: the checksum does not match (the file was damaged or edited)")
        self.doc = doc


def read_doc(text: Any) -> dict:
    """parse(text); but when the checksum of a history save does not match, its history is replayed
    first, so that a hand edit that breaks a rule is refused with the step and the reason (the
    checksum only guards against accidents: it is no seal). A changed save that replays without
    breaking a rule is refused by the checksum."""
    try:
        return parse(text)
    except _ChecksumMismatch as exc:
        doc = exc.doc
        if doc["format"] in OLD_FORMATS or doc.get("kind") != "history":
            raise
        try:
            state = start(doc)
            for n, action in decode_steps(doc):
                play_step(state, n, action)
        except SaveError as why:
            raise SaveError(f"{why} (and the checksum does not match: the file was damaged or "
                            f"edited{_header_hint(doc)})") from None
        raise


def _header_hint(doc: dict) -> str:
    """"; its steps replay in full as a game of 1 player, where the save says 2 players: the player count
    is the likely edit" when a history that breaks a rule replays without a fault under another player
    count (or with one option changed: a true/false option flipped, another back to its default); else
    "". The seed cannot be tried so: an edited seed shows only as the step that breaks a rule."""
    try:
        cls = game_of_doc(doc)
        players = doc["players"]
        options = serial.decode(doc["options"])
        if not isinstance(options, dict):
            return ""
    except Exception:                  # the header itself is damaged: start() has said so already
        return ""
    for other in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        if other != players and _replays({**doc, "players": other}):
            return (f"; its steps replay in full as a game of {counted(other, 'player')}, where the save says "
                    f"{counted(players, 'player')}: the player count is the likely edit")
    for name, value in options.items():
        if isinstance(value, bool):
            others = [not value]
        else:
            others = [cls.OPTIONS[name]] if name in cls.OPTIONS and cls.OPTIONS[name] != value else []
        for other in others:
            if _replays({**doc, "options": serial.encode({**options, name: other})}):
                return (f"; its steps replay in full with the option {name}={other!r}, where the save says "
                        f"{name}={value!r}: that option is the likely edit")
    return ""


def _replays(doc: dict) -> bool:
    """Does the history of `doc` replay to its end without breaking a rule?"""
    try:
        state = start(doc)
        for _, action in decode_steps(doc):
            state.apply(action)
    except Exception:
        return False
    return True


def _field(doc: dict, name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in doc:
        raise SaveError(f"corrupted save: the '{name}' field is missing")
    value = doc[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise SaveError(f"corrupted save: '{name}' should be {names}, not {_excerpt(value, 40)}")
    return value


def game_of_doc(doc: dict) -> type[State]:
    name = _field(doc, "game", str)
    try:
        return game_class(name)
    except ConfigError:
        raise SaveError(f"save is for an unknown game {_excerpt(name, 40)}") from None


# ---------------------------------------------------------------- history saves
def _game_of(module: str) -> str | None:
    """The registered game whose package (the folder of its State class's module) holds `module`."""
    load_builtin()
    for name, game in GAMES.items():
        home = game.__module__.rpartition(".")[0] or game.__module__
        if module == home or module.startswith(home + "."):
            return name
    return None


def _not_this_game(cls: type[State], other: str, what: str) -> SaveError:
    return SaveError(f"this save's game is {cls.GAME}, but its {what} are those of {other}: its "
                     f"'game' field does not match its actions and card data")


def _check_actions_are_of(cls: type[State], doc: dict) -> None:
    """SaveError when the action classes a save names belong to another registered game."""
    names = doc.get("classes")
    if not isinstance(names, list):
        return                                  # decode_steps says what is wrong
    home = cls.__module__.rpartition(".")[0] or cls.__module__
    for key in names:
        if not isinstance(key, str):
            continue
        module = key.partition(":")[0]
        if module == home or module.startswith(home + "."):
            continue
        other = _game_of(module)
        if other is not None and other != cls.GAME:
            raise _not_this_game(cls, other, "actions")


def start(doc: dict) -> State:
    """The game of a history save as it was set up, before any action."""
    cls = game_of_doc(doc)
    _check_actions_are_of(cls, doc)
    players = _field(doc, "players", int)
    seed = _field(doc, "seed", int)
    raw_options = _field(doc, "options", dict)
    try:
        options = serial.decode(raw_options)
    except (SaveError, RecursionError, TypeError, ValueError, KeyError, AttributeError):
        raise SaveError("corrupted save: its options cannot be read") from None
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise SaveError("corrupted save: 'options' is not a table of option names")
    own = sorted(set(options) & {"players", "seed", "data"})
    if own:        # settings of the save's own, which a game's options never hold
        raise SaveError(f"corrupted save: 'options' names {own[0]}, which the save records on its own")
    record = doc.get("data")
    try:
        if record is None:
            state = cls(players=players, seed=seed, **options)
            if state._origin.folder is not None:
                raise SaveError(f"this save names no dataset but {cls.GAME} reads one: it was not "
                                f"written by neko_lab")
            return state
        if not isinstance(record, dict) or not isinstance(record.get("fingerprint"), str):
            raise SaveError("corrupted save: 'data' should hold the dataset's fingerprint")
        files = record.get("files")
        if files is None:
            return _with_shipped_data(cls, record["fingerprint"], players, seed, options, doc.get("version"))
        return _with_embedded_data(cls, record["fingerprint"], files, players, seed, options)
    except (ConfigError, DataError) as exc:
        raise SaveError(f"the save's settings are refused: {exc}") from None


def _with_shipped_data(cls: type[State], saved: str, players: int, seed: int, options: dict,
                       version: Any = None) -> State:
    here = shipped_dir(cls.GAME)
    if not (here and _stands_for(cls.GAME, saved, here)):
        load_builtin()
        for other in sorted(GAMES):
            folder = shipped_dir(other)
            if other != cls.GAME and folder and _stands_for(other, saved, folder):
                raise _not_this_game(cls, other, "card data")
        current = fingerprint(here) if here else ""
        raise SaveError(f"this save was played with other {cls.GAME} card data (dataset "
                        f"fingerprint {saved[:16]!r}) than the one installed here ({current!r}); "
                        f"replaying it would give another game. {_where_to_open(version)}")
    return cls(players=players, seed=seed, **options)


def _stands_for(game: str, saved: str, folder: str) -> bool:
    """Is `saved`, a save's data fingerprint, that of the shipped dataset of `game` in `folder`: its
    fingerprint now, or the digest an earlier version recorded for the same data (past_fingerprints)?"""
    current = fingerprint(folder)
    return (saved == current or EARLIER.get(game, {}).get(saved) == current
            or saved in folder_raw_fingerprints(folder))


def _where_to_open(version: Any) -> str:
    """Where a save made with other shipped card data can be opened: the neko_lab version it records."""
    if not isinstance(version, str) or not version or len(version) > 40:
        return ("Open it with the neko_lab version that wrote it (this save does not say which: it comes "
                "from before saves recorded the version writing them).")
    if version != VERSION:
        return f"Open it with neko_lab {version}, the version that wrote it (this is {VERSION})."
    return (f"It was written by neko_lab {version}, as this one is numbered, with card data that has "
            f"changed since: open it where the card data it was played with is installed.")


def _with_embedded_data(cls: type[State], saved: str, files: Any, players: int, seed: int,
                        options: dict) -> State:
    if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise SaveError("corrupted save: the embedded data files should be a table of file texts")
    for name in files:
        if name != os.path.basename(name) or name in ("", ".", "..") or "\0" in name:
            raise SaveError(f"corrupted save: {_excerpt(name, 40)} is not a plain file name")
    pairs = tuple(sorted(files.items()))
    if fingerprint(None, pairs) != saved and saved not in raw_fingerprints(pairs):   # (or an earlier version's)
        raise SaveError("corrupted save: the embedded data files do not match their fingerprint")
    wanted = game_files(cls.GAME)       # saves of earlier versions may hold other files of the folder
    if wanted is not None:
        pairs = tuple((name, text) for name, text in pairs if name in wanted)
    with tempfile.TemporaryDirectory(prefix=f"neko_lab-{cls.GAME}-") as tmp:
        for name, text in pairs:
            Path(tmp, name).write_text(text, encoding="utf-8")
        try:
            state = cls(players=players, seed=seed, data=tmp, **options)
        except DataError as exc:         # name the save's file, not the passing folder it was read from
            name = os.path.basename(exc.file) if os.path.dirname(exc.file) == tmp else exc.file
            raise DataError(f"embedded {name}", exc.row, exc.field, exc.problem,
                            line=exc.line) from None
    state._origin = DataOrigin(None, False, pairs)   # the folder is gone: keep the files to save again
    return state


def decode_steps(doc: dict) -> Iterator[tuple[int, Any]]:
    """(step number from 1, action) of a history save, refusing a step that cannot be read."""
    names = _field(doc, "classes", list)
    classes = []
    for key in names:
        cls = serial.registered(key) if isinstance(key, str) else None
        if cls is None:
            raise SaveError(f"save names an unknown action class {_excerpt(key, 60)}")
        classes.append(cls)
    for n, raw in enumerate(_field(doc, "actions", list), start=1):
        yield n, decode_step(n, raw, classes)


def decode_step(n: int, raw: Any, classes: list[type]) -> Any:
    """The action of step n (counted from 1) from its saved form `raw` ([class index, *fields] for
    one of `classes`, else a value written by serial.encode); SaveError naming the step otherwise."""
    try:
        return _decode_action(raw, classes)
    except SaveError as exc:
        raise SaveError(f"step {n}: {exc}") from None
    except (RecursionError, TypeError, ValueError, KeyError, AttributeError, IndexError):
        raise SaveError(f"step {n}: {_excerpt(raw, 60)} is not an action this save can "
                        f"describe") from None


def _decode_action(raw: Any, classes: list[type]) -> Any:
    if not isinstance(raw, list):
        return serial.decode(raw)
    if not raw or not isinstance(raw[0], int) or isinstance(raw[0], bool) or not (
            0 <= raw[0] < len(classes)):
        raise SaveError(f"{_excerpt(raw, 60)} names no action class of this save")
    cls = classes[raw[0]]
    values = [serial.decode(v) for v in raw[1:]]
    fields = serial.fields_of(cls)
    if len(values) != len(fields):
        raise SaveError(f"a {cls.__name__} has {len(fields)} fields, not {len(values)}")
    if issubclass(cls, tuple):
        return cls(*values)
    return serial._build(cls, dict(zip(fields, values)))


def play_step(state: State, n: int, action: Any) -> None:
    """Apply step n of a save, turning any refusal into a SaveError naming the step."""
    try:
        state.apply(action)
    except IllegalAction as exc:
        said, quoted = str(exc), short(action)
        if quoted.endswith("...") and said.startswith(quoted):     # a long action, cut where a word ends
            said = _clip(short(action, 1000), len(quoted)) + said[len(quoted):]
        reason = _clip(said, 200)
        if not _names(str(exc), action):                    # a reason that does not name the action
            reason = f"{_clip(short(action, 1000), 60)} is not legal: {reason}"
        raise SaveError(f"step {n}: {reason}") from None
    except Exception as exc:
        raise SaveError(f"step {n}: {short(action, 60)} could not be replayed: "
                        f"{type(exc).__name__}: {short(str(exc), 200)}") from None


def _names(reason: str, action: Any) -> bool:
    """Does a refusal already name the action it refuses? It does when it starts with the action's
    text (as far as the refusal quotes it: a long one is cut, and its own text may hold ": "), or when
    the clause before any bracket says that something is not legal or not possible."""
    text = short(action, 1000)
    quoted = short(action).removesuffix("...")           # as State.why_illegal quotes it
    if reason.startswith(quoted) or reason.startswith(text[:40]):
        return True
    clause = reason.split(" (", 1)[0]
    return " is not legal" in clause or " is not possible" in clause


def _clip(text: str, limit: int) -> str:
    """`text` cut to about `limit` characters at a space (never in the middle of a word), with "..."."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 3]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + "..."


def from_file(source: Any) -> tuple[Any, str | None]:
    """(the save's text, its file's name) for a path (os.PathLike) read as UTF-8; (source, None) for
    anything else, judged by parse()."""
    if not isinstance(source, os.PathLike):
        return source, None
    name = os.fspath(source)
    try:
        size = os.path.getsize(name)
        if size > 4 * MAX_SAVE_CHARS:
            raise SaveError(f"{name}: not a neko_lab save: {size:,} bytes is far longer than any game")
        with open(name, "rb") as f:
            return f.read(), name
    except OSError as exc:
        raise SaveError(f"{name}: cannot read the save ({exc.strerror or type(exc).__name__})") from None


def read_source(source: Any, load: Any, trust: bool) -> Any:
    """load(text, trust) of a save given as text or as the path of its file; a SaveError then names
    the file in front."""
    check_flag("trust", trust)
    text, name = from_file(source)
    try:
        return load(text, trust)
    except SaveError as exc:
        if name is None:
            raise
        raise SaveError(f"{name}: {exc}") from None
