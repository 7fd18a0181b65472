import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { LogLine, PatchMessage, StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { Attachment } from '../../worker/room/types';
import { RESEND_LINES } from '../../worker/room/broadcast';
import { applyPatch } from '../../web/lib/patch';
import { mergeLog, type LogBook } from '../../web/lib/logbook';
import { ORIGIN, api, botStep, room, sanguoshaTable, stateOf } from './helpers';

/**
 * A delta socket's log cursor lives in memory; its attachment is written only when the cursor has moved
 * `RESEND_LINES` past it (and when the whole record of a finished game is sent). After a wake from hibernation
 * the socket resumes from its attachment: it may be sent lines it already has again, never fewer than it needs.
 */

/** A live socket that rebuilds its body and its log book from every message, as the client does. */
async function viewer(id: string, token: string | null, patch: boolean | 2) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const got: (StateBody | PatchMessage)[] = [];
  let body: StateBody | null = null;
  let book: LogBook | null = null;
  let gaps = 0;
  let waiter: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state' && m.type !== 'patch') return;
    got.push(m);
    body = m.type === 'state' ? (({ type: _t, ...b }) => b as StateBody)(m) : applyPatch(body, m as PatchMessage);
    // The book takes the body's lines, as the client does (a compact patch's lines are read by applyPatch).
    const merged = mergeLog(book, { log: body!.log, logFrom: body!.logFrom, logEnd: body!.logEnd, outcome: body!.outcome });
    if (merged.missing !== null) gaps++;
    book = merged.book;
    waiter?.();
  });
  ws.send(JSON.stringify({ type: 'hello', ...(token ? { token } : {}), log: 0, ...(patch ? { patch } : {}) }));
  return {
    ws,
    got,
    book: () => book!,
    gaps: () => gaps,
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



/** The stored attachments of the room's ready sockets, and the log's length. */
const stored = (id: string) =>
  runInDurableObject(room(id), (inst: GameRoom, state) => ({
    end: inst.log.end,
    atts: state
      .getWebSockets()
      .map((ws) => ws.deserializeAttachment() as Attachment)
      .filter((a) => a.ready),
  }));

/** Every line `token`'s seat may read, from `/state?log=0`. */
const allLines = async (id: string, token: string | null): Promise<LogLine[]> => (await api<StateBody>(`/games/${id}/state?log=0`, { token })).body.log;

describe('the log cursor of a delta socket', () => {
  it('a socket’s attachment is not rewritten at every answer: it lags the log by fewer than RESEND_LINES lines', async () => {
    const t = await sanguoshaTable(4, 'cursor-lag');
    const v = await viewer(t.id, t.tokens[0]!, 2);
    let version = (await stateOf(t.id, null)).version;
    await v.at(version);
    const hello = (await stored(t.id)).atts[0]!.log!;
    let lagged = false;
    // Until the log has moved well past the hello (the game ending first would be a broken fixture).
    for (let k = 0; k < 200 && (await stored(t.id)).end - hello < RESEND_LINES + 10; k++) {
      version = await botStep(t.id);
      await v.at(version);
      const { end, atts } = await stored(t.id);
      expect(atts[0]!.log!).toBeLessThanOrEqual(end);
      expect(end - atts[0]!.log!).toBeLessThan(RESEND_LINES);
      if (atts[0]!.log! < end) lagged = true;
    }
    expect(lagged).toBe(true);
    // The log moved far past the hello: the attachment was written on the way, not only at the hello.
    const { end, atts } = await stored(t.id);
    expect(end - hello).toBeGreaterThanOrEqual(RESEND_LINES);
    expect(atts[0]!.log!).toBeGreaterThan(hello);
    expect(v.book().lines).toEqual(await allLines(t.id, t.tokens[0]!));
    v.ws.close(1000);
  });

  it('after a wake from hibernation every seat and a spectator resume from their attachment: no line missing, none another seat’s, at most RESEND_LINES sent again', async () => {
    const t = await sanguoshaTable(5, 'cursor-wake');
    const tokens: (string | null)[] = [...t.tokens, null];
    // Compact patches, patches in the older form, full states.
    const vs = await Promise.all(tokens.map((tok, k) => viewer(t.id, tok, ([2, true, false] as const)[k % 3]!)));
    let version = (await stateOf(t.id, null)).version;
    for (const v of vs) await v.at(version);
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 7 + 5 * round; k++) version = await botStep(t.id);
      for (const v of vs) await v.at(version);
      const held = vs.map((v) => v.book().end);
      const counts = vs.map((v) => v.got.length);
      await evictDurableObject(room(t.id));
      version = await botStep(t.id);
      for (const [i, v] of vs.entries()) {
        await v.at(version);
        // (A full state: the room forgot what it sent.)
        const first = v.got[counts[i]!]! as StateBody;
        // Resumed at or before what the socket holds (no gap), never more than RESEND_LINES before it.
        expect(first.logFrom).toBeLessThanOrEqual(held[i]!);
        expect(held[i]! - first.logFrom).toBeLessThanOrEqual(RESEND_LINES);
        // Every repeated line is the same line again (the seat may read it: it had it).
        const mine = new Map(v.book().lines.map((l) => [l.i, l]));
        for (const l of first.log) expect(mine.get(l.i)).toEqual(l);
      }
    }
    for (const [i, v] of vs.entries()) {
      expect(v.gaps()).toBe(0);
      expect(v.book().lines).toEqual(await allLines(t.id, tokens[i]!));
      v.ws.close(1000);
    }
  });

  it('a hello starts the cursor over from the hello’s `log`, also on a socket that was sent lines before', async () => {
    const t = await sanguoshaTable(4, 'cursor-hello');
    const v = await viewer(t.id, t.tokens[1]!, false);
    let version = (await stateOf(t.id, null)).version;
    await v.at(version);
    for (let k = 0; k < 5; k++) version = await botStep(t.id);
    await v.at(version);
    const n = v.got.length;
    const end = v.book().end;
    // The same socket says hello again, asking for the lines from 0: the next message starts there.
    v.ws.send(JSON.stringify({ type: 'hello', token: t.tokens[1], log: 0 }));
    const t0 = Date.now();
    while (v.got.length <= n && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(v.got[n]!.logFrom).toBe(0);
    expect(v.got[n]!.logEnd).toBe(end);
    expect(v.got[n]!.log).toEqual(await allLines(t.id, t.tokens[1]!));
    version = await botStep(t.id);
    await v.at(version);
    expect(v.got.at(-1)!.logFrom).toBe(end);
    v.ws.close(1000);
  });
});
