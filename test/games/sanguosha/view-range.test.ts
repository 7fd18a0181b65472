import { describe, expect, it } from 'vitest';
import { apply, botAnswer, botRng, createGame, type GameState } from '../../../worker/engine';
import sanguosha from '../../../worker/games/sanguosha';
import { alive, distance, inRange } from '../../../worker/games/sanguosha/core';

describe('the view tells each seat its distances and range exactly as the rules compute them', () => {
  it("a seat's view.me.distance and view.me.inRange match distance() and inRange() at every step of bot games", () => {
    for (const seats of [5, 8]) {
      let s: GameState<any> = createGame(sanguosha, { seats, seed: `view-range-${seats}`, options: sanguosha.parseOptions(undefined, seats) as never });
      let checked = 0;
      for (let k = 0; k < 400 && !s.outcome; k++) {
        const g = s.g;
        for (let seat = 0; seat < seats; seat++) {
          const me = (sanguosha.view(s, seat) as any).me;
          expect(me.distance).toEqual(g.players.map((p: any) => (p.seat === seat || !alive(g, p.seat) || !alive(g, seat) ? null : distance(g, seat, p.seat))));
          expect(me.inRange).toEqual(g.players.map((p: any) => alive(g, seat) && inRange(g, seat, p.seat)));
          checked++;
        }
        const p = s.prompts[0]!;
        const r = apply(sanguosha, s, p.seat, botAnswer(sanguosha, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
      expect(checked).toBeGreaterThan(100);
    }
  });
});
