import { describe, expect, it } from 'vitest';
import { idleText } from '../../web/table/PromptPanel';
import { s } from '../../web/i18n';

const name = (n: number) => ['Ann', 'Bo', 'Cy'][n]!;

describe('what the idle prompt panel says', () => {
  it('a reader listed as waited for without a question of his own is told a response window is open', () => {
    // 三国杀 S7: every living seat is shown as considering while a 无懈可击 window is open.
    expect(idleText({ you: 1, prompts: [], waiting: [0, 1, 2] }, name)).toBe(s('prompt.openWindow'));
  });

  it('otherwise it names the seats the table waits for, never the reader', () => {
    expect(idleText({ you: 1, prompts: [], waiting: [0, 2] }, name)).toBe(s('prompt.waitingFor', { names: 'Ann、Cy' }));
    expect(idleText({ you: null, prompts: [], waiting: [2] }, name)).toBe(s('prompt.waitingFor', { names: 'Cy' }));
  });

  it('with nobody waited for it says there is nothing to decide', () => {
    expect(idleText({ you: 0, prompts: [], waiting: [] }, name)).toBe(s('prompt.nothing'));
  });
});
