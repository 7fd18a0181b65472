/**
 * The program bench/instructions.bench.ts runs under callgrind, one side of the comparison per process:
 * `room` (the real GameRoom on the fake Durable Object state, SQLite in memory, four sockets that said hello with
 * `log` and `patch` as the client does), `bgio` (boardgame.io 0.50's authoritative path, bench/bgio.ts) or `naive`
 * (bench/naive.ts), on 500-answer matches of the hidden-hand fixture.
 *
 * It warms up on WARM answers first, then plays MATCHES matches, each inside a window the parent reads the
 * instruction counters around: it prints `begin`, waits for a line on stdin, plays the match's answers, prints
 * `end <answers>` and waits again. Only answers are inside a window: a match's setup, and the work of building each
 * answer's message (the client's), are done before `begin`.
 */
import { createInterface } from 'node:readline';
import { registerGame, type Move } from '../../worker/engine';
import '../../worker/games';
import { hidden, hiddenMoves } from '../../test/helpers/hidden';
import { benchRoom } from '../harness/room';
import { bgioMatch } from '../bgio';
import { naiveServer } from '../naive';

registerGame(hidden);
const [side = 'room', warmArg = '15000', matchesArg = '5'] = process.argv.slice(2);
const WARM = Number(warmArg);
const MATCHES = Number(matchesArg);
const LIMIT = 500;
const SEED = 'bench-hidden';
const moves: Move[] = hiddenMoves(LIMIT, SEED);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const nextLine = async () => {
  const r = await lines.next();
  if (r.done) process.exit(1);
};

/**
 * One match on this side: everything but the answers is done here; `play` plays them (returns how many) and `done`
 * cleans up after the window.
 */
type Match = () => Promise<{ play: () => Promise<number>; done: () => void }>;

const OK = '{"type":"ok"}';

/**
 * The room's clock, as bench/harness/room.ts moves it: ten seconds on at every answer (the room limits how fast a
 * seat may answer). Set on each room after its setup, from the harness's start.
 */
const clock = (r: { room: { now: () => number } }) => {
  const c = { t: Date.parse('2026-12-01T00:00:00Z') };
  r.room.now = () => c.t;
  return c;
};

/**
 * The messages the sockets send, versions included, read off one replay of the match (unmeasured): every match is
 * the same seed and clock, so the same messages, and building them is not inside any window.
 */
let roomMessages: string[] | null = null;
async function messages(): Promise<string[]> {
  if (roomMessages) return roomMessages;
  const dry = await benchRoom({ game: 'hidden', seats: 4, options: { limit: LIMIT }, seed: SEED, disk: false });
  const c = clock(dry);
  const msgs: string[] = [];
  for (const mv of moves) {
    c.t += 10_000;
    const version = (dry.room as unknown as { store: { m: { version: number } } }).store.m.version;
    const msg = JSON.stringify({ type: 'answer', version, answer: mv.answer });
    msgs.push(msg);
    await dry.room.webSocketMessage(dry.sockets[mv.seat] as unknown as WebSocket, msg);
    if (dry.sockets[mv.seat]!.last !== OK) throw new Error(`room: not accepted: ${dry.sockets[mv.seat]!.last.slice(0, 200)}`);
  }
  dry.dispose();
  return (roomMessages = msgs);
}

const room: Match = async () => {
  const msgs = await messages();
  const r = await benchRoom({ game: 'hidden', seats: 4, options: { limit: LIMIT }, seed: SEED, disk: false });
  const rc = clock(r);
  return {
    async play() {
      for (let i = 0; i < moves.length; i++) {
        rc.t += 10_000;
        const ws = r.sockets[moves[i]!.seat]!;
        await r.room.webSocketMessage(ws as unknown as WebSocket, msgs[i]!);
        if (ws.last !== OK) throw new Error(`room: not accepted: ${ws.last.slice(0, 200)}`);
      }
      return moves.length;
    },
    done: () => r.dispose(),
  };
};

const bgio: Match = async () => {
  const b = bgioMatch(LIMIT);
  return {
    async play() {
      let n = 0;
      while (!b.over()) (await b.move(), n++);
      return n;
    },
    done: () => {},
  };
};

const naive: Match = async () => {
  const server = naiveServer(hidden, 4, SEED, { limit: LIMIT });
  const msgs = moves.map((mv) => server.message(mv));
  // `message` reads the version the state has when it is called: here every message is made before any answer,
  // and the naive server does not check the version, so the version a message names does not change the work.
  return {
    async play() {
      for (let i = 0; i < moves.length; i++) server.answer(moves[i]!.seat, msgs[i]!);
      return moves.length;
    },
    done: () => server.close(),
  };
};

const match = ({ room, bgio, naive } as Record<string, Match>)[side];
if (!match) throw new Error(`unknown side ${side}`);
for (let warmed = 0; warmed < WARM; ) {
  const m = await match();
  warmed += await m.play();
  m.done();
}
for (let k = 0; k < MATCHES; k++) {
  const m = await match();
  console.log('begin');
  await nextLine();
  const n = await m.play();
  console.log(`end ${n}`);
  await nextLine();
  m.done();
}
process.exit(0);
