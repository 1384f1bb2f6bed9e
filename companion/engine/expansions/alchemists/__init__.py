"""The Alchemists: the eight patients as data (`patients.py`) and the essence phase with each
patient's own bonus (`essence.py`). Its locoweed books are in `ingredients/locoweed.py`, its
Fortune Teller cards in `cards/alchemists/`."""
