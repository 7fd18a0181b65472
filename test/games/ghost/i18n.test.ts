import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { strings } from '../../../worker/games/ghost/i18n';
import { ARTIFACTS, EVENTS, IMPS, KINGS, SPELLS } from '../../../worker/games/ghost/cards';

/** Every key the rules can emit has a text in all three languages, with the same placeholders. */
describe('display strings', () => {
  const dir = new URL('../../../worker/games/ghost/', import.meta.url);
  const src = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'i18n.ts')
    .map((f) => readFileSync(new URL(f, dir), 'utf8'))
    .join('\n');
  const used = new Set<string>();
  for (const m of src.matchAll(/'ghost\.([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const m of src.matchAll(/msg\('([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const m of src.matchAll(/opt\('[^']*', '([a-zA-Z.]+)'/g)) used.add(`ghost.${m[1]}`);
  for (const w of ['before', 'after']) used.add(`ghost.ask.window.${w}`);
  for (const w of ['halfHand', 'reckless', 'handLimit']) used.add(`ghost.ask.${w}`);
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
      const params = Object.fromEntries([...strings.en![k]!.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, /^(n|total|count|spirit|turn)$/.test(m[1]!) ? 1 : 'x']));
      expect(str('en', k, params), k).not.toMatch(/\b1 (cards|imps|points|pts|votes|ghost cards)\b/);
    }
  });
});
