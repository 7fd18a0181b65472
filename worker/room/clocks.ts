import { channelWake } from './tablechannel';
import { botAnswer, botRng, defaultAnswer, type Answer, type GameState, type OpenPrompt } from '../engine';
import { nextSilence } from './admission';
import { logValue } from '../log';
import { logRejection } from './reply';
import { deadlineFor } from './quiet';
import { LIMITS } from './limits';
import type { Clock, Meta, MoveBy, Room } from './types';

const HOUR = 3_600_000;
const NO_PROMPTS: readonly OpenPrompt[] = [];

/** Reminders, as "ms before the deadline": at half time, and with an hour left when that is a different moment. */
export function reminderOffsets(lengthMs: number): number[] {
  const out: number[] = [];
  if (lengthMs >= 10 * 60_000) out.push(Math.floor(lengthMs / 2));
  if (lengthMs > 2 * HOUR) out.push(HOUR);
  return out;
}

/**
 * Clocks, reminders and stand-ins: one clock per open prompt of a human seat (kept in the meta row), the one
 * alarm that drives time, and what happens when a clock runs out — the default answer, or the bot when the host
 * chose so or the seat has a stand-in.
 */
export class Clocks {
  constructor(private readonly r: Room) {}

  private deadlineMs(): number {
    return this.r.store.m.deadlineMinutes * 60_000;
  }

  /** How long a prompt's clock runs: the game's deadline, or the stand-in's short grace. */
  private length(standIn: boolean): number {
    return standIn ? Math.min(LIMITS.standInGraceMs, this.deadlineMs()) : this.deadlineMs();
  }

  /**
   * Make `m.clocks` match the open prompts of human seats (call inside a transaction): new prompt → new clock
   * (and a notification when its seat is not looking), closed prompt → clock and pending sends gone, a seat that
   * became (or stopped being) a stand-in → its clocks shortened to the grace (or restored).
   */
  sync(s: GameState<any>, m: Meta, now: number): void {
    // Plain loops over a handful of clocks and prompts: this runs inside every answer's transaction, and the
    // Sets and filtered copies it used to build cost more than the comparisons.
    const seats = this.r.seats.rows;
    const prompts = s.outcome || m.status !== 'playing' ? NO_PROMPTS : s.prompts;
    let closed: string[] | null = null;
    const kept: Clock[] = [];
    for (const c of m.clocks) {
      let open = false;
      for (const p of prompts)
        if (p.id === c.prompt) {
          open = !seats[p.seat]?.bot;
          break;
        }
      if (open) kept.push(c);
      else (closed ??= []).push(c.prompt);
    }
    if (closed) this.r.outbox.dropPrompts(closed);
    for (const c of kept) {
      const standIn = !!seats[c.seat]?.stand_in;
      if (standIn === c.standIn) continue;
      const len = this.length(standIn);
      c.reminders = standIn ? [] : reminderOffsets(len);
      c.standIn = standIn;
      if (c.deadlineAt === null) c.remainingMs = standIn ? Math.min(len, c.remainingMs) : len;
      else {
        c.deadlineAt = standIn ? Math.min(c.deadlineAt, now + len) : now + len;
        c.remainingMs = len;
      }
    }
    const known = kept.length;
    // Each seat's first new prompt without a stand-in, in the prompts' order: the one its notification is about.
    let fresh: { p: OpenPrompt; c: Clock }[] | null = null;
    for (const p of prompts) {
      if (seats[p.seat]?.bot) continue;
      let had = false;
      for (let i = 0; i < known && !had; i++) had = kept[i]!.prompt === p.id;
      if (had) continue;
      const standIn = !!seats[p.seat]?.stand_in;
      const len = this.length(standIn);
      const c: Clock = { prompt: p.id, seat: p.seat, deadlineAt: m.paused ? null : standIn ? now + len : this.deadlineAt(p.seat, now, len), remainingMs: len, reminders: standIn ? [] : reminderOffsets(len), standIn, openedVersion: m.version };
      kept.push(c);
      if (!standIn && !(fresh ??= []).some((f) => f.c.seat === p.seat)) fresh.push({ p, c });
    }
    m.clocks = kept;
    if (!fresh) return;
    let list: ReturnType<Room['sockets']['list']> | null = null;
    for (const { p, c } of fresh) {
      // A seat with no target is told nothing (enqueue would write nothing): its sockets need not be looked at.
      if (!this.r.outbox.hasTargets(c.seat) || this.r.sockets.visible(c.seat, (list ??= this.r.sockets.list()))) continue;
      this.r.outbox.enqueue(m, c.seat, 'prompt', { id: p.id, message: p.message, ...(c.deadlineAt ? { deadlineAt: c.deadlineAt } : {}) }, now, p.id);
    }
  }

  /**
   * When a clock of `seat` that starts at `start` runs out: its length counted outside the seat's quiet hours
   * (each night cut to the host's cap) and, unless the host lets a stand-in answer for away seats, not before
   * the seat is back (quiet.ts).
   */
  deadlineAt(seat: number, start: number, lengthMs: number): number {
    const x = this.r.seats.settingsOf(seat);
    const h = this.r.store.m.host;
    const cap = h?.quietCapMinutes;
    return deadlineFor({ start, lengthMs, quiet: x.quiet, quietCapMs: cap === null || cap === undefined ? null : cap * 60_000, awayUntil: h?.awayStandIn ? null : x.awayUntil });
  }

  /** Settings changed (a seat's quiet hours or absence, the host's cap): re-plan the running clocks of `seats`. */
  replan(m: Meta, now: number, seats: number[] | null = null): void {
    if (m.paused) return;
    for (const c of m.clocks) {
      if (c.deadlineAt === null || c.standIn || (seats && !seats.includes(c.seat))) continue;
      // What is left of the clock, counted as it ran so far (ignoring quiet time already slept).
      const left = Math.max(0, Math.min(c.remainingMs, c.deadlineAt - now));
      c.deadlineAt = this.deadlineAt(c.seat, now, left);
    }
  }

  /** Pause: every clock keeps what is left and forgets the absolute time. */
  freeze(m: Meta, now: number): void {
    for (const c of m.clocks) {
      if (c.deadlineAt !== null) [c.remainingMs, c.deadlineAt] = [Math.max(0, c.deadlineAt - now), null];
      // A human-timed order's moment keeps what is left of its pause too (relative while paused; away.ts).
      if (c.orderAt !== undefined) c.orderAt = Math.max(0, c.orderAt - now);
    }
  }

  thaw(m: Meta, now: number): void {
    for (const c of m.clocks) {
      if (c.deadlineAt === null) c.deadlineAt = now + c.remainingMs;
      if (c.orderAt !== undefined) c.orderAt += now;
    }
  }

  extend(m: Meta, ms: number, seat: number | null): void {
    for (const c of m.clocks) {
      if (seat !== null && c.seat !== seat) continue;
      if (c.deadlineAt !== null) c.deadlineAt += ms;
      else c.remainingMs += ms;
    }
  }

  /** The earliest moment the alarm has work: a deadline, a reminder, a pending send, a bot, stand-in or order continuation. */
  private nextWake(): number | null {
    const m = this.r.store.meta;
    if (!m) return null;
    // Every answer asks (`schedule`), so each part is cheap when it has nothing: the outbox's due time and the
    // sockets' are kept, a running game never expires, and the bot, order and stand-in checks stop at once
    // when no seat is a bot, has orders or is away (seats.ts).
    let t = this.r.outbox.nextDue() ?? Infinity;
    const expiry = this.r.store.expiry();
    if (expiry !== null && expiry < t) t = expiry;
    const silence = nextSilence(this.r.sockets.list());
    if (silence !== null && silence < t) t = silence;
    if (m.status === 'playing' && !m.paused) {
      let planned = false;
      for (const c of m.clocks) {
        if (c.orderAt !== undefined) planned = true;
        if (c.deadlineAt === null) continue;
        if (c.deadlineAt < t) t = c.deadlineAt;
        // The earliest reminder is the one furthest before the deadline.
        for (const o of c.reminders) if (c.deadlineAt - o < t) t = c.deadlineAt - o;
      }
      const now = this.r.now();
      // (Work already due needs no more looking: the alarm is due now either way.)
      const mv = this.r.moves;
      if (t > now && mv.mayAnswerAlone() && (mv.botPrompt() || mv.orderMove() || mv.hasStandInMove())) t = now;
      // A human-timed standing order answers at its planned moment (away.ts), when a clock has one.
      if (planned) t = Math.min(t, mv.nextOrderAt() ?? Infinity);
    }
    // The table channel: a post owed or due again, a wait settling, the spacing between posts.
    t = Math.min(t, channelWake(this.r) ?? Infinity);
    return Number.isFinite(t) ? t : null;
  }

  /** The alarm time this instance last set (undefined: not known since it started). */
  private scheduled: number | null | undefined;

  /**
   * Point the one alarm at the next piece of work. The time is computed and the call issued with no await in
   * between, so a change that lands meanwhile cannot be overwritten by an older computation. An alarm already
   * set earlier is left alone (setting one is a storage write the answer's messages would wait for): it finds
   * nothing due, or only part of the work, and points the alarm again — `alarm()` always ends here.
   * Returns the storage call to await, or nothing when the alarm stays as it is (most answers: no promise made).
   */
  schedule(force = false): Promise<void> | undefined {
    const t = this.nextWake();
    const known = this.scheduled;
    if (!force && known !== undefined && (t === known || (t !== null && known !== null && known <= t && known > this.r.now()))) return undefined;
    this.scheduled = t;
    return t === null ? this.r.state.storage.deleteAlarm() : this.r.state.storage.setAlarm(t);
  }

  /** Expire the clocks that ran out (up to the per-alarm limit); true if any move was made. */
  expireDue(now: number): boolean {
    let changed = false;
    for (let i = 0; i < LIMITS.expiriesPerAlarm; i++) {
      const m = this.r.store.m;
      if (m.status !== 'playing' || m.paused) break;
      const due = m.clocks.filter((c) => c.deadlineAt !== null && c.deadlineAt <= now).sort((a, b) => a.deadlineAt! - b.deadlineAt!)[0];
      if (!due) break;
      if (this.expire(due)) {
        changed = true;
        this.r.moves.runBots(LIMITS.botMovesPerRequest);
      }
    }
    return changed;
  }

  /** A prompt's time is up: the default answer, or the bot (host's choice, or a stand-in). */
  private expire(c: Clock): boolean {
    const st = this.r.store;
    const m = st.m;
    const s = st.game!;
    const p = s.prompts.find((x) => x.id === c.prompt);
    const drop = () => st.mutate((mm) => void (mm.clocks = mm.clocks.filter((x) => x.prompt !== c.prompt)));
    if (!p) {
      drop();
      return false;
    }
    const def = st.def();
    const by: MoveBy = c.standIn ? 'stand-in' : m.options.botsForAbsent === true ? 'absent-bot' : 'expired';
    let a: Answer;
    try {
      a = by === 'expired' ? defaultAnswer(def, s, p) : botAnswer(def, s, p, botRng(s, p));
    } catch (e) {
      console.error(`game=[${m.id}] prompt=[${p.id}] has no default answer: ${logValue(e)}`);
      drop();
      return false;
    }
    const r = this.r.moves.commit(p.seat, a, by);
    if (!r.ok) {
      logRejection(r.code, r.message, { game: m.id, seat: p.seat, by });
      drop();
      return false;
    }
    return true;
  }

  /** Reminders that are due: queued for seats that are not looking, then struck from the clock. */
  remind(now: number): void {
    const st = this.r.store;
    const m = st.m;
    if (m.status !== 'playing' || m.paused) return;
    const due = m.clocks.filter((c) => c.deadlineAt !== null && c.reminders.some((o) => c.deadlineAt! - o <= now));
    if (!due.length) return;
    const list = this.r.sockets.list();
    st.mutate((mm) => {
      for (const d of due) {
        const c = mm.clocks.find((x) => x.prompt === d.prompt)!;
        c.reminders = c.reminders.filter((o) => c.deadlineAt! - o > now);
        const p = st.game?.prompts.find((x) => x.id === c.prompt);
        if (p && !this.r.sockets.visible(c.seat, list)) this.r.outbox.enqueue(mm, c.seat, 'reminder', { id: p.id, message: p.message, deadlineAt: c.deadlineAt! }, now, p.id);
      }
    });
  }
}
