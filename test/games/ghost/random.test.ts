import { describe, expect, test } from 'vitest';
import ghost from '../../../worker/games/ghost/index';
import { replay } from '../../../worker/engine/runtime';
import type { GameState, LogEntry } from '../../../worker/engine/types';
import type { G } from '../../../worker/games/ghost/state';
import { playGame } from './play';

function validOutcome(s: GameState<G>, log: LogEntry[]): void {
  // Every log line can be rendered: its template's placeholders are all among its params, in every language.
  for (const e of log)
    for (const lang of ['zh-CN', 'zh-TW', 'en']) {
      const tpl = ghost.strings![lang]![e.msg.key];
      expect(tpl, e.msg.key).toBeTruthy();
      for (const m of tpl!.matchAll(/\{(\w+)\}/g))
        expect(e.msg.params ?? {}, `${e.msg.key} {${m[1]}}`).toHaveProperty(m[1]!);
    }
  const o = s.outcome!;
  expect(o.reason.key).toMatch(/^ghost\.end\./);
  expect(o.scores).toHaveLength(s.g.P);
  expect(o.winners.length).toBeGreaterThan(0);
  const r = s.g.result as any;
  if (r.reason === 'gkDeck' || r.reason === 'gkCard') expect(o.winners).toContain(s.g.gk);
  else {
    // The heretics cannot win when the 邪道(王) fell, or was the GK defeated (R26 v1.1: 共同失败).
    const hereticsOut =
      r.reason === 'hereticKing' ||
      (r.reason === 'gkDefeated' && s.g.gk !== null && s.g.players[s.g.gk]!.identity === 'heretic_king');
    expect(Math.max(...r.winningTeams.map((t: string) => r.teams[t]))).toBe(
      Math.max(
        ...Object.entries(r.teams)
          .filter(([t]) => !hereticsOut || t !== 'heretic')
          .map(([, v]) => v as number),
      ),
    );
  }
}

describe('seeded random full games', () => {
  for (const P of [4, 5, 6, 7, 8])
    for (const mode of ['bot', 'random'] as const)
      test(`${P} players, ${mode} answers: cards conserved, spirit ≥ 0, nothing hidden leaks, replay equals the snapshot`, () => {
        for (const seed of [`a${P}`, `b${P}`, `c${P}`]) {
          const { s, moves, log } = playGame(P, `${mode}-${seed}`, mode);
          validOutcome(s, log);
          expect(replay(ghost, { seats: P, seed: `${mode}-${seed}` }, moves)).toEqual(s);
        }
      });
});
