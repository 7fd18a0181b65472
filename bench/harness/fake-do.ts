import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Durable Object's state in Node, for benches that run the real GameRoom code without workerd: SQLite is
 * node:sqlite on a file in WAL mode (as the runtime's own storage is), so the bytes a move writes can be read off
 * the WAL; sockets are plain objects that keep their attachment (structured-cloned, as the runtime does) and
 * count what they were sent. Nothing here is used by the Worker.
 */

/** Bytes of a bound value as SQLite stores it (text as UTF-8, numbers as 8). */
const sizeOf = (v: unknown): number => (typeof v === 'string' ? Buffer.byteLength(v) : v === null || v === undefined ? 0 : 8);

/** What the harness knows of one query text: its prepared statement and how it is counted (worked out once). */
interface Query {
  st: StatementSync | null;
  /** Several statements without bindings (the schema): run with `db.exec`. */
  multi: boolean;
  writes: boolean;
  /** The statement's first words and table, for `boundBy`. */
  what: string;
}

export class FakeSql {
  readonly db: DatabaseSync;
  private readonly queries = new Map<string, Query>();
  /** SQL statements run (every `exec` call). */
  statements = 0;
  /** Bytes bound into statements that write (INSERT / UPDATE / REPLACE): the logical write volume. */
  boundBytes = 0;
  /** `boundBytes` by the statement's first words and table (what the bytes are). */
  readonly boundBy = new Map<string, number>();
  /**
   * `file` null: an in-memory database, for timing the room's CPU without this machine's disk in it; there the
   * bound bytes are not counted either (the harness's own bookkeeping stays out of the room's time).
   */
  constructor(readonly file: string | null) {
    this.db = new DatabaseSync(file ?? ':memory:');
    if (file) this.db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA synchronous = NORMAL;');
  }
  private query(text: string, bound: boolean): Query {
    let q = this.queries.get(text);
    if (q) return q;
    const t = text.trim();
    const select = /^select/i.test(t);
    const multi = !bound && !select && t.replace(/;\s*$/, '').includes(';');
    q = { st: multi ? null : this.db.prepare(t), multi, writes: !select, what: /^\w+(?: OR \w+)? (?:INTO )?\w+/i.exec(t)?.[0] ?? t.slice(0, 20) };
    // A multi-statement text is not cached: the schema runs once, and its tables may not exist yet at prepare.
    if (!multi) this.queries.set(text, q);
    return q;
  }
  exec<T = Record<string, unknown>>(query: string, ...bindings: unknown[]): { toArray(): T[]; one(): T; [Symbol.iterator](): Iterator<T> } {
    this.statements++;
    const q = this.query(query, bindings.length > 0);
    let rows: T[] = [];
    if (q.multi) this.db.exec(query);
    else {
      if (q.writes && this.file) {
        let n = 0;
        for (const b of bindings) n += sizeOf(b);
        this.boundBytes += n;
        this.boundBy.set(q.what, (this.boundBy.get(q.what) ?? 0) + n);
      }
      rows = q.st!.all(...(bindings as never[])) as T[];
    }
    return {
      toArray: () => rows,
      one: () => {
        if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
        return rows[0]!;
      },
      [Symbol.iterator]: () => rows[Symbol.iterator](),
    };
  }
  get databaseSize(): number {
    return this.file ? statSync(this.file).size : 0;
  }
  /** Bytes in the write-ahead log: every page a transaction wrote, appended. */
  walBytes(): number {
    if (!this.file) return 0;
    try {
      return statSync(`${this.file}-wal`).size;
    } catch {
      return 0;
    }
  }
  /** Fold the WAL into the database and empty it (between measurements). */
  checkpoint(): void {
    if (this.file) this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }
}

export class FakeSocket {
  private att: unknown = null;
  messages = 0;
  bytes = 0;
  last = '';
  closed = false;
  serializeAttachment(a: unknown): void {
    this.att = structuredClone(a);
  }
  deserializeAttachment(): unknown {
    return structuredClone(this.att);
  }
  send(s: string): void {
    this.messages++;
    this.bytes += s.length;
    this.last = s;
  }
  close(): void {
    this.closed = true;
  }
}

export interface FakeState {
  dir: string;
  sql: FakeSql;
  sockets: FakeSocket[];
  alarm: number | null;
  state: DurableObjectState;
  dispose(): void;
}

export function fakeState(o: { disk?: boolean } = {}): FakeState {
  const dir = mkdtempSync(join(tmpdir(), 'teahouse-bench-'));
  const sql = new FakeSql(o.disk === false ? null : join(dir, 'room.sqlite'));
  const sockets: FakeSocket[] = [];
  let depth = 0;
  // Savepoint statements prepared once per depth (the runtime's transactionSync is native; parsing the text
  // at every answer would be the harness's cost, not the room's).
  const points: { begin: StatementSync; release: StatementSync; rollback: StatementSync }[] = [];
  const point = (d: number) => (points[d] ??= { begin: sql.db.prepare(`SAVEPOINT t${d}`), release: sql.db.prepare(`RELEASE t${d}`), rollback: sql.db.prepare(`ROLLBACK TO t${d}`) });
  const out: FakeState = {
    dir,
    sql,
    sockets,
    alarm: null,
    state: null as never,
    dispose: () => {
      sql.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const storage = {
    sql,
    transactionSync<T>(fn: () => T): T {
      const p = point(depth++);
      p.begin.run();
      try {
        const r = fn();
        p.release.run();
        return r;
      } catch (e) {
        p.rollback.run();
        p.release.run();
        throw e;
      } finally {
        depth--;
      }
    },
    async setAlarm(t: number) {
      out.alarm = t;
    },
    async deleteAlarm() {
      out.alarm = null;
    },
    async getAlarm() {
      return out.alarm;
    },
  };
  out.state = {
    storage,
    getWebSockets: () => sockets.filter((s) => !s.closed),
    acceptWebSocket: (ws: FakeSocket) => sockets.push(ws),
    setWebSocketAutoResponse: () => {},
    blockConcurrencyWhile: async <T>(fn: () => Promise<T>) => fn(),
    id: { toString: () => 'bench' },
  } as unknown as DurableObjectState;
  return out;
}

/** The runtime globals the room touches, for Node. */
export function installGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  g.WebSocketRequestResponsePair ??= class {
    constructor(
      readonly request: string,
      readonly response: string,
    ) {}
  };
  const subtle = crypto.subtle as unknown as Record<string, unknown>;
  subtle.timingSafeEqual ??= (a: ArrayBufferView, b: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
