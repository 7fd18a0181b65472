import { afterEach, describe, expect, it } from 'vitest';
import {
  FORMATS,
  formatMenu,
  registry,
  send,
  validateTarget,
  type NotifyFormat,
  type NotifyMessage,
} from '../../worker/notify';
import { jsonPost } from '../../worker/notify/formats/format';
import { channelText } from '../../worker/notify/formats/channeltext';
import { parseMention, postChannel, validateChannel, type ChannelInput } from '../../worker/notify/channel';
import { shellStrings } from '../../web/i18n';
import { formatsModule } from '../../web/tools/client-data';
import { startServer, type TestServer } from './http-server';

const servers: TestServer[] = [];
const serve = async () => {
  const s = await startServer(() => ({ status: 200 }));
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A Matrix format as a contributor would write it in `notify/formats/matrix.ts`, here built for the test only. */
const matrix: NotifyFormat = {
  id: 'matrix',
  label: 'notify.format.matrix',
  checkUrl: (u) =>
    u.pathname.includes('/_matrix/')
      ? null
      : 'a matrix url is a room send URL (…/_matrix/client/v3/rooms/<room>/send/m.room.message)',
  mention: (m) => (/^@[a-z0-9._=-]+:[a-z0-9.-]+$/.test(m) ? m : { error: 'a Matrix mention is your @user:server id' }),
  personal: (url, msg) => jsonPost(url, { msgtype: 'm.text', body: `${msg.title}\n${msg.body}` }),
  channel: (url, input, lang) => {
    const r = channelText(input, lang, { mention: matrix.mention, tag: (m) => m });
    return jsonPost(url, { msgtype: 'm.text', body: [r.heading, ...r.lines].join('\n') });
  },
};
const withMatrix = registry([...FORMATS.values(), matrix]);

const msg: NotifyMessage = {
  gameId: 'g1',
  game: 'ghost',
  seat: 0,
  kind: 'prompt',
  title: 'Your turn — Exorcism',
  body: 'Vote on the hungry ghost',
  url: 'https://teahouse.example/g/g1',
};
const input: ChannelInput = {
  gameId: 'g1',
  game: 'ghost',
  gameTitle: 'Exorcism',
  url: 'https://teahouse.example/g/g1',
  seats: [{ seat: 0, name: 'Lena', mention: '@lena:matrix.org' }],
  event: { kind: 'waiting', seats: [0] },
  now: 0,
};

describe('a notification format is one entry of a registry that validation, both senders and the menus read', () => {
  it('a format in a registry built for the test is accepted by validation, and the default registry still refuses it', () => {
    const url = 'https://matrix.example/_matrix/client/v3/rooms/r/send/m.room.message';
    expect(validateTarget({ kind: 'webhook', url, format: 'matrix', lang: 'en' }, 'public', withMatrix)).toEqual({
      kind: 'webhook',
      url,
      format: 'matrix',
      lang: 'en',
    });
    expect(validateChannel({ url, format: 'matrix', lang: 'en' }, 'public', withMatrix)).toEqual({
      url,
      format: 'matrix',
      lang: 'en',
    });
    expect(validateTarget({ kind: 'webhook', url, format: 'matrix' })).toMatch(/format must be one of/);
    expect(validateChannel({ url, format: 'matrix' })).toMatch(/channel.format must be one of/);
  });

  it("the format's own URL check and mention rule apply", () => {
    expect(
      validateTarget({ kind: 'webhook', url: 'https://matrix.example/hook', format: 'matrix' }, 'public', withMatrix),
    ).toMatch(/room send URL/);
    expect(validateChannel({ url: 'https://matrix.example/hook', format: 'matrix' }, 'public', withMatrix)).toMatch(
      /room send URL/,
    );
    expect(parseMention('matrix', '@lena:matrix.org', withMatrix)).toBe('@lena:matrix.org');
    expect(parseMention('matrix', 'lena', withMatrix)).toEqual({ error: 'a Matrix mention is your @user:server id' });
  });

  it('the personal sender and the channel sender both post what the format builds', async () => {
    const s = await serve();
    const url = `${s.origin}/_matrix/client/v3/rooms/r/send/m.room.message`;
    const target = validateTarget({ kind: 'webhook', url, format: 'matrix', lang: 'en' }, 'private', withMatrix);
    if (typeof target === 'string') throw new Error(target);
    expect(await send(target, msg, { now: 0, formats: withMatrix })).toEqual({ ok: true });
    const channel = validateChannel({ url, format: 'matrix', lang: 'en' }, 'private', withMatrix);
    if (typeof channel === 'string') throw new Error(channel);
    expect(await postChannel(channel, input, { formats: withMatrix })).toEqual({ ok: true });
    const bodies = s.received.map((r) => JSON.parse(new TextDecoder().decode(r.body)));
    expect(bodies).toEqual([
      { msgtype: 'm.text', body: 'Your turn — Exorcism\nVote on the hungry ghost' },
      { msgtype: 'm.text', body: 'Exorcism\nWaiting on Lena @lena:matrix.org' },
    ]);
  });

  it('the menus list each format where it can be used, under its strings key', () => {
    expect(formatMenu('personal', withMatrix).map((f) => f.id)).toEqual([
      'discord',
      'telegram',
      'ntfy',
      'json',
      'matrix',
    ]);
    expect(formatMenu('channel', withMatrix)).toContainEqual({ id: 'matrix', label: 'notify.format.matrix' });
    // Slack has no personal message: it is offered for the table channel only.
    expect(formatMenu('channel').map((f) => f.id)).toEqual(['discord', 'slack', 'telegram', 'ntfy', 'json']);
  });

  it('every format of the registry has its name in the shell strings, in each language', () => {
    for (const f of FORMATS.values())
      for (const lang of ['zh-CN', 'zh-TW', 'en'] as const)
        expect(shellStrings[lang][f.label], `${f.id} ${lang}`).toBeTruthy();
  });

  it("the client's build of the registry is its two menus as data: no builder, no text of a message", () => {
    const out = formatsModule(formatMenu);
    expect(out).not.toMatch(/\bimport\b|Waiting on|Teahouse-Notify/);
    const menu = new Function(`${out.replace('export ', '')}; return formatMenu;`)() as typeof formatMenu;
    expect([menu('personal'), menu('channel')]).toEqual([formatMenu('personal'), formatMenu('channel')]);
  });
});
