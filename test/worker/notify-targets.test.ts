import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { api, expectError, room, runAlarm, sql, table } from './helpers';

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** The targets the attacker got accepted and called (issue 9 point 3). */
const PRIVATE = [
  'http://127.0.0.1:8787/api/games',
  'https://127.0.0.1/',
  'https://localhost/',
  'https://[::1]/',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.1.2.3/',
  'https://192.168.0.10/',
  'https://0.0.0.0/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://metadata.google.internal/computeMetadata/v1/',
];

describe('issue 9 point 3: webhook and push targets are https to a public host only', () => {
  it('each loopback, private or metadata target is refused with a 400 and nothing is stored', async () => {
    const t = await table(2, { start: false });
    for (const url of PRIVATE) {
      expectError(
        await api(`/games/${t.id}/notify`, { body: { kind: 'webhook', url, lang: 'en' }, token: t.tokens[0] }),
        400,
        'bad_request',
      );
      expectError(
        await api(`/games/${t.id}/notify`, {
          body: { kind: 'push', subscription: { endpoint: url, keys }, lang: 'en' },
          token: t.tokens[0],
        }),
        400,
        'bad_request',
      );
    }
    expect(await sql(t.id, 'SELECT * FROM targets')).toEqual([]);
  });

  it('a public https target is still accepted', async () => {
    const t = await table(2, { start: false });
    expect(
      (
        await api(`/games/${t.id}/notify`, {
          body: { kind: 'webhook', url: 'https://ntfy.sh/teahouse', format: 'ntfy' },
          token: t.tokens[0],
        })
      ).status,
    ).toBe(201);
  });

  it('a loopback target stored before the rule is dropped at send time, not called', async () => {
    const t = await table(2, { start: false });
    const target = { kind: 'webhook', url: 'https://127.0.0.1:9/hook', format: 'json', lang: 'en' };
    await runInDurableObject(room(t.id), (_inst: GameRoom, state) => {
      state.storage.sql.exec(
        "INSERT INTO targets (seat, kind, key, target, created_at) VALUES (1, 'webhook', ?, ?, '2026-01-01T00:00:00.000Z')",
        `webhook:${target.url}`,
        JSON.stringify(target),
      );
    });
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toEqual([{ seat: 1 }]);
    await runAlarm(t.id);
    // The real sender ran: a connection attempt would have failed and been retried, a refusal drops the target.
    expect(await sql(t.id, 'SELECT * FROM targets')).toEqual([]);
    expect(await sql(t.id, 'SELECT * FROM outbox')).toEqual([]);
  });
});
