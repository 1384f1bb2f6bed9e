"""The Herb Witches: the twelve witches and their pennies (`witches.py`) and the overflow bowl
(`bowl.py`). The box's books (sets 5 and 6, the pumpkin book, locoweed's) are in `ingredients/`."""
