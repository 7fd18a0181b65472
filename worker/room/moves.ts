import { botAnswer, botRng, defaultAnswer, startGame, type Answer, type GameState, type LogEntry, type OpenPrompt } from '../engine';
import { logValue } from '../log';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { checkAnswer, decideMove } from './core';
import { newSeed } from './tokens';
import { LIMITS, parseAnswerBody } from './limits';
import { standingAnswer } from './standing';
import { dueHumanOrder, nextOrderAt, planHumanOrders, playStandIn, standInMove, standsIn } from './away';
import { type Failure, type LogPart, type MoveBy, type Room } from './types';

/**
 * Moves and their storage: starting the game, the checks every answer passes in a fixed order, applying it, and
 * persisting it — the move row, its log lines, the snapshot and the meta row (a notification row when a seat is
 * not looking) in one transaction (store.ts `mutate`) before anybody hears of it. Bot seats answer right after.
 */
export class Moves {
  /** A bot prompt no answer could satisfy (a rules bug): skipped so the alarm does not spin. */
  private stuckBotPrompt: string | null = null;
  /** Likewise for a standing order the rules refused (a bug in a game's matcher). */
  private stuckOrderPrompt: string | null = null;
  /** Likewise for an away seat's prompt its stand-in could not answer. */
  private stuckStandInPrompt: string | null = null;

  constructor(private readonly r: Room) {}

  async start(adminToken: string | null, body: unknown): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    const fill = (body as { fillWithBots?: unknown } | null)?.fillWithBots ?? false;
    if (typeof fill !== 'boolean') return st.rejected('bad_request', 'fillWithBots must be a boolean');
    const bad = await this.r.seats.isAdmin(adminToken);
    if (bad) return st.rejected(bad.code, bad.message, { action: 'start' });
    const m = st.m;
    if (m.status !== 'lobby') return st.rejected('conflict', 'the game has already started', { action: 'start' });
    const free = this.r.seats.rows.filter((x) => x.name === null && !x.bot);
    if (free.length && !fill) return st.rejected('conflict', `${free.length} seat(s) are free: fill them or start with bots`, { action: 'start' });
    // Test-only (TEST_HOOKS=1, set by the e2e Worker alone): a fixed seed makes the browser tests' deals known.
    const testSeed = this.r.bindings.TEST_HOOKS === '1' ? (body as { seed?: unknown } | null)?.seed : undefined;
    if (testSeed !== undefined && (typeof testSeed !== 'string' || !testSeed)) return st.rejected('bad_request', 'seed must be a non-empty string');
    const seed = typeof testSeed === 'string' ? testSeed : newSeed();
    let started: { state: GameState<any>; events: LogEntry[] };
    try {
      started = startGame(st.def(), { seats: m.seats, seed, options: m.options });
    } catch (e) {
      console.error(`game=[${m.id}] setup failed: ${logValue(e)}`);
      return st.rejected('internal', 'the game could not be set up');
    }
    const { state, events } = started;
    const now = this.r.now();
    st.mutate((mm) => {
      for (const x of free) this.r.sql.exec('UPDATE seats SET name = ?, bot = 1 WHERE seat = ?', `Bot ${x.seat + 1}`, x.seat);
      this.r.seats.reload();
      st.saveSnapshot(state);
      this.r.log.append(events);
      mm.seed = seed;
      mm.status = state.outcome ? 'finished' : 'playing';
      mm.version++;
      mm.gameVersion = mm.version;
      this.r.clocks.sync(state, mm, now);
    });
    st.game = state;
    this.runBots(LIMITS.botMovesPerRequest);
    this.r.sockets.broadcast();
    await this.r.clocks.schedule();
    return ok(this.r.sockets.summary());
  }

  /** `POST /answers`. `logFrom`: the log index the reply (the new state) should carry lines from (null: the tail). */
  async answer(token: string | null, body: unknown, logFrom: number | null = null): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    // 1. parse (the route already checked size and JSON)
    const parsed = parseAnswerBody(body);
    if (typeof parsed === 'string') return st.rejected('bad_request', parsed, { route: 'answers' });
    // 2. authenticate the seat
    const who = await this.r.seats.actingSeat(token, 'answers');
    if ('reply' in who) return who.reply;
    const part: LogPart = logFrom === null ? 'tail' : { from: logFrom };
    const res = this.handle(who.seat, parsed.version, parsed.answer, part);
    if (!res.ok) return res.reply;
    await this.afterChange();
    return ok(this.r.sockets.stateBody(who.seat, part));
  }

  /**
   * After a change is persisted: everyone hears of it, then the alarm is pointed at the next work. Returns the
   * alarm's storage call to await, or nothing when the alarm stays (`Clocks.schedule`).
   */
  afterChange(): Promise<void> | undefined {
    this.r.sockets.broadcast();
    return this.r.clocks.schedule();
  }

  /**
   * Steps 3–8 of the fixed order, synchronous from here on so no other event interleaves: running? → asked? →
   * version? → apply → persist (inside `commit`) → bots. Broadcast and alarm follow in `afterChange`, after
   * everything is persisted.
   */
  handle(seat: number, version: number, answer: Answer, part: LogPart = 'tail'): { ok: true } | { ok: false; reply: Reply } {
    const fail = (code: ErrorCode, message: string, extra: Record<string, unknown> = {}) => ({ ok: false as const, reply: this.r.store.rejected(code, message, { seat, prompt: answer.prompt, option: answer.option, version }, extra) });
    // 3–5. running? asked? version? (core.ts)
    const no = checkAnswer(this.r.table(), seat, version, answer);
    // A prompt that closed since the client's version: the client is behind, not wrong.
    if (no) return fail(no.code, no.message, no.stale ? { state: this.r.sockets.stateBody(seat, part) } : {});
    // 6–7. apply and persist
    const r = this.commit(seat, answer, 'player');
    if (!r.ok) return fail(r.code, r.message);
    // bots answer right after a change, a bounded number per request (the alarm continues)
    this.runBots(LIMITS.botMovesPerRequest);
    return { ok: true };
  }

  /**
   * Apply one answer (core.ts `decideMove`) and persist what follows from it in one transaction (store.ts `write`):
   * the move row, its log lines, the snapshot, the meta row, a seat's row, notification rows.
   */
  commit(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Failure) {
    const c = decideMove(this.r.table(), seat, answer, by);
    if (!('meta' in c)) return { ok: false, code: c.code, message: c.message };
    this.r.store.write(c);
    return { ok: true };
  }

  /**
   * Bot seats, stand-ins of away seats, and standing orders of human seats answer at once, up to `cap` moves;
   * returns how many were made. An order's answer goes through `commit` like the player's own (`by: 'order'`: no
   * room line, so the table cannot tell it from a quick hand answer; the seat's stand-in count is left alone); a
   * `human`-timed order's only once its moment has come (away.ts), and that moment is planned here for every
   * prompt that newly has one. A stand-in's goes through `commit` too (`by: 'stand-in'`, with its public line).
   */
  runBots(cap: number): number {
    // No bot seat, no orders, no stand-in (most answers of most games): nobody answers but people.
    if (!this.mayAnswerAlone()) {
      planHumanOrders(this.r);
      return 0;
    }
    let n = 0;
    // Orders are not capped like bots: each one is an off-turn answer, and a person's next decision comes soon.
    let byOrders = 0;
    const st = this.r.store;
    while (n < cap) {
      const away = standInMove(this.r, this.stuckStandInPrompt);
      if (away) {
        // A prompt no answer satisfies (a rules bug) is parked; stop here rather than spin between such prompts.
        if (!playStandIn(this.r, away)) {
          this.stuckStandInPrompt = away.prompt;
          break;
        }
        n++;
        continue;
      }
      const ordered = byOrders < LIMITS.botMovesPerAlarm ? this.orderMove() : null;
      if (ordered) {
        const r = this.commit(ordered.seat, ordered.answer, 'order');
        if (r.ok) {
          byOrders++;
          continue;
        }
        // The rules accepted it a moment ago (standingAnswer checks); park the prompt rather than spin.
        console.error(`game=[${st.m.id}] seat=[${ordered.seat}] standing order refused: ${r.message}`);
        this.stuckOrderPrompt = ordered.answer.prompt;
      }
      const s = st.game;
      const p = this.botPrompt();
      if (!s || !p || s.outcome) break;
      const def = st.def();
      const attempt = (pick: () => Answer): ReturnType<Moves['commit']> => {
        try {
          return this.commit(p.seat, pick(), 'bot');
        } catch (e) {
          return { ok: false, code: 'internal', message: String(e) };
        }
      };
      let r = attempt(() => botAnswer(def, s, p, botRng(s, p)));
      if (!r.ok) r = attempt(() => defaultAnswer(def, s, p));
      if (!r.ok) {
        // A rules bug: park this prompt so the alarm does not spin on it; the host can still end the game.
        console.error(`game=[${st.m.id}] bot seat=[${p.seat}] prompt=[${p.id}] has no playable answer: ${logValue(r.message)}`);
        this.stuckBotPrompt = p.id;
        break;
      }
      n++;
    }
    planHumanOrders(this.r);
    return n + byOrders;
  }

  /**
   * A standing order's answer to an open prompt of a human seat, if any: an instant order's at once, a
   * `human`-timed one's once its planned moment has passed. Away seats with a stand-in are the stand-in's.
   */
  orderMove(): { seat: number; answer: Answer } | null {
    const st = this.r.store;
    const m = st.meta;
    const s = st.game;
    // No seat has orders (most games): none answers, at once or later (`dueHumanOrder` asks the same).
    if (!m || !s || m.status !== 'playing' || m.paused || s.outcome || !this.r.seats.anyOrders()) return null;
    const def = st.def();
    if (!def.orders) return null;
    const now = this.r.now();
    for (const p of s.prompts) {
      if (p.id === this.stuckOrderPrompt || this.r.seats.rows[p.seat]?.bot) continue;
      const orders = this.r.seats.settingsOf(p.seat).orders;
      if (!orders.length || standsIn(this.r, p.seat, now)) continue;
      const sa = standingAnswer(def, s, p, orders);
      if (sa && sa.order.timing !== 'human') return { seat: p.seat, answer: sa.answer };
    }
    return dueHumanOrder(this.r, now, this.stuckOrderPrompt);
  }

  /**
   * Whether anything but a person may answer a prompt now: a bot seat, a seat's standing orders, or a stand-in
   * (the host allows one and a seat has an away time). False lets `runBots` and the alarm's planning skip the
   * per-prompt checks; each of them is false then anyway (`botPrompt`, `orderMove`, `standInMove`).
   */
  mayAnswerAlone(): boolean {
    const seats = this.r.seats;
    return seats.bots().size > 0 || seats.anyOrders() || (!!this.r.store.meta?.host?.awayStandIn && seats.anyAway());
  }

  /** When the next `human`-timed order answers (the alarm wakes for it), or null. */
  nextOrderAt(): number | null {
    return nextOrderAt(this.r, this.stuckOrderPrompt);
  }

  /** Whether a stand-in has a move to make now (the alarm continues its work). */
  hasStandInMove(): boolean {
    return standInMove(this.r, this.stuckStandInPrompt) !== null;
  }

  /** An open prompt of a bot seat, if any (except one that no answer could satisfy). */
  botPrompt(): OpenPrompt | undefined {
    const st = this.r.store;
    const m = st.meta;
    const s = st.game;
    if (!m || !s || m.status !== 'playing' || m.paused) return undefined;
    const bots = this.r.seats.bots();
    if (!bots.size) return undefined;
    return s.prompts.find((p) => bots.has(p.seat) && p.id !== this.stuckBotPrompt);
  }

  /**
   * `GET /record`: what the replay page needs to replay a finished game — the creation parameters, the seed, the
   * seat names and every move in order. A running game has no record yet (404, as an unknown game).
   */
  record(): Reply {
    const st = this.r.store;
    if (!st.load() || st.m.status !== 'finished' || st.m.seed === null) return reject('not_found', 'no such finished game');
    const m = st.m;
    const moves = this.r.sql
      .exec<{ seat: number; answer: string }>('SELECT seat, answer FROM moves ORDER BY n')
      .toArray()
      .map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }));
    return ok({ game: m.game, seats: m.seats, options: m.options, seed: m.seed, names: this.r.seats.names(), moves });
  }
}
