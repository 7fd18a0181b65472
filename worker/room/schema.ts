/**
 * The GameRoom's SQLite schema as numbered migrations. Each entry runs once, in order, inside a transaction;
 * `schema_version` remembers how many ran. Never edit a shipped entry: append a new one (a room created by an
 * old deploy is upgraded the next time it starts). An entry is SQL, or a function for a change SQL alone cannot
 * make exactly (rewriting JSON with its keys in the engine's order).
 */
export const MIGRATIONS: (string | ((sql: SqlStorage) => void))[] = [
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
  // 3: the log leaves the state. It only grows, so it gets its own append-only table (written in the same
  // transaction as the move, read by index range); the snapshot keeps only what the rules need, with
  // `logCount` in place of the entries. The clocks of the open prompts (a handful of rows, all rewritten by
  // almost every answer) move into the meta row, which every answer writes anyway.
  migrateLogOut,
  // 4: each seat's settings for the asynchronous life (issue 11): standing orders, quiet hours, away-until, its
  // mention in the table channel. JSON; NULL = none. Private to the seat.
  `ALTER TABLE seats ADD COLUMN settings TEXT;`,
  // 5: each move row carries the exact delta its answer made to the state (snapshot.ts), so an answer writes a few
  // hundred bytes instead of the whole snapshot; every few answers it holds the full state instead (a JSON
  // object, where a delta is a JSON array), and the snapshot row is written at the start and the end. NULL: the
  // snapshot row was written at this move (or the row is older than deltas).
  `ALTER TABLE moves ADD COLUMN delta TEXT;`,
  // 6: each move row carries meta's live part (version, gameVersion, clocks, changedAt: JSON), so an answer
  // leaves the meta row alone unless more of meta changed; a load takes the live part from whichever of the two
  // is newer. NULL: the row is older.
  `ALTER TABLE moves ADD COLUMN live TEXT;`,
  // 7: an answer is ONE statement (store.ts): a view over the move rows takes the move with its log lines and,
  // when more of meta changed, the meta row, and its trigger writes them — atomic as any single statement is, so
  // no transaction is opened. Up to 4 lines ride as columns of their own (i, at, aud, msg: the message's JSON
  // text, bound as it is stored), the rest as \`more\`: a JSON array of [i, at, aud, msg], each msg the JSON
  // string of that text. \`meta\`: the meta row's JSON, or NULL to leave it.
  `
  CREATE VIEW move_writes AS SELECT n, seat, answer, by, at, delta, live, NULL AS meta,
    NULL AS i0, NULL AS at0, NULL AS aud0, NULL AS msg0, NULL AS i1, NULL AS at1, NULL AS aud1, NULL AS msg1,
    NULL AS i2, NULL AS at2, NULL AS aud2, NULL AS msg2, NULL AS i3, NULL AS at3, NULL AS aud3, NULL AS msg3, NULL AS more FROM moves;
  CREATE TRIGGER move_writes_insert INSTEAD OF INSERT ON move_writes BEGIN
    INSERT INTO moves (n, seat, answer, by, at, delta, live) VALUES (NEW.n, NEW.seat, NEW.answer, NEW.by, NEW.at, NEW.delta, NEW.live);
    INSERT INTO log (i, at, aud, msg)
      SELECT NEW.i0, NEW.at0, NEW.aud0, NEW.msg0 WHERE NEW.msg0 IS NOT NULL
      UNION ALL SELECT NEW.i1, NEW.at1, NEW.aud1, NEW.msg1 WHERE NEW.msg1 IS NOT NULL
      UNION ALL SELECT NEW.i2, NEW.at2, NEW.aud2, NEW.msg2 WHERE NEW.msg2 IS NOT NULL
      UNION ALL SELECT NEW.i3, NEW.at3, NEW.aud3, NEW.msg3 WHERE NEW.msg3 IS NOT NULL;
    INSERT INTO log (i, at, aud, msg) SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]' FROM json_each(NEW.more) WHERE NEW.more IS NOT NULL;
    INSERT OR REPLACE INTO meta (id, json) SELECT 1, NEW.meta WHERE NEW.meta IS NOT NULL;
  END;
  `,
  // 8: one persistence scheme (issue 24): an answer writes its move row, ONE log row, the snapshot row (replaced)
  // and the meta row in one transaction (store.ts). The move rows' deltas and live parts of meta go: the snapshot
  // row is brought up to the last move and the newest live part laid over the meta row, as the deploy before
  // read them on a load; the view and its trigger are dropped with them.
  plainSnapshot,
  // 9: a log row holds the lines of one change (log.ts), so an answer writes one row however many lines it has:
  // `i` the index of its first line, `lines` a JSON array of [at, aud, msg]. Each older line becomes a row.
  `
  ALTER TABLE log RENAME TO log_lines;
  CREATE TABLE log (i INTEGER PRIMARY KEY, lines TEXT NOT NULL);
  INSERT INTO log (i, lines) SELECT i, json_array(json_array(at, aud, json(msg))) FROM log_lines ORDER BY i;
  DROP TABLE log_lines;
  `,
];

/** Audience as stored: NULL for public, else a bit per seat that may read the line. */
export const audienceBits = (to: 'public' | number[]): number | null =>
  to === 'public' ? null : to.reduce((b, s) => b | (1 << s), 0);

function migrateLogOut(sql: SqlStorage): void {
  // aud: NULL = public, else bit s set = seat s may read it (seats are at most 10).
  sql.exec('CREATE TABLE log (i INTEGER PRIMARY KEY, at INTEGER NOT NULL, aud INTEGER, msg TEXT NOT NULL)');
  const snap = sql.exec<{ state: string }>('SELECT state FROM snapshot WHERE id = 1').toArray()[0];
  if (snap) {
    const { log, ...rest } = JSON.parse(snap.state) as Record<string, unknown> & {
      log?: { i: number; at: number; to: 'public' | number[]; msg: unknown }[];
    };
    const entries = log ?? [];
    for (const e of entries)
      sql.exec(
        'INSERT INTO log (i, at, aud, msg) VALUES (?, ?, ?, ?)',
        e.i,
        e.at,
        audienceBits(e.to),
        JSON.stringify(e.msg),
      );
    // The engine's key order (createGame's), so the snapshot reads as the engine would write it.
    const state: Record<string, unknown> = {};
    for (const k of ['game', 'seats', 'options', 'rng', 'g', 'stack', 'prompts', 'nextId']) state[k] = rest[k];
    state.logCount = entries.length;
    for (const k of ['step', 'outcome']) state[k] = rest[k];
    sql.exec('UPDATE snapshot SET state = ? WHERE id = 1', JSON.stringify(state));
  }
  const meta = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
  if (meta) {
    const m = JSON.parse(meta.json) as Record<string, unknown>;
    m.clocks = sql
      .exec<{
        prompt: string;
        seat: number;
        deadline_at: number | null;
        remaining_ms: number;
        reminders: string;
        stand_in: number;
        opened_version: number;
      }>('SELECT * FROM clocks ORDER BY rowid')
      .toArray()
      .map((c) => ({
        prompt: c.prompt,
        seat: c.seat,
        deadlineAt: c.deadline_at,
        remainingMs: c.remaining_ms,
        reminders: JSON.parse(c.reminders) as number[],
        standIn: !!c.stand_in,
        openedVersion: c.opened_version,
      }));
    sql.exec('UPDATE meta SET json = ? WHERE id = 1', JSON.stringify(m));
  }
  sql.exec('DROP TABLE clocks');
}

type Obj = Record<string, unknown>;

/**
 * Migration 8: the state and meta as the deploy before rebuilt them on a load, written into the snapshot row and
 * the meta row. The state: the snapshot row, then each move after it in order — a full state (a JSON object) or
 * an exact delta (a JSON array of operations on paths: `[path, value]` sets, `[path]` deletes a key,
 * `[path, start, deleteCount, items]` splices an array) — up to a move written without either (before deltas),
 * which the load replays through the rules (store.ts). Meta: the last move row's live part (version, gameVersion,
 * clocks, changedAt) when it is newer than the meta row.
 */
function plainSnapshot(sql: SqlStorage): void {
  const snap = sql.exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1').toArray()[0];
  if (snap) {
    let state: unknown = JSON.parse(snap.state);
    let step = snap.step;
    for (const mv of sql
      .exec<{ n: number; delta: string | null }>('SELECT n, delta FROM moves WHERE n > ? ORDER BY n', snap.step)
      .toArray()) {
      if (mv.delta === null) break;
      const d = JSON.parse(mv.delta) as unknown;
      state = Array.isArray(d) ? applyOps(state, d as [(string | number)[], ...unknown[]][]) : d;
      step = mv.n;
    }
    if (step !== snap.step)
      sql.exec('UPDATE snapshot SET step = ?, state = ? WHERE id = 1', step, JSON.stringify(state));
  }
  const meta = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
  const last = sql.exec<{ live: string | null }>('SELECT live FROM moves ORDER BY n DESC LIMIT 1').toArray()[0];
  if (meta && last?.live) {
    const m = JSON.parse(meta.json) as Obj & { version: number };
    const live = JSON.parse(last.live) as Obj & { version: number };
    if (live.version > m.version) {
      for (const k of ['version', 'gameVersion', 'clocks', 'changedAt']) if (live[k] !== undefined) m[k] = live[k];
      sql.exec('UPDATE meta SET json = ? WHERE id = 1', JSON.stringify(m));
    }
  }
  sql.exec('DROP TRIGGER move_writes_insert');
  sql.exec('DROP VIEW move_writes');
  sql.exec('ALTER TABLE moves DROP COLUMN delta');
  sql.exec('ALTER TABLE moves DROP COLUMN live');
}

/** Apply a stored delta's operations to `root` (parsed JSON, changed in place); a set at the root replaces it. */
function applyOps(root: unknown, ops: [(string | number)[], ...unknown[]][]): unknown {
  for (const op of ops) {
    const path = op[0];
    if (!path.length) {
      root = op[1];
      continue;
    }
    let node = root as Obj;
    const depth = op.length === 4 ? path.length : path.length - 1;
    for (let i = 0; i < depth; i++) node = node[path[i] as string] as Obj;
    const k = path[path.length - 1] as string;
    if (op.length === 4)
      (node as unknown as unknown[]).splice(op[1] as number, op[2] as number, ...(op[3] as unknown[]));
    // A key named __proto__ (JSON data may hold one) is set as a key, not as the prototype.
    else if (op.length === 2 && k === '__proto__')
      Object.defineProperty(node, k, { value: op[1], writable: true, enumerable: true, configurable: true });
    else if (op.length === 2) node[k] = op[1];
    else delete node[k];
  }
  return root;
}

/** Apply the migrations not yet applied. Synchronous: call inside `transactionSync`. */
export function migrate(sql: SqlStorage): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
  const row = sql.exec<{ v: number }>('SELECT v FROM schema_version WHERE id = 1').toArray()[0];
  const from = row?.v ?? 0;
  for (let i = from; i < MIGRATIONS.length; i++) {
    const step = MIGRATIONS[i]!;
    if (typeof step === 'string') sql.exec(step);
    else step(sql);
  }
  if (from < MIGRATIONS.length)
    sql.exec('INSERT OR REPLACE INTO schema_version (id, v) VALUES (1, ?)', MIGRATIONS.length);
}

/** Whether this object's database was ever initialised (a lookup of an unknown id must not create a room). */
export function hasSchema(sql: SqlStorage): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray().length > 0;
}
