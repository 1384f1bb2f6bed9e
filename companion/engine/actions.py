"""The inputs a game accepts, and their JSON form (the transcript and the web API use the same)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Fortune:
    """The start player reads the round's Fortune Teller card (None: no card)."""

    card: str | None = None
    seat = None


@dataclass(frozen=True, slots=True)
class Draw:
    """A chip came out of a seat's bag (an RFID read, or a simulated bag)."""

    seat: int
    chip: str


@dataclass(frozen=True, slots=True)
class Return:
    """A chip put back was seen going into its bag (so its next read will be a draw)."""

    seat: int
    chip: str


@dataclass(frozen=True, slots=True)
class Stop:
    seat: int


@dataclass(frozen=True, slots=True)
class Choose:
    """An answer to a pending decision (die faces, crow skull, flask, rewards, ...)."""

    seat: int
    decision: str
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a chip in the shop; `chip` names the physical chip when a reader saw it."""

    seat: int
    color: str
    value: int
    chip: str | None = None


@dataclass(frozen=True, slots=True)
class Spend:
    """Spend rubies at the end of the round: 'droplet' or 'flask'."""

    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Done:
    """Finish shopping, or finish spending rubies."""

    seat: int


Action = Fortune | Draw | Return | Stop | Choose | Buy | Spend | Done

_KINDS: dict[str, Callable[..., Action]] = {
    "fortune": Fortune, "draw": Draw, "return": Return, "stop": Stop, "choose": Choose,
    "buy": Buy, "spend": Spend, "done": Done,
}
_NAMES = {cls: kind for kind, cls in _KINDS.items()}
_FIELDS: dict[str, dict[str, tuple[type, bool]]] = {  # field -> (type, required)
    "fortune": {"card": (str, False)},
    "draw": {"seat": (int, True), "chip": (str, True)},
    "return": {"seat": (int, True), "chip": (str, True)},
    "stop": {"seat": (int, True)},
    "choose": {"seat": (int, True), "decision": (str, True), "keys": (list, True)},
    "buy": {"seat": (int, True), "color": (str, True), "value": (int, True), "chip": (str, False)},
    "spend": {"seat": (int, True), "what": (str, True)},
    "done": {"seat": (int, True)},
}


def action_to_dict(action: Action) -> dict[str, Any]:
    kind = _NAMES[type(action)]
    out: dict[str, Any] = {"kind": kind}
    for name in _FIELDS[kind]:
        value = getattr(action, name)
        if value is None and not _FIELDS[kind][name][1]:
            if kind == "fortune":
                out[name] = None
            continue
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def _quoted(value: Any) -> str:
    """What was sent, quoted in a reason: short, so that a refusal never carries a body back."""
    text = repr(value) if isinstance(value, str) else f"<{type(value).__name__}>"
    return text if len(text) <= 24 else text[:23] + "…"


def action_from_dict(data: Any) -> Action:
    """Build an action from JSON; anything malformed is refused with the reason."""
    if not isinstance(data, Mapping):
        raise IllegalAction("malformed", "an input must be a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise IllegalAction("malformed", f"unknown input kind {_quoted(kind)}; expected one of {', '.join(_KINDS)}")
    fields = _FIELDS[kind]
    extra = set(data) - set(fields) - {"kind"}
    if extra:
        raise IllegalAction("malformed", f"{kind}: unexpected field(s) {', '.join(map(_quoted, sorted(extra)[:4]))}")
    kwargs: dict[str, Any] = {}
    for name, (typ, required) in fields.items():
        if name not in data or data[name] is None:
            if required:
                raise IllegalAction("malformed", f"{kind}: missing field {name!r}")
            continue
        value = data[name]
        if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalAction("malformed", f"{kind}: {name!r} must be a whole number")
        if typ is not int and not isinstance(value, typ):
            raise IllegalAction("malformed", f"{kind}: {name!r} must be a {typ.__name__}")
        if typ is list:
            if not all(isinstance(k, str) for k in value):
                raise IllegalAction("malformed", f"{kind}: {name!r} must be a list of strings")
            value = tuple(value)
        kwargs[name] = value
    return _KINDS[kind](**kwargs)
