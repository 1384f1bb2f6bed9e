"""The league: where a club's, a café's or a convention's tables meet, on PostgreSQL.

Each table keeps playing on its own (its journal is the truth and it never waits for the network);
its games reach the league afterwards, pushed from an outbox in its own journal (`sender`). The
league replays every transcript with the same engine before it keeps it (`ingest`), knows each
player as one identity across tables (`players`), and from the games makes the ratings, season
standings, per-player statistics (`standings`, `ratings`), the room screen and the tournament
seating (`seating`). This package depends on the engine, the store and the table; nothing there
depends on it.
"""
