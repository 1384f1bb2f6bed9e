"""What changed between two views of one page: a patch the page applies to the view it holds.

A live page is sent its whole view when it connects and whenever it falls behind; after that, each
change as a patch: a list of operations, each ``[path, value]`` (set the value there: replace a
key's value, add a key, replace a list's item, or append when the index is the list's length) or
``[path]`` (remove that key), where a path is the list of keys and indices from the view's top.
``web/static/js/live.js`` applies it in the browser exactly as ``apply`` does here.

A draw changes a few numbers and adds a chip to one pot, so its patch is a few hundred bytes where
the view is ten thousand. The views compare as JSON values: a view never turns a number into a
boolean, so Python's ``1 == True`` does not hide a change. An object whose new keys would not end
up in their order is sent whole, as the page would list them in the order they were added.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

Path = list[str | int]
Op = list[Any]


class Change:
    """What changed in one top-level value of a view (``old`` to ``new``): its operations, and
    their JSON (without its brackets) once a second view's patch has needed them."""

    __slots__ = ("old", "new", "ops", "text", "seen")

    def __init__(self, old: Any, new: Any, ops: list[Op]) -> None:
        self.old, self.new, self.ops = old, new, ops
        self.text: str | None = None
        self.seen = False


Memo = dict[tuple[str, int, int], Change]


def diff(old: Any, new: Any, memo: Memo | None = None) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON values); [] when they are equal.

    ``memo``: the operations already worked out for a top-level value that several views share
    (every perspective's view holds the table's view's values), by its key and the ids of the two
    values; each entry keeps both values, so an id is never that of another value."""
    if memo is None or type(old) is not dict or type(new) is not dict:
        ops: list[Op] = []
        _diff(old, new, [], ops)
        return ops
    return [op for part in _parts(old, new, memo) for op in (part.ops if type(part) is Change else (part,))]


def diff_json(old: dict[str, Any], new: dict[str, Any], memo: Memo) -> str:
    """``diff(old, new, memo)`` as JSON text (``separators=(",", ":")``), the operations of a value
    that several views share written once for all of them (a draw changes the table's seat in
    every page's patch: the same operations each time). A value's operations are written with the
    rest of the patch the first time, on their own the second, and that text reused from then on."""
    texts: list[str] = []
    pending: list[Op] = []
    for part in _parts(old, new, memo):
        if type(part) is not Change:
            pending.append(part)
        elif not part.ops:
            continue
        elif part.text is None and not part.seen:
            part.seen = True
            pending.extend(part.ops)
        else:
            _write(pending, texts)
            if part.text is None:
                part.text = _json(part.ops)
            texts.append(part.text)
    _write(pending, texts)
    return f"[{','.join(texts)}]"


def _write(ops: list[Op], texts: list[str]) -> None:
    """``ops`` written at the end of ``texts`` (if any), and cleared."""
    if ops:
        texts.append(_json(ops))
        ops.clear()


def _json(ops: list[Op]) -> str:
    """A list of operations as JSON, without its brackets: to be joined with others."""
    return json.dumps(ops, separators=(",", ":"))[1:-1]


def _parts(old: dict[str, Any], new: dict[str, Any], memo: Memo) -> Iterator[Op | Change]:
    """The patch of two views in order: each top-level value's `Change` where it changed (from
    ``memo``, or worked out and kept there), and the operations that add or remove a key."""
    for key, value in new.items():
        if key not in old:
            yield [[key], value]
            continue
        was = old[key]
        if was is value:  # a part kept from the view before (`game.common`): unchanged
            continue
        found = memo.get((key, id(was), id(value)))
        if found is None or found.old is not was or found.new is not value:
            ops: list[Op] = []
            if not _same(was, value):
                _diff(was, value, [key], ops)
            found = memo[key, id(was), id(value)] = Change(was, value, ops)
        yield found
    for key in old:
        if key not in new:
            yield [[key]]


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _ordered(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """True when setting ``new``'s keys on ``old`` leaves them in ``new``'s order: a page iterates
    an object's keys in the order they were added (the shop's prices, the bag's kinds)."""
    added = [key for key in new if key not in old]
    return not added or list(new) == [key for key in old if key in new] + added


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if type(old) is dict and type(new) is dict and _ordered(old, new):
        for key, value in new.items():
            if key not in old:
                ops.append([[*path, key], value])
            elif not _same(old[key], value):
                _diff(old[key], value, [*path, key], ops)
        ops.extend([[*path, key]] for key in old if key not in new)
    elif type(old) is list and type(new) is list and old and len(new) >= len(old):
        changed = [i for i, item in enumerate(old) if not _same(item, new[i])]
        if 2 * len(changed) > len(old):  # most of it changed (the odds after a draw): the list is shorter
            ops.append([path, new])
            return
        for i in changed:
            _diff(old[i], new[i], [*path, i], ops)
        ops.extend([[*path, i], new[i]] for i in range(len(old), len(new)))
    else:
        ops.append([path, new])


def apply(view: Any, ops: list[Op]) -> Any:
    """``view`` with ``ops`` applied (in place where it can; a path of [] replaces the whole)."""
    for op in ops:
        path = op[0]
        if not path:
            view = op[1]
            continue
        parent = view
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if len(op) == 1:
            del parent[last]
        elif isinstance(parent, list) and last == len(parent):
            parent.append(op[1])
        else:
            parent[last] = op[1]
    return view
