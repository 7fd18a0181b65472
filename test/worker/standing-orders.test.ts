/**
 * Standing orders inside the real room (issue 11): stored with the seat, private, and applied through the same
 * commit as a live answer, with no room line, so the table cannot tell them from a quick hand answer.
 */
import { describe, expect, it } from 'vitest';
import { botAnswer, botRng, defaultAnswer, type Answer, type Prompt } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import { answer as orderAnswer } from '../../worker/games/sanguosha/orders';
import type { SeatOrder } from '../../worker/engine';
import type { S } from '../../worker/games/sanguosha/types';
import { runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { api, expectError, logOf, room, sql, stateOf, storedMeta, table } from './helpers';

const ORDERS: SeatOrder[] = [
  'jinkSlash',
  'jinkArchery',
  'slashSavage',
  'eightDiagram',
  'wuxieNever',
  'rescueSelf',
  'rescueOthers',
  'graceBest',
].map((id) => ({ id }));

/** The person's answer, played by the bot (the default where the bot has none). */
function person(s: S, p: Prompt): Answer {
  try {
    return botAnswer(sanguosha, s, p, botRng(s, p));
  } catch {
    return defaultAnswer(sanguosha, s, p);
  }
}

/** The state the room holds now (the stored snapshot may be up to 15 answers older: the moves since are its delta). */
async function snapshot(id: string): Promise<S> {
  return runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    return JSON.parse(JSON.stringify(inst.store.game)) as S;
  });
}

describe('standing orders in the room', () => {
  it('a seat stores its orders and quiet hours; a bad body is refused and changes nothing; nobody else can read them', async () => {
    const t = await table(4, { body: { game: 'sanguosha', seats: 4, options: { noGenerals: true } } });
    const put = await api(`/games/${t.id}/me`, {
      method: 'PUT',
      token: t.tokens[1],
      body: { orders: [{ id: 'wuxieNever' }], quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
    });
    expect(put.status).toBe(200);
    expect(put.body.settings).toEqual({
      orders: [{ id: 'wuxieNever' }],
      quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' },
      awayUntil: null,
      mention: null,
    });
    expectError(
      await api(`/games/${t.id}/me`, {
        method: 'PUT',
        token: t.tokens[1],
        body: { orders: [{ id: 'wuxieNever' }, { id: 'wuxieOnlyMe' }] },
      }),
      400,
      'bad_request',
    );
    expectError(await api(`/games/${t.id}/me`, { method: 'PUT', body: { orders: [] } }), 401, 'unauthorized');
    const mine = await api(`/games/${t.id}/me`, { token: t.tokens[1] });
    expect(mine.body.settings.orders).toEqual([{ id: 'wuxieNever' }]);
    expect(mine.body.offered.map((o: { id: string }) => o.id)).toContain('jinkSlash');
    // Another seat's state and a spectator's carry nothing of them.
    for (const token of [t.tokens[0], t.tokens[2], null])
      expect(JSON.stringify(await stateOf(t.id, token))).not.toMatch(/wuxieNever|Asia\/Shanghai/);
  });

  it('orders answer their prompts the moment they appear, as moves of the seat, with no room line', async () => {
    // A clock that moves 2 s per reading, so the seats' request budgets refill as a real game's would.
    let clock = Date.parse('2026-12-01T10:00:00Z');
    const t = await table(4, {
      body: { game: 'sanguosha', seats: 4, options: { noGenerals: true, autoPass: false } },
      clock: () => (clock += 2000),
    });
    for (const token of t.tokens)
      expect((await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: ORDERS } })).status).toBe(200);
    for (let n = 0; n < 150; n++) {
      const s = await snapshot(t.id);
      if (s.outcome) break;
      // Whatever an order answers has been answered already: only prompts for a person are open.
      for (const p of s.prompts) expect(orderAnswer(s, p, ORDERS), `${p.kind} ${p.message.key}`).toBeNull();
      const p = s.prompts[0]!;
      const { version } = await storedMeta<{ version: number }>(t.id);
      const r = await api(`/games/${t.id}/answers`, {
        body: { version, answer: person(s, p) },
        token: t.tokens[p.seat],
      });
      expect(r.status).toBe(200);
    }
    const byOrder = await sql<{ n: number }>(t.id, "SELECT COUNT(*) AS n FROM moves WHERE by = 'order'");
    expect(byOrder[0]!.n).toBeGreaterThan(10);
    expect((await logOf(t.id)).map((e) => e.msg.key)).not.toContain('room.log.botPlayed');
  });
});
