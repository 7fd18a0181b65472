/**
 * 三国杀's view texts keep, per seat number, the texts of a character and of `me` last built with a copy of what they
 * were built from (view.ts `playerTexts`, `meJson`), and reuse them when nothing they show differs. These tests
 * visit states in an order that defeats any reliance on "the previous answer" — several games of different sizes
 * interleaved, states far apart, states changed in place after they were viewed — and check every viewer's text
 * against `JSON.stringify(view)` of that viewer, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { joinViewText } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import type { S } from '../../../worker/games/sanguosha/types';
import { botMoves } from '../../helpers/play';
import { checkInterleaved, checkViewTexts } from '../../helpers/viewtexts';


const checkTexts = (s: S, what: string) => checkViewTexts(def, s, what);

const statesOf = (seats: number, seed: string, options: Record<string, unknown> = {}) =>
  botMoves(def, { seats, seed, options: def.parseOptions(options, seats) as never }).states as S[];

describe('三国杀 view texts reused from the last ones built', () => {
  it('every viewer’s text equals JSON.stringify(view) when states of games of different sizes are viewed interleaved and in any order', () => {
    const games = [statesOf(5, 'cache-a'), statesOf(8, 'cache-b'), statesOf(8, 'cache-c', { noGenerals: true })];
    checkInterleaved(def, games);
  });

  it('a state changed in place after it was viewed gets the texts of what it holds now (hand, equipment, marks, HP, identity, skills, judgement area, a death)', () => {
    const states = statesOf(6, 'cache-in-place');
    const base = states[Math.floor(states.length / 2)]!;
    const edits: [string, (s: S) => void][] = [
      ['a card drawn', (s) => s.g.players[1]!.hand.push(s.g.draw[0]!)],
      ['a hand card gone', (s) => s.g.players[2]!.hand.pop()],
      ['a weapon put on', (s) => void (s.g.players[3]!.equip.weapon = s.g.draw[1]!)],
      ['a mark', (s) => void (s.g.players[0]!.marks.test = 2)],
      ['a mark counted up', (s) => void (s.g.players[0]!.marks.test = 3)],
      ['HP lost', (s) => void s.g.players[4]!.hp--],
      ['an identity revealed', (s) => void (s.g.players[5]!.revealed = true)],
      ['a skill gained', (s) => s.g.players[2]!.skills.push('jijiang')],
      ['a delayed trick placed', (s) => s.g.players[1]!.judge.push(s.g.draw[2]!)],
      ['a death', (s) => void (s.g.players[3]!.alive = false)],
      ['a horse', (s) => void (s.g.players[4]!.equip.minus = s.g.draw[3]!)],
      // What only a seat's own `me` shows (its distances, range, 杀 limit), changed by a skill alone, then undone.
      ['a skill that shortens distances (马术)', (s) => s.g.players[0]!.skills.push('mashu')],
      ['a skill that lifts the 杀 limit (咆哮)', (s) => s.g.players[1]!.skills.push('paoxiao')],
      ['both skills gone again', (s) => void ((s.g.players[0]!.skills = s.g.players[0]!.skills.filter((k) => k !== 'mashu')), (s.g.players[1]!.skills = s.g.players[1]!.skills.filter((k) => k !== 'paoxiao')))],
      ['a dead character back', (s) => void (s.g.players[3]!.alive = true)],
      ['the game over', (s) => void (s.outcome = { winners: [0], reason: { key: 'test' } })],
    ];
    const s = structuredClone(base);
    checkTexts(s, 'before any change');
    for (const [what, edit] of edits) {
      edit(s);
      checkTexts(s, what);
    }
    // And back to the states of the game as played, which share nothing with the edited copy.
    for (const t of [base, states[1]!, states.at(-1)!]) checkTexts(t, `state ${t.step} after the edits`);
  });

  it('a game keeps its own kept parts while another game is viewed in between (the very list of item texts when the table is unchanged)', () => {
    const a = statesOf(8, 'cache-own-a');
    const b = statesOf(8, 'cache-own-b');
    let same = 0;
    let reused = 0;
    for (let k = 20; k + 1 < Math.min(a.length, 80); k++) {
      const was = def.viewTexts!(a[k]!, [null])[0]!;
      const other = def.viewTexts!(b[k % b.length]!, [null])[0]!;
      const now = def.viewTexts!(a[k + 1]!, [null])[0]!;
      const i = now.keys.indexOf('discardTop');
      // Only where the game in between shows another discard pile (else its part would be the same anyway).
      if (JSON.stringify(was.parts[i]) !== JSON.stringify(now.parts[i]) || JSON.stringify(other.parts[i]) === JSON.stringify(now.parts[i])) continue;
      same++;
      if (now.parts[i] === was.parts[i]) reused++;
      expect(joinViewText(now)).toBe(JSON.stringify(def.view(a[k + 1]!, null)));
    }
    expect(same).toBeGreaterThan(10);
    expect(reused).toBe(same);
  });

  it('a character whose lists hold something other than plain values is serialised as it is, never from a kept text', () => {
    const s = structuredClone(statesOf(5, 'cache-odd').at(-3)!);
    checkTexts(s, 'plain');
    (s.g.players[1]!.marks as Record<string, unknown>).odd = { n: 1 };
    checkTexts(s, 'a record in the marks');
    ((s.g.players[1]!.marks as Record<string, unknown>).odd as { n: number }).n = 2;
    checkTexts(s, 'that record changed in place');
    (s.g.players[2]!.hand as unknown[]).push([7]);
    checkTexts(s, 'a list in the hand');
  });
});
