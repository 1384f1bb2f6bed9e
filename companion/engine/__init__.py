"""The rules of The Quacks of Quedlinburg (base game), pure: no I/O, no clock, no randomness.

Chance comes in as input (chips drawn, die faces). A game is its setup plus an ordered list of
inputs; `replay` of the same inputs always gives the same state.
"""

from .actions import Action, Buy, Choose, Done, Draw, Fortune, Return, Spend, Stop, action_from_dict, action_to_dict
from .cards import CARDS, OTHER_TITLES, Card
from .cards import LOOK as CARD_LOOK
from .cards import available as available_cards
from .errors import ConfigError, IllegalAction
from .game import StepResult, apply, check_config, new_game, replay, step
from .ingredients import sets_of as book_sets
from .legal import Moves, free_draws, legal_actions, legal_moves, waiting_for
from .locate import describe_location, locate
from .model import Chip, Decision, GameConfig, GameState, Option, Seat, chip
from .phases.brewing import looking_ahead
from .phases.brewing import risk as explosion_risk
from .transcript import TranscriptError, format_transcript, parse_transcript
from .view import seat_part, state_to_dict, view_for

ENGINE_VERSION = "1"

__all__ = [
    "Action", "Buy", "Choose", "Done", "Draw", "Fortune", "Return", "Spend", "Stop", "action_from_dict",
    "action_to_dict", "ConfigError", "IllegalAction", "StepResult", "apply", "check_config",
    "free_draws", "legal_actions", "legal_moves", "Moves", "new_game", "replay", "step", "describe_location", "locate", "Chip",
    "Decision", "GameConfig", "GameState", "Option", "Seat", "chip", "TranscriptError", "format_transcript",
    "parse_transcript", "seat_part", "state_to_dict", "view_for", "ENGINE_VERSION", "waiting_for", "explosion_risk",
    "CARDS", "CARD_LOOK", "OTHER_TITLES", "Card", "available_cards", "book_sets", "looking_ahead",
]
