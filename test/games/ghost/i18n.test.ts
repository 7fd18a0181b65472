import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { strings } from '../../../worker/games/ghost/i18n';
import { ARTIFACTS, EVENTS, IMPS, KINGS, SPELLS } from '../../../worker/games/ghost/cards';

/** Every key the rules can emit has a text in all three languages, with the same placeholders. */
describe('display strings', () => {
  const dir = new URL('../../../worker/games/ghost/', import.meta.url);
  const src = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && f !== 'i18n.ts' && !f.startsWith('i18n'))
    .map((f) => readFileSync(new URL(f, dir), 'utf8'))
    .join('\n');
  const used = new Set<string>();
  for (const m of src.matchAll(/'ghost\.([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const m of src.matchAll(/msg\('([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const m of src.matchAll(/opt\('[^']*', '([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const w of ['before', 'after']) used.add(`ghost.ask.window.${w}`);
  for (const w of ['halfHand', 'reckless', 'handLimit']) used.add(`ghost.ask.${w}`);
  for (const w of ['vote', 'vote.faceUp', 'vote.any', 'vote.any.faceUp', 'summonVote', 'summonVote.any'])
    used.add(`ghost.ask.${w}`);
  for (const r of ['deck', 'threshold', 'hereticKing', 'gkDefeated', 'gkDeck', 'gkCard']) used.add(`ghost.end.${r}`);
  for (const r of ['spirit', 'draw', 'both']) used.add(`ghost.log.rewards.${r}`);
  for (const c of [...IMPS, ...EVENTS, ...SPELLS, ...ARTIFACTS, ...KINGS]) used.add(`ghost.card.${c.id}`);
  for (const c of [...EVENTS, ...SPELLS, ...ARTIFACTS, ...KINGS]) used.add(`ghost.text.${c.id}`);
  for (const c of IMPS) used.add(`ghost.possession.${c.possession}`), used.add(`ghost.effect.${c.effect}`);

  test('every key used by the rules and every card has a string in zh-CN, zh-TW and en', () => {
    for (const lang of ['zh-CN', 'zh-TW', 'en'])
      for (const k of used) expect(strings[lang]![k], `${lang} ${k}`).toBeTruthy();
  });

  test('the three languages have the same keys and the same placeholders', () => {
    const keys = Object.keys(strings.en!).sort();
    for (const lang of ['zh-CN', 'zh-TW']) {
      expect(Object.keys(strings[lang]!).sort()).toEqual(keys);
      for (const k of keys) {
        const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(ph(strings[lang]![k]!), `${lang} ${k}`).toEqual(ph(strings.en![k]!));
      }
    }
  });
});

describe('English counts', () => {
  test('no English text reads "1 cards" (or imps, points, votes) when a count is 1', async () => {
    const { str } = await import('../../../web/games/ghost/labels');
    for (const k of Object.keys(strings.en!).filter((k) => !k.endsWith('.one'))) {
      const params = Object.fromEntries(
        [...strings.en![k]!.matchAll(/\{(\w+)\}/g)].map((m) => [
          m[1]!,
          /^(n|total|count|spirit|turn)$/.test(m[1]!) ? 1 : 'x',
        ]),
      );
      expect(str('en', k, params), k).not.toMatch(/\b1 (cards|imps|points|pts|votes|ghost cards)\b/);
    }
  });
});

describe('texts agree with the rules (issue 10)', () => {
  const rulesPage = readFileSync(new URL('../../../web/games/ghost/Rules.tsx', import.meta.url), 'utf8');
  const en = rulesPage.slice(rulesPage.indexOf('\n  en: ['));
  const zh = rulesPage.slice(0, rulesPage.indexOf('\n  en: ['));
  const texts = (lang: string) => Object.values(strings[lang]!);

  test('the rules page allows a challenge by a host who voted exactly 5 cards: "more than 5", not "5 or more"', () => {
    expect(zh).toContain('超过5张则不能质疑');
    expect(zh).toContain('超過5張則不能質疑');
    expect(zh).not.toMatch(/5[张張]以上/);
    expect(en).toContain('more than 5 cards');
  });

  test('Chinese texts count imps with 张 and draw with 抽, as the seed does', () => {
    for (const lang of ['zh-CN', 'zh-TW'])
      for (const t of texts(lang)) {
        expect(t, t).not.toMatch(/[0-9一二两兩三几幾每多]\s*[只隻]/);
        expect(t, t).not.toContain('摸');
      }
    expect(zh).not.toMatch(/[0-9一二两兩三几幾每多]\s*[只隻]/);
    expect(zh).not.toContain('摸');
  });

  test('the English texts do not assume every player is "he"', () => {
    const he = /\b(he|his|him|himself)\b/i;
    for (const t of texts('en')) expect(t, t).not.toMatch(he);
    expect(en).not.toMatch(he);
  });

  test('the rules page and the ghost-king rule say a ghost king at 0 imps loses, whatever the team scores', () => {
    expect(strings['zh-CN']!['ghost.kingRule']).toContain('鬼王本人都输');
    expect(strings.en!['ghost.kingRule']).toContain('whatever their team scores');
    expect(en).toContain('At 0 imps the ghost king loses, whatever their team scores');
  });

  test("the rules page states GK emergence as the seed does: the 3rd imp this turn, none of the holder's own exorcised", () => {
    expect(zh).toContain('别人身上的小鬼被驱除救不了他');
    expect(en).toContain('imps is exorcised in the same turn, that player becomes the ghost king');
  });
});
