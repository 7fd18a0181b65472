/**
 * A spell added the way a variant or a test adds one: a card line, a rule and its strings passed to `makeGhost`,
 * nothing patched. The new game deals it, offers it, plays it and names it; the real deck is left as it was.
 */
import { describe, expect, test } from 'vitest';
import ghost, { makeGhost } from '../../../worker/games/ghost';
import type { SpellRule } from '../../../worker/games/ghost/catalogue';
import { gain } from '../../../worker/games/ghost/state';
import { FIXTURE, table } from './fixture';
import { playGame } from './play';

/** 聚宝盆 (a spell cards.md does not have): choose another player; you and they each gain 1 spirit. */
const S90: SpellRule = {
  id: 'S90',
  pick: (_cat, g, s) => ({ seats: { from: g.players.map((_, i) => i).filter((i) => i !== s), min: 1, max: 1 } }),
  play(ctx, s, a) {
    gain(ctx.g, s, 1);
    gain(ctx.g, a.seats![0]!, 1);
  },
};

const line = (id: string) => ({ id, cost: 1, copies: 1, weight: 1, window: null });
const cards = FIXTURE.cat.cards;

const bowl = makeGhost({
  cards: { ...cards, spells: [...cards.spells, line('S90')] },
  spells: [S90],
  strings: {
    'ghost.card.S90': ['聚宝盆', '聚寶盆', 'Treasure bowl'],
    'ghost.text.S90': [
      '选择另一位玩家：你和他各得1灵力。',
      '選擇另一位玩家：你和他各得1靈力。',
      'Choose another player: you and they each gain 1 spirit.',
    ],
  },
});

describe('a spell added through makeGhost', () => {
  test('is dealt in the new game (one red and one blue copy), and the real deck has none', () => {
    expect(bowl.cat.handDeck).toEqual([
      ...FIXTURE.cat.handDeck.slice(0, -20),
      'S90-R1',
      'S90-B1',
      ...FIXTURE.cat.handDeck.slice(-20),
    ]);
    expect(ghost.cat.handDeck.some((c) => c.startsWith('S90'))).toBe(false);
    expect(ghost.strings!['zh-CN']!['ghost.card.S90']).toBeUndefined();
  });

  test('is offered in the day, costs its spirit, resolves its rule and goes to the discard pile', () => {
    const t = table({ game: bowl, step: 'dayStart', hands: { 0: ['S90-R1'] }, spirit: { 0: 1, 2: 0 } });
    expect(t.options(0)).toContain('play:S90-R1');
    t.reply(0, 'play:S90-R1', { seats: [2] });
    expect(t.p(0).spirit).toBe(1);
    expect(t.p(2).spirit).toBe(1);
    expect(t.g.discard).toContain('S90-R1');
    expect(t.entries().find((e) => e.msg.key === 'ghost.log.spell')!.msg.params).toMatchObject({
      seat: 0,
      card: 'S90-R1',
      target: 2,
    });
  });

  test('cannot be played without the spirit it costs', () => {
    const t = table({ game: bowl, step: 'dayStart', hands: { 0: ['S90-B1'] }, spirit: { 0: 0 } });
    expect(t.options(0)).not.toContain('play:S90-B1');
  });

  test('has its name and text in the three languages of the new game', () => {
    expect(bowl.strings!['zh-CN']!['ghost.card.S90']).toBe('聚宝盆');
    expect(bowl.strings!['zh-TW']!['ghost.text.S90']).toContain('靈力');
    expect(bowl.strings!.en!['ghost.card.S90']).toBe('Treasure bowl');
    // The real strings are all there too.
    expect(bowl.strings!.en!['ghost.card.S05']).toBe(ghost.strings!.en!['ghost.card.S05']);
  });

  test('a card line without its rule is refused when the game is built, not when the card is played', () => {
    expect(() => makeGhost({ cards: { spells: [...cards.spells, line('S91')] } })).toThrow(/no rule for S91/);
  });

  test('whole seeded games with it keep every card and every secret (bot and random answers)', () => {
    for (const mode of ['bot', 'random'] as const) {
      const { s } = playGame(6, `bowl-${mode}`, mode, true, bowl);
      expect(s.outcome).not.toBeNull();
    }
  });
});
