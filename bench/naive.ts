/**
 * A second reference under the room-path bench: the naive server on this repository's own engine. Per answer it
 * parses the message, applies it, writes ONE row to SQLite in memory (the move, the whole state, the answer's log
 * lines as JSON) and serialises each seat's whole view with the new lines that seat may read — what
 * boardgame.io's authoritative path does, with our rules and one write to SQLite (in memory, as the room's
 * timings use it). It keeps no log table, no clocks, no summary of seats, no chat, no patches, no socket
 * attachments, no checks of who is asking: nobody could run a table on it. It shows how much of the room's cost is the engine and one write (this figure) and how much the
 * room's own work (the rest). Nothing under worker/ or web/ imports it.
 */
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { apply, createGame, viewFor, type GameDef, type GameState, type Move } from '../worker/engine';

/** One naive server: `answer` takes one move as its socket message would bring it. */
export function naiveServer(def: GameDef, seats: number, seed: string, options: Record<string, any>) {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE moves (n INTEGER PRIMARY KEY, seat INTEGER NOT NULL, answer TEXT NOT NULL, state TEXT NOT NULL, lines TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO moves VALUES (?, ?, ?, ?, ?)');
  let s: GameState<unknown> = createGame(def, { seats, seed, options });
  // What the sockets were sent, kept so that the serialised text is not optimised away.
  let sent = 0;
  return {
    /** The message the seat's socket would send for `mv` (made outside the measured part). */
    message: (mv: Move): string => JSON.stringify({ type: 'answer', version: s.step, answer: mv.answer }),
    answer(seat: number, msg: string): void {
      const m = JSON.parse(msg) as { answer: Move['answer'] };
      const r = apply(def, s, seat, m.answer);
      if (!r.ok) throw new Error(`naive: answer not accepted: ${r.error.reason}`);
      s = r.value.state;
      const lines = r.value.events;
      insert.run(s.step, seat, JSON.stringify(m.answer), JSON.stringify(s), JSON.stringify(lines));
      for (let v = 0; v < seats; v++) sent += JSON.stringify({ type: 'state', ...viewFor(def, s, v, { log: lines }) }).length;
    },
    close(): void {
      db.close();
      if (!sent) throw new Error('naive: nothing sent');
    },
  };
}

/** µs per answer of the naive server over `moves` (a whole game of `def`). */
export function naiveMatch(def: GameDef, seats: number, seed: string, options: Record<string, any>, moves: Move[]): number {
  const server = naiveServer(def, seats, seed, options);
  let us = 0;
  for (const mv of moves) {
    const msg = server.message(mv);
    const t0 = performance.now();
    server.answer(mv.seat, msg);
    us += (performance.now() - t0) * 1000;
  }
  server.close();
  return us / moves.length;
}
