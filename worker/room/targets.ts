import { LIMITS } from './limits';
import { targetKey, targetScope, validateTarget, type NotifyTarget } from './notifier';
import { ok, reject, type Reply } from './reply';
import { iso, type Room } from './types';

/**
 * A seat's notification targets (Web Push subscriptions, webhooks; `POST`/`DELETE /notify`): registered and
 * removed here, at most `LIMITS.targetsPerSeat` per seat, one per key (a subscription registered again replaces
 * itself and is enabled again). Removing a target drops the messages still waiting for it. The outbox, which
 * sends, caches the targets and is reloaded after every change.
 */

/** Register (POST) or remove (DELETE) a notification target of the bearer's seat. */
export async function notifyTarget(r: Room, token: string | null, method: 'POST' | 'DELETE', body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  let target: NotifyTarget | null = null;
  let removeId: number | null = null;
  if (method === 'POST') {
    const t = validateTarget(body, targetScope(r.bindings));
    if (typeof t === 'string') return st.rejected('bad_request', t, { route: 'notify' });
    target = t;
  } else if (body !== null && body !== undefined) {
    const id = (body as { id?: unknown }).id;
    if (id !== undefined && !Number.isInteger(id)) return st.rejected('bad_request', 'id must be an integer', { route: 'notify' });
    removeId = (id as number | undefined) ?? null;
  }
  const who = await r.seats.actingSeat(token, 'notify');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const sql = r.sql;
  if (target) {
    const key = targetKey(target);
    const count = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM targets WHERE seat = ? AND key != ?', seat, key).toArray()[0]!.n;
    if (count >= LIMITS.targetsPerSeat) return st.rejected('conflict', `at most ${LIMITS.targetsPerSeat} targets per seat`, { seat, route: 'notify' });
    const t = target;
    const id = r.state.storage.transactionSync(() => {
      sql.exec(
        'INSERT INTO targets (seat, kind, key, target, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (seat, key) DO UPDATE SET target = excluded.target, failures = 0, disabled = 0',
        seat,
        t.kind,
        key,
        JSON.stringify(t),
        iso(r.now()),
      );
      return sql.exec<{ id: number }>('SELECT id FROM targets WHERE seat = ? AND key = ?', seat, key).toArray()[0]!.id;
    });
    r.outbox.load();
    return ok({ id, kind: t.kind }, 201);
  }
  const removed = r.state.storage.transactionSync(() => {
    const ids = sql
      .exec<{ id: number }>('SELECT id FROM targets WHERE seat = ? AND (? IS NULL OR id = ?)', seat, removeId, removeId)
      .toArray()
      .map((x) => x.id);
    for (const id of ids) {
      sql.exec('DELETE FROM outbox WHERE target_id = ?', id);
      sql.exec('DELETE FROM targets WHERE id = ?', id);
    }
    return ids.length;
  });
  r.outbox.load();
  if (removeId !== null && removed === 0) return st.rejected('not_found', `no target ${removeId} for this seat`, { seat, route: 'notify' });
  return ok({ removed });
}

/** Targets of a seat, for tests and the client's settings (no secrets beyond what the seat registered). */
export function targetsOf(r: Room, seat: number): { id: number; kind: string; disabled: boolean; failures: number }[] {
  if (!r.store.load()) return [];
  return r.sql
    .exec<{ id: number; kind: string; disabled: number; failures: number }>('SELECT id, kind, disabled, failures FROM targets WHERE seat = ?', seat)
    .toArray()
    .map((x) => ({ id: x.id, kind: x.kind, disabled: !!x.disabled, failures: x.failures }));
}
