import { describe, expect, it } from 'vitest';
import type { LogLine, Msg } from '../../worker/protocol';
import { actorAndTargets, hurtSeat } from '../../web/table/Arrows';
import { cardsOf, hitsYou } from '../../web/table/Log';
import { madeForThem } from '../../web/table/Seats';
import { maskedLink } from '../../web/table/PersonalLink';
import { optionLabel } from '../../web/pages/Lobby';
import { makeT } from '../../web/lib/msg';
import { lang, s } from '../../web/i18n';
import { cardText as sgsCard, CARD_KEYS } from '../../web/games/sanguosha/cards';
import { cardText as ghostCard } from '../../web/games/ghost/labels';
import { strings as sgsStrings } from '../../worker/games/sanguosha/i18n';
import { DECK } from '../../worker/games/sanguosha/deck';
import { localTime } from '../../web/ui';

const line = (i: number, key: string, params?: Record<string, unknown>): LogLine =>
  ({ i, msg: { key, params } as Msg }) as LogLine;

describe('moves made for a player are marked (issue 12 §7)', () => {
  it('a seat a default or a bot answered for among the recent lines is marked, with the latest kind; others are not', () => {
    const log = [
      line(0, 'room.log.timedOut', { seat: 2 }),
      line(1, 'sgs.log.use', { seat: 1, card: 3, targets: [2] }),
      line(2, 'room.log.botPlayed', { seat: 2 }),
      line(3, 'room.log.timedOut', { seat: 0 }),
    ];
    const m = madeForThem(log);
    expect(m.get(0)).toBe('timedOut');
    expect(m.get(2)).toBe('botPlayed');
    expect(m.has(1)).toBe(false);
    // Long ago: no longer marked.
    expect(
      madeForThem([
        line(0, 'room.log.timedOut', { seat: 0 }),
        ...Array.from({ length: 40 }, (_, i) => line(i + 1, 'x', { seat: 1 })),
      ]).has(0),
    ).toBe(false);
  });
});

describe('what happened since you were last here puts what hit you first (issue 12 §6)', () => {
  it('damage, dying and cards taken from you are yours; a card you used on another is not', () => {
    expect(hitsYou({ key: 'sgs.log.damage', params: { source: 2, target: 0, n: 1 } }, 0)).toBe(true);
    expect(hitsYou({ key: 'sgs.log.damage', params: { source: 0, target: 2, n: 1 } }, 0)).toBe(false);
    expect(hitsYou({ key: 'sgs.log.dying', params: { seat: 0, hp: 0 } }, 0)).toBe(true);
    expect(hitsYou({ key: 'sgs.log.takeHand', params: { by: 3, target: 0 } }, 0)).toBe(true);
    expect(hitsYou({ key: 'sgs.log.use', params: { seat: 1, card: 3, targets: [0] } }, 0)).toBe(false);
    expect(hitsYou({ key: 'room.log.timedOut', params: { seat: 0 } }, 0)).toBe(true);
  });
});

describe('animations name who acted on whom (issue 12 §10)', () => {
  it('a card used on targets draws an arrow to each target, never to the user', () => {
    expect(actorAndTargets({ key: 'sgs.log.use', params: { seat: 1, targets: [2, 1, 3] } })).toEqual({
      from: 1,
      to: [2, 3],
    });
    expect(actorAndTargets({ key: 'sgs.log.take', params: { by: 0, target: 4 } })).toEqual({ from: 0, to: [4] });
    expect(actorAndTargets({ key: 'sgs.log.useSelf', params: { seat: 1 } })).toBeNull();
  });
  it('damage flashes the seat that took it', () => {
    expect(hurtSeat({ key: 'sgs.log.damage', params: { source: 1, target: 3 } })).toBe(3);
    expect(hurtSeat({ key: 'sgs.log.use', params: { seat: 1, targets: [3] } })).toBeNull();
  });
});

describe('links that cannot be confused (issue 12 §8)', () => {
  it('the personal seat link is shown with its token masked', () => {
    const url = 'https://x.example/g/abc#seat=SECRETTOKEN123';
    const shown = maskedLink(url);
    expect(shown).not.toContain('SECRETTOKEN123');
    expect(shown.startsWith('https://x.example/g/abc#seat=')).toBe(true);
    expect(maskedLink('https://x.example/g/abc')).toBe('https://x.example/g/abc');
  });
});

describe('lobby option chips (issue 12 §11)', () => {
  it('are translated, and options that are off are not listed', () => {
    lang.value = 'zh-CN';
    expect(optionLabel('sanguosha', 'autoPass', true)).toBe(s('opt.sanguosha.autoPass'));
    expect(optionLabel('sanguosha', 'doubleTraitor', false)).toBeNull();
    expect(optionLabel('sanguosha', 'deck', 'full')).toBeNull();
    expect(optionLabel('sanguosha', 'deck', 'standard')).toBe('标准版 108 张牌堆');
    // The game's own option labels win where it has them.
    expect(optionLabel('sanguosha', 'deck', 'standard', sgsStrings['zh-CN'])).toBe(
      `${sgsStrings['zh-CN']['sgs.option.deck']}: ${sgsStrings['zh-CN']['sgs.option.deck.standard']}`,
    );
    expect(optionLabel('sanguosha', 'noGenerals', true, sgsStrings['zh-CN'])).toBe(
      sgsStrings['zh-CN']['sgs.option.noGenerals'],
    );
    expect(optionLabel('sanguosha', 'botsForAbsent', true)).toBe('机器人代打缺席玩家');
    for (const l of ['zh-CN', 'zh-TW', 'en'] as const) {
      lang.value = l;
      for (const [k, v] of [
        ['autoPass', true],
        ['deck', 'standard'],
        ['botsForAbsent', true],
        ['noGenerals', true],
        ['extraLords', true],
      ] as const)
        expect(optionLabel('sanguosha', k, v)).not.toMatch(/[a-z]+\.[a-z]|: (true|standard)/);
      // The game's own labels for the generals options exist in every language.
      for (const k of ['noGenerals', 'extraLords'])
        expect(optionLabel('sanguosha', k, true, sgsStrings[l])).toBe(sgsStrings[l]![`sgs.option.${k}`]);
    }
    lang.value = 'en';
  });
});

describe('English plurals through Intl.PluralRules (issue 12 §11)', () => {
  it('one card is "1 card", two are "2 cards"; Chinese has one form', () => {
    const t = makeT('en', { strings: sgsStrings }, String);
    expect(t({ key: 'sgs.ask.discard', params: { hp: 3, n: 1 } })).toMatch(/discard 1 card$/);
    expect(t({ key: 'sgs.ask.discard', params: { hp: 3, n: 2 } })).toMatch(/discard 2 cards$/);
    expect(
      makeT('zh-CN', { strings: sgsStrings }, String)({ key: 'sgs.ask.discard', params: { hp: 3, n: 1 } }),
    ).toContain('弃置1张牌');
    lang.value = 'en';
    expect(s('prompt.pickCards', { range: '1', n: 0, count: 1 })).toBe('Pick 1 card — 0 picked');
    expect(s('prompt.pickCards', { range: '2', n: 0, count: 2 })).toBe('Pick 2 cards — 0 picked');
  });
});

describe('cards people can read (issue 12 §3)', () => {
  it('every 三国杀 card of the deck has a text, a type and its suit and rank, in each language', () => {
    for (const l of ['zh-CN', 'zh-TW', 'en'] as const)
      for (const [id, , key] of DECK) {
        const c = sgsCard(String(id), l)!;
        expect(c.text, `${key} ${l}`).toBeTruthy();
        expect(c.text).not.toContain('sgs.');
        expect(c.sub).toMatch(/[♠♥♣♦]/);
      }
    expect(CARD_KEYS.length).toBeGreaterThan(40);
  });
  it('驱鬼 hand cards and imps read their texts', () => {
    const spell = ghostCard('S01-R1', 'en')!;
    expect(spell.text).toBeTruthy();
    expect(spell.red).toBe(true);
    const imp = ghostCard('I01', 'zh-CN')!;
    expect(imp.text.split('\n')).toHaveLength(3);
  });
  it('a log line that names cards offers each once', () => {
    const read = (id: string) => sgsCard(id, 'en');
    const cards = cardsOf(
      { key: 'sgs.log.useAs', params: { seat: 0, cards: [14, 15], as: { key: 'sgs.card.slash' }, card: 14 } },
      read,
    );
    expect(cards.map((c) => c.sub)).toEqual([read('14')!.sub, read('15')!.sub]);
  });
});

describe('deadlines in local time (issue 12 §9)', () => {
  it('today shows the clock time, a later day its weekday too', () => {
    lang.value = 'en';
    const now = new Date(2026, 11, 1, 9, 0).getTime();
    expect(localTime(new Date(2026, 11, 1, 21, 30).toISOString(), now)).toMatch(/9:30|21:30/);
    expect(localTime(new Date(2026, 11, 3, 21, 30).toISOString(), now)).toMatch(/Thu/);
  });
});
