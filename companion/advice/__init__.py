"""The advice: what each chip left in a seat's bag would do next, and DRAW or STOP.

It searches the rules engine (`companion.engine`) and the engine does not know it: every draw it
weighs is played by the engine's own code on a copy (`whatif`), so each rule lives once, in the
engine. Pure like the engine: no I/O, no clock, no random numbers. The rest of the package asks
it only through the names below (`tests/test_architecture.py`); `docs/advice.md` is its value model.
"""

from .bounds import certified
from .brews import draws_on
from .choices import LAPSE, advise_choice, choice_steps, futures_for
from .compact import Compact, step_b_reads, unmodelled
from .draw_or_stop import advise
from .futures import Futures
from .outcome import Outcome, TooDeep
from .outlook import Outlooks, outlook
from .search import Search, may_draw
from .shop import advise_shop, finish
from .whatif import answer as answered
from .whatif import ignore_offers
from .worth import worth

__all__ = [
    "LAPSE", "Compact", "Futures", "Outcome", "Outlooks", "Search", "TooDeep", "advise", "advise_choice", "advise_shop", "answered",
    "choice_steps",
    "certified", "draws_on", "futures_for", "finish", "ignore_offers", "may_draw", "outlook", "step_b_reads",
    "unmodelled", "worth",
]
