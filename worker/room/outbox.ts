import { notifyAt } from './quiet';
import { DEFAULT_DIGEST_WINDOW_MS, digestText, planDigest, type Owed } from './digest';
import type { NotifyMessage } from '../notify/types';
import { getGame, type Msg } from '../engine';
import { logValue } from '../log';
import { LIMITS } from './limits';
import {
  disabledNote,
  gameTitleOf,
  messageFor,
  pickStrings,
  retryPlan,
  targetKey,
  targetScope,
  validateTarget,
  SEND_TIMEOUT_MS,
  type NotifyKind,
  type NotifyTarget,
  type VapidKeys,
} from './notifier';
import { ok, reject, type Reply } from './reply';
import { iso, type Meta, type Room } from './types';

/** How long after a seat's last prompt notification further ones are gathered into one digest. */
export const DIGEST_WINDOW_MS = DEFAULT_DIGEST_WINDOW_MS;

type Row = {
  id: number;
  target_id: number;
  seat: number;
  prompt: string | null;
  due_at: number;
  msg: string;
  attempts: number;
  target: string;
};
/** One delivery: a row as it is, or a digest standing for several rows of one target. */
type Send = { rows: Row[]; target: NotifyTarget; msg: NotifyMessage; prompt: boolean };

/**
 * The notification outbox: each seat's targets (Web Push subscriptions, webhooks), the messages waiting to be
 * sent, and the alarm's send. Rows are written inside the transaction of the change they report and sent only
 * by the alarm, never while an answer waits.
 */
export class Outbox {
  constructor(private readonly r: Room) {}

  /** When the earliest waiting notification is due, or null. */
  nextDue(): number | null {
    return this.r.sql.exec<{ due: number | null }>('SELECT MIN(due_at) AS due FROM outbox').toArray()[0]?.due ?? null;
  }

  /**
   * Write one outbox row per enabled target of `seat` (inside a transaction), in one statement. `about` is what
   * the notification says (the prompt asked, the outcome); `prompt` ties the rows to an open prompt so they are
   * dropped if it closes before they are sent.
   */
  enqueue(
    m: Meta,
    seat: number,
    kind: NotifyKind,
    about: { id?: string; message: Msg; deadlineAt?: number } | null,
    now: number,
    prompt: string | null,
  ): void {
    const targets = this.r.sql
      .exec<{ id: number; target: string }>(
        'SELECT id, target FROM targets WHERE seat = ? AND disabled = 0 ORDER BY id',
        seat,
      )
      .toArray();
    if (!targets.length) return;
    // Quiet hours: nothing is sent while the seat sleeps; it goes out when they end (issue 11).
    const dueAt = notifyAt(this.r.seats.settingsOf(seat).quiet, now);
    const strings = getGame(m.game)?.strings;
    const names = this.r.seats.names();
    const rows = targets.map((t) => {
      const msg = messageFor({
        target: JSON.parse(t.target) as NotifyTarget,
        kind,
        gameId: m.id,
        game: m.game,
        seat,
        url: `${m.origin}/g/${m.id}`,
        strings,
        names,
        now,
        ...(about
          ? {
              about: {
                message: about.message,
                ...(about.id ? { id: about.id } : {}),
                ...(about.deadlineAt ? { deadline: iso(about.deadlineAt) } : {}),
              },
            }
          : {}),
      });
      return [t.id, seat, prompt, JSON.stringify(msg), dueAt];
    });
    this.r.sql.exec(
      "INSERT INTO outbox (target_id, seat, prompt, msg, due_at) SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]' FROM json_each(?)",
      JSON.stringify(rows),
    );
  }

  /** The prompts closed: their unsent notifications are noise now (inside a transaction). */
  dropPrompts(prompts: string[]): void {
    const list = JSON.stringify(prompts);
    // Looked for first: an answer that closes a prompt nobody was to be told of writes nothing here.
    if (
      !prompts.length ||
      !this.r.sql.exec('SELECT 1 FROM outbox WHERE prompt IN (SELECT value FROM json_each(?)) LIMIT 1', list).toArray()
        .length
    )
      return;
    this.r.sql.exec('DELETE FROM outbox WHERE prompt IN (SELECT value FROM json_each(?))', list);
  }

  /** Every pending prompt notification (the host ended the game). */
  dropAllPrompts(): void {
    this.r.sql.exec('DELETE FROM outbox WHERE prompt IS NOT NULL');
  }

  /**
   * A seat changes hands: its targets and their rows go, and its digest window — the new holder was told
   * nothing yet (inside the transaction of `m`).
   */
  dropSeat(seat: number, m: Meta): void {
    this.r.sql.exec('DELETE FROM outbox WHERE seat = ?', seat);
    this.r.sql.exec('DELETE FROM targets WHERE seat = ?', seat);
    if (m.lastSent) m.lastSent = m.lastSent.filter((x) => x.seat !== seat);
  }

  /**
   * Send due notifications, in parallel, each with a timeout. Runs only from the alarm, so a slow endpoint
   * delays nothing but this alarm; rows are leased first so an overlapping run cannot send them twice.
   */
  async flush(): Promise<void> {
    const sql = this.r.sql;
    const now = this.r.now();
    const due = this.nextDue();
    if (due === null || due > now) return;
    const rows = sql
      .exec<Row>(
        'SELECT o.id, o.target_id, o.seat, o.prompt, o.due_at, o.msg, o.attempts, t.target FROM outbox o JOIN targets t ON t.id = o.target_id WHERE o.due_at <= ? AND t.disabled = 0 ORDER BY o.due_at LIMIT ?',
        now,
        LIMITS.outboxBatch,
      )
      .toArray();
    sql.exec('DELETE FROM outbox WHERE target_id NOT IN (SELECT id FROM targets WHERE disabled = 0)');
    if (!rows.length) return;
    const { sends, held } = this.gather(rows, now);
    this.r.state.storage.transactionSync(() => {
      for (const h of held) sql.exec('UPDATE outbox SET due_at = ? WHERE id = ?', h.until, h.id);
      for (const x of sends)
        for (const y of x.rows) sql.exec('UPDATE outbox SET due_at = ? WHERE id = ?', now + 60_000, y.id);
    });
    if (!sends.length) return;
    const vapid = this.vapid();
    const results = await Promise.all(
      sends.map((x) =>
        this.r
          .deliver(x.target, x.msg, {
            vapid,
            timeoutMs: SEND_TIMEOUT_MS,
            now,
            scope: targetScope(this.r.bindings),
            dohUrl: this.r.bindings.DOH_URL,
          })
          .catch((e) => ({ ok: false as const, drop: false, error: String(e) })),
      ),
    );
    const after = this.r.now();
    let noted = false;
    this.r.store.mutate((mm) => {
      // The digest window of each seat told about a prompt (kept in meta, so it survives eviction; this transaction
      // writes meta anyway). Only a send that arrived counts: a seat whose endpoint failed has not been told.
      sends.forEach((send, i) => {
        if (!send.prompt || !results[i]!.ok) return;
        const seat = send.rows[0]!.seat;
        const prompts = [...new Set(send.rows.map((x) => x.prompt!))];
        mm.lastSent = [...(mm.lastSent ?? []).filter((x) => x.seat !== seat), { seat, at: now, prompts }];
      });
      // A digest stands for all its rows: they share its fate (sent, retried, dropped with their target).
      sends.forEach((send, i) => {
        for (const x of send.rows) {
          const plan = retryPlan(results[i]!, x.attempts + 1);
          if (plan.do === 'done') {
            sql.exec('DELETE FROM outbox WHERE id = ?', x.id);
            sql.exec('UPDATE targets SET failures = 0 WHERE id = ?', x.target_id);
          } else if (plan.do === 'drop') {
            console.log(
              `notify game=[${mm.id}] seat=[${x.seat}] target=[${x.target_id}] dropped reason=[${logValue(plan.reason)}]`,
            );
            sql.exec('DELETE FROM outbox WHERE target_id = ?', x.target_id);
            sql.exec('DELETE FROM targets WHERE id = ?', x.target_id);
          } else if (plan.do === 'retry') {
            sql.exec('UPDATE outbox SET attempts = attempts + 1, due_at = ? WHERE id = ?', after + plan.inMs, x.id);
            sql.exec('UPDATE targets SET failures = failures + 1 WHERE id = ?', x.target_id);
          } else {
            const exists =
              sql.exec('SELECT 1 FROM targets WHERE id = ? AND disabled = 0', x.target_id).toArray().length > 0;
            sql.exec('DELETE FROM outbox WHERE target_id = ?', x.target_id);
            sql.exec('UPDATE targets SET disabled = 1 WHERE id = ?', x.target_id);
            if (!exists) return;
            console.log(
              `notify game=[${mm.id}] seat=[${x.seat}] target=[${x.target_id}] disabled reason=[${logValue(plan.reason)}]`,
            );
            const t = JSON.parse(x.target) as NotifyTarget;
            // Tell the seat (only that seat) in its chat so it can register again.
            const title = gameTitleOf(pickStrings(getGame(mm.game)?.strings, t.lang), mm.game);
            this.r.chat.add({ at: iso(after), seat: -1, name: '', text: disabledNote(t, title) }, x.seat);
            mm.version++;
            noted = true;
          }
        }
      });
    });
    if (noted) this.r.sockets.broadcast();
  }

  /**
   * Turn due rows into sends. First attempts of prompt notifications go through `planDigest`, per seat: at once
   * when the seat is calm (nothing sent in the window, or every prompt last sent is closed), else held until the
   * window closes (their rows' due time moves there, so the alarm wakes for them); several for one seat become
   * one "N decisions wait" message per target. Everything else (reminders, outcomes, retries) goes as it is.
   */
  private gather(rows: Row[], now: number): { sends: Send[]; held: { id: number; until: number }[] } {
    const sends: Send[] = [];
    const fresh: Row[] = [];
    for (const x of rows) {
      const msg = JSON.parse(x.msg) as NotifyMessage;
      if (x.prompt !== null && x.attempts === 0 && msg.kind === 'prompt') fresh.push(x);
      else sends.push({ rows: [x], target: JSON.parse(x.target) as NotifyTarget, msg, prompt: false });
    }
    if (!fresh.length) return { sends, held: [] };
    const owed: Owed[] = fresh.map((x) => {
      const deadline = (JSON.parse(x.msg) as NotifyMessage).deadline;
      const d = deadline ? Date.parse(deadline) : NaN;
      return { seat: x.seat, promptId: x.prompt!, at: x.due_at, ...(Number.isFinite(d) ? { deadline: d } : {}) };
    });
    // Rows of a closed prompt are deleted with it (dropPrompts), so a prompt with a row is still open; a prompt
    // sent before is open while the game still asks it.
    const rowed = new Set(fresh.map((x) => x.prompt!));
    const asked = new Set((this.r.store.game?.prompts ?? []).map((p) => p.id));
    const last = this.r.store.m.lastSent ?? [];
    const plan = planDigest({
      owed,
      lastSent: (seat) => last.find((x) => x.seat === seat) ?? null,
      open: (id) => rowed.has(id) || asked.has(id),
      notBefore: (seat, t) => notifyAt(this.r.seats.settingsOf(seat).quiet, t),
      now,
      windowMs: DIGEST_WINDOW_MS,
    });
    const held: { id: number; until: number }[] = [];
    const keep = new Map(plan.keep.map((k) => [`${k.seat}/${k.promptId}`, k.until]));
    for (const x of fresh) {
      const until = keep.get(`${x.seat}/${x.prompt}`);
      if (until !== undefined) held.push({ id: x.id, until: Math.max(until, now + 1) });
    }
    const game = this.r.store.m.game;
    for (const out of plan.send) {
      const ids = new Set(out.promptIds);
      const byTarget = new Map<number, Row[]>();
      for (const x of fresh)
        if (x.seat === out.seat && ids.has(x.prompt!))
          byTarget.set(x.target_id, [...(byTarget.get(x.target_id) ?? []), x]);
      for (const group of byTarget.values()) {
        const target = JSON.parse(group[0]!.target) as NotifyTarget;
        const first = JSON.parse(group[0]!.msg) as NotifyMessage;
        if (group.length === 1) {
          sends.push({ rows: group, target, msg: first, prompt: true });
          continue;
        }
        const title = gameTitleOf(pickStrings(getGame(game)?.strings, target.lang), game);
        const text = digestText(target.lang, group.length, title, {
          ...(out.deadline !== undefined ? { deadline: out.deadline } : {}),
          now,
        });
        // Names no decision: the url opens the table, not one prompt.
        const msg: NotifyMessage = {
          gameId: first.gameId,
          game: first.game,
          seat: first.seat,
          kind: 'prompt',
          title: text.title,
          body: text.body,
          url: first.url.replace(/\?prompt=.*$/, ''),
        };
        if (out.deadline !== undefined) msg.deadline = iso(out.deadline);
        sends.push({ rows: group, target, msg, prompt: true });
      }
    }
    return { sends, held };
  }

  private vapid(): VapidKeys | null {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = this.r.bindings;
    return publicKey && privateKey
      ? { publicKey, privateKey, subject: subject ?? 'mailto:teahouse@example.com' }
      : null;
  }
}

// ---------------------------------------------------------------- targets

/**
 * A seat's notification targets (Web Push subscriptions, webhooks; `POST`/`DELETE /notify`): registered and
 * removed here, at most `LIMITS.targetsPerSeat` per seat, one per key (a subscription registered again replaces
 * itself and is enabled again). Removing a target drops the messages still waiting for it. The outbox, which
 * sends, reads them when it queues a message.
 */

/** Register (POST) or remove (DELETE) a notification target of the bearer's seat. */
export async function notifyTarget(
  r: Room,
  token: string | null,
  method: 'POST' | 'DELETE',
  body: unknown,
): Promise<Reply> {
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
    if (id !== undefined && !Number.isInteger(id))
      return st.rejected('bad_request', 'id must be an integer', { route: 'notify' });
    removeId = (id as number | undefined) ?? null;
  }
  const who = await r.seats.actingSeat(token, 'notify');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const sql = r.sql;
  if (target) {
    const key = targetKey(target);
    const count = sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM targets WHERE seat = ? AND key != ?', seat, key)
      .toArray()[0]!.n;
    if (count >= LIMITS.targetsPerSeat)
      return st.rejected('conflict', `at most ${LIMITS.targetsPerSeat} targets per seat`, { seat, route: 'notify' });
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
  if (removeId !== null && removed === 0)
    return st.rejected('not_found', `no target ${removeId} for this seat`, { seat, route: 'notify' });
  return ok({ removed });
}

/** Targets of a seat, for tests and the client's settings (no secrets beyond what the seat registered). */
export function targetsOf(r: Room, seat: number): { id: number; kind: string; disabled: boolean; failures: number }[] {
  if (!r.store.load()) return [];
  return r.sql
    .exec<{ id: number; kind: string; disabled: number; failures: number }>(
      'SELECT id, kind, disabled, failures FROM targets WHERE seat = ?',
      seat,
    )
    .toArray()
    .map((x) => ({ id: x.id, kind: x.kind, disabled: !!x.disabled, failures: x.failures }));
}
