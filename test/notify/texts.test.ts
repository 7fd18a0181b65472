import { describe, expect, it } from 'vitest';
import { formatDuration, notificationFor, pickStrings, renderMsg } from '../../worker/notify';
import { PLATFORM_STRINGS } from '../../worker/notify/render';
import { ROWS as COMMON } from '../../web/i18n/rows/common';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const inH = (h: number) => new Date(NOW + h * 3600_000).toISOString();

describe('notificationFor', () => {
  it('a prompt names the turn and the game in the title and the question in the body', () => {
    expect(notificationFor('prompt', { lang: 'zh-CN', gameTitle: '驱鬼', question: '饿死鬼的驱鬼投票' })).toEqual({
      title: '轮到你了 — 驱鬼',
      body: '饿死鬼的驱鬼投票',
    });
    expect(notificationFor('prompt', { lang: 'zh-TW', gameTitle: '驅鬼', question: '餓死鬼的驅鬼投票' })).toEqual({
      title: '輪到你了 — 驅鬼',
      body: '餓死鬼的驅鬼投票',
    });
    expect(
      notificationFor('prompt', { lang: 'en', gameTitle: 'Exorcism', question: 'Vote on the Hungry Ghost' }),
    ).toEqual({ title: 'Your turn — Exorcism', body: 'Vote on the Hungry Ghost' });
  });

  it('with a deadline and the time now, the body says how long is left', () => {
    const o = { gameTitle: '三国杀', question: '出牌阶段', deadline: inH(3.5), now: NOW };
    expect(notificationFor('prompt', { ...o, lang: 'zh-CN' }).body).toBe('出牌阶段 · 还剩 3 小时 30 分钟');
    expect(notificationFor('prompt', { ...o, lang: 'zh-TW' }).body).toBe('出牌阶段 · 還剩 3 小時 30 分鐘');
    expect(notificationFor('prompt', { ...o, lang: 'en' }).body).toBe('出牌阶段 · 3 h 30 min left');
  });

  it('a reminder puts the time left in the title', () => {
    expect(
      notificationFor('reminder', { lang: 'zh-CN', gameTitle: '驱鬼', question: '投票', deadline: inH(1), now: NOW })
        .title,
    ).toBe('还剩 1 小时 — 驱鬼');
    expect(
      notificationFor('reminder', { lang: 'en', gameTitle: 'Exorcism', question: 'Vote', deadline: inH(49), now: NOW })
        .title,
    ).toBe('2 d 1 h left — Exorcism');
  });

  it('without a clock no time is claimed, and a past deadline is not shown as time left', () => {
    expect(notificationFor('prompt', { lang: 'en', gameTitle: 'X', question: 'Q', deadline: inH(1) }).body).toBe('Q');
    expect(
      notificationFor('reminder', { lang: 'en', gameTitle: 'X', question: 'Q', deadline: inH(-1), now: NOW }),
    ).toEqual({ title: 'Reminder: your turn — X', body: 'Q' });
  });

  it('expiry, end of game and a disabled channel have their own texts in every language', () => {
    expect(notificationFor('expired', { lang: 'zh-CN', gameTitle: '驱鬼', question: '投票' })).toEqual({
      title: '已超时 — 驱鬼',
      body: '时间到，已替你作答：投票',
    });
    expect(notificationFor('expired', { lang: 'en', gameTitle: 'Exorcism' }).body).toBe(
      'Time ran out; an answer was given for you',
    );
    expect(notificationFor('ended', { lang: 'zh-TW', gameTitle: '驅鬼' })).toEqual({
      title: '對局結束 — 驅鬼',
      body: '對局結束，來看看結果吧。',
    });
    expect(notificationFor('ended', { lang: 'en', gameTitle: 'Sanguosha', question: 'The Lord wins' }).body).toBe(
      'The Lord wins',
    );
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) {
      const d = notificationFor('disabled', { lang, gameTitle: 'G' });
      expect(d.title.endsWith(' — G')).toBe(true);
      expect(d.body.length).toBeGreaterThan(10);
    }
  });

  it('durations round down and keep two units at most', () => {
    expect(formatDuration(59_000, 'zh-CN')).toBe('不到 1 分钟');
    expect(formatDuration(90 * 60_000 + 59_000, 'en')).toBe('1 h 30 min');
    expect(formatDuration((3 * 24 + 5) * 3600_000 + 17 * 60_000, 'zh-CN')).toBe('3 天 5 小时');
    expect(formatDuration(2 * 24 * 3600_000, 'zh-TW')).toBe('2 天');
  });
});

describe('renderMsg follows the shared param convention', () => {
  const names = ['张三', '李四', '王五', 'Dana'];
  const nameOf = (s: number) => names[s] ?? `#${s}`;
  const strings = {
    'ghost.vote': '{ghost}的驱鬼投票 · {by}发起',
    'sgs.respond': '{source}对你使用了{card}，是否打出{need}？',
    'sgs.pick': '选择{count}名角色：{targets}',
    'sgs.chain': '{inner}（{fromSeat}）',
    'sgs.inner': '{seat}濒死',
    'sgs.discard': '弃置{cards}',
    'common.raw': '{text}{missing}',
  };

  it('named seat params become player names', () => {
    expect(renderMsg(strings, { key: 'ghost.vote', params: { ghost: '饿死鬼', by: 2 } }, nameOf)).toBe(
      '饿死鬼的驱鬼投票 · 王五发起',
    );
  });

  it('seat lists become names joined for the language', () => {
    const m = { key: 'sgs.pick', params: { count: 2, targets: [0, 3] } };
    expect(renderMsg(strings, m, nameOf)).toBe('选择2名角色：张三、Dana');
    expect(renderMsg(strings, m, nameOf, { lang: 'en' })).toBe('选择2名角色：张三, Dana');
  });

  it('card ids use the game label when given, else show the id', () => {
    const m = { key: 'sgs.respond', params: { source: 1, card: '37', need: '闪' } };
    expect(renderMsg(strings, m, nameOf)).toBe('李四对你使用了37，是否打出闪？');
    expect(renderMsg(strings, m, nameOf, { cardLabel: (id) => (id === '37' ? '杀 ♠7' : id) })).toBe(
      '李四对你使用了杀 ♠7，是否打出闪？',
    );
    expect(
      renderMsg(strings, { key: 'sgs.discard', params: { cards: ['1', '2'] } }, nameOf, {
        cardLabel: (id) => `[${id}]`,
      }),
    ).toBe('弃置[1]、[2]');
  });

  it('a nested message is rendered recursively, and a param ending in Seat is a seat', () => {
    const m = { key: 'sgs.chain', params: { inner: { key: 'sgs.inner', params: { seat: 0 } }, fromSeat: 1 } };
    expect(renderMsg(strings, m, nameOf)).toBe('张三濒死（李四）');
  });

  it('other params are shown as is; a number in a non-seat param stays a number', () => {
    expect(renderMsg(strings, { key: 'ghost.vote', params: { ghost: 3, by: 0 } }, nameOf)).toBe(
      '3的驱鬼投票 · 张三发起',
    );
  });

  it('an unknown key shows the key, a missing param keeps its placeholder', () => {
    expect(renderMsg(strings, { key: 'ghost.nope' }, nameOf)).toBe('ghost.nope');
    expect(renderMsg(strings, { key: 'common.raw', params: { text: 'hi' } }, nameOf)).toBe('hi{missing}');
  });

  it('a game formatParam hook wins over the convention', () => {
    const m = { key: 'ghost.vote', params: { ghost: 'e_gui', by: 2 } };
    expect(
      renderMsg(strings, m, nameOf, { formatParam: (n, v) => (n === 'ghost' && v === 'e_gui' ? '饿死鬼' : undefined) }),
    ).toBe('饿死鬼的驱鬼投票 · 王五发起');
  });

  it('pickStrings fills gaps of a language from its nearest neighbour', () => {
    const all = { 'zh-CN': { a: '甲', b: '乙' }, 'zh-TW': { a: '甲T' }, en: { a: 'A', c: 'C' } };
    expect(pickStrings(all, 'zh-TW')).toEqual({ ...PLATFORM_STRINGS['zh-TW'], a: '甲T', b: '乙', c: 'C' });
    expect(pickStrings(all, 'en')).toEqual({ ...PLATFORM_STRINGS.en, a: 'A', b: '乙', c: 'C' });
    expect(pickStrings(undefined, 'en')).toEqual(PLATFORM_STRINGS.en);
  });

  it('issue 26 point 10: a host-ended game is said in words in every language, never as its raw key', () => {
    const ended = { key: 'common.endedByHost' };
    expect(renderMsg(pickStrings({}, 'en'), ended, nameOf)).toBe('The host ended the game.');
    expect(renderMsg(pickStrings(undefined, 'zh-TW'), ended, nameOf)).toBe('房主結束了牌局。');
    expect(renderMsg(pickStrings({ 'zh-CN': { x: 'y' } }, 'zh-CN'), ended, nameOf)).toBe('房主结束了牌局。');
  });

  it("the platform's messages the server renders are the client's rows, word for word", () => {
    const langs = ['zh-CN', 'zh-TW', 'en'] as const;
    for (const [i, lang] of langs.entries())
      for (const [key, text] of Object.entries(PLATFORM_STRINGS[lang])) expect(text).toBe(COMMON[key]![i]);
  });
});
