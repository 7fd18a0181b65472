/**
 * Seeded full games where every seat takes a 群 general whenever one is offered, so the 群 skills and their bots are
 * played against each other: the game ends, cards are conserved, HP stays in bounds (below 1 only while dying) and once-per-phase skills are
 * used at most once, after every answer; across the games every 群 skill with a log line (but 急救) shows up in the log.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  botAnswer,
  botRng,
  defaultAnswer,
  rngOf,
  seedRng,
  startGame,
  type Answer,
  type LogEntry,
} from '../../../../worker/engine';
import def, { deckIds } from '../../../../worker/games/sanguosha';
import type { S } from '../../../../worker/games/sanguosha/types';
import { allCards } from '../table';

const QUN = ['zhangjiao', 'yuanshao', 'huatuo', 'diaochan', 'lvbu'];

/** The skill named by a log line: its own key (`sgs.log.leiji`) or the `skill` param of a generic line. */
function skillOfLine(e: LogEntry): string | null {
  const own = /^sgs\.log\.([a-z]+)/.exec(e.msg.key)?.[1];
  const sk = (e.msg.params as Record<string, unknown> | undefined)?.skill as { key?: string } | undefined;
  if (sk?.key?.startsWith('sgs.skill.')) return sk.key.slice(10);
  return own ?? null;
}

function play(seats: number, seed: string): { s: S; seen: Set<string> } {
  const start = startGame(def, {
    seats,
    seed,
    options: def.parseOptions({ deck: 'full', autoPass: seats % 2 === 0, extraLords: true }, seats) as Record<
      string,
      never
    >,
  });
  let s = start.state as S;
  const seen = new Set<string>();
  const driver = rngOf(seedRng(`qun:${seed}`));
  const n = deckIds(def.deck, s.g.deckKind).length;
  for (let k = 0; !s.outcome; k++) {
    if (k > 4000) throw new Error(`${seed} did not end`);
    const p = s.prompts[driver.int(s.prompts.length)]!;
    const qun = p.kind === 'chooseGeneral' ? p.options.find((o) => QUN.includes(o.id.slice(8))) : undefined;
    const a: Answer = qun
      ? { prompt: p.id, option: qun.id }
      : driver.next() < 0.05
        ? defaultAnswer(def, s, p)
        : botAnswer(def, s, p, botRng(s, p));
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(`${seed}: ${p.message.key} answer rejected: ${r.error.reason}`);
    s = r.value.state as S;
    for (const e of r.value.events) {
      const sk = skillOfLine(e);
      if (sk) seen.add(sk);
    }
    const all = allCards(s.g);
    if (all.length !== n || new Set(all).size !== n) throw new Error(`${seed}: cards not conserved`);
    // HP may go below 0 only during a dying process (雷击's 2 damage on 1 HP); a dead seat shows 0.
    const dying = new Set(
      s.stack
        .filter((f) => f.t === 'dying' || f.t === 'death' || f.t === 'damage')
        .map((f) => (f.seat ?? f.target) as number),
    );
    for (const pl of s.g.players)
      if (pl.hp > pl.maxHp || (!pl.alive && pl.hp !== 0) || (pl.alive && !dying.has(pl.seat) && pl.hp < 1))
        throw new Error(`${seed}: seat ${pl.seat} HP ${pl.hp} out of bounds`);
    for (const [key, used] of Object.entries(s.g.used)) {
      const per = def.skills[key.split(':')[1]!]?.active?.perPhase;
      if (per !== undefined && used > per) throw new Error(`${seed}: ${key} used ${used} times in one phase`);
    }
  }
  return { s, seen };
}

describe('群 generals in seeded full games', () => {
  it('games of 4–8 players with 群 generals end with invariants holding, and the 群 skills all get used', () => {
    const seen = new Set<string>();
    for (let seats = 4; seats <= 8; seats++)
      for (let i = 0; i < 2; i++) {
        const r = play(seats, `qun-${seats}-${i}`);
        expect(r.s.outcome).not.toBeNull();
        for (const x of r.seen) seen.add(x);
      }
    // 急救 is left out: it needs 华佗 alive and holding a red card in a dying round outside his turn, too rare in ten
    // games to count on (jijiu.test.ts covers it).
    for (const sk of ['qingnang', 'lijian', 'biyue', 'leiji', 'guidao', 'huangtian', 'luanji'])
      expect(seen, sk).toContain(sk);
  });
});
