import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { langFrom, shellStrings } from '../../web/i18n';

/** Every `s('key')` the client code calls, found by reading the sources. */
function usedKeys(dir: string, out = new Set<string>()): Set<string> {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) {
      if (f !== 'games') usedKeys(p, out); // game tables use their own strings
    } else if (/\.tsx?$/.test(f)) for (const m of readFileSync(p, 'utf8').matchAll(/\bs\('([a-zA-Z]+\.[\w.]+)'/g)) out.add(m[1]!);
  }
  return out;
}

describe('the shell strings', () => {
  it('简体, 繁體 and English have exactly the same keys, none empty', () => {
    const keys = (l: keyof typeof shellStrings) => Object.keys(shellStrings[l]).sort();
    expect(keys('zh-TW')).toEqual(keys('zh-CN'));
    expect(keys('en')).toEqual(keys('zh-CN'));
    for (const table of Object.values(shellStrings)) for (const v of Object.values(table)) expect(v.trim()).not.toBe('');
  });

  it('every key the client code asks for exists', () => {
    const missing = [...usedKeys('web')].filter((k) => !(k in shellStrings.en));
    expect(missing).toEqual([]);
  });

  it('the language follows the browser: Hant regions get 繁體, other Chinese 简体, else English', () => {
    expect(langFrom(['zh-TW'])).toBe('zh-TW');
    expect(langFrom(['zh-Hant-HK'])).toBe('zh-TW');
    expect(langFrom(['zh-CN'])).toBe('zh-CN');
    expect(langFrom(['zh'])).toBe('zh-CN');
    expect(langFrom(['de-DE', 'en-GB'])).toBe('en');
    expect(langFrom(['fr'])).toBe('en');
  });
});
