"""Join the `--json` summaries of a tournament played in parts (`quacks simulate --first N`) into
the summary of the whole: the same games as one run, the same figures.

    python benchmarks/combine_tournament.py part-0.json part-100.json ...
"""

from __future__ import annotations

import json
import sys

from companion.commands.simulate import Played, tournament


def main() -> None:
    games, first = [], None
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        first = part["first"] if first is None else min(first, part["first"])
        games += [(part["first"] + k, Played(scores, winners, tested, 0, 0, 0))
                  for k, (tested, scores, winners) in enumerate(part["per_game"])]
    numbers = sorted(n for n, _ in games)
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), "parts missing or played twice"
    print(json.dumps({"games": len(games), "first": first, "tournament": tournament([g for _, g in sorted(games)])}))


if __name__ == "__main__":
    main()
