/**
 * The room's SQL handle (`Room.sql`): every statement runs at once, except while a change collects its writes
 * (store.ts `mutate`). Then a write (anything but a SELECT) is kept, in order, to be run when the change's
 * function has returned — alone when it is the change's only statement (one SQLite statement is atomic, its
 * triggers included), else all of them inside one transaction — so an ordinary answer costs one statement and no
 * transaction, and a change that throws has written nothing.
 *
 * A kept write has not run yet, so a read after it could not see it: such a read is refused (`ReadAfterWrite`)
 * and the change is run again from its start inside a transaction, where every statement runs at once as it is
 * issued (store.ts). A change that reads its own writes (a seat's row written, then the seats read back) thus still
 * sees them, at the cost of running twice.
 */

/** A read came after a write the change has not run yet: the change runs again inside a transaction. */
export class ReadAfterWrite extends Error {
  constructor(query: string) {
    super(`read after an unrun write in one change (the change runs again in a transaction): ${query.slice(0, 60)}`);
  }
}

/** A statement as kept: its text and bindings. */
export type Statement = [query: string, bindings: unknown[]];

/** What a kept write returns: it has no rows (no caller reads a write's cursor). */
const NO_ROWS = {
  next: () => ({ done: true, value: undefined }),
  toArray: () => [],
  one: () => {
    throw new Error('a write kept for the end of its change returns no row');
  },
  raw: () => [][Symbol.iterator](),
  columnNames: [],
  rowsRead: 0,
  rowsWritten: 0,
  [Symbol.iterator]: () => [][Symbol.iterator](),
} as unknown as SqlStorageCursor<never>;

/** Whether `query` only reads (SELECT, or a PRAGMA that reads), worked out once per text. */
const reads = new Map<string, boolean>();
const isRead = (query: string): boolean => {
  let r = reads.get(query);
  if (r === undefined) reads.set(query, (r = /^\s*(?:SELECT|PRAGMA)\b/i.test(query)));
  return r;
};

/** The room's SQL handle over the runtime's (`raw`, read at each call: tests may replace the object's state). */
export class Writes {
  /** The writes kept during the current collection, in order (null: not collecting). */
  private kept: Statement[] | null = null;
  /** A read was refused during the current collection (set even if the change caught the error). */
  refused = false;
  /**
   * @param raw the runtime's SQL handle
   * @param holds whether the store itself holds writes not run yet (a change's log lines): a read after them
   *   is refused as after a kept write.
   */
  constructor(
    private readonly raw: () => SqlStorage,
    private readonly holds: () => boolean,
  ) {}

  /** Start keeping writes. */
  collect(): void {
    this.kept = [];
    this.refused = false;
  }

  /** Whether writes are being kept. */
  get collecting(): boolean {
    return this.kept !== null;
  }

  /** Stop keeping writes: the ones kept, in order. */
  stop(): Statement[] {
    const k = this.kept ?? [];
    this.kept = null;
    return k;
  }

  exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): SqlStorageCursor<T> {
    const k = this.kept;
    if (k === null) return this.raw().exec<T>(query, ...bindings);
    if (!isRead(query)) {
      k.push([query, bindings]);
      return NO_ROWS as SqlStorageCursor<T>;
    }
    if (k.length || this.holds()) {
      this.refused = true;
      throw new ReadAfterWrite(query);
    }
    return this.raw().exec<T>(query, ...bindings);
  }

  get databaseSize(): number {
    return this.raw().databaseSize;
  }

  /** This handle as the runtime's type (the room's modules call `exec` and nothing else). */
  asSql(): SqlStorage {
    return this as unknown as SqlStorage;
  }
}
