import { describe, expect, it } from 'vitest';
import ghost from '../../worker/games/ghost/index';
import sanguosha from '../../worker/games/sanguosha/index';
import {
  apply,
  botAnswer,
  botRng,
  createGame,
  replay,
  viewFor,
  type GameDef,
  type GameState,
  type LogEntry,
  type Move,
} from '../../worker/engine';
import { bodyAt, buildReplay, lastStep, moveAfter, moveMessage, type GameRecord } from '../../web/replay/model';

/**
 * A finished game's record played again by the real engine in the page (issue 12, item 13): every step, from
 * every seat, is what that seat saw then; the log grows move by move; the end is the room's final state.
 */
function botGame(
  def: GameDef,
  seats: number,
  seed: string,
): { record: GameRecord; end: GameState<unknown>; events: LogEntry[][]; states: GameState<unknown>[] } {
  let s = createGame(def, { seats, seed }) as GameState<unknown>;
  const states = [s];
  const moves: Move[] = [];
  const events: LogEntry[][] = [];
  while (!s.outcome) {
    if (moves.length > 5000) throw new Error('game too long');
    const p = s.prompts[0]!;
    const a = botAnswer(def, s, p, botRng(s, p));
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(r.error.reason);
    moves.push({ seat: p.seat, answer: a });
    events.push(r.value.events);
    s = r.value.state;
    states.push(s);
  }
  const names = [...Array(seats).keys()].map((i) => (i === 1 ? null : `p${i}`));
  return { record: { game: def.id, seats, options: {}, seed, names, moves }, end: s, events, states };
}

describe.each([
  ['ghost', ghost, 5, 'replay-ghost-1'],
  ['sanguosha', sanguosha, 5, 'replay-sgs-1'],
] as const)('the replay of a finished %s game', (_name, def, seats, seed) => {
  const { record, end, events, states } = botGame(def as GameDef, seats, seed);
  const r = buildReplay(def as GameDef, record);

  it("plays every move and ends on the same state as the room's replay from the move log", () => {
    expect(r.brokenAt).toBe(null);
    expect(lastStep(r)).toBe(record.moves.length);
    expect(r.states[lastStep(r)]).toEqual(end);
    expect(r.states[lastStep(r)]).toEqual(replay(def as GameDef, { seats, seed }, record.moves));
  });

  it('each step from each seat shows what that seat saw then, and the spectator sees what a spectator saw', () => {
    const steps = [0, 1, Math.floor(lastStep(r) / 2), lastStep(r) - 1];
    for (const k of steps)
      for (const seat of [null, ...Array(seats).keys()]) {
        const b = bodyAt(r, k, seat);
        expect(b.view).toEqual(viewFor(def as GameDef, states[k]!, seat).view);
        expect(b.waiting).toEqual(viewFor(def as GameDef, states[k]!, seat).waiting);
        expect(b.you).toBe(seat);
        expect(b.prompts).toEqual([]);
        expect(b.status).toBe('playing');
      }
    const last = bodyAt(r, lastStep(r), 0);
    expect(last.status).toBe('finished');
    expect(last.outcome).toEqual(end.outcome);
    expect(last.waiting).toEqual([]);
  });

  it("the log holds the setup lines, then each move's lines, in order, up to the step shown, as the viewer read them", () => {
    for (const seat of [null, 0, 2]) {
      const reads = (e: LogEntry) => e.to === 'public' || (seat !== null && e.to.includes(seat));
      let n = bodyAt(r, 0, seat).log.length;
      for (let k = 0; k < record.moves.length; k++) {
        const mine = events[k]!.filter(reads);
        n += mine.length;
        const log = bodyAt(r, k + 1, seat).log;
        expect(log.length).toBe(n);
        if (mine.length) expect(log.slice(-mine.length)).toEqual(mine.map((e) => ({ i: e.i, at: e.at, msg: e.msg })));
      }
    }
    // Every entry is someone's: the seats' logs together hold all of them.
    const all = new Set([null, ...Array(seats).keys()].flatMap((x) => bodyAt(r, lastStep(r), x).log.map((l) => l.i)));
    expect([...all].sort((a, b) => a - b)).toEqual([...Array(bodyAt(r, lastStep(r), 0).logEnd).keys()]);
  });

  it("names each step's move with the option its seat chose; there is none after the end", () => {
    for (const k of [0, 1, lastStep(r) - 1]) {
      const m = moveMessage(r, k)!;
      expect(m.seat).toBe(record.moves[k]!.seat);
      const p = r.states[k]!.prompts.find((x) => x.id === record.moves[k]!.answer.prompt)!;
      expect(m.msg).toEqual(p.options.find((o) => o.id === record.moves[k]!.answer.option)!.message);
    }
    expect(moveAfter(r, lastStep(r))).toBe(null);
    expect(moveMessage(r, lastStep(r))).toBe(null);
  });

  it('seats are named from the record (a seat without a name is a bot)', () => {
    const b = bodyAt(r, 0, 0);
    expect(b.seats.map((x) => x.name)).toEqual(record.names);
    expect(b.seats.map((x) => x.bot)).toEqual(record.names.map((x) => x === null));
  });
});

describe('a record the engine refuses', () => {
  it('stops the replay before the refused move instead of failing', () => {
    const { record } = botGame(ghost as GameDef, 4, 'replay-ghost-2');
    const broken: GameRecord = {
      ...record,
      moves: [
        ...record.moves.slice(0, 3),
        { seat: record.moves[3]!.seat, answer: { prompt: 'nope', option: 'x' } },
        ...record.moves.slice(4),
      ],
    };
    const r = buildReplay(ghost as GameDef, broken);
    expect(r.brokenAt).toBe(3);
    expect(lastStep(r)).toBe(3);
  });
});
