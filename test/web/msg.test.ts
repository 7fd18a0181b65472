import { describe, expect, it } from 'vitest';
import type { Lang } from '../../web/games/types';
import { makeT } from '../../web/lib/msg';
import { shellStrings } from '../../web/i18n';
import { strings as sgsStrings } from '../../worker/games/sanguosha/i18n';

const names = ['Ann', 'Bo', 'Cy'];
const nameOf = (seat: number) => names[seat] ?? `#${seat + 1}`;
const ui = {
  strings: {
    'zh-CN': { 'g.hit': '{source}用{card}打{target}', 'g.only': '中文独有' },
    'zh-TW': {},
    en: {
      'g.hit': '{source} hits {target} with {card}',
      'g.vote': '{voter} votes for {seats}',
      'g.hand': '{fromSeat} shows {cards}',
      'g.escort': '{lord} asks for a Dodge',
      'g.why': '{who} because {reason}',
      'g.n': '{n} left, {skill}',
      'skill.zhiheng': 'Balance of Power',
    },
  } as Record<Lang, Record<string, string>>,
  cardLabel: (id: string, lang: Lang) => (lang === 'en' ? `card ${id}` : `牌${id}`),
};

describe('the message renderer (common.md param convention)', () => {
  const t = makeT('en', ui, nameOf);

  it('a seat param (source, target, voter, …Seat) holding a number shows the player’s name', () => {
    expect(t({ key: 'g.hit', params: { source: 0, target: 2, card: 's7' } })).toBe('Ann hits Cy with card s7');
    expect(t({ key: 'g.hand', params: { fromSeat: 1, cards: ['a', 'b'] } })).toBe('Bo shows card a, card b');
  });

  it('the lord param (护驾, 激将, the selection prompt) is a seat and shows the lord’s name', () => {
    expect(t({ key: 'g.escort', params: { lord: 2 } })).toBe('Cy asks for a Dodge');
  });

  it('seats/targets lists become names joined for the language', () => {
    expect(t({ key: 'g.vote', params: { voter: 1, seats: [0, 2] } })).toBe('Bo votes for Ann, Cy');
    expect(
      makeT(
        'zh-CN',
        { strings: { ...ui.strings, 'zh-CN': { 'g.vote': '{voter}投{seats}' } } },
        nameOf,
      )({ key: 'g.vote', params: { voter: 1, seats: [0, 2] } }),
    ).toBe('Bo投Ann、Cy');
  });

  it('cards go through the game’s card label in the current language', () => {
    expect(makeT('zh-CN', ui, nameOf)({ key: 'g.hit', params: { source: 0, target: 1, card: 'x' } })).toBe(
      'Ann用牌x打Bo',
    );
  });

  it('a nested message renders recursively', () => {
    expect(
      t({
        key: 'g.why',
        params: { who: 'Ann', reason: { key: 'g.hit', params: { source: 1, target: 0, card: 'k' } } },
      }),
    ).toBe('Ann because Bo hits Ann with card k');
  });

  it('a skill id shows the game’s name for it; a plain number is shown as is (n is not a seat)', () => {
    expect(t({ key: 'g.n', params: { n: 2, skill: 'zhiheng' } })).toBe('2 left, Balance of Power');
    expect(t({ key: 'g.n', params: { n: 2, skill: 'unknown' } })).toBe('2 left, unknown');
  });

  it('a key missing in the current language falls back to English, then to the shell’s strings', () => {
    expect(makeT('zh-TW', ui, nameOf)({ key: 'g.hit', params: { source: 0, target: 1, card: 'q' } })).toBe(
      'Ann hits Bo with 牌q',
    );
    const key = Object.keys(shellStrings.en).find(
      (k) => shellStrings['zh-CN'][k] && !/\{/.test(shellStrings['zh-CN'][k]!),
    )!;
    expect(makeT('zh-CN', ui, nameOf)(key)).toBe(shellStrings['zh-CN'][key]);
  });

  it('a key nobody has a string for still reads: the key and its params, seats as names', () => {
    expect(t({ key: 'g.nope', params: { seat: 1, n: 3 } })).toBe('g.nope (seat: Bo, n: 3)');
    expect(t({ key: 'g.bare' })).toBe('g.bare');
    expect(makeT('en', null, nameOf)({ key: 'x.y', params: { cards: ['c1'] } })).toBe('x.y (cards: c1)');
  });

  it('a template placeholder with no param is left visible rather than dropped', () => {
    expect(t({ key: 'g.hit', params: { source: 0, card: 'z' } })).toBe('Ann hits {target} with card z');
  });
});

describe('wording about yourself (issue 28 item 12)', () => {
  const strings = { 'zh-CN': sgsStrings['zh-CN'], 'zh-TW': sgsStrings['zh-TW'], en: sgsStrings.en } as Record<
    Lang,
    Record<string, string>
  >;
  const role = (seat: number, r: string) => ({
    key: 'sgs.log.roleSecret',
    params: { seat, role: { key: `sgs.role.${r}` } },
  });
  const start = { key: 'sgs.log.start', params: { seat: 0, n: 5 } };
  const expected = {
    'zh-CN': { rebel: '你的身份：反贼（仅你可见）', start: '游戏开始：5人身份局，你是主公' },
    'zh-TW': { rebel: '你的身份：反賊（僅你可見）', start: '遊戲開始：5人身份局，你是主公' },
    en: { rebel: 'You are the Rebel (only you see this)', start: 'The game begins: 5 players, you are the Lord' },
  };

  for (const l of ['zh-CN', 'zh-TW', 'en'] as const)
    it(`your own identity line and the lord's start line say "you" to you, and your name to the others (${l})`, () => {
      const mine = makeT(l, { strings }, nameOf, 1);
      expect(mine(role(1, 'rebel'))).toBe(expected[l].rebel);
      // Another reader (the record after the end) reads the seat's name.
      expect(makeT(l, { strings }, nameOf, 2)(role(1, 'rebel'))).toContain('Bo');
      expect(makeT(l, { strings }, nameOf, null)(role(1, 'rebel'))).toContain('Bo');
      // The lord is public: the lord reads "you are the Lord" once, with no "only you see this".
      expect(makeT(l, { strings }, nameOf, 0)(start)).toBe(expected[l].start);
      expect(mine(start)).toContain('Ann');
      expect(mine(start)).not.toMatch(/only|仅|僅/);
    });
});
