import { describe, expect, it } from 'vitest';
import { getGame } from '../../worker/engine';
// Registers the real games and the fixture in this module graph (the worker under test has its own).
import '../fixtures/entry';
import { messageFor } from '../../worker/room/outbox';
import type { NotifyTarget } from '../../worker/notify';

const target = (lang: 'zh-CN' | 'zh-TW' | 'en'): NotifyTarget => ({
  kind: 'webhook',
  url: 'https://hooks.example/x',
  format: 'json',
  lang,
});

describe('notification texts from the room', () => {
  it("a notification names the real game in the target's language and opens the table at the prompt", () => {
    for (const [game, lang, title] of [
      ['sanguosha', 'zh-CN', '三国杀'],
      ['sanguosha', 'en', 'Sanguosha'],
      ['ghost', 'zh-TW', '驅鬼'],
      ['ghost', 'en', 'Exorcism'],
    ] as const) {
      const def = getGame(game)!;
      const msg = messageFor({
        target: target(lang),
        kind: 'prompt',
        gameId: 'abcdefghijkmnp',
        game,
        seat: 2,
        url: 'https://teahouse.test/g/abcdefghijkmnp',
        strings: def.strings,
        names: ['甲', '乙', '丙'],
        now: 0,
        about: { id: 'p7', message: { key: 'no.such.key' } },
      });
      expect(msg.title).toContain(title);
      expect(msg.url).toBe('https://teahouse.test/g/abcdefghijkmnp?prompt=p7');
      expect(msg.promptId).toBe('p7');
    }
  });

  it('the question is the prompt message rendered with seat names', () => {
    const msg = messageFor({
      target: target('en'),
      kind: 'prompt',
      gameId: 'abcdefghijkmnp',
      game: 'duel',
      seat: 1,
      url: 'https://teahouse.test/g/abcdefghijkmnp',
      strings: getGame('duel')!.strings,
      names: ['Ann', 'Bo'],
      now: 0,
      about: { id: 'p9', message: { key: 'duel.attacked', params: { source: 0, value: 5 } } },
    });
    expect(msg.body).toContain('Ann attacks you with 5');
  });
});
