import { afterEach, describe, expect, it } from 'vitest';
import { createGame, viewFor, waitingSeats, apply, botAnswer, botRng } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import ghost from '../../worker/games/ghost';
import { strings as sgsStrings } from '../../worker/games/sanguosha/i18n';
import { strings as ghostStrings } from '../../worker/games/ghost/i18n';
import { send, validateTarget } from '../../worker/notify';
import {
  buildChannelRequest,
  CHANNEL_FORMATS,
  parseMention,
  postChannel,
  validateChannel,
  type ChannelFormat,
  type ChannelInput,
  type ChannelSeat,
} from '../../worker/notify/channel';
import type { S } from '../../worker/games/sanguosha/types';
import { startServer, type TestServer } from './http-server';

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const servers: TestServer[] = [];
const serve = async () => {
  const s = await startServer(() => ({ status: 200 }));
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const NOW = Date.parse('2026-12-01T10:00:00Z');
const seats: ChannelSeat[] = [
  { seat: 0, name: '张三', mention: '123456789012345678' },
  { seat: 1, name: 'Lena', mention: 'lena_b', asleepUntil: '08:00' },
  { seat: 2, name: '@everyone', mention: 'U024BE7LH' },
  { seat: 3, name: 'Wei', away: true },
];
const input = (event: ChannelInput['event']): ChannelInput => ({
  gameId: 'g7Yx2kQp9Lm',
  game: 'sanguosha',
  gameTitle: '三国杀',
  title: '周五夜局',
  url: 'https://teahouse.example/g/g7Yx2kQp9Lm',
  seats,
  event,
  now: NOW,
});
const urlFor = (origin: string, f: ChannelFormat) =>
  f === 'telegram' ? `${origin}/bot123:ABC/sendMessage?chat_id=-1001234567890` : `${origin}/hook/${f}`;

/** Post one message in a format to a local receiver; the text a reader would see, and the parsed body. */
async function deliver(
  format: ChannelFormat,
  event: ChannelInput['event'],
  lang: 'zh-CN' | 'zh-TW' | 'en' = 'zh-CN',
  inp = input(event),
) {
  const s = await serve();
  expect(await postChannel({ url: urlFor(s.origin, format), format, lang }, inp)).toEqual({ ok: true });
  expect(s.received.length).toBe(1);
  const req = s.received[0]!;
  const raw = text(req.body);
  const body = format === 'ntfy' ? raw : JSON.parse(raw);
  return { req, raw, body };
}

describe('the table channel: messages in each format arrive at a local receiver', () => {
  it('discord: names who the table waits on with their own mention, pings only them, says who sleeps', async () => {
    const { body } = await deliver('discord', { kind: 'waiting', seats: [0, 1], deadline: NOW + 5 * 3_600_000 });
    expect(body.content).toBe('等待：张三 <@123456789012345678>、Lena');
    expect(body.allowed_mentions).toEqual({ parse: [], users: ['123456789012345678'] });
    expect(body.embeds[0].title).toBe('周五夜局 · 三国杀');
    expect(body.embeds[0].description).toContain('Lena在睡觉，当地时间08:00醒');
    expect(body.embeds[0].description).toContain(`<t:${Math.floor((NOW + 5 * 3_600_000) / 1000)}:R>`);
    expect(body.embeds[0].url).toBe('https://teahouse.example/g/g7Yx2kQp9Lm');
  });

  it('discord: a player named “@everyone” is shown as text and pings nobody', async () => {
    const { body } = await deliver('discord', { kind: 'waiting', seats: [2] }, 'en');
    expect(body.content).toBe('Waiting on \\@everyone');
    expect(body.allowed_mentions).toEqual({ parse: [], users: [] });
  });

  it('slack: a member-id mention and escaped names', async () => {
    const { body } = await deliver('slack', { kind: 'waiting', seats: [2, 3] }, 'en');
    expect(body.text).toContain('Waiting on @everyone <@U024BE7LH>, Wei');
    expect(body.text).toContain('Wei is away');
    expect(body.text.startsWith('*周五夜局 · 三国杀*')).toBe(true);
    const evil = await deliver('slack', { kind: 'waiting', seats: [0] }, 'en', {
      ...input({ kind: 'waiting', seats: [0] }),
      seats: [{ seat: 0, name: '<!channel> & co' }],
    });
    expect(evil.body.text).toContain('Waiting on &lt;!channel&gt; &amp; co');
  });

  it('telegram: the bot API sendMessage with the chat in the body, @username mentions, plain text', async () => {
    const { req, body } = await deliver('telegram', { kind: 'waiting', seats: [1], deadline: NOW + 90 * 60_000 }, 'en');
    expect(new URL(req.url).pathname).toBe('/bot123:ABC/sendMessage');
    expect(new URL(req.url).search).toBe('');
    expect(body.chat_id).toBe(-1001234567890);
    expect(body.parse_mode).toBeUndefined();
    expect(body.text).toBe(
      '周五夜局 · 三国杀\nWaiting on Lena @lena_b\nLena is asleep until 08:00 their time\n1 h 30 min left\nhttps://teahouse.example/g/g7Yx2kQp9Lm',
    );
  });

  it('ntfy: the title as a header, the lines as the body', async () => {
    const { req, body } = await deliver('ntfy', { kind: 'waiting', seats: [0, 3] }, 'zh-TW');
    expect(body).toBe('等待：张三、Wei\nWei暫時離開');
    expect(req.headers.get('title')).toMatch(/^=\?UTF-8\?B\?/);
    expect(req.headers.get('click')).toBe('https://teahouse.example/g/g7Yx2kQp9Lm');
  });

  it('json: stable fields for scripts', async () => {
    const { req, body } = await deliver('json', { kind: 'waiting', seats: [1, 0], deadline: NOW + 60_000 }, 'en');
    expect(req.headers.get('x-teahouse-event')).toBe('table.waiting');
    expect(body).toEqual({
      type: 'teahouse.table',
      v: 1,
      event: 'waiting',
      gameId: 'g7Yx2kQp9Lm',
      game: 'sanguosha',
      title: '周五夜局 · 三国杀',
      text: 'Waiting on 张三, Lena\nLena is asleep until 08:00 their time\n1 min left',
      url: 'https://teahouse.example/g/g7Yx2kQp9Lm',
      seats: [
        { seat: 0, name: '张三', mention: '123456789012345678', asleepUntil: null, away: false },
        { seat: 1, name: 'Lena', mention: 'lena_b', asleepUntil: '08:00', away: false },
      ],
      deadline: new Date(NOW + 60_000).toISOString(),
      winners: null,
    });
  });

  it('start and end messages in every format name the players and the outcome', async () => {
    for (const format of CHANNEL_FORMATS) {
      const start = await deliver(format, { kind: 'start' }, 'en');
      expect(start.raw).toContain('The game has started');
      expect(start.raw).toContain('Lena');
      const end = await deliver(format, { kind: 'end', winners: [1, 3], reason: 'the rebels win' }, 'en');
      expect(end.raw).toContain('The game is over: the rebels win');
      expect(end.raw).toContain('Winners: ');
      expect(end.raw).toContain('Wei');
    }
  });

  it('without a host title the game’s own name heads the message', () => {
    const r = buildChannelRequest(
      { url: 'https://hooks.slack.example/x', format: 'slack', lang: 'en' },
      { ...input({ kind: 'start' }), title: null, gameTitle: 'Sanguosha' },
    );
    expect(JSON.parse(r.init.body).text.startsWith('*Sanguosha*')).toBe(true);
  });
});

/** Every word that would give away a hand card or a secret identity, in all three languages. */
function secrets(s: S, strings: Record<string, Record<string, string>>): string[] {
  const out = new Set<string>();
  for (const lang of ['zh-CN', 'zh-TW', 'en'])
    for (const p of s.g.players) {
      if (!p.revealed) out.add(strings[lang]![`sgs.role.${p.role}`]!);
    }
  for (const lang of ['zh-CN', 'zh-TW', 'en'])
    for (const k of ['jink', 'peach', 'nullification']) out.add(strings[lang]![`sgs.card.${k}`]!);
  return [...out];
}

describe('the table channel never carries hidden information', () => {
  it('mid-game 三国杀: what the channel is given comes from the spectator’s view, and no hand card or unrevealed identity reaches any format', async () => {
    let s = createGame(sanguosha, {
      seats: 6,
      seed: 'channel-secrets',
      options: sanguosha.parseOptions({}, 6) as any,
    }) as S;
    for (let i = 0; i < 60 && !s.outcome; i++) {
      const p = s.prompts[0]!;
      const r = apply(sanguosha, s, p.seat, botAnswer(sanguosha, s, p, botRng(s, p)));
      if (r.ok) s = r.value.state;
    }
    expect(s.outcome).toBeNull();
    const spectator = viewFor(sanguosha, s, null);
    const names = ['Ann', 'Bo', 'Cai', 'Dee', 'Eli', 'Fei'];
    const inp: ChannelInput = {
      gameId: 'g1',
      game: 'sanguosha',
      gameTitle: 'Sanguosha',
      url: 'https://t.example/g/g1',
      seats: names.map((name, seat) => ({ seat, name })),
      event: { kind: 'waiting', seats: spectator.waiting },
      now: NOW,
    };
    const words = secrets(s, sgsStrings);
    expect(words.length).toBeGreaterThan(6);
    for (const format of CHANNEL_FORMATS)
      for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) {
        const { raw } = await deliver(format, inp.event, lang, {
          ...inp,
          gameTitle: lang === 'en' ? 'Sanguosha' : '三国杀'.replace('杀', '殺'),
        });
        for (const w of words) expect(raw.includes(w), `${format} ${lang} leaks “${w}”`).toBe(false);
        for (const seat of spectator.waiting) expect(raw).toContain(names[seat]);
      }
  });

  it('驱鬼: the waiting message names the voter, never the colour of a vote or an identity', async () => {
    const s = createGame(ghost, { seats: 5, seed: 'channel-ghost' });
    const inp: ChannelInput = {
      gameId: 'g2',
      game: 'ghost',
      gameTitle: '驱鬼',
      url: 'https://t.example/g/g2',
      seats: ['A', 'B', 'C', 'D', 'E'].map((name, seat) => ({ seat, name })),
      event: { kind: 'waiting', seats: waitingSeats(ghost, s) },
      now: NOW,
    };
    for (const format of CHANNEL_FORMATS) {
      const { raw } = await deliver(format, inp.event, 'zh-CN', inp);
      for (const id of ['taiping_red', 'tianshi_blue', 'heretic_king'])
        expect(raw).not.toContain(ghostStrings['zh-CN']![`ghost.identity.${id}`]!);
    }
  });
});

describe('checking what the host and the seats register', () => {
  it('a channel in each format; telegram needs its chat', () => {
    expect(validateChannel({ url: 'https://discord.com/api/webhooks/1/a', format: 'discord' })).toEqual({
      url: 'https://discord.com/api/webhooks/1/a',
      format: 'discord',
      lang: 'zh-CN',
    });
    expect(
      validateChannel({
        url: 'https://api.telegram.org/bot1:A/sendMessage?chat_id=@my_group',
        format: 'telegram',
        lang: 'en',
      }),
    ).toMatchObject({ format: 'telegram', lang: 'en' });
    expect(validateChannel({ url: 'https://api.telegram.org/bot1:A/sendMessage', format: 'telegram' })).toMatch(
      /chat_id/,
    );
    expect(validateChannel({ url: 'http://hooks.example/x', format: 'slack' })).toMatch(/https/);
    expect(validateChannel({ url: 'https://x.example/h', format: 'irc' })).toMatch(/format/);
    expect(validateChannel({ url: 'https://u:p@x.example/h' })).toMatch(/user name/);
    expect(validateChannel('https://x.example')).toMatch(/object/);
  });

  it('a channel URL to a loopback, private or internal host is refused in public scope, allowed in private scope', () => {
    const refused = [
      'https://127.0.0.1/h',
      'https://localhost/h',
      'https://10.0.0.5/h',
      'https://192.168.1.1/h',
      'https://172.16.0.1/h',
      'https://169.254.169.254/latest',
      'https://[::1]/h',
      'https://[fd00::1]/h',
      'https://[::ffff:127.0.0.1]/h',
      'https://0x7f000001/h',
      'https://2130706433/h',
      'https://printer.local/h',
      'https://intranet/h',
      'http://localhost:8787/h',
      'http://127.0.0.1:9/h',
    ];
    for (const url of refused) {
      const r = validateChannel({ url, format: 'json' }, 'public');
      expect(typeof r, url).toBe('string');
      expect(r, url).toMatch(/public host|https/);
    }
    // The default scope is public.
    expect(validateChannel({ url: 'https://127.0.0.1/h', format: 'json' })).toMatch(/public host/);
    expect(validateChannel({ url: 'http://127.0.0.1:9/h', format: 'ntfy' }, 'private')).toMatchObject({
      url: 'http://127.0.0.1:9/h',
      format: 'ntfy',
    });
    expect(validateChannel({ url: 'http://hooks.example/x', format: 'json' }, 'private')).toMatch(/https/);
  });

  it('a seat’s mention must fit the channel’s format', () => {
    expect(parseMention('discord', '123456789012345678')).toBe('123456789012345678');
    expect(parseMention('discord', '@zhang')).toMatchObject({ error: expect.stringMatching(/user id/) });
    expect(parseMention('slack', 'U024BE7LH')).toBe('U024BE7LH');
    expect(parseMention('slack', 'zhang')).toMatchObject({ error: expect.any(String) });
    expect(parseMention('telegram', 'lena_b')).toBe('@lena_b');
    expect(parseMention('telegram', '@x')).toMatchObject({ error: expect.any(String) });
    expect(parseMention('ntfy', '张三')).toBe('张三');
    expect(parseMention('discord', null)).toBeNull();
  });

  it('issue 26 point 10: a mention loses bidi overrides, zero-width and control characters, when set and when sent', () => {
    expect(parseMention('ntfy', 'bob\u202Egpj.exe\u202C')).toBe('bobgpj.exe');
    expect(parseMention('json', '\u200Blena\u200D\uFEFF\u2066')).toBe('lena');
    expect(parseMention('discord', '1234567890\u200B12345678')).toBe('123456789012345678');
    expect(parseMention('json', 'two\nlines')).toMatchObject({ error: expect.any(String) });
    expect(parseMention('json', '\u202E\u200B')).toBeNull();
    // A mention stored before the rule is sent clean.
    const old = seats.map((x, i) => (i === 1 ? { ...x, mention: 'lena\u202E\u200B' } : x));
    for (const format of ['json', 'ntfy'] as const) {
      const r = buildChannelRequest(
        { url: 'https://hooks.example/x', format, lang: 'en' },
        { ...input({ kind: 'waiting', seats: [1] }), seats: old },
      );
      expect(String(r.init.body)).not.toMatch(/[\u202E\u200B]|\\u202e|\\u200b/i);
      if (format === 'json')
        expect(JSON.parse(String(r.init.body)).seats[0]).toMatchObject({ seat: 1, mention: 'lena' });
    }
  });

  it('a mention set for another format is not used (no broken <@…> in Slack, no ping in Discord)', () => {
    const r = buildChannelRequest(
      { url: 'https://discord.example/x', format: 'discord', lang: 'en' },
      input({ kind: 'waiting', seats: [1] }),
    );
    expect(JSON.parse(r.init.body).content).toBe('Waiting on Lena');
  });
});

describe('personal webhooks gain a Telegram format', () => {
  it('a personal Telegram webhook arrives at the receiver as a sendMessage to its chat', async () => {
    const s = await serve();
    const t = validateTarget(
      { kind: 'webhook', format: 'telegram', url: `${s.origin}/bot42:XYZ/sendMessage?chat_id=987654321`, lang: 'en' },
      'private',
    ); // the test receiver is on this machine
    expect(typeof t).toBe('object');
    if (typeof t === 'string') return;
    const r = await send(
      t,
      {
        gameId: 'g7',
        game: 'ghost',
        seat: 1,
        kind: 'prompt',
        title: 'Your turn — Exorcism',
        body: 'Vote on the Starving Ghost',
        url: 'https://teahouse.example/g/g7',
      },
      { now: 0 },
    );
    expect(r).toEqual({ ok: true });
    const req = s.received[0]!;
    expect(new URL(req.url).pathname).toBe('/bot42:XYZ/sendMessage');
    expect(JSON.parse(text(req.body))).toEqual({
      chat_id: 987654321,
      text: 'Your turn — Exorcism\nVote on the Starving Ghost\nhttps://teahouse.example/g/g7',
      link_preview_options: { is_disabled: true },
    });
  });
  it('a Telegram webhook without its chat is refused', () => {
    expect(
      validateTarget({ kind: 'webhook', format: 'telegram', url: 'https://api.telegram.org/bot42:XYZ/sendMessage' }),
    ).toMatch(/chat_id/);
  });
});
