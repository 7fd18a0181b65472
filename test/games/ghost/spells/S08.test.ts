import { expect, test } from 'vitest';
import { day } from '../fixture';

test("天眼通 shows another player's identity to its player alone", () => {
  const t = day(['S08-R1']).reply(0, 'play:S08-R1', { seats: [2] });
  expect((t.view(0).view as any).seen[0]).toMatchObject({ kind: 'identity', seat: 2, what: [t.p(2).identity] });
  expect(
    t
      .entries()
      .filter((e) => e.msg.key === 'ghost.log.lookIdentity')
      .map((e) => e.to),
  ).toEqual([[0]]);
});
