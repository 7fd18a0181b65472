import { channelWake } from './tablechannel';
import { againWake } from './again';
import { botAnswer, botRng, defaultAnswer, type Answer, type GameState } from '../engine';
import { nextSilence } from './sockets';
import { logValue } from '../log';
import { logRejection } from './reply';
import { LIMITS } from './limits';
import { dueReminders, expiredClock, syncClocks, windowSeats } from './core';
import type { Clock, Meta, MoveBy, Room } from './types';

/**
 * Clocks, reminders and stand-ins in the room: the one alarm that drives time, and what happens when a clock runs
 * out — the default answer, or the bot when the host chose so or the seat has a stand-in. The clocks themselves
 * (one per open prompt of a human seat, kept in the meta row) and their arithmetic are the core's (core.ts).
 */
export class Clocks {
  constructor(private readonly r: Room) {}

  /**
   * Make `m.clocks` match the open prompts of `s` (core.ts `syncClocks`) inside the change that writes `m`, and
   * queue and drop the notifications that follow.
   */
  sync(s: GameState<any>, m: Meta, now: number): void {
    const { closed, notices } = syncClocks(
      { def: this.r.store.def(), seats: this.r.seats.facts(), looking: this.r.sockets.looking(), now },
      s,
      m,
    );
    this.r.outbox.dropPrompts(closed);
    for (const n of notices) this.r.outbox.enqueue(m, n.seat, n.kind, n.about, now, n.prompt);
  }

  /** The seats of the open window, whose clocks run as one (core.ts `windowSeats`); none outside a window. */
  window(): number[] {
    const st = this.r.store;
    return st.m.status === 'playing' ? windowSeats(st.def(), st.game) : [];
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
      const mv = this.r.bots;
      if (t > now && mv.mayAnswerAlone() && (mv.botPrompt() || mv.orderMove() || mv.hasStandInMove())) t = now;
      // A human-timed standing order answers at its planned moment (bots.ts), when a clock has one.
      if (planned) t = Math.min(t, mv.nextOrderAt() ?? Infinity);
    }
    // The table channel: a post owed or due again, a wait settling, the spacing between posts.
    t = Math.min(t, channelWake(this.r) ?? Infinity);
    // A proposal to play again settles at its deadline (again.ts).
    t = Math.min(t, againWake(m) ?? Infinity);
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
    if (
      !force &&
      known !== undefined &&
      (t === known || (t !== null && known !== null && known <= t && known > this.r.now()))
    )
      return undefined;
    this.scheduled = t;
    return t === null ? this.r.state.storage.deleteAlarm() : this.r.state.storage.setAlarm(t);
  }

  /** Expire the clocks that ran out (up to the per-alarm limit); true if any move was made. */
  expireDue(now: number): boolean {
    let changed = false;
    for (let i = 0; i < LIMITS.expiriesPerAlarm; i++) {
      const due = expiredClock(this.r.store.m, now);
      if (!due) break;
      if (this.expire(due)) {
        changed = true;
        this.r.bots.runBots(LIMITS.botMovesPerRequest);
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
    const r = this.r.commit(p.seat, a, by);
    if (!r.ok) {
      logRejection(r.code, r.message, { game: m.id, seat: p.seat, by });
      drop();
      return false;
    }
    return true;
  }

  /** Reminders that are due: queued for seats that are not looking, then struck from the clock (core.ts). */
  remind(): void {
    const c = dueReminders(this.r.table());
    if (c) this.r.store.write(c);
  }
}
