"""The base game's round, step by step: the potion phase (drawing, laying a chip, the droplet, the
"Stir!") and the evaluation (the bonus die, steps A-F, the prices of the shop).

Their order is one table, `engine/flow.py`; the books (`ingredients/`), the Fortune Teller cards
(`cards/`) and the expansions (`expansions/`) hook into these steps and never the reverse.
"""
