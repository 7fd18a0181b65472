import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject } from 'cloudflare:test';
import type { PatchMessage, StateBody } from '../../worker/protocol';
import { applyPatch } from '../../web/lib/patch';
import { ORIGIN, api, botStep, createGame, join, noLog, room, sanguoshaTable, stateOf } from './helpers';

/**
 * Socket patches: a socket whose hello says `patch` gets a full state, then only what changed since its last
 * message — and what it rebuilds is exactly what `/state` gives that viewer.
 */

/** A live socket that keeps every message (parsed) and the body it rebuilds from them as the client does. */
async function viewer(id: string, token: string | null, patch: boolean | 2 = 2) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const got: any[] = [];
  let body: StateBody | null = null;
  let waiter: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    got.push(m);
    if (m.type === 'state') body = (({ type: _t, ...b }) => b as StateBody)(m);
    else if (m.type === 'patch') body = applyPatch(body, m as PatchMessage);
    waiter?.();
  });
  ws.send(JSON.stringify({ type: 'hello', ...(token ? { token } : {}), log: 0, ...(patch ? { patch } : {}) }));
  return {
    ws,
    got,
    body: () => body,
    /** Wait until the rebuilt body is at `version` (a guard against hanging, not a timing assertion). */
    async at(version: number): Promise<StateBody> {
      const t0 = Date.now();
      while (!body || body.version < version) {
        if (Date.now() - t0 > 5000) throw new Error(`no state at version ${version}`);
        await new Promise<void>((r) => ((waiter = r), setTimeout(r, 50)));
      }
      return body!;
    },
  };
}




describe('socket patches', () => {
  it('every seat and a spectator rebuild from a full state and patches exactly the body /state gives them, answer after answer, from compact patches and from the older form alike', async () => {
    const t = await sanguoshaTable(5, 'patch-rebuild');
    // Each viewer twice: a socket whose hello said `patch: 2` (compact lines) and one that said `patch: true`.
    const tokens: (string | null)[] = [...t.tokens, null].flatMap((tok) => [tok, tok]);
    let version = (await stateOf(t.id, null)).version;
    // Opened in two waves: sockets waiting for their hello are limited per address.
    const vs: Awaited<ReturnType<typeof viewer>>[] = [];
    for (const wave of [0, 1]) {
      const some = await Promise.all(tokens.map((tok, k) => (k % 2 === wave ? viewer(t.id, tok, wave ? true : 2) : null)));
      for (const [k, v] of some.entries()) if (v) vs[k] = v;
      for (const v of vs) await v?.at(version);
    }
    for (let k = 0; k < 30; k++) {
      version = await botStep(t.id);
      for (let i = 0; i < vs.length; i++) expect(noLog(await vs[i]!.at(version))).toEqual(noLog(await stateOf(t.id, tokens[i])));
      // The compact socket's lines and log range are the older form's, line for line.
      for (let i = 0; i < vs.length; i += 2) {
        const [c, o] = [vs[i]!.body()!, vs[i + 1]!.body()!];
        expect({ log: c.log, logFrom: c.logFrom, logEnd: c.logEnd }).toEqual({ log: o.log, logFrom: o.logFrom, logEnd: o.logEnd });
      }
    }
    // A chat line: only the chat (and the version) travels.
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'hi' }, token: t.tokens[0] })).status).toBe(201);
    version = (await stateOf(t.id, null)).version;
    for (let i = 0; i < vs.length; i++) expect(noLog(await vs[i]!.at(version))).toEqual(noLog(await stateOf(t.id, tokens[i])));
    const chatPatch = vs[1]!.got.at(-1) as PatchMessage;
    expect(chatPatch.type).toBe('patch');
    expect(Object.keys(chatPatch.set).sort()).toEqual(['chat', 'version']);
    expect(chatPatch.view).toBeUndefined();
    for (const v of vs) {
      expect(v.got[0].type).toBe('state');
      expect(v.got.slice(1).every((m) => m.type === 'patch')).toBe(true);
      v.ws.close(1000);
    }
  });

  it('a prompt left open across changes is not sent again; pausing and resuming send only its new deadline, and every viewer rebuilds the body /state gives it', async () => {
    const { id, admin } = await createGame({ game: 'sanguosha', seats: 4, deadline: { minutes: 60 } });
    const tokens: (string | null)[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await join(id, `P${i}`)).token);
    expect((await api(`/games/${id}/start`, { body: { seed: 'patch-prompts' }, token: admin })).status).toBe(200);
    tokens.push(null);
    const vs = await Promise.all(tokens.map((tok) => viewer(id, tok)));
    const same = async (): Promise<void> => {
      const version = (await stateOf(id, null)).version;
      for (let i = 0; i < vs.length; i++) expect(noLog(await vs[i]!.at(version))).toEqual(noLog(await stateOf(id, tokens[i])));
    };
    await same();
    const asked = (await stateOf(id, null)).waiting[0]!;
    const lastSet = () => (vs[asked]!.got.at(-1) as PatchMessage).set;
    // A chat line: the seat is asked the same prompt, which does not travel again.
    expect((await api(`/games/${id}/chat`, { body: { text: 'hi' }, token: tokens[0] })).status).toBe(201);
    await same();
    expect(lastSet().prompts).toBeUndefined();
    // Paused, the prompt has no deadline; resumed, a new one: each time the prompts travel, as `/state` has them.
    for (const action of ['pause', 'resume']) {
      expect((await api(`/games/${id}/admin/${action}`, { body: {}, token: admin })).status).toBe(200);
      await same();
      expect(lastSet().prompts).toEqual((await stateOf(id, tokens[asked])).prompts);
    }
    for (let k = 0; k < 10; k++) {
      await botStep(id);
      await same();
    }
    for (const v of vs) v.ws.close(1000);
  });

  it('a patch is much smaller than the full state: view keys that did not change are not sent', async () => {
    const t = await sanguoshaTable(5, 'patch-size');
    const a = await viewer(t.id, t.tokens[0]!);
    const full = await viewer(t.id, t.tokens[0]!, false);
    let version = (await stateOf(t.id, null)).version;
    await a.at(version);
    await full.at(version);
    const n0 = a.got.length;
    const f0 = full.got.length;
    for (let k = 0; k < 20; k++) version = await botStep(t.id);
    await a.at(version);
    await full.at(version);
    expect(noLog(a.body()!)).toEqual(noLog(full.body()!));
    const bytes = (ms: any[]) => ms.reduce((n, m) => n + JSON.stringify(m).length, 0);
    expect(full.got.slice(f0).every((m) => m.type === 'state')).toBe(true); // a hello without `patch`: full states
    expect(bytes(a.got.slice(n0)) * 2).toBeLessThan(bytes(full.got.slice(f0)));
    a.ws.close(1000);
    full.ws.close(1000);
  });

  it('after the room is evicted a patch socket gets a full state first (the room forgot what it sent)', async () => {
    const t = await sanguoshaTable(5, 'patch-evict');
    const a = await viewer(t.id, t.tokens[0]!);
    let version = (await stateOf(t.id, null)).version;
    await a.at(version);
    version = await botStep(t.id);
    await a.at(version);
    expect(a.got.at(-1).type).toBe('patch');
    await evictDurableObject(room(t.id));
    version = await botStep(t.id);
    const body = await a.at(version);
    expect(a.got.at(-1).type).toBe('state');
    expect(noLog(body)).toEqual(noLog(await stateOf(t.id, t.tokens[0])));
    version = await botStep(t.id);
    await a.at(version);
    expect(a.got.at(-1).type).toBe('patch');
    a.ws.close(1000);
  });
});
