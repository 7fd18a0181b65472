import { describe, expect, it } from 'vitest';
import { SELF, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { ORIGIN, api, freshAddress, promptOf, room, stateOf, summaryOf, table } from './helpers';
import { PROTOCOL } from '../../worker/protocol';

/** A socket that said hello for `token`; resolves once its first state arrived. */
async function helloSocket(id: string, token: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket', 'cf-connecting-ip': freshAddress() } });
  const ws = res.webSocket!;
  ws.accept();
  const got: any[] = [];
  const first = new Promise<void>((ok) => ws.addEventListener('message', (e) => (got.push(JSON.parse(e.data as string)), ok())));
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token, log: 0 }));
  await first;
  return { ws, got };
}

describe('issue 9 point 1: a replaced seat loses its sockets at once (workerd)', () => {
  it("frames the old holder's socket sends after replace-seat change nothing, even when its client ignores the close", async () => {
    const t = await table(2);
    const s1 = await stateOf(t.id, t.tokens[1]);
    const prompt = promptOf(s1).id;
    await helloSocket(t.id, t.tokens[1]!);
    expect((await summaryOf(t.id)).seats[1]!.online).toBe(true);
    const r = await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'invite' }, token: t.admin });
    expect(r.status).toBe(200);
    const before = await stateOf(t.id, r.body.token);
    // What the runtime does with frames from a client that ignores the close: it hands them to the room.
    const seen = await runInDurableObject(room(t.id), async (inst: GameRoom, state) => {
      const sockets = state.getWebSockets();
      for (const ws of sockets) {
        await inst.webSocketMessage(ws, JSON.stringify({ type: 'answer', version: s1.version, answer: { prompt, option: 'red' } }));
        await inst.webSocketMessage(ws, JSON.stringify({ type: 'visible', visible: true }));
        await inst.webSocketMessage(ws, JSON.stringify({ type: 'answer', version: before.version, answer: { prompt, option: 'blue' } }));
      }
      return sockets.map((ws) => ws.deserializeAttachment() as { seat: number | null; ready: boolean });
    });
    // The socket's stored attachment no longer names the seat.
    for (const att of seen) expect(att).toMatchObject({ seat: null, ready: false });
    const after = await stateOf(t.id, r.body.token);
    expect(after.version).toBe(before.version);
    expect(promptOf(after).id).toBe(prompt);
    expect((await summaryOf(t.id)).seats[1]!.online).toBe(false);
  });

  it('the old token cannot say hello again', async () => {
    const t = await table(2);
    await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'bot' }, token: t.admin });
    const res = await SELF.fetch(`${ORIGIN}/api/games/${t.id}/live`, { headers: { Upgrade: 'websocket', 'cf-connecting-ip': freshAddress() } });
    const ws = res.webSocket!;
    ws.accept();
    const msg = new Promise<any>((ok) => ws.addEventListener('message', (e) => ok(JSON.parse(e.data as string))));
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] }));
    expect((await msg).error.code).toBe('unauthorized');
  });
});
