import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, getGame, replay, type Answer, type GameState, type OpenPrompt } from '../../worker/engine';
import '../../worker/games';
import type { GameRoom } from '../../worker/room/GameRoom';
import { rulesOptions } from '../../worker/room/core';
import { api, createGame, join, room, sql, storedMeta } from './helpers';

/**
 * The room may be evicted after any change: a re-created object must find exactly the state and the meta the
 * old one held (the snapshot row and the meta row), whatever came between.
 */

/** A small seeded PRNG for the test's own choices (where to evict, what to do between answers). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

interface Started {
  id: string;
  admin: string;
  tokens: string[];
}

/** A room of `game` with every seat a person (so every answer moves clocks), started with `seed`. */
async function startRoom(
  game: string,
  seats: number,
  seed: string,
  options?: Record<string, unknown>,
): Promise<Started> {
  const { id, admin } = await createGame({ game, seats, deadline: { minutes: 60 }, ...(options ? { options } : {}) });
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await join(id, `P${i}`)).token);
  expect((await api(`/games/${id}/start`, { body: { seed }, token: admin })).status).toBe(200);
  return { id, admin, tokens };
}

/** The answer a test player gives: the hidden-hand fixture's first card, else the seat's bot answer. */
function pick(game: string, s: GameState, p: OpenPrompt): Answer {
  if (game === 'hidden') return { prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] };
  const def = getGame(game)!;
  return botAnswer(def, s, p, botRng(s, p));
}

/** What the room holds: the state's JSON and meta. */
const held = (inst: GameRoom) => ({
  state: JSON.stringify(inst.store.game),
  meta: JSON.parse(JSON.stringify(inst.store.m)) as unknown,
});

/** Play up to `n` answers inside the room; returns what it holds afterwards. */
async function play(game: string, id: string, n: number): Promise<ReturnType<typeof held> & { over: boolean }> {
  return runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    for (let k = 0; k < n && !inst.store.game!.outcome; k++) {
      const s = inst.store.game!;
      const p = s.prompts[0]!;
      const r = inst.handle(p.seat, inst.store.m.version, pick(game, s, p));
      if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
    }
    return { ...held(inst), over: !!inst.store.game!.outcome };
  });
}

const now = (id: string) =>
  runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    return held(inst);
  });

/** Evict the object and check that the new one holds exactly what the old one did. */
async function evictAndCompare(id: string): Promise<void> {
  const before = await now(id);
  await evictDurableObject(room(id));
  const after = await now(id);
  expect(after.state).toBe(before.state);
  expect(after.meta).toEqual(before.meta);
  // And storage read from outside agrees: the meta row and the snapshot row.
  expect(await storedMeta(id)).toEqual(before.meta);
  expect((await sql<{ state: string }>(id, 'SELECT state FROM snapshot'))[0]!.state).toBe(before.state);
}

/** One of the changes that write the whole meta row between answers: chat, the host's settings, pause and resume. */
async function between(t: Started, k: number): Promise<void> {
  const seat = k % t.tokens.length;
  if (k % 3 === 0)
    expect((await api(`/games/${t.id}/chat`, { body: { text: `hi ${k}` }, token: t.tokens[seat] })).status).toBe(201);
  else if (k % 3 === 1)
    expect(
      (await api(`/games/${t.id}/admin/settings`, { body: { quietCapMinutes: 60 + k }, token: t.admin })).status,
    ).toBe(200);
  else {
    expect((await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.admin })).status).toBe(200);
    await evictAndCompare(t.id);
    expect((await api(`/games/${t.id}/admin/resume`, { body: {}, token: t.admin })).status).toBe(200);
  }
}

/** An answer whose transaction fails (the log table refuses its lines): nothing of it may remain. */
async function failedAnswer(game: string, id: string): Promise<void> {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    const s = inst.store.game!;
    const p = s.prompts[0]!;
    const append = inst.log.append.bind(inst.log);
    inst.log.append = () => {
      throw new Error('disk full');
    };
    try {
      expect(() => inst.commit(p.seat, pick(game, s, p), 'player')).toThrow('disk full');
    } finally {
      inst.log.append = append;
    }
  });
}

describe('a re-created object restores state and meta byte for byte', () => {
  // [game, seats, options, most answers between two evictions]
  const games: [string, number, Record<string, unknown> | undefined, number][] = [
    ['sanguosha', 5, undefined, 48],
    ['ghost', 5, undefined, 48],
    ['hidden', 4, { limit: 120 }, 2],
  ];
  for (const [game, seats, options, spread] of games) {
    it(`${game}: after answers at seeded points of a full game, after chat and settings between answers, after a failed transaction, and after the end`, async () => {
      const t = await startRoom(game, seats, `move-row-${game}`, options);
      const rnd = lcg(seats * 104_729 + game.length);
      let k = 0;
      let sinceBetween = false;
      let failed = 0;
      for (;;) {
        const { over } = await play(game, t.id, 1 + Math.floor(rnd() * spread));
        await evictAndCompare(t.id);
        if (over) break;
        const r = rnd();
        if (r < 0.3) {
          await between(t, k++);
          sinceBetween = true;
          await evictAndCompare(t.id);
        } else if (r < 0.4) {
          await failedAnswer(game, t.id);
          failed++;
          await evictAndCompare(t.id);
        }
      }
      expect(sinceBetween).toBe(true);
      expect(failed).toBeGreaterThan(0);
      // The moves replay to the snapshot byte for byte.
      const [meta] = await sql<{ json: string }>(t.id, 'SELECT json FROM meta');
      const m = JSON.parse(meta!.json) as { seed: string; options: Record<string, never>; status: string };
      expect(m.status).toBe('finished');
      const moves = await sql<{ n: number; seat: number; answer: string }>(
        t.id,
        'SELECT n, seat, answer FROM moves ORDER BY n',
      );
      const [snap] = await sql<{ step: number; state: string }>(t.id, 'SELECT step, state FROM snapshot');
      expect(snap!.step).toBe(moves.at(-1)!.n);
      expect(
        JSON.stringify(
          replay(
            getGame(game)!,
            // Under the options the rules ran with (the room passes for 三国杀's autoPass: bots.ts rulesOptions).
            { seats, seed: m.seed, options: rulesOptions(m.options) },
            moves.map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer })),
          ),
        ),
      ).toBe(snap!.state);
      // A chat after the end.
      expect((await api(`/games/${t.id}/chat`, { body: { text: 'gg' }, token: t.tokens[0] })).status).toBe(201);
      await evictAndCompare(t.id);
    }, 120_000);
  }
});
