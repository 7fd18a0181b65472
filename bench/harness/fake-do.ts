import { DatabaseSync, type StatementSync } from 'node:sqlite';

/**
 * A Durable Object's state in Node, for the bench that times the real GameRoom code without workerd: SQLite is
 * node:sqlite in memory (the room's CPU, without this machine's shared disk in it); sockets are plain objects
 * that keep their attachment (structured-cloned, as the runtime does) and count what they were sent. Nothing
 * here is used by the Worker.
 */
class FakeSql {
  readonly db = new DatabaseSync(':memory:');
  /** Prepared statements by query text (the runtime caches them too). */
  private readonly prepared = new Map<string, StatementSync>();
  exec<T = Record<string, unknown>>(
    query: string,
    ...bindings: unknown[]
  ): { toArray(): T[]; one(): T; [Symbol.iterator](): Iterator<T> } {
    let rows: T[] = [];
    const t = query.trim();
    // Several statements without bindings (the schema): run once with `db.exec`, not cached.
    if (!bindings.length && !/^select/i.test(t) && t.replace(/;\s*$/, '').includes(';')) this.db.exec(query);
    else {
      let st = this.prepared.get(query);
      if (!st) {
        st = this.db.prepare(t);
        this.prepared.set(query, st);
      }
      rows = st.all(...(bindings as never[])) as T[];
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
  sql: FakeSql;
  sockets: FakeSocket[];
  alarm: number | null;
  state: DurableObjectState;
  dispose(): void;
}

export function fakeState(): FakeState {
  const sql = new FakeSql();
  const sockets: FakeSocket[] = [];
  let depth = 0;
  // Savepoint statements prepared once per depth (the runtime's transactionSync is native; parsing the text
  // at every answer would be the harness's cost, not the room's).
  const points: { begin: StatementSync; release: StatementSync; rollback: StatementSync }[] = [];
  const point = (d: number) =>
    (points[d] ??= {
      begin: sql.db.prepare(`SAVEPOINT t${d}`),
      release: sql.db.prepare(`RELEASE t${d}`),
      rollback: sql.db.prepare(`ROLLBACK TO t${d}`),
    });
  const out: FakeState = {
    sql,
    sockets,
    alarm: null,
    state: null as never,
    dispose: () => sql.db.close(),
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
  subtle.timingSafeEqual ??= (a: ArrayBufferView, b: ArrayBufferView) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
