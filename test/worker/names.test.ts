import { describe, expect, it } from 'vitest';
import { checkName, cleanText, looksLike, nameSkeleton } from '../../worker/room/seats';
import { api, expectError, stateOf, summaryOf, table } from './helpers';

describe('issue 9 point 7: names and chat are cleaned (worker/room/names.ts)', () => {
  it('control and invisible characters are removed: NUL, ESC, RLO, zero-width space, BOM, soft hyphen, tags', () => {
    expect(cleanText('fi\u0000r\u001b[31ms\u202et\u200b\ufeff\u00ad\u{e0041}')).toBe('fir[31mst');
    expect(cleanText('\u2066a\u2069\u200e\u200f\u061c')).toBe('a');
    expect(cleanText('\u3164\u115f\u2800')).toBe('');
  });

  it('text is NFC: a decomposed é becomes the composed one', () => {
    expect(cleanText('Jose\u0301')).toBe('Jos\u00e9');
  });

  it('line breaks, tabs and runs of spaces of any width become one space, trimmed', () => {
    expect(cleanText(' a\r\n\tb\u3000\u2003c\u2028d ')).toBe('a b c d');
  });

  it('an emoji sequence keeps its joiner; a joiner between letters goes', () => {
    expect(cleanText('👩\u200d💻')).toBe('👩\u200d💻');
    expect(cleanText('a\u200db')).toBe('ab');
  });

  it('Chinese names pass unchanged', () => {
    expect(cleanText('张三')).toBe('张三');
    expect(cleanText('諸葛亮')).toBe('諸葛亮');
  });

  it('look-alike names have the same skeleton', () => {
    const pairs: [string, string][] = [
      ['first', 'first\u200b'],
      ['first', 'First'],
      ['first', 'ｆｉｒｓｔ'], // full width
      ['first', '𝐟𝐢𝐫𝐬𝐭'], // mathematical bold
      ['paypal', 'раураl'], // Cyrillic р а у
      ['Bill', 'BiII'], // capital I for l
      ['Leo', 'Le0'],
      ['Kim', 'Kirn'],
      ['A B', 'AB'],
      ['力', 'カ'], // Han and katakana
      ['一二', 'ー二'],
    ];
    for (const [a, b] of pairs) expect(looksLike(a, b), `${a} / ${b}`).toBe(true);
  });

  it('different names do not look alike', () => {
    for (const [a, b] of [
      ['张三', '张四'],
      ['Ann', 'Anna'],
      ['Bob', 'Rob'],
      ['José', 'Jose'],
      ['明', '朋'],
    ])
      expect(looksLike(a!, b!), `${a} / ${b}`).toBe(false);
    expect(nameSkeleton('Bot 2')).not.toBe(nameSkeleton('Bot 3'));
  });

  it('issue 26: names are compared by the skeleton of Unicode confusables data, across scripts', () => {
    const pairs: [string, string][] = [
      ['Olga', 'Օlga'], // Armenian Օ
      ['yes', 'үes'], // Cyrillic ү
      ['Eva', 'Ꭼva'], // Cherokee Ꭼ
      ['Dan', 'Ꭰan'], // Cherokee Ꭰ
      ['へい', 'ヘい'], // hiragana and katakana he
      ['口口', '囗口'], // mouth and enclosure
    ];
    for (const [a, b] of pairs) expect(looksLike(a, b), `${a} / ${b}`).toBe(true);
  });

  it('issue 26: a traditional name and its simplified twin look the same', () => {
    expect(looksLike('张三', '張三')).toBe(true);
    expect(looksLike('诸葛亮', '諸葛亮')).toBe(true);
    expect(checkName('張三', ['张三'], 24)).toMatchObject({ lookalike: true });
  });

  it('issue 26: a look-alike of "Bot 3" in another script is kept for bots too', () => {
    for (const n of ['Ᏼot 3', 'Воt 3', 'ＢＯＴ３']) expect(checkName(n, [], 24), n).toMatchObject({ lookalike: true });
  });

  it('issue 26: a letter carries at most three combining marks', () => {
    expect(checkName('Zalgo\u0301\u0302\u0303\u0304', [], 24)).toMatchObject({
      error: expect.stringMatching(/at most 3/),
    });
    expect(checkName('Nguyễn Thị Ánh', [], 24)).toEqual({ name: 'Nguyễn Thị Ánh' });
  });

  it('checkName refuses empty, too long and look-alike names, with a reason', () => {
    expect(checkName('\u200b\u202e', [], 24)).toMatchObject({ error: expect.stringMatching(/1 to 24/) });
    expect(checkName('x'.repeat(25), [], 24)).toMatchObject({ error: expect.stringMatching(/1 to 24/) });
    expect(checkName('first\u200b', ['first', null], 24)).toMatchObject({ lookalike: true });
    expect(checkName(' second ', ['first', null], 24)).toEqual({ name: 'second' });
    // Seats left empty at the start are named "Bot 2", "Bot 3"...: a player cannot pass for one.
    for (const n of ['Bot 3', 'bot3', 'B0T 1', 'Bot 10', 'Bot'])
      expect(checkName(n, [], 24), n).toMatchObject({ lookalike: true });
    expect(checkName('Bottle', [], 24)).toEqual({ name: 'Bottle' });
    expect(checkName('Bot 3', [], 24, { bot: true })).toEqual({ name: 'Bot 3' });
  });
});

describe('issue 9 point 7: names and chat are cleaned where they arrive', () => {
  it('two look-alike names are refused at one table (409), and the name is stored cleaned', async () => {
    const lobby = await api('/games', { body: { game: 'duel', seats: 3 } });
    const id = lobby.body.id as string;
    expect((await api(`/games/${id}/seats`, { body: { name: 'first' } })).status).toBe(201);
    expectError(await api(`/games/${id}/seats`, { body: { name: 'first\u200b' } }), 409, 'conflict');
    expectError(await api(`/games/${id}/seats`, { body: { name: 'FIRST' } }), 409, 'conflict');
    expectError(await api(`/games/${id}/seats`, { body: { name: 'fіrst' } }), 409, 'conflict'); // Cyrillic і
    expectError(await api(`/games/${id}/seats`, { body: { name: '\u200b\u0000' } }), 400, 'bad_request');
    expect((await api(`/games/${id}/seats`, { body: { name: 'se\u202econd\u0000' } })).status).toBe(201);
    expect((await summaryOf(id)).seats.map((s) => s.name)).toEqual(['first', 'second', null]);
  });

  it('a replacement seat may not take a look-alike of another seat, but may keep its own', async () => {
    const t = await table(2);
    expectError(
      await api(`/games/${t.id}/admin/replace-seat`, {
        body: { seat: 1, by: 'invite', name: 'A\u200b' },
        token: t.admin,
      }),
      409,
      'conflict',
    );
    expect(
      (await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'invite', name: 'b' }, token: t.admin }))
        .status,
    ).toBe(200);
    expect((await summaryOf(t.id)).seats.map((s) => s.name)).toEqual(['A', 'b']);
  });

  it('chat lines are cleaned: controls and bidi overrides removed, NFC', async () => {
    const t = await table(2);
    const r = await api(`/games/${t.id}/chat`, {
      body: { text: 'gg\u202e\u0000 e\u0301\n\u001bnext' },
      token: t.tokens[0],
    });
    expect(r.status).toBe(201);
    expect((await stateOf(t.id, t.tokens[1])).chat.map((c) => c.text)).toEqual(['gg \u00e9 next']);
    expectError(
      await api(`/games/${t.id}/chat`, { body: { text: '\u200b\u200b' }, token: t.tokens[0] }),
      400,
      'bad_request',
    );
  });
});
