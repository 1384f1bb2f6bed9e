"""A realistic evening at a real table: simulated people and readers driving a live table.

People do not wait for the readers: at the end of a round everyone pours their pot back in a few
handfuls over a quarter of a minute while somebody turns up the next Fortune Teller card; a reader
misses a chip in a handful or reads one twice; a bag's cable is pulled out and plugged back. The
demo's simulated players are these people (`quacks demo`), and the tests play whole evenings of
them through the table's own reader path on a virtual clock.
"""

from .agenda import Agenda
from .mouths import CAREFUL, DEMO, EVENING, Habits, Mouth
from .people import Evening, Tally
from .thinkers import AdvisorThinker, RandomThinker

__all__ = ["CAREFUL", "DEMO", "EVENING", "Agenda", "AdvisorThinker", "Evening", "Habits", "Mouth", "RandomThinker", "Tally"]
