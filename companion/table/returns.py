"""Chips going back into the bags: what a read means while a bag still has chips expected back.

A reader at a bag's mouth sees a chip pass and cannot tell in from out. So a read is classified by
what the table expects of that chip at that moment (`reads.action_for_read`): a chip expected back
(poured back at the end of a round, put back after the flask, a crow skull's look or a card, a chip
bought on a phone) is going in, in any phase, before or after the next card is turned. This module
adds what the physical table makes ambiguous, and holds it for the one person who knows:

- **Chips still to go back.** Until every chip a bag expects back has been read going in, or the
  seat (or the host) has said they are all in, a chip read coming out of that bag cannot be told
  from one of them bouncing at the mouth, a handful poured while someone turns the card, or a chip
  put back past the side of the reader and drawn again. Such a read is not turned into a draw: it
  is held, and the seat's phone asks in one tap whether it was drawn (the chips still expected back
  are then in the bag) or not (`HELD`).
- **The same pass.** A chip read at this bag moments ago (`SAME_PASS_SECONDS`) and read again is
  the same chip passing the antenna twice: nobody pulls the one chip they just dropped back out of
  a bag within a few seconds, and a chip just drawn goes back only when the seat has said why (the
  flask, a look) or when its draw itself sent it back (the last chip of Ruby fever's or Less Is
  More's look, Nervousness' whites, the chip a mandrake draws): without either, even the round
  ending meanwhile does not make its second read the pot being poured back (`TWICE`). A read held
  for the seat's answer (below) and read again as soon is that read again too: one question.
- **Counted in unread.** A chip the seat or the host said was in the bag, without a read, may
  still be on its way in (a hand still held it, or a bag unplugged hands its reads over late). Its
  next read, until that seat has drawn again, is that chip going in late if the seat could not
  take it now (before the card, while it is read, or while the seat cannot draw): it is already
  counted in, so the read is kept for the timeline, settled by the tap that counted it in, and
  changes nothing (`LATE`). Once the seat could draw it, its read is held like any other, as the
  seat alone knows whether it drew it.
- **Poured back early.** A chip of the seat's own pot read at its bag once the potion phase is
  over is the pot being poured back before the round's end; it is kept and counted as that chip's
  return as soon as the round ends (`EARLY`).

A read held, read twice or poured early changes nothing in the game until it is answered, so no
answer can leave an impossible game: answering "drawn" enters the draw the engine checks like any
other, "not drawn" only closes the question.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Action, Buy, Draw, GameState, IllegalAction, Return, step
from companion.engine.ingredients.labels import kind_label
from companion.engine.text import N_
from companion.words import render

HELD = "returns_pending"
TWICE = "read_twice"
EARLY = "early_return"
LATE = "late_pass"

ROUND_OVER = N_("the round is over")
BACK_TO_BOX = N_("the chip went back to the box")
"""Why a held read was closed with no answer needed (kept as the answer's "moot")."""

SAME_PASS_SECONDS = 3.0
"""A read of a chip this soon after its return was read at the same bag is that pass read again.
A reader reports a chip staying in its field once, and one that leaves and comes back within its
hold (1 s) not again (`devices/edges.py`); a hand hovering over the mouth brings it back later."""

POURING = frozenset({"essence", "bonus_die", "chip_actions", "rubies", "rewards", "shop", "spend", "round_end"})
"""Phases after the potion phase in which a pot may already be poured back into its bag."""


def _taken(state: GameState, action: Action) -> bool:
    try:
        step(state, action)
    except IllegalAction:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Pass:
    """A chip's read taken at a bag: when, the journal entry it made, and whether it went in or came out."""

    at: float
    seq: int
    kind: str  # "draw", "return", or "settled" (counted back in by a tap, unread)
    round: int
    sent_back: bool = False  # a draw the rules sent straight back into the bag (a card's look done)


def passed(state: GameState, seat: int, action: Action, at: float, seq: int) -> Pass:
    """The pass a read taken as `action` (journal entry `seq`) made, with the game as it left it."""
    chip = getattr(action, "chip", None)
    sent_back = isinstance(action, Draw) and chip in state.seats[seat].returning
    return Pass(at, seq, "return" if isinstance(action, Return) else "draw", state.round, sent_back)


def to_go_back(state: GameState, seat: int) -> list[str]:
    """The chips the seat's bag still expects back, oldest first."""
    return list(state.seats[seat].returning)


def kinds_text(chips: list[str]) -> str:
    """'white 1 ×2, orange 1' for a reason in the anomalies log (English, as reasons are)."""
    counts: dict[str, int] = {}
    for cid in chips:
        kind = cid.rsplit("-", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
    words = []
    for kind, n in counts.items():
        color, value = kind.split("-")
        words.append(render(kind_label(color, int(value)), "en") + (f" ×{n}" if n > 1 else ""))
    return ", ".join(words)


def judge(state: GameState, seat: int, action: Action, last: Pass | None, seat_moved: bool,
          at: float, *, drew_since: bool, held_at: float | None = None) -> tuple[str, str] | None:
    """Why a read that the engine would take as `action` is held instead (code, reason), or None.

    `last` is this chip's last read taken at this bag, `seat_moved` whether the seat has made an
    input since: a chip drawn goes back within the round only by a tap (the flask, a look's
    answer) or by the rule its draw set off (`Pass.sent_back`), so its read soon after is a new
    pass only when it is expected back in the same round and one of these sent it (a pot is poured
    back long after its last chip: the shop comes first). `drew_since`: whether the seat has drawn
    since; a chip counted in unread is late going in only until then (the bag's odds counted it).
    `held_at`: when this chip's read still waiting for the seat's answer was made, if one is."""
    name = state.seats[seat].name
    chip = getattr(action, "chip", None)
    if held_at is not None and 0 <= at - held_at < SAME_PASS_SECONDS:
        return TWICE, f"{chip} was read at {name}'s bag {at - held_at:.1f} s before, and {name} has not said yet " \
                      "whether it was drawn: the same chip read twice"
    put_back = isinstance(action, Return) and last is not None and last.round == state.round \
        and (seat_moved or last.sent_back)
    if last is not None and 0 <= at - last.at < SAME_PASS_SECONDS and (last.kind == "return" or not put_back):
        return TWICE, f"{chip} was read at {name}'s bag {at - last.at:.1f} s before: the same chip read twice"
    if isinstance(action, Buy | Draw) and state.phase in POURING and chip is not None \
            and any(cid == chip for cid, _ in state.seats[seat].pot):
        return EARLY, f"{name}'s pot is being poured back before the round ends: {chip} counts as back in " \
                      "the bag once the round is over"
    counted_in = last if last is not None and last.kind == "settled" else None
    if counted_in is not None and not drew_since and isinstance(action, Buy | Draw) and not _taken(state, action):
        return LATE, (f"{chip} was counted back into {name}'s bag without being read (#{counted_in.seq}): "
                      "this read is it going in late, and changes nothing")
    if not isinstance(action, Draw):
        return None
    settled = counted_in is not None and counted_in.round == state.round  # a late read comes soon
    pending = to_go_back(state, seat)
    if not (settled or pending) or not _taken(state, action):
        return None  # nothing to ask, or a draw the rules refuse anyway (nobody draws now): the engine says why
    if settled:
        return HELD, (f"{chip} was counted back into {name}'s bag without being read: {name} says whether it "
                      "was drawn or is only now passing the reader on its way in")
    return HELD, (f"{name}'s bag still expects {len(pending)} chip(s) back ({kinds_text(pending)}): "
                  f"{name} says whether {chip} was drawn")
