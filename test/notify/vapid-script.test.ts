import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../../worker/notify';
import { makeSubscriber, openPush, recordingFetch } from './receiver';

type Script = {
  ensureDevVapid(dir: string): {
    path: string;
    action: 'created' | 'appended' | 'kept' | 'incomplete';
    publicKey?: string;
  };
  DEV_SUBJECT: string;
};
// A runtime path keeps tsc from looking for types of the plain-JS script.
const scriptUrl = new URL('../../scripts/vapid.mjs', import.meta.url).href;
const load = () => import(/* @vite-ignore */ scriptUrl) as Promise<Script>;

const vars = (text: string) =>
  Object.fromEntries([...text.matchAll(/^(\w+)="?([^"\n]*)"?$/gm)].map((m) => [m[1], m[2]]));

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'teahouse-vapid-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('scripts/vapid.mjs', () => {
  it('creates .dev.vars with a VAPID key pair that signs pushes a receiver accepts', async () => {
    const { ensureDevVapid, DEV_SUBJECT } = await load();
    const dir = tmp();
    const r = ensureDevVapid(dir);
    expect(r.action).toBe('created');
    const v = vars(readFileSync(join(dir, '.dev.vars'), 'utf8'));
    expect(v.VAPID_SUBJECT).toBe('mailto:dev@teahouse.invalid');
    expect(DEV_SUBJECT).toBe(v.VAPID_SUBJECT);
    expect(Buffer.from(v.VAPID_PUBLIC_KEY!, 'base64url')).toHaveLength(65);
    expect(Buffer.from(v.VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    expect(r.publicKey).toBe(v.VAPID_PUBLIC_KEY);

    const sub = await makeSubscriber('https://push.example.net/dev');
    const rec = recordingFetch();
    const vapid = { publicKey: v.VAPID_PUBLIC_KEY!, privateKey: v.VAPID_PRIVATE_KEY!, subject: v.VAPID_SUBJECT! };
    const now = Date.now();
    expect(
      await send(
        { kind: 'push', subscription: sub.subscription, lang: 'en' },
        { gameId: 'g', game: 'ghost', seat: 0, kind: 'prompt', title: 't', body: 'b', url: 'https://x/g' },
        { vapid, fetch: rec.fetch, now },
      ),
    ).toEqual({ ok: true });
    await expect(openPush(rec.requests[0]!, sub, now, v.VAPID_PUBLIC_KEY)).resolves.toMatchObject({
      payload: { title: 't' },
    });
  });

  it('leaves an existing .dev.vars with VAPID keys untouched', async () => {
    const { ensureDevVapid } = await load();
    const dir = tmp();
    ensureDevVapid(dir);
    const path = join(dir, '.dev.vars');
    const before = readFileSync(path, 'utf8');
    const mtime = statSync(path).mtimeMs;
    expect(ensureDevVapid(dir).action).toBe('kept');
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(statSync(path).mtimeMs).toBe(mtime);
  });

  it('adds keys to a .dev.vars that has only other variables, keeping its lines', async () => {
    const { ensureDevVapid } = await load();
    const dir = tmp();
    const path = join(dir, '.dev.vars');
    writeFileSync(path, 'ADMIN_SECRET="abc"');
    expect(ensureDevVapid(dir).action).toBe('appended');
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('ADMIN_SECRET="abc"\n')).toBe(true);
    expect(Object.keys(vars(text)).sort()).toEqual([
      'ADMIN_SECRET',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]);
  });

  it('never replaces half a key pair (stored subscriptions depend on it)', async () => {
    const { ensureDevVapid } = await load();
    const dir = tmp();
    const path = join(dir, '.dev.vars');
    writeFileSync(path, 'VAPID_PUBLIC_KEY="BAAA"\n');
    expect(ensureDevVapid(dir).action).toBe('incomplete');
    expect(readFileSync(path, 'utf8')).toBe('VAPID_PUBLIC_KEY="BAAA"\n');
  });
});
