import { describe, expect, it } from 'vitest';
import { env, runInDurableObject } from 'cloudflare:test';
import { api, expectError, room, sql, stateOf, table } from './helpers';

/**
 * The start body's `seed` is a test hook for the browser tests: only a Worker with TEST_HOOKS = "1" (the e2e
 * config) honours it. This project's config does not set the var, like production.
 */
const FIXED = 'e2e-fixed-seed';

async function seedOf(id: string): Promise<string> {
  const [meta] = await sql<{ json: string }>(id, 'SELECT json FROM meta');
  return JSON.parse(meta!.json).seed;
}

/** Turn the hook on for this room's instance only (its env object), as the e2e Worker's var would. */
async function enableHooks(id: string): Promise<void> {
  await runInDurableObject(room(id), (inst: unknown) => {
    (inst as { env: { TEST_HOOKS?: string } }).env.TEST_HOOKS = '1';
  });
}

describe('test-only seed hook', () => {
  it('a seed in the start body is ignored when the Worker has no TEST_HOOKS var', async () => {
    expect(env.TEST_HOOKS).toBeUndefined();
    const a = await table(2, { start: false });
    const b = await table(2, { start: false });
    for (const t of [a, b])
      expect((await api(`/games/${t.id}/start`, { body: { seed: FIXED }, token: t.admin })).status).toBe(200);
    const seeds = [await seedOf(a.id), await seedOf(b.id)];
    expect(seeds).not.toContain(FIXED);
    expect(seeds[0]).not.toBe(seeds[1]);
    // Even a malformed seed is simply not looked at.
    const c = await table(2, { start: false });
    expect((await api(`/games/${c.id}/start`, { body: { seed: 42 }, token: c.admin })).status).toBe(200);
  });

  it('with TEST_HOOKS = "1" the start body seed fixes the deal: two games with one seed deal the same hands', async () => {
    const views: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await table(2, { start: false });
      await enableHooks(t.id);
      expect((await api(`/games/${t.id}/start`, { body: { seed: FIXED }, token: t.admin })).status).toBe(200);
      expect(await seedOf(t.id)).toBe(FIXED);
      views.push((await stateOf(t.id, t.tokens[0])).view);
    }
    expect(views[1]).toEqual(views[0]);
  });

  it('with TEST_HOOKS = "1" a seed that is not a non-empty string is a 400 and the game stays in the lobby', async () => {
    const t = await table(2, { start: false });
    await enableHooks(t.id);
    for (const seed of [42, '', null])
      expectError(await api(`/games/${t.id}/start`, { body: { seed }, token: t.admin }), 400, 'bad_request');
    expect((await api(`/games/${t.id}`)).body.status).toBe('lobby');
  });
});
