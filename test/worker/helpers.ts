import { SELF, env, runInDurableObject, runDurableObjectAlarm } from 'cloudflare:test';
import { botAnswer, botRng } from '../../worker/engine';
import { expect } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { syncClocks } from '../../worker/room/clocks';
import { PROTOCOL, type Answer, type GameSummary, type Prompt, type StateBody } from '../../worker/protocol';
import type { DeliveryResult, NotifyMessage, NotifyTarget } from '../../worker/notify';
import type { LogEntry, Msg } from '../../worker/engine/types';

export const ORIGIN = 'https://teahouse.test';

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

let addresses = 0;
/**
 * A client address nobody else uses (RFC 2544 benchmarking range): the Worker limits requests per address with
 * the production numbers, and only the rate-limit tests mean to reach them.
 */
export function freshAddress(): string {
  const n = addresses++;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Call the API like a browser would. `body` is JSON-encoded unless it is already a string. Each call comes
 * from its own client address unless `from` names one.
 */
export async function api<T = any>(
  path: string,
  o: { method?: string; body?: unknown; token?: string | null; from?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { 'cf-connecting-ip': o.from ?? freshAddress() };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await SELF.fetch(`${ORIGIN}/api${path}`, {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(o.body === undefined ? {} : { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Assert an error response: status and code, the exact error shape. */
/**
 * Wait, if need be, until the rate limiters' current window has at least `ms` left. The binding counts in windows
 * aligned to the wall clock (`LIMIT_WINDOW_SECONDS`), so a burst that straddles a window's end is counted in two
 * and gets up to twice the limit through: a test that counts what a burst gets must send it inside one window.
 */
export async function insideOneWindow(periodSeconds = 60, ms = 10_000): Promise<void> {
  const left = periodSeconds * 1000 - (Date.now() % (periodSeconds * 1000));
  if (left < ms) await new Promise((ok) => setTimeout(ok, left + 100));
}

export function expectError(r: Res, status: number, code: string): void {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code });
  expect(typeof r.body.error.message).toBe('string');
}

export interface Table {
  id: string;
  admin: string;
  tokens: string[];
}

export async function createGame(body: Record<string, unknown> = {}): Promise<{ id: string; admin: string }> {
  const r = await api('/games', { body: { game: 'duel', seats: 2, deadline: { minutes: 10 }, ...body } });
  expect(r.status).toBe(201);
  return { id: r.body.id, admin: r.body.adminToken };
}

export async function join(id: string, name: string): Promise<{ seat: number; token: string }> {
  const r = await api(`/games/${id}/seats`, { body: { name } });
  expect(r.status).toBe(201);
  return { seat: r.body.seat, token: r.body.token };
}

/** A game whose seats are all taken by people named A, B, C... Not started unless `start`. */
export async function table(
  n = 2,
  o: { start?: boolean; body?: Record<string, unknown>; clock?: () => number; seed?: string } = {},
): Promise<Table> {
  const { id, admin } = await createGame({ seats: n, ...o.body });
  if (o.clock) await setClock(id, o.clock);
  // A fixed seed (the e2e Worker's hook), so the test plays the same game every run.
  if (o.seed)
    await runInDurableObject(room(id), (inst: GameRoom) => {
      Object.assign(inst, { bindings: { ...inst.bindings, TEST_HOOKS: '1' } });
    });
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) tokens.push((await join(id, String.fromCharCode(65 + i))).token);
  const body = o.seed ? { seed: o.seed } : {};
  if (o.start !== false) expect((await api(`/games/${id}/start`, { body, token: admin })).status).toBe(200);
  return { id, admin, tokens };
}

export function room(id: string): DurableObjectStub<GameRoom> {
  return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id));
}

/** Replace the room's clock (tests travel in time; the instance keeps it until evicted). */
export async function setClock(id: string, clock: () => number): Promise<void> {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.now = clock;
  });
}

export async function runAlarm(id: string): Promise<boolean> {
  return runDurableObjectAlarm(room(id));
}

/** Deliver the alarm handler directly (as a duplicated delivery would), whether or not one is scheduled. */
export async function deliverAlarm(id: string): Promise<void> {
  await runInDurableObject(room(id), (inst: GameRoom) => inst.alarm());
}

export async function sql<T = Record<string, unknown>>(id: string, query: string, ...args: unknown[]): Promise<T[]> {
  return runInDurableObject(
    room(id),
    (_inst: GameRoom, state) => state.storage.sql.exec(query, ...args).toArray() as T[],
  );
}

/** Meta as storage holds it: the meta row. */
export async function storedMeta<T = any>(id: string): Promise<T> {
  const [row] = await sql<{ json: string }>(id, 'SELECT json FROM meta WHERE id = 1');
  return JSON.parse(row!.json) as T;
}

/** The snapshot row: the state after the last move, and that move's step. */
export async function snapshotOf(id: string): Promise<{ step: number; state: string }> {
  const [snap] = await sql<{ step: number; state: string }>(id, 'SELECT step, state FROM snapshot');
  return snap!;
}

/** The room's log lines as stored (a row holds the lines of one change: [at, aud, msg] each), from index `from` on. */
export async function logRows(
  id: string,
  from = 0,
): Promise<{ i: number; at: number; aud: number | null; msg: Msg }[]> {
  const rows = await sql<{ i: number; lines: string }>(id, 'SELECT i, lines FROM log ORDER BY i');
  return rows
    .flatMap((r) =>
      (JSON.parse(r.lines) as [number, number | null, Msg][]).map(([at, aud, msg], k) => ({
        i: r.i + k,
        at,
        aud,
        msg,
      })),
    )
    .filter((x) => x.i >= from);
}

/** The room's log table as engine entries (audience bits turned back into seat lists). */
export async function logOf(id: string): Promise<LogEntry[]> {
  const rows = await logRows(id);
  return rows.map((r) => ({
    i: r.i,
    at: r.at,
    to: r.aud === null ? 'public' : [...Array(10).keys()].filter((s) => (r.aud! >> s) & 1),
    msg: r.msg,
  }));
}

/** A started 三国杀 table of `seats` players (fixed `seed`): its id and the seats' tokens in seat order. */
export async function sanguoshaTable(seats: number, seed: string): Promise<{ id: string; tokens: string[] }> {
  const { id, admin } = await createGame({ game: 'sanguosha', seats, deadline: { minutes: 60 } });
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await join(id, `P${i}`)).token);
  expect((await api(`/games/${id}/start`, { body: { seed }, token: admin })).status).toBe(200);
  return { id, tokens };
}

/** One answer inside the room (the first open prompt's bot answer), then the broadcast; returns the version. */
export const botStep = (id: string): Promise<number> =>
  runInDurableObject(room(id), async (inst: GameRoom) => {
    const s = inst.store.game!;
    const p = s.prompts[0]!;
    const r = inst.handle(p.seat, inst.store.m.version, botAnswer(inst.store.def(), s, p, botRng(s, p)));
    if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
    await inst.afterChange();
    return inst.store.m.version;
  });

/** A body without its log fields (a socket carries only new lines; `/state` the tail). */
export const noLog = ({ log: _l, logFrom: _f, logEnd: _e, ...rest }: StateBody) => rest;

export async function stateOf(id: string, token?: string | null): Promise<StateBody> {
  const r = await api<StateBody>(`/games/${id}/state`, { token: token ?? null });
  expect(r.status).toBe(200);
  return r.body;
}

export async function summaryOf(id: string): Promise<GameSummary> {
  return (await api<GameSummary>(`/games/${id}`)).body;
}

/** The one open prompt of a seat (fails when there is none). */
export function promptOf(s: StateBody, kind?: string): Prompt {
  const p = s.prompts.find((x) => !kind || x.kind === kind);
  if (!p) throw new Error(`seat ${s.you} has no ${kind ?? ''} prompt; waiting on ${s.waiting}`);
  return p;
}

/** Answer with the seat's current version. */
export async function answer(
  id: string,
  token: string,
  a: Omit<Answer, 'prompt'> & { prompt?: string },
  kind?: string,
): Promise<Res<StateBody>> {
  const s = await stateOf(id, token);
  const p = a.prompt ?? promptOf(s, kind).id;
  return api<StateBody>(`/games/${id}/answers`, { body: { version: s.version, answer: { ...a, prompt: p } }, token });
}

/** Both seats of a 2-seat duel pick their colours; afterwards seat 0 is asked to play. */
export async function pickColours(t: Table, colours: ('red' | 'blue')[] = ['red', 'red']): Promise<void> {
  for (let i = 0; i < colours.length; i++)
    expect((await answer(t.id, t.tokens[i]!, { option: colours[i]! }, 'chooseColour')).status).toBe(200);
}

/** The hand a seat sees of itself in the duel view. */
export function handOf(s: StateBody, seat = s.you!): string[] {
  return (s.view as { hands: (string[] | { hidden: true })[] }).hands[seat] as string[];
}

/** Record every delivery the room makes instead of sending it; `result` decides how each one fares. */
export async function recordDeliveries(id: string, result: () => DeliveryResult = () => ({ ok: true })) {
  const sent: { target: NotifyTarget; msg: NotifyMessage }[] = [];
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.deliver = async (target, msg) => {
      sent.push({ target, msg });
      return result();
    };
  });
  return sent;
}

/** mulberry32: the test's own choices are seeded, so a failure replays with the same choices. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Any legal-shaped answer to `p`: a random option with a random allowed number of its cards and seats. */
export function randomAnswer(p: Prompt, r: (n: number) => number): Answer {
  const o = p.options[r(p.options.length)]!;
  const pick = <T>(spec: { from: T[]; min: number; max: number }) => {
    const k = spec.min + r(Math.min(spec.max, spec.from.length) - spec.min + 1);
    const pool = [...spec.from];
    return [...Array(k)].map(() => pool.splice(r(pool.length), 1)[0]!);
  };
  const a: Answer = { prompt: p.id, option: o.id };
  if (o.cards) a.cards = pick(o.cards);
  if (o.seats) a.seats = pick(o.seats);
  return a;
}

/** Open a live socket from `from`; `closed` resolves with the close code the room sends. */
export async function openLive(id: string, from = freshAddress()) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, {
    headers: { Upgrade: 'websocket', 'cf-connecting-ip': from },
  });
  if (res.status !== 101) return { ok: false, status: res.status, retryAfter: res.headers.get('retry-after') } as const;
  const ws = res.webSocket!;
  ws.accept();
  const messages: any[] = [];
  let onMessage: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    messages.push(JSON.parse(e.data as string));
    onMessage?.();
  });
  const closed = new Promise<number>((ok) => ws.addEventListener('close', (e) => ok(e.code)));
  const next = (type: string) =>
    new Promise<any>((ok) => {
      const check = () => {
        const m = messages.find((x) => x.type === type);
        if (m) ok(m);
      };
      onMessage = check;
      check();
    });
  return {
    ok: true,
    status: 101,
    ws,
    messages,
    closed,
    next,
    hello: (token?: string) =>
      ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, ...(token ? { token } : {}), log: 0 })),
  } as const;
}

/**
 * Put a state laid out by a test into a running room, as an answer would leave it: the snapshot written, the
 * versions moved on, the clocks planned for its prompts, then the room's usual after-change work (sockets, alarm).
 */
export async function layState(inst: GameRoom, laid: NonNullable<GameRoom['store']['game']>): Promise<void> {
  const t = inst.table();
  const meta = structuredClone(t.meta);
  meta.version++;
  meta.gameVersion = meta.version;
  const { closed, notices } = syncClocks(t, laid, meta);
  inst.store.write({ meta, state: laid, lines: [], closed, notices });
  await inst.afterChange();
}
