import { performance } from 'node:perf_hooks';
import { FakeSocket, fakeState, installGlobals, type FakeState } from './fake-do';
import { GameRoom } from '../../worker/room/GameRoom';
import type { Answer } from '../../worker/engine';
import type { Env } from '../../worker/env';
import { PROTOCOL } from '../../worker/protocol';

/**
 * One real GameRoom on a fake Durable Object state in Node, every seat a player with one socket that said hello
 * as the web client does. `answer` posts an answer as the client does (the room's answer route, `?log=` the
 * end of the lines the seat holds) and returns the room's time for it: checks, apply, persist, every socket's
 * message and the reply.
 */
export interface BenchRoom {
  room: GameRoom;
  fs: FakeState;
  sockets: FakeSocket[];
  /** The room's time for one answer of `seat`, in µs; throws if the answer was refused. */
  answer(seat: number, a: Answer): Promise<number>;
  dispose(): void;
}

/** A room reply's body (the room may hand it over already serialised, as the routes send it). */
const bodyOf = (r: { body: unknown; json?: string }) =>
  (r.json !== undefined ? JSON.parse(r.json) : r.body) as { version: number; logEnd: number };

export async function benchRoom(o: {
  game: string;
  seats: number;
  options: Record<string, unknown>;
  seed: string;
}): Promise<BenchRoom> {
  installGlobals();
  const fs = fakeState();
  const room = new GameRoom(fs.state, { TEST_HOOKS: '1', TOKEN_SECRET: 'bench-only-token-secret' } as unknown as Env);
  let t = Date.parse('2026-12-01T00:00:00Z');
  room.now = () => t;
  const created = (await room.create({
    id: 'benchgame2345678',
    game: o.game,
    seats: o.seats,
    options: o.options as never,
    deadlineMinutes: 24 * 60,
    origin: 'http://bench',
  })) as { body: { adminToken: string } };
  const tokens: string[] = [];
  for (let i = 0; i < o.seats; i++)
    tokens.push(((await room.join({ name: `p${i}` })) as { body: { token: string } }).body.token);
  const started = await room.start(created.body.adminToken, { seed: o.seed });
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
  const sockets: FakeSocket[] = [];
  for (let i = 0; i < o.seats; i++) {
    const ws = new FakeSocket();
    ws.serializeAttachment({ sid: `s${i}`, seat: null, ready: false, visible: true });
    (fs.state as unknown as { acceptWebSocket(w: unknown): void }).acceptWebSocket(ws);
    await room.webSocketMessage(
      ws as unknown as WebSocket,
      JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: tokens[i], log: 0 }),
    );
    sockets.push(ws);
  }
  const body = bodyOf(await room.getState(tokens[0]!, null, 0));
  let version = body.version;
  let logEnd = body.logEnd;
  return {
    room,
    fs,
    sockets,
    async answer(seat, a) {
      t += 10_000;
      const t0 = performance.now();
      const r = await room.answer(tokens[seat]!, { version, answer: a }, logEnd);
      const us = (performance.now() - t0) * 1000;
      if (r.status !== 200) throw new Error(`answer refused: ${JSON.stringify(r.body).slice(0, 300)}`);
      ({ version, logEnd } = bodyOf(r));
      return us;
    },
    dispose: () => fs.dispose(),
  };
}
