import { performance } from 'node:perf_hooks';
import { FakeSocket, fakeState, installGlobals, type FakeState } from './fake-do';
import { GameRoom } from '../../worker/room/GameRoom';
import type { Answer } from '../../worker/engine';
import type { Env } from '../../worker/env';
import { PROTOCOL } from '../../worker/protocol';

/**
 * One real GameRoom on a fake Durable Object state, every seat a player holding one socket that said hello with
 * `log` as the client does. `answer` sends an answer on the seat's socket and returns the room's time for it
 * (everything the room does for the message: checks, apply, persist, the broadcast to every socket).
 */
export interface BenchRoom {
  room: GameRoom;
  fs: FakeState;
  sockets: FakeSocket[];
  /** Time the room took for one answer, in µs; throws if the answer was not accepted (a lost update). */
  answer(seat: number, a: Answer): Promise<number>;
  /** Bytes of the newest stored full state (the snapshot row, or a move row after it that holds one). */
  snapshotBytes(): number;
  dispose(): void;
}

/** The version a state message brings. */
const versionOf = (msg: string): number | null => {
  const m = /"version":(\d+)/.exec(msg);
  return m ? Number(m[1]) : null;
};

/**
 * `settings`: a seat's own settings (`PUT /me` body: quiet hours, away, orders), set before the start, for the
 * seats it returns one for.
 */
export async function benchRoom(o: { game: string; seats: number; options: Record<string, unknown>; seed: string; disk?: boolean; settings?: (seat: number) => unknown }): Promise<BenchRoom> {
  installGlobals();
  const fs = fakeState({ disk: o.disk });
  const room = new GameRoom(fs.state, { TEST_HOOKS: '1' } as unknown as Env);
  let t = Date.parse('2026-12-01T00:00:00Z');
  room.now = () => t;
  const created = (await room.create({ id: 'benchgame23456', game: o.game, seats: o.seats, options: o.options as never, deadlineMinutes: 24 * 60, origin: 'http://bench' })) as { body: { adminToken: string } };
  const tokens: string[] = [];
  for (let i = 0; i < o.seats; i++) tokens.push(((await room.join({ name: `p${i}` })) as { body: { token: string } }).body.token);
  for (let i = 0; i < o.seats; i++) {
    const body = o.settings?.(i);
    if (body === undefined) continue;
    const r = await room.me(tokens[i]!, 'PUT', body);
    if (r.status !== 200) throw new Error(`settings of seat ${i}: ${JSON.stringify(r.body)}`);
  }
  const started = await room.start(created.body.adminToken, { seed: o.seed });
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
  const sockets: FakeSocket[] = [];
  const version: number[] = [];
  // The states each seat was sent since it last answered: their versions are read off only when the
  // seat answers next, outside the timed part (a scan of every message would be the harness's cost, not the room's).
  const unread: string[][] = [];
  // The newest message that names a version is the one to read (every change sends each socket one), so the scan
  // goes back from the last and stops there: reading a message flattens its text, garbage the room did not make.
  const versionNow = (i: number): number => {
    const xs = unread[i]!;
    for (let k = xs.length - 1; k >= 0; k--) {
      const s = xs[k]!;
      const v = s.startsWith('{"type":"state"') ? versionOf(s) : null;
      if (v !== null) {
        version[i] = v;
        break;
      }
    }
    unread[i] = [];
    return version[i]!;
  };
  for (let i = 0; i < o.seats; i++) {
    const ws = new FakeSocket();
    const send = ws.send.bind(ws);
    unread[i] = [];
    ws.send = (s: string) => {
      send(s);
      unread[i]!.push(s);
    };
    ws.serializeAttachment({ sid: `s${i}`, seat: null, ready: false, visible: true });
    (fs.state as unknown as { acceptWebSocket(w: unknown): void }).acceptWebSocket(ws);
    await room.webSocketMessage(ws as unknown as WebSocket, JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: tokens[i], log: 0 }));
    sockets.push(ws);
  }
  return {
    room,
    fs,
    sockets,
    async answer(seat, a) {
      t += 10_000;
      const ws = sockets[seat]!;
      const msg = JSON.stringify({ type: 'answer', version: versionNow(seat), answer: a });
      const t0 = performance.now();
      await room.webSocketMessage(ws as unknown as WebSocket, msg);
      const us = (performance.now() - t0) * 1000;
      if (ws.last !== '{"type":"ok"}') throw new Error(`answer not accepted: ${ws.last.slice(0, 300)}`);
      return us;
    },
    snapshotBytes() {
      const n = fs.sql.statements;
      const snap = fs.sql.exec<{ n: number }>('SELECT length(state) AS n FROM snapshot WHERE id = 1').toArray()[0];
      fs.sql.statements = n;
      return snap?.n ?? 0;
    },
    dispose: () => fs.dispose(),
  };
}
