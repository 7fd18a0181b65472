import { describe, expect, it } from 'vitest';
import sanguosha from '../../worker/games/sanguosha';
import ghost from '../../worker/games/ghost';
import { DEFAULT_HOST_SETTINGS, mine, patchHostSettings, patchSeatSettings, publicSeat } from '../../worker/room/seats';
import { NO_SEAT_SETTINGS } from '../../worker/room/core';

const now = Date.parse('2026-12-01T10:00:00Z');

describe('a seat’s own settings', () => {
  it('a body sets any of orders, quiet hours, away-until and mention; fields left out are kept', () => {
    const a = patchSeatSettings(
      sanguosha,
      NO_SEAT_SETTINGS,
      { orders: [{ id: 'jinkSlash' }], quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
      { now, channelFormat: null },
    );
    expect(a).toEqual({
      orders: [{ id: 'jinkSlash' }],
      quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' },
      awayUntil: null,
      mention: null,
    });
    if (typeof a === 'string') return;
    const b = patchSeatSettings(
      sanguosha,
      a,
      { awayUntil: '2026-12-03T08:00:00Z', mention: 'lena_b' },
      { now, channelFormat: 'telegram' },
    );
    expect(b).toMatchObject({
      orders: [{ id: 'jinkSlash' }],
      awayUntil: Date.parse('2026-12-03T08:00:00Z'),
      mention: '@lena_b',
    });
    expect(patchSeatSettings(sanguosha, a, { quiet: null, orders: [] }, { now, channelFormat: null })).toMatchObject({
      quiet: null,
      orders: [],
    });
  });

  it('a bad field rejects the whole body with its reason', () => {
    for (const [body, why] of [
      [{ orders: [{ id: 'passWindows' }] }, /unknown order/],
      [{ quiet: { start: '23:00', end: '08:00', zone: 'Nowhere/City' } }, /IANA/],
      [{ awayUntil: '2020-01-01T00:00:00Z' }, /future/],
      [{ mention: 'not-a-discord-id' }, /Discord/],
      [{ colour: 'red' }, /unknown field/],
      ['quiet', /JSON object/],
    ] as const)
      expect(patchSeatSettings(sanguosha, NO_SEAT_SETTINGS, body, { now, channelFormat: 'discord' })).toMatch(why);
    expect(
      patchSeatSettings(ghost, NO_SEAT_SETTINGS, { orders: [{ id: 'passWindows' }] }, { now, channelFormat: null }),
    ).toMatchObject({ orders: [{ id: 'passWindows' }] });
  });

  it('others see only “asleep until 08:00” and “away”, never the orders, the zone or the mention', () => {
    const x = {
      orders: [{ id: 'wuxieNever' }],
      quiet: { start: '23:00', end: '08:00', zone: 'Europe/Berlin' },
      awayUntil: null,
      mention: '123456789012345678',
    };
    const night = Date.parse('2026-12-01T23:30:00Z'); // 00:30 in Berlin
    expect(publicSeat(x, night)).toEqual({ asleepUntil: '08:00', away: false });
    expect(JSON.stringify(publicSeat(x, night))).not.toMatch(/wuxie|Berlin|1234/);
    expect(publicSeat({ ...x, awayUntil: night + 1 }, night)).toEqual({ asleepUntil: '08:00', away: true });
    expect(publicSeat(x, Date.parse('2026-12-01T12:00:00Z'))).toEqual({ asleepUntil: null, away: false });
    expect(mine({ ...x, awayUntil: now })).toEqual({ ...x, awayUntil: '2026-12-01T10:00:00.000Z' });
  });
});

describe('the host’s settings', () => {
  it('title, quiet cap, away stand-in and the table channel', () => {
    const h = patchHostSettings(DEFAULT_HOST_SETTINGS, {
      title: '  周五   夜局 ',
      quietCapMinutes: 240,
      awayStandIn: true,
      channel: { url: 'https://discord.com/api/webhooks/1/a', format: 'discord', lang: 'en' },
    });
    expect(h).toEqual({
      title: '周五 夜局',
      quietCapMinutes: 240,
      awayStandIn: true,
      channel: { url: 'https://discord.com/api/webhooks/1/a', format: 'discord', lang: 'en' },
    });
    if (typeof h === 'string') return;
    expect(patchHostSettings(h, { channel: null, title: '' })).toMatchObject({
      channel: null,
      title: null,
      quietCapMinutes: 240,
    });
  });
  it('a bad field rejects the whole body', () => {
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { quietCapMinutes: -1 })).toMatch(/quietCapMinutes/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { quietCapMinutes: 1.5 })).toMatch(/quietCapMinutes/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { title: 'x'.repeat(41) })).toMatch(/40/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { title: 'a\u0007b' })).toMatch(/one line/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { title: 'a\nb' })).toMatchObject({ title: 'a b' });
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { awayStandIn: 'yes' })).toMatch(/true or false/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { channel: { url: 'ftp://x' } })).toMatch(/https/);
    expect(patchHostSettings(DEFAULT_HOST_SETTINGS, { channel: { url: 'https://x.example', format: 'irc' } })).toMatch(
      /format/,
    );
  });
});
