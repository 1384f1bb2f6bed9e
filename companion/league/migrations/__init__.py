"""The league's schema as ordered SQL files (``NNN_name.sql``), applied in order at start (`schema.py`).

Append a file to change the schema; never edit one that a league may already have applied.
"""
