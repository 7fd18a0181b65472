import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strings } from '../../../worker/games/sanguosha/i18n';
import { KINDS } from '../../../worker/games/sanguosha/kinds';
import { GENERALS } from '../../../worker/games/sanguosha/generals';

const dir = new URL('../../../worker/games/sanguosha/', import.meta.url);
const sources = (readdirSync(dir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(new URL(f, dir), 'utf8'));

describe('display strings', () => {
  it('zh-CN, zh-TW and en have exactly the same keys, none empty except the normal damage nature', () => {
    const keys = Object.keys(strings['zh-CN']).sort();
    expect(Object.keys(strings['zh-TW']).sort()).toEqual(keys);
    expect(Object.keys(strings.en).sort()).toEqual(keys);
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const)
      for (const k of keys) if (k !== 'sgs.nature.normal') expect(strings[lang][k], `${lang} ${k}`).not.toBe('');
  });

  it('every message key the rules use has a string', () => {
    const used = new Set(
      sources.flatMap((src) =>
        [...src.matchAll(/'(sgs\.(?:ask|log|opt|end|ui|why|status|summary)[A-Za-z_.]*)'/g)].map((m) => m[1]!),
      ),
    );
    expect(used.size).toBeGreaterThan(50);
    for (const k of used) expect(strings.en[k], k).toBeDefined();
  });

  it('every card, role, phase and nature has a name', () => {
    for (const k of Object.keys(KINDS)) expect(strings['zh-CN'][`sgs.card.${k}`], k).toBeDefined();
    for (const r of ['lord', 'loyalist', 'rebel', 'traitor']) expect(strings.en[`sgs.role.${r}`]).toBeDefined();
    for (const ph of ['start', 'judge', 'draw', 'play', 'discard', 'end', 'none'])
      expect(strings.en[`sgs.phase.${ph}`]).toBeDefined();
    for (const n of ['normal', 'fire', 'thunder']) expect(strings.en[`sgs.nature.${n}`]).toBeDefined();
  });

  it('every general has a name and a kingdom name, and each of its skills a name and its full text, in all three languages', () => {
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const)
      for (const g of GENERALS) {
        expect(strings[lang][`sgs.general.${g.id}`], `${lang} ${g.id}`).toBeTruthy();
        expect(strings[lang][`sgs.kingdom.${g.kingdom}`]).toBeTruthy();
        for (const sk of g.skills) {
          expect(strings[lang][`sgs.skill.${sk}`], `${lang} sgs.skill.${sk}`).toBeTruthy();
          expect(strings[lang][`sgs.skillText.${sk}`], `${lang} sgs.skillText.${sk}`).toBeTruthy();
        }
      }
  });
});
