import {
  apply,
  botAnswer,
  botRng,
  defaultAnswer,
  logFor,
  replayWithLog,
  viewFor,
  type Answer,
  type GameDef,
  type GameState,
  type LogEntry,
} from '../../worker/engine';
import { LOG_TAIL, type SeatInfo, type StateBody } from '../../worker/protocol';
import type { GameRecord } from '../replay/model';

/**
 * A practice game as it is kept on the device (IndexedDB, in the practice worker): the replay's record (creation
 * parameters, seed and every move) plus which seat is the player's and whether the bots play that seat too. It
 * holds the seed and every bot's answer, so it never leaves the worker while the game runs: the page gets only
 * the player's state body, as the room would send it, and the record once the game is over (DESIGN §3: after the
 * end the full record is public).
 */
export interface PracticeRecord extends GameRecord {
  /** The player's seat. */
  you: number;
  /** The bot answers the player's prompts too ("let the bots finish"). */
  autoplay: boolean;
}

/** What the page may do to a practice game, and a refusal as the room would word it. */
export type Refusal = { code: string; message: string };

/** Bot answers one call makes at most: a rules bug that asks bots forever must not hang the worker. */
const BOT_CAP = 20_000;

/**
 * One practice game: the rules' state rebuilt from its record, the player's answers checked by the same
 * `apply` as the room's, the other seats answered by the game's bot (`botAnswer`, else the default, like the
 * room's bot seats in worker/room/bots.ts), and the player's state body built the way the room builds it
 * (worker/room/sockets.ts `stateBody`): the game's part from `viewFor` for the player's seat, the log lines that
 * seat may read, nothing else. Pure: no storage, no messages (worker.ts does those).
 */
export class Session {
  state: GameState<unknown>;
  /** Every log entry, with its audience (the room's log table). */
  readonly log: LogEntry[];

  constructor(
    readonly def: GameDef,
    readonly record: PracticeRecord,
  ) {
    const r = replayWithLog(def, { seats: record.seats, seed: record.seed, options: record.options }, record.moves);
    this.state = r.state;
    this.log = r.log;
  }

  /** The number of answers so far: the version the page shows and answers against. */
  get version(): number {
    return this.record.moves.length;
  }

  /** `seat` answers; the move is kept in the record. The same checks and words as the room's answer path. */
  play(seat: number, a: Answer): Refusal | null {
    if (this.state.outcome) return { code: 'finished', message: 'the game is over' };
    const r = apply(this.def, this.state, seat, a);
    if (!r.ok) return { code: r.error.code, message: r.error.reason };
    this.state = r.value.state;
    for (const e of r.value.events) this.log.push(e);
    this.record.moves.push({ seat, answer: a });
    return null;
  }

  /** The player answers, against the version they saw (an older one is `stale`, as in the room). */
  answer(a: Answer, version: number): Refusal | null {
    if (version !== this.version) return { code: 'stale', message: 'the table has moved on' };
    return this.play(this.record.you, a);
  }

  /** An open prompt a bot answers now: any seat's but the player's (theirs too with `autoplay`). */
  private botPrompt() {
    const you = this.record.autoplay ? -1 : this.record.you;
    return this.state.prompts.find((p) => p.seat !== you);
  }

  /**
   * The bots answer until only the player is asked or the game is over; returns how many answers they made.
   * Each answer is the game's bot's, else the default (a bot answer the rules refuse is a bug there, and the
   * default keeps the game going, as the room does).
   */
  runBots(): number {
    let n = 0;
    for (let p = this.botPrompt(); p && !this.state.outcome && n < BOT_CAP; p = this.botPrompt(), n++) {
      const s = this.state;
      let refused: Refusal | null = { code: 'internal', message: 'no answer' };
      try {
        refused = this.play(p.seat, botAnswer(this.def, s, p, botRng(s, p)));
      } catch {
        /* the default below */
      }
      if (refused) refused = this.play(p.seat, defaultAnswer(this.def, s, p));
      if (refused) throw new Error(`seat ${p.seat} has no playable answer to ${p.id}: ${refused.message}`);
    }
    return n;
  }

  /**
   * The player's state body. `from`: the first log index the page does not hold yet (the room's `?log=`);
   * without it the last {@link LOG_TAIL} lines. At the end the whole record is public, and the body carries it all.
   */
  body(from?: number): StateBody {
    const s = this.state;
    const rec = this.record;
    const you = rec.you;
    const over = !!s.outcome;
    const v = viewFor(this.def, s, you);
    let lines = logFor(this.log, you, over);
    let logFrom = 0;
    if (!over && from !== undefined) {
      logFrom = Math.min(Math.max(0, from), this.log.length);
      lines = lines.filter((l) => l.i >= logFrom);
    } else if (!over && lines.length > LOG_TAIL) {
      lines = lines.slice(-LOG_TAIL);
      logFrom = lines[0]!.i;
    }
    const seats: SeatInfo[] = rec.names.map((name, seat) => ({ seat, name, taken: true, bot: seat !== you }));
    return {
      id: 'practice',
      game: rec.game,
      status: over ? 'finished' : 'playing',
      paused: false,
      seats,
      options: rec.options,
      deadlineMinutes: 0,
      createdAt: '',
      version: this.version,
      outcome: s.outcome,
      you,
      view: v.view,
      prompts: v.prompts,
      waiting: v.waiting,
      deadline: null,
      log: lines,
      logFrom,
      logEnd: this.log.length,
      chat: [],
    };
  }
}
