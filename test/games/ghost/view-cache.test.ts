/**
 * 驱鬼's view texts keep, per seat number, a player's texts last built with a copy of what they show (view.ts
 * `playerTexts`), and each record of what a seat saw (`seenText`), and reuse them when nothing shown differs.
 * These tests visit states in an order that defeats any reliance on "the previous answer" — games of different
 * sizes interleaved, states far apart, a state changed in place after it was viewed — and check every viewer's
 * text against `JSON.stringify(view)`, byte for byte.
 */
import { describe, it } from 'vitest';
import type { GameState } from '../../../worker/engine';
import def from '../../../worker/games/ghost';
import type { G } from '../../../worker/games/ghost/state';
import { botMoves } from '../../helpers/play';
import { checkInterleaved, checkViewTexts } from '../../helpers/viewtexts';

type S = GameState<G>;

const checkTexts = (s: S, what: string) => checkViewTexts(def, s, what);

const statesOf = (seats: number, seed: string) => botMoves(def, { seats, seed, options: def.parseOptions(undefined, seats) as never }).states as S[];

describe('驱鬼 view texts reused from the last ones built', () => {
  it('every viewer’s text equals JSON.stringify(view) when states of games of different sizes are viewed interleaved and in any order', () => {
    const games = [statesOf(4, 'gcache-a'), statesOf(8, 'gcache-b'), statesOf(6, 'gcache-c')];
    checkInterleaved(def, games);
  });

  it('a state changed in place after it was viewed gets the texts of what it holds now (hand, imps, points, spirit, identity, what a seat saw, the GK, the end)', () => {
    const states = statesOf(6, 'gcache-in-place');
    const base = states[Math.floor(states.length / 2)]!;
    const s = structuredClone(base);
    const edits: [string, (s: S) => void][] = [
      ['a card drawn', (s) => s.g.players[1]!.hand.push(s.g.deck[0] ?? 'X')],
      ['a hand card gone', (s) => void s.g.players[2]!.hand.pop()],
      ['an imp arrived', (s) => s.g.players[3]!.imps.push({ id: 'I01', at: 99 })],
      ['an imp moved on', (s) => void (s.g.players[3]!.imps.at(-1)!.at = 98)],
      ['an imp renamed', (s) => void (s.g.players[3]!.imps.at(-1)!.id = 'I02')],
      ['a point scored', (s) => s.g.players[0]!.points.push({ id: 'I03', at: 1 })],
      ['spirit lost', (s) => void s.g.players[4]!.spirit--],
      ['an identity revealed', (s) => void (s.g.players[5]!.revealed = true)],
      ['an artifact', (s) => void (s.g.players[1]!.artifact = 'A02')],
      ['auto-pass', (s) => void (s.g.players[2]!.autoPass = !s.g.players[2]!.autoPass)],
      ['a look recorded', (s) => s.g.seen[1]!.push({ kind: 'cards', seat: 2, what: ['C01', 'C02'], turn: 3 })],
      ['a look\'s card changed', (s) => void (s.g.seen[1]!.at(-1)!.what[1] = 'C03')],
      ['a look\'s turn changed', (s) => void (s.g.seen[1]!.at(-1)!.turn = 4)],
      ['a look with a field more', (s) => void (s.g.seen[1]!.at(-1)!.note = 'x')],
      ['a look\'s field holding a record', (s) => void (s.g.seen[1]!.at(-1)!.note = { a: 1 })],
      ['a look forgotten', (s) => void s.g.seen[1]!.pop()],
      ['a new GK', (s) => void (s.g.gk = 2)],
      ['the game over', (s) => void (s.outcome = { winners: [0], reason: { key: 'test' } })],
    ];
    checkTexts(s, 'before any change');
    for (const [what, edit] of edits) {
      edit(s);
      checkTexts(s, what);
    }
    for (const t of [base, states[1]!, states.at(-1)!]) checkTexts(t, `state ${t.step} after the edits`);
  });
});
