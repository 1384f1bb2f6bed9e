"""The expansions, one room each: The Herb Witches (`herb_witches/`: the witches, the overflow
bowl), The Alchemists (`alchemists/`: the patients and the essence phase) and Wolfgang's
Exchange Office (`exchange.py`).

Their books (sets 5-6, locoweed) are in `ingredients/` with the base books, and their Fortune
Teller cards in `cards/`: a book is a book and a card a card, whichever box it comes in.
"""
