import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DESIGN §2–3: the rules are pure functions of JSON state, so the same code runs in the Durable Object, the
 * tests, the bots and the browser. Nothing under worker/engine or worker/games may read the clock, draw
 * Math.random, or import the platform.
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const FORBIDDEN: [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now()'],
  [/\bnew Date\s*\(/, 'new Date()'],
  [/\bMath\.random\s*\(/, 'Math.random()'],
  [/\bperformance\.now\s*\(/, 'performance.now()'],
  [/from\s+['"]cloudflare:/, 'a cloudflare: import'],
  [/from\s+['"]hono/, 'a hono import'],
  [/\bcrypto\.(getRandomValues|randomUUID|subtle)\b/, 'WebCrypto'],
  [/\bfetch\s*\(/, 'fetch()'],
];

describe('the rules are pure', () => {
  const files = [...sources('worker/engine'), ...sources('worker/games')];

  it('finds the rule sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('no rule source reads the clock, draws Math.random, or imports the platform', () => {
    const found: string[] = [];
    for (const f of files) {
      // Comments may name what is forbidden; code may not.
      const code = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      for (const [re, what] of FORBIDDEN) if (re.test(code)) found.push(`${f}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
