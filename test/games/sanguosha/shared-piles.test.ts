/**
 * The answer draft shares the four piles (draw, discard, table, grace) and every character's zones with the state
 * before: rules give them new lists instead of changing them. Whole 8-player games on deeply frozen inputs prove
 * it (a write through a shared list throws), with the reshuffle, 观星, 遗计 and 五谷丰登 paths among the answers,
 * and every state survives the JSON round trip exactly.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import type { G } from '../../../worker/games/sanguosha';
import { playOut } from '../../helpers/play';
import { deepFreeze } from '../../helpers/freeze';

describe('三国杀: piles and zones are replaced, never changed in place', () => {
  it('whole 8-player games on deeply frozen inputs (bot and random answers) run to the end, every state plain JSON', () => {
    const seen = new Set<string>();
    for (const seed of ['piles-1', 'piles-2', 'piles-3', 'piles-4']) {
      const options = def.parseOptions(undefined, 8) as Record<string, never>;
      const check = (s: GameState<G>) => {
        expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
        deepFreeze(s);
      };
      const { state, log } = playOut(def, { seats: 8, seed, options }, (k) => (k % 3 === 0 ? 'random' : 'bot'), check);
      expect(state.outcome).not.toBeNull();
      for (const e of log)
        seen.add(e.msg.key === 'sgs.log.skillUse' ? `skill:${JSON.stringify(e.msg.params?.skill)}` : e.msg.key);
    }
    // The pile writers the games went through.
    expect(seen).toContain('sgs.log.reshuffle');
    expect(seen).toContain('sgs.log.graceReveal');
    expect(seen).toContain('sgs.log.judge');
  });
});
