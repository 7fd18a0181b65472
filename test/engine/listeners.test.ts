/**
 * The trigger frame offers, at a timing point, the effects `effectsOn` names; `listenersOn` indexes a game's whole
 * catalogue by timing so a seat's skills are looked up once. It must list exactly the skills with effects on the
 * timing, each with `effectsOn`'s indices.
 */
import { describe, expect, it } from 'vitest';
import { effectsOn, listenersOn, type Skill } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import { duel } from '../fixtures/duel';

describe('listenersOn', () => {
  for (const [name, skills] of [
    ['三国杀', sanguosha.skills!],
    ['the duel fixture', duel.skills!],
  ] as [string, Record<string, Skill<any>>][])
    it(`lists exactly the skills of ${name} with effects on each timing, with effectsOn's indices in order`, () => {
      const timings = new Set(Object.values(skills).flatMap((s) => s.effects.map((e) => e.on)));
      expect(timings.size).toBeGreaterThan(0);
      for (const timing of [...timings, 'nobody-listens-here']) {
        const want = Object.entries(skills).flatMap(([sid, s]) =>
          effectsOn(s, timing).length ? [[sid, [...effectsOn(s, timing)]]] : [],
        );
        expect(
          [...listenersOn(skills, timing)].map(([sid, ks]) => [sid, [...ks]]),
          timing,
        ).toEqual(want);
      }
    });
});
