/**
 * Issue 26 point 5, with raw sockets through the real Worker: one address cannot take every spectator place (the
 * 51st watcher used to get `4029 full` from one script), and a socket that sends junk is closed after a small
 * budget instead of being answered 1,500 times while the seats wait (sockets.ts ADMISSION).
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { ADMISSION } from '../../worker/room/sockets';
import { freshAddress, openLive, room, stateOf, table } from './helpers';

/** A spectator socket from `from` that said hello and got its first state. */
async function watcher(id: string, from: string) {
  const s = await openLive(id, from);
  if (!s.ok) throw new Error(`the socket got ${s.status}`);
  s.hello();
  return s;
}

describe('issue 26 point 5: spectator places and junk (raw sockets, workerd)', () => {
  it('one address holds at most its share of the spectator places; the next from it is refused, another address gets in', async () => {
    const t = await table(2);
    const from = freshAddress();
    for (let i = 0; i < ADMISSION.spectatorsPerAddress; i++)
      expect((await (await watcher(t.id, from)).next('state')).you).toBeNull();
    const late = await watcher(t.id, from);
    const refused = await late.next('error');
    expect(refused.error.code).toBe('rate_limited');
    expect(refused.error.message).toMatch(/address/);
    expect(await late.closed).toBe(4029);
    expect((await (await watcher(t.id, freshAddress())).next('state')).you).toBeNull();
  });

  it('a socket sending junk is answered within its budget, then closed; what it sends after changes and costs nothing', async () => {
    const t = await table(2);
    const junk = await watcher(t.id, freshAddress());
    await junk.next('state');
    const before = await stateOf(t.id, t.tokens[0]);
    const frames = ['not json', '[]', '{"type":"nonsense"}', '{"type":"answer","version":1}'];
    for (let i = 0; i < 3 * ADMISSION.junkPerMinute; i++) junk.ws.send(frames[i % frames.length]!);
    expect(await junk.closed).toBe(4029);
    // The room answered at most its budget of refusals, and told the socket why it closed.
    const told = junk.messages.filter((m: { type: string }) => m.type === 'error');
    expect(told.length).toBeLessThanOrEqual(ADMISSION.junkPerMinute + 2);
    expect(told.at(-1).error.message).toMatch(/closed/);
    expect((await stateOf(t.id, t.tokens[0])).version).toBe(before.version);

    // A client that ignores the close keeps sending: the runtime hands its frames to the room, which answers its
    // budget, closes it, and then answers nothing more.
    const other = await watcher(t.id, freshAddress());
    await other.next('state');
    const replies = await runInDurableObject(room(t.id), async (inst: GameRoom, state) => {
      const ws = state.getWebSockets().find((w) => {
        const a = w.deserializeAttachment() as { ready: boolean; seat: number | null; gone?: string };
        return a.ready && a.seat === null && !a.gone;
      })!;
      const sent: string[] = [];
      const send = ws.send.bind(ws);
      ws.send = (m: string | ArrayBuffer | ArrayBufferView) => void sent.push(String(m));
      const counts: number[] = [];
      try {
        for (let i = 0; i < ADMISSION.junkPerMinute + 1; i++)
          await inst.webSocketMessage(ws, frames[i % frames.length]!);
        counts.push(sent.length);
        expect((ws.deserializeAttachment() as { gone?: string }).gone).toBe('junk');
        for (let i = 0; i < 100; i++) await inst.webSocketMessage(ws, frames[i % frames.length]!);
        counts.push(sent.length);
      } finally {
        ws.send = send;
      }
      return counts;
    });
    // Each refusal within the budget, the one over it and the reason it closed; then silence.
    expect(replies).toEqual([ADMISSION.junkPerMinute + 2, ADMISSION.junkPerMinute + 2]);
    expect((await stateOf(t.id, t.tokens[0])).version).toBe(before.version);
    // A seat's own socket is not touched.
    const seat = await openLive(t.id, freshAddress());
    if (!seat.ok) throw new Error('no socket');
    seat.hello(t.tokens[0]);
    expect((await seat.next('state')).you).toBe(0);
  });
});
