-- The league's first schema: tables and their keys, players, games and their seats, the live
-- tables, refused pushes, seasons, tournaments, the admin's settings and the audit trail.

CREATE TABLE tables (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- A table authenticates with its own key; only its SHA-256 is kept. Revoking keeps the row.
CREATE TABLE table_keys (
    id serial PRIMARY KEY,
    table_id integer NOT NULL REFERENCES tables (id),
    key_hash bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);

-- A player is one identity across tables: a name and the short code the player keeps, or, for a
-- seat that gave no code, the name alone (guest_key: the name folded). A merged identity points
-- at the one it was merged into; its code then names that one.
CREATE TABLE players (
    id serial PRIMARY KEY,
    name text NOT NULL,
    code text UNIQUE,
    guest_key text UNIQUE,
    merged_into integer REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (code IS NOT NULL OR guest_key IS NOT NULL)
);

-- A finished game, replayed by the league. (table, game_key) is the table's own identity of the
-- game; journal_seq is the table's last journal entry when it was sent, so a later correction
-- replaces the game and a repeated push changes nothing. revision orders every change.
CREATE SEQUENCE game_revisions;
CREATE TABLE games (
    id bigserial PRIMARY KEY,
    table_id integer NOT NULL REFERENCES tables (id),
    game_key text NOT NULL,
    journal_seq integer NOT NULL,
    started_at timestamptz NOT NULL,
    finished_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    revision bigint NOT NULL DEFAULT nextval('game_revisions'),
    rounds integer NOT NULL,
    books jsonb NOT NULL,
    transcript text NOT NULL,
    UNIQUE (table_id, game_key)
);
CREATE INDEX games_by_finish ON games (finished_at, id);

CREATE TABLE game_seats (
    game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat integer NOT NULL,
    player_id integer NOT NULL REFERENCES players (id),
    name text NOT NULL,
    score integer NOT NULL,
    place integer NOT NULL,
    explosions integer NOT NULL,
    bought jsonb NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_by_player ON game_seats (player_id);

-- What each table is playing now: the last live scores it pushed (one game per table).
CREATE TABLE live (
    table_id integer PRIMARY KEY REFERENCES tables (id),
    game_key text NOT NULL,
    started_at timestamptz NOT NULL,
    journal_seq integer NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    snapshot jsonb NOT NULL
);

-- Pushes the league refused (a transcript that does not replay), with why, for the admin.
CREATE TABLE refused (
    id bigserial PRIMARY KEY,
    table_id integer NOT NULL REFERENCES tables (id),
    game_key text NOT NULL,
    journal_seq integer NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    line integer,
    reason text NOT NULL,
    UNIQUE (table_id, game_key, journal_seq)
);

CREATE TABLE seasons (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    starts_on date NOT NULL,
    ends_on date,
    CHECK (ends_on IS NULL OR ends_on >= starts_on)
);

CREATE TABLE tournaments (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    rounds integer NOT NULL CHECK (rounds >= 1),
    seed integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tournament_players (
    tournament_id integer NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id integer NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, player_id)
);

-- One pod of one round: its players in seat order (the first starts) and, once a table pushed
-- that pod's game, the game.
CREATE TABLE pods (
    tournament_id integer NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round integer NOT NULL,
    pod integer NOT NULL,
    players integer[] NOT NULL,
    seated_at timestamptz NOT NULL DEFAULT now(),
    game_id bigint REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, pod)
);

CREATE TABLE settings (
    key text PRIMARY KEY,
    value text NOT NULL
);

-- Every admin action that changes the league: who, when, what, and the rows it touched.
CREATE TABLE audit (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor text NOT NULL,
    action text NOT NULL,
    detail jsonb NOT NULL
);
