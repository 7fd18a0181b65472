import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { langFrom, shellStrings } from '../../web/i18n';

/** The shell's row files (web/i18n/rows/*.ts), read whole: key → [简体, 繁體, English]. */
const rowFiles = Object.fromEntries(
  await Promise.all(
    Object.entries(import.meta.glob<{ ROWS: Record<string, string[]> }>('../../web/i18n/rows/*.ts')).map(
      async ([f, load]) => [f.split('/').pop()!, (await load()).ROWS] as const,
    ),
  ),
);

/** Every `s('key')` the client code calls, found by reading the sources. */
function usedKeys(dir: string, out = new Set<string>()): Set<string> {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) {
      if (f !== 'games') usedKeys(p, out); // game tables use their own strings
    } else if (/\.tsx?$/.test(f))
      for (const m of readFileSync(p, 'utf8').matchAll(/\bs\('([a-zA-Z]+\.[\w.]+)'/g)) out.add(m[1]!);
  }
  return out;
}

describe('the shell strings', () => {
  it('every row of every shell row file has 简体, 繁體 and English, none empty', () => {
    for (const [file, rows] of Object.entries(rowFiles))
      for (const [k, row] of Object.entries(rows)) {
        expect(row, `${file} ${k}`).toHaveLength(3);
        for (const v of row) expect(v.trim(), `${file} ${k}`).not.toBe('');
      }
  });

  it('a key lives in one row file only (a second row would silently win)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, rows] of Object.entries(rowFiles))
      for (const k of Object.keys(rows)) {
        if (seen.has(k)) twice.push(`${k}: ${seen.get(k)} and ${file}`);
        seen.set(k, file);
      }
    expect(twice).toEqual([]);
    expect(Object.keys(shellStrings.en).sort()).toEqual([...seen.keys()].sort());
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
