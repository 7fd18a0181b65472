/**
 * Seeded random full games with the 魏 generals on the table (the driver picks them whenever offered, 曹丕 first so
 * that he is often the lord and 颂威 plays), with the same invariants after every answer as random-games.test.ts:
 * cards conserved, HP bounds, no hidden card or identity in another seat's view, private lines private, replay =
 * snapshot. Across the games every 魏 skill must actually be used at least once.
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../worker/engine';
import { checkFinished, playGame } from '../playout';

/** The 魏 generals, in the order the driver prefers them when offered. */
const REFERENCE = ['caopi', 'simayi', 'xiahoudun', 'zhangliao', 'xuchu', 'guojia', 'zhenji', 'caocao'];

/** A log line that shows a 魏 skill was used (its own line, or the shared "uses {skill}" lines naming it). */
function wei(e: LogEntry): string | null {
  const m = /^sgs\.log\.(guicai|fankui|ganglie|tuxi|luoyi|tiandu|luoshen|xingshang|fangzhu|songwei)/.exec(e.msg.key);
  if (m) return m[1]!;
  const skill = (e.msg.params as { skill?: { key?: string } } | undefined)?.skill?.key?.slice('sgs.skill.'.length);
  return skill && ['fankui', 'ganglie', 'yiji', 'luoshen', 'qingguo', 'luoyi'].includes(skill) ? skill : null;
}

describe('seeded random full games with the 魏 generals', () => {
  const used = new Set<string>();
  for (let n = 4; n <= 10; n++) {
    const deck = n % 2 ? 'standard' : 'full';
    it(`a ${n}-player game (${deck} deck) with 魏 generals ends with exactly one outcome, invariants holding after every answer`, () => {
      const options = { deck, autoPass: n % 2 === 0, extraLords: true };
      const seed = `wei-${deck}-${n}`;
      const { s, moves, log } = playGame(n, seed, options, { prefer: REFERENCE, maxSteps: 6000 });
      checkFinished(s, moves, n, seed, options);
      for (const e of log) {
        const k = wei(e);
        if (k) used.add(k);
      }
    });
  }
  it('every 魏 skill was used in those games', () => {
    expect([...used].sort()).toEqual([
      'fangzhu',
      'fankui',
      'ganglie',
      'guicai',
      'luoshen',
      'luoyi',
      'qingguo',
      'songwei',
      'tiandu',
      'tuxi',
      'xingshang',
      'yiji',
    ]);
  });
});
