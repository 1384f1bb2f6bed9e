"""What a game's row keeps about its table besides the engine setup: readers and the registry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine import GameConfig


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The engine setup, which reader feeds which seat, and whether reads are registry UIDs."""

    game: GameConfig
    readers: dict[str, int] = field(default_factory=dict)
    registry: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game.to_dict(), "readers": dict(self.readers), "registry": self.registry}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSetup:
        return cls(GameConfig.from_dict(data["game"]), dict(data.get("readers", {})), bool(data.get("registry", False)))
