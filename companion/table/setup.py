"""What a game's row keeps about its table besides the engine setup: readers, the registry, who draws."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine import GameConfig

DRAWS = ("readers", "phones")
"""Who reports the chips drawn: the bags' readers (the default) or the players' phones."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The engine setup, which reader feeds which seat, whether reads are registry UIDs, and who draws.

    ``draws`` is ``"readers"`` (only a bag's reader, or the host by hand, draws or returns a chip)
    or ``"phones"`` (a table without readers: each player taps the chip they drew on their phone).
    ``league``: the game goes to the table's league once it ends (an outbox row in the journal);
    ``codes``: each seat's player code there ("" for none).
    """

    game: GameConfig
    readers: dict[str, int] = field(default_factory=dict)
    registry: bool = False
    draws: str = "readers"
    league: bool = False
    codes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.game.to_dict(), "readers": dict(self.readers), "registry": self.registry,
                "draws": self.draws}
        if self.league:
            data["league"] = True
        if any(self.codes):
            data["codes"] = list(self.codes)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSetup:
        return cls(GameConfig.from_dict(data["game"]), dict(data.get("readers", {})), bool(data.get("registry", False)),
                   DRAWS[0] if data.get("draws") not in DRAWS else data["draws"], bool(data.get("league", False)),
                   tuple(data.get("codes", ())))
