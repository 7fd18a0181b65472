import type { GameRoom } from '../../worker/room/GameRoom';

/** What the room handed its storage: the rows SQLite wrote (the platform bills rows) and the bytes bound to writes. */
export interface Cost {
  rows: number;
  bytes: number;
}

/** A recording storage on a room instance: `take()` gives the cost since the last take, `stop()` puts the real one back. */
export interface WriteMeter {
  take(): Cost;
  stop(): void;
}

/**
 * Put a recording `state.storage.sql` on the instance: every statement that is not a SELECT is counted, its cursor's
 * `rowsWritten` and the bytes bound to it. Used by the storage-cost test and the storage bench, so both count alike.
 */
export function meterWrites(inst: GameRoom): WriteMeter {
  const real = inst.state;
  let cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  let bytes = 0;
  const enc = new TextEncoder();
  const own = <T extends object>(t: T, k: string | symbol) => {
    const v = Reflect.get(t, k);
    return typeof v === 'function' ? v.bind(t) : v;
  };
  const sql = new Proxy(real.storage.sql, {
    get: (t, k) =>
      k === 'exec'
        ? (q: string, ...b: unknown[]) => {
            const c = t.exec(q, ...b);
            if (!/^\s*SELECT/i.test(q)) {
              cursors.push(c);
              for (const x of b) bytes += typeof x === 'string' ? enc.encode(x).length : 8;
            }
            return c;
          }
        : own(t, k),
  });
  const storage = new Proxy(real.storage, { get: (t, k) => (k === 'sql' ? sql : own(t, k)) });
  const swap = (s: DurableObjectState) => {
    (inst as unknown as { state: DurableObjectState }).state = s;
  };
  swap(new Proxy(real, { get: (t, k) => (k === 'storage' ? storage : own(t, k)) }));
  return {
    take() {
      const cost = { rows: cursors.reduce((n, c) => n + c.rowsWritten, 0), bytes };
      cursors = [];
      bytes = 0;
      return cost;
    },
    stop: () => swap(real),
  };
}
