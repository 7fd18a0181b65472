import { describe, expect, it } from 'vitest';
import type { StateBody } from '../../worker/protocol';
import { asleepNotes } from '../../web/table/Shell';
import { lang, shellStrings } from '../../web/i18n';

/** A playing body waiting on `waiting`, with seat 2 in its quiet hours until 08:00 its own time. */
const body = (waiting: number[], o: Partial<StateBody> = {}): StateBody =>
  ({
    status: 'playing',
    paused: false,
    waiting,
    seats: [0, 1, 2].map((seat) => ({
      seat,
      name: `p${seat}`,
      taken: true,
      bot: false,
      ...(seat === 2 ? { asleepUntil: '08:00' } : {}),
    })),
    ...o,
  }) as unknown as StateBody;
const name = (n: number) => ['张三', '李四', '王五'][n]!;

describe('the table says who it waits on is asleep', () => {
  it('a waited-on seat in its quiet hours shows "asleep until 08:00 their time"; seats not waited on or awake say nothing', () => {
    lang.value = 'en';
    expect(asleepNotes(body([2]), name)).toEqual([
      shellStrings.en['table.asleep']!.replace('{name}', '王五').replace('{until}', '08:00'),
    ]);
    expect(asleepNotes(body([0, 1]), name)).toEqual([]);
  });

  it('issue 28 item 12: your own quiet hours are said to you as "you", never as your name "their time"', () => {
    for (const l of ['zh-CN', 'zh-TW', 'en'] as const) {
      lang.value = l;
      const [mine] = asleepNotes(body([2], { you: 2 }), name);
      expect(mine).toBe(shellStrings[l]['table.asleepYou']!.replace('{until}', '08:00'));
      expect(mine).not.toContain('王五');
      expect(mine).toMatch(l === 'en' ? /^You/ : /^你/);
      expect(asleepNotes(body([2], { you: 0 }), name)).toEqual([
        shellStrings[l]['table.asleep']!.replace('{name}', '王五').replace('{until}', '08:00'),
      ]);
    }
    lang.value = 'en';
  });

  it('a paused or finished game says nobody is asleep on it', () => {
    expect(asleepNotes(body([2], { paused: true }), name)).toEqual([]);
    expect(asleepNotes(body([2], { status: 'finished' }), name)).toEqual([]);
  });
});
