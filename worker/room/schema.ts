/**
 * The GameRoom's SQLite schema as numbered migrations. Each entry runs once, in order, inside a transaction;
 * `schema_version` remembers how many ran. Never edit a shipped entry: append a new one (a room created by an
 * old deploy is upgraded the next time it starts).
 */
export const MIGRATIONS: string[] = [
  // 1: the first schema.
  `
  -- One row: the game's settings and lifecycle (JSON, see Meta in GameRoom.ts).
  CREATE TABLE meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
  -- Seats: name (NULL = free), hash of the seat token, bot seat, stand-in after repeated expiries.
  CREATE TABLE seats (
    seat INTEGER PRIMARY KEY,
    name TEXT,
    token_hash TEXT,
    bot INTEGER NOT NULL DEFAULT 0,
    stand_in INTEGER NOT NULL DEFAULT 0,
    expiries INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT
  );
  -- The append-only move log: with the seed it replays the game. n = engine step after the move.
  CREATE TABLE moves (n INTEGER PRIMARY KEY, seat INTEGER NOT NULL, answer TEXT NOT NULL, by TEXT NOT NULL, at TEXT NOT NULL);
  -- The latest engine state, written in the same transaction as the move that produced it.
  CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), step INTEGER NOT NULL, state TEXT NOT NULL);
  -- Chat, and notes from the room to one seat (to_seat set).
  CREATE TABLE chat (n INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, to_seat INTEGER);
  -- Where to tell a seat that the table waits for it (Web Push subscription or webhook).
  CREATE TABLE targets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    target TEXT NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (seat, key)
  );
  -- Notifications waiting to be sent by the alarm (never while an answer is handled). prompt: the prompt it is
  -- about; the row is dropped when that prompt closes (a late "your turn" is noise).
  CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, target_id INTEGER NOT NULL, seat INTEGER NOT NULL, prompt TEXT, msg TEXT NOT NULL, due_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX outbox_due ON outbox (due_at);
  -- One clock per open prompt of a human seat. deadline_at is NULL while paused (remaining_ms keeps the rest);
  -- reminders: JSON list of "ms before the deadline" still to send.
  CREATE TABLE clocks (prompt TEXT PRIMARY KEY, seat INTEGER NOT NULL, deadline_at INTEGER, remaining_ms INTEGER NOT NULL, reminders TEXT NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0);
  `,
  // 2: the version at which each prompt was first shown, so an answer to a prompt that is still open is not
  // stale just because another seat answered its own prompt in the meantime.
  `ALTER TABLE clocks ADD COLUMN opened_version INTEGER NOT NULL DEFAULT 0;`,
];

/** Apply the migrations not yet applied. Synchronous: call inside `transactionSync`. */
export function migrate(sql: SqlStorage): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
  const row = sql.exec<{ v: number }>('SELECT v FROM schema_version WHERE id = 1').toArray()[0];
  const from = row?.v ?? 0;
  for (let i = from; i < MIGRATIONS.length; i++) sql.exec(MIGRATIONS[i]!);
  if (from < MIGRATIONS.length) sql.exec('INSERT OR REPLACE INTO schema_version (id, v) VALUES (1, ?)', MIGRATIONS.length);
}

/** Whether this object's database was ever initialised (a lookup of an unknown id must not create a room). */
export function hasSchema(sql: SqlStorage): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray().length > 0;
}
