import { describe, expect, it } from 'vitest';
import { SELF, runInDurableObject } from 'cloudflare:test';
import type { LogLine, StateBody } from '../../worker/protocol';
import { LOG_TAIL } from '../../worker/protocol';
import type { GameState, LogEntry } from '../../worker/engine/types';
import type { GameRoom } from '../../worker/room/GameRoom';
import {
  ORIGIN,
  answer,
  api,
  expectError,
  logOf,
  pickColours,
  randomAnswer,
  rng,
  room,
  stateOf,
  table,
} from './helpers';
import { PROTOCOL } from '../../worker/protocol';

type Logged = GameState<unknown> & { log: LogEntry[] };

/** The room's engine state as it is in memory right now, with its log table (the ground truth the bodies are checked against). */
async function gameOf(id: string): Promise<Logged> {
  const game = await runInDurableObject(room(id), (inst: GameRoom) => structuredClone(inst.store.game!));
  return { ...game, log: await logOf(id) };
}

/** The lines `seat` may read with a log index of at least `from` (all of them once the game is over). */
function visible(g: Logged, seat: number | null, from = 0): LogLine[] {
  return g.log
    .filter((e) => e.i >= from && (!!g.outcome || e.to === 'public' || (seat !== null && e.to.includes(seat))))
    .map(({ i, at, msg }) => ({ i, at, msg }));
}

/** A socket that records every state message it is sent. `log` in the hello: where its lines start. */
async function socket(id: string, token: string | null, log?: number) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const states: StateBody[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state') return;
    states.push(m);
    for (const f of waiters.splice(0)) f();
  });
  ws.send(
    JSON.stringify({
      type: 'hello',
      protocol: PROTOCOL,
      ...(token ? { token } : {}),
      ...(log !== undefined ? { log } : {}),
    }),
  );
  /** The first message received after `count` messages (waits for it). */
  const nth = async (count: number): Promise<StateBody> => {
    while (states.length <= count) await new Promise<void>((r) => waiters.push(r));
    return states[count]!;
  };
  /** The first message of at least `version`. */
  const at = async (version: number): Promise<StateBody> => {
    for (let k = 0; ; k++) {
      const s = await nth(k);
      if (s.version >= version) return s;
    }
  };
  return { ws, states, nth, at };
}

/** Merge slices by engine index (the client's rule, restated here independently). */
function merge(held: Map<number, LogLine>, s: StateBody): void {
  for (const l of s.log) held.set(l.i, l);
}

describe('the log is sent in slices', () => {
  it('after an answer, a delta socket gets only the lines that answer wrote, each seat only its own private ones', async () => {
    const t = await table(2);
    const start = await stateOf(t.id, t.tokens[0]);
    const a = await socket(t.id, t.tokens[0]!, start.logEnd);
    const b = await socket(t.id, t.tokens[1]!, start.logEnd);
    const spec = await socket(t.id, null, start.logEnd);
    for (const s of [a, b, spec]) await s.nth(0);
    const before = (await gameOf(t.id)).log.length;
    expect(before).toBe(start.logEnd);
    await pickColours(t);
    // Each seat passes its turn: a public "drew" line and a private "you drew" line for that seat alone.
    for (const tok of t.tokens) expect((await answer(t.id, tok, { option: 'pass' }, 'play')).status).toBe(200);
    const g = await gameOf(t.id);
    expect(g.log.length).toBeGreaterThan(before);
    expect(g.log.filter((e) => e.i >= before && e.to !== 'public').map((e) => e.to)).toEqual([[0], [1]]);
    for (const [s, seat] of [
      [a, 0],
      [b, 1],
      [spec, null],
    ] as const) {
      const last = await s.at(start.version + 4);
      // Every message after the hello is a delta starting where the previous one ended.
      const deltas = s.states.slice(1);
      expect(deltas.length).toBeGreaterThan(0);
      let from = before;
      for (const d of deltas) {
        expect(d.logFrom).toBe(from);
        expect(d.log.every((l) => l.i >= d.logFrom && l.i < d.logEnd)).toBe(true);
        from = d.logEnd;
      }
      expect(last.logEnd).toBe(g.log.length);
      expect(deltas.flatMap((d) => d.log)).toEqual(visible(g, seat, before));
    }
    const privateTo = (seat: number) =>
      new Set(g.log.filter((e) => e.to !== 'public' && e.to.includes(seat)).map((e) => e.i));
    expect(a.states.flatMap((d) => d.log).filter((l) => privateTo(1).has(l.i))).toEqual([]);
    expect(b.states.flatMap((d) => d.log).filter((l) => privateTo(0).has(l.i))).toEqual([]);
    expect(spec.states.flatMap((d) => d.log).every((l) => g.log[l.i]!.to === 'public')).toBe(true);
    for (const s of [a, b, spec]) s.ws.close(1000);
  });

  it('a change that writes no line (chat) sends an empty slice at the end of the log', async () => {
    const t = await table(2);
    await pickColours(t);
    const s0 = await stateOf(t.id, t.tokens[0]);
    const a = await socket(t.id, t.tokens[0]!, s0.logEnd);
    await a.nth(0);
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'hi' }, token: t.tokens[1] })).status).toBe(201);
    const m = await a.at(s0.version + 1);
    expect({ log: m.log, logFrom: m.logFrom, logEnd: m.logEnd }).toEqual({
      log: [],
      logFrom: s0.logEnd,
      logEnd: s0.logEnd,
    });
    a.ws.close(1000);
  });

  it('the first message to a socket carries the lines from the hello’s `log` on', async () => {
    const t = await table(2);
    await pickColours(t);
    const g = await gameOf(t.id);
    const from = Math.floor(g.log.length / 2);
    const a = await socket(t.id, t.tokens[0]!, from);
    const first = await a.nth(0);
    expect({ logFrom: first.logFrom, logEnd: first.logEnd }).toEqual({ logFrom: from, logEnd: g.log.length });
    expect(first.log).toEqual(visible(g, 0, from));
    a.ws.close(1000);
  });

  it('a socket whose hello names no `log` gets the tail first, as /state without ?log does, then only the new lines', async () => {
    const t = await table(2);
    await pickColours(t);
    const a = await socket(t.id, t.tokens[0]!);
    const first = await a.nth(0);
    const tail = await stateOf(t.id, t.tokens[0]);
    expect({ log: first.log, logFrom: first.logFrom, logEnd: first.logEnd }).toEqual({
      log: tail.log,
      logFrom: tail.logFrom,
      logEnd: tail.logEnd,
    });
    expect((await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play')).status).toBe(200);
    const g = await gameOf(t.id);
    const next = await a.at(first.version + 1);
    expect({ log: next.log, logFrom: next.logFrom }).toEqual({
      log: visible(g, 0, first.logEnd),
      logFrom: first.logEnd,
    });
    a.ws.close(1000);
  });

  it('GET /state?log=N returns exactly the lines the viewer may read from N on', async () => {
    const t = await table(2);
    await pickColours(t);
    expect((await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play')).status).toBe(200);
    const g = await gameOf(t.id);
    expect(g.log.some((e) => e.to !== 'public')).toBe(true);
    for (const [token, seat] of [
      [t.tokens[0]!, 0],
      [t.tokens[1]!, 1],
      [null, null],
    ] as const)
      for (let n = 0; n <= g.log.length + 1; n++) {
        const r = await api<StateBody>(`/games/${t.id}/state?log=${n}`, { token });
        expect(r.status).toBe(200);
        // A start past the end is clamped to the end: the client is up to date.
        expect({ logFrom: r.body.logFrom, logEnd: r.body.logEnd }).toEqual({
          logFrom: Math.min(n, g.log.length),
          logEnd: g.log.length,
        });
        expect(r.body.log).toEqual(visible(g, seat, n));
      }
  });

  it('an answer by POST with ?log=N carries exactly the lines its seat may read from N on, those the answer wrote included', async () => {
    const r = rng(11);
    const t = await table(3);
    const start = await stateOf(t.id, null);
    // Each seat's lines as the web client keeps them: merged from the replies to its own answers, each asked
    // from where the seat's lines ended (any start at or before its end).
    const held = t.tokens.map(() => new Map<number, LogLine>());
    const ends = t.tokens.map(() => start.logEnd);
    let version = start.version;
    let replies = 0;
    for (let step = 0; step < 60; step++) {
      const views = await Promise.all(t.tokens.map((tok) => stateOf(t.id, tok)));
      if (views[0]!.status === 'finished') break;
      version = views[0]!.version;
      const asked = views.flatMap((v, i) => v.prompts.map((p) => ({ i, p })));
      if (!asked.length) break;
      const { i, p } = asked[r(asked.length)]!;
      const from = Math.max(0, ends[i]! - r(3));
      const res = await api<StateBody>(`/games/${t.id}/answers?log=${from}`, {
        body: { version, answer: randomAnswer(p, r) },
        token: t.tokens[i],
      });
      if (res.status !== 200) continue;
      replies++;
      const g = await gameOf(t.id);
      expect({ logFrom: res.body.logFrom, logEnd: res.body.logEnd }).toEqual({ logFrom: from, logEnd: g.log.length });
      expect(res.body.log).toEqual(visible(g, i, from));
      merge(held[i]!, res.body);
      ends[i] = res.body.logEnd;
    }
    expect(replies).toBeGreaterThan(10);
  });

  it('a malformed ?log is a 400 and changes nothing', async () => {
    const t = await table(2);
    for (const q of ['-1', 'x', '1.5', ''])
      expectError(await api(`/games/${t.id}/state?log=${q}`, { token: t.tokens[0] }), 400, 'bad_request');
    const s = await stateOf(t.id, t.tokens[0]);
    const r = await api(`/games/${t.id}/answers?log=nope`, {
      body: { version: s.version, answer: { prompt: s.prompts[0]!.id, option: 'red' } },
      token: t.tokens[0],
    });
    expectError(r, 400, 'bad_request');
    expect((await stateOf(t.id, t.tokens[0])).version).toBe(s.version);
  });

  it(`without ?log, /state carries the last ${LOG_TAIL} lines the viewer may read and says where they start`, async () => {
    const t = await table(2);
    await pickColours(t);
    // A long game: lengthen the log in memory with lines public, private to seat 0 and private to seat 1.
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      const step = inst.store.game!.step;
      const lines: Omit<LogEntry, 'i'>[] = [];
      for (let k = 0; k < 3 * LOG_TAIL; k++)
        lines.push({
          at: step,
          to: k % 3 === 0 ? 'public' : [k % 3 === 1 ? 0 : 1],
          msg: { key: 'duel.drew', params: { seat: 0, n: k } },
        });
      inst.log.append(lines);
    });
    const g = await gameOf(t.id);
    for (const [token, seat] of [
      [t.tokens[0]!, 0],
      [t.tokens[1]!, 1],
      [null, null],
    ] as const) {
      const body = await stateOf(t.id, token);
      const mine = visible(g, seat);
      expect(mine.length).toBeGreaterThan(LOG_TAIL);
      expect(body.log).toEqual(mine.slice(-LOG_TAIL));
      expect(body.logFrom).toBe(mine[mine.length - LOG_TAIL]!.i);
      expect(body.logEnd).toBe(g.log.length);
      // The tail is complete from logFrom on: nothing visible at or after logFrom is left out.
      expect(body.log).toEqual(visible(g, seat, body.logFrom));
    }
  });

  it('a short log comes whole by default (logFrom 0)', async () => {
    const t = await table(2);
    const body = await stateOf(t.id, t.tokens[0]);
    const g = await gameOf(t.id);
    expect(body.logFrom).toBe(0);
    expect(body.log).toEqual(visible(g, 0));
  });

  it('when the game ends every delta socket gets the whole record, private lines of every seat included', async () => {
    const r = rng(7);
    const t = await table(3);
    const start = await stateOf(t.id, null);
    const socks = await Promise.all([...t.tokens, null].map((tok) => socket(t.id, tok, start.logEnd)));
    let version = start.version;
    for (let step = 0; step < 400; step++) {
      const views = await Promise.all(socks.map((s) => s.at(version)));
      if (views[0]!.status === 'finished') break;
      const asked = views.slice(0, 3).flatMap((v, i) => v.prompts.map((p) => ({ i, p })));
      const { i, p } = asked[r(asked.length)]!;
      for (let tries = 0; tries < 30; tries++) {
        const res = await api(`/games/${t.id}/answers`, {
          body: { version, answer: randomAnswer(p, r) },
          token: t.tokens[i],
        });
        if (res.status === 200) {
          version = res.body.version;
          break;
        }
      }
    }
    const g = await gameOf(t.id);
    expect(g.outcome).not.toBeNull();
    expect(g.log.some((e) => e.to !== 'public')).toBe(true);
    for (const [k, s] of socks.entries()) {
      const seat = k < 3 ? k : null;
      const last = await s.at(version);
      expect(last.status).toBe('finished');
      const end = s.states.indexOf(last);
      // Until the end, deltas only: each starts where the previous ended, and together they hold exactly the
      // lines the seat may read (nothing private to another seat, nothing missing).
      for (let m = 1; m < end; m++) expect(s.states[m]!.logFrom).toBe(s.states[m - 1]!.logEnd);
      const held = new Map<number, LogLine>();
      for (const m of s.states.slice(0, end)) merge(held, m);
      const upTo = s.states[end - 1]!.logEnd;
      const mayRead = g.log
        .filter(
          (e) => e.i >= start.logEnd && e.i < upTo && (e.to === 'public' || (seat !== null && e.to.includes(seat))),
        )
        .map(({ i, at, msg }) => ({ i, at, msg }));
      expect([...held.values()].sort((x, y) => x.i - y.i)).toEqual(mayRead);
      // The end message: the whole record, now public.
      expect(last.logFrom).toBe(0);
      expect(last.log).toEqual(visible(g, null));
      expect(last.log.length).toBe(g.log.length);
    }
    // After the end, a further change (chat) does not send the record again.
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'gg' }, token: t.tokens[0] })).status).toBe(201);
    const after = await socks[0]!.at(version + 1);
    expect({ log: after.log, logFrom: after.logFrom }).toEqual({ log: [], logFrom: g.log.length });
    for (const s of socks) s.ws.close(1000);
  });
});
