import { afterEach, describe, expect, it, vi } from 'vitest';
import { logFields, logValue } from '../../worker/log';
import { api, promptOf, stateOf, table } from './helpers';

describe('issue 9 point 6: request fields cannot forge server log lines', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Every console line written while `fn` runs. */
  async function linesDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const lines: string[] = [];
    const keep = (...a: unknown[]) => void lines.push(a.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
    await fn();
    return lines;
  }

  it('a forged newline, ANSI escape or bracket in an answer does not start a new log line or field', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    const forged = 'p1\nrejected code=[ok] game=[other]\u001b[2J\u202e] seat=[9';
    const lines = await linesDuring(() =>
      api(`/games/${t.id}/answers`, {
        body: { version: s.version, answer: { prompt: forged, option: 'x\r\ny' } },
        token: t.tokens[0],
      }),
    );
    const rejected = lines.filter((l) => l.startsWith('rejected '));
    expect(rejected).toHaveLength(1);
    const line = rejected[0]!;
    expect(line).not.toMatch(/[\n\r\u001b\u202e]/);
    // The forged "fields" are inside the prompt's value, escaped: the real fields appear once each.
    expect(line.match(/ seat=\[/g)).toHaveLength(1);
    expect(line.match(/ game=\[/g)).toHaveLength(1);
    expect(line).toContain('prompt=[p1\\nrejected code=\\[ok\\] game=\\[other\\]\\u001b\\[2J\\u202e\\] seat=\\[9]');
    // The answer was still judged by its real values.
    expect(promptOf(await stateOf(t.id, t.tokens[0])).id).toBe(promptOf(s).id);
  });

  it('a forged newline in a name does not start a new log line', async () => {
    const t = await table(2, { start: false });
    const lines = await linesDuring(() =>
      api(`/games/${t.id}/seats`, { body: { name: 'eve\n\u001b[31mrejected code=[internal]' } }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).not.toMatch(/[\n\u001b]/);
  });

  it('log values escape every control and format character and are cut to a bounded length', () => {
    expect(logValue('a\u0000b\u0085c\u2028d\u200be\ufeff\\')).toBe('a\\u0000b\\u0085c\\u2028d\\u200be\\ufeff\\\\');
    expect(logValue({ n: 1 })).toBe('{"n":1}');
    expect(logValue('x'.repeat(10_000)).length).toBeLessThan(400);
    expect(logFields({ a: 'x]', b: undefined, c: 2 })).toBe('a=[x\\]] c=[2]');
  });
});
