/**
 * Seeded playouts of 三国杀 for the full-game tests: a driver that mostly lets the bot answer, sometimes a random
 * shape-valid answer, sometimes the deadline default (and picks preferred generals when offered), with the
 * invariants checked after every answer: cards conserved, HP bounds, once-per-phase skills, private lines private,
 * no hidden card, identity, offer or pick in any other seat's view, plain JSON.
 */
import {
  apply,
  botAnswer,
  botRng,
  candidates,
  defaultAnswer,
  replay,
  rngOf,
  seedRng,
  startGame,
  viewFor,
  type Answer,
  type LogEntry,
  type Move,
} from '../../../worker/engine';
import { winner } from '../../../worker/games/sanguosha/flow';
import def, { deckIds, hiddenFrom } from '../../../worker/games/sanguosha';
import type { S } from '../../../worker/games/sanguosha/types';
import { allCards } from './table';

/** Lines meant for some seats only: by convention every `…Secret` key, and the face-down general pick. */
export const isPrivateLine = (key: string) => key.endsWith('Secret') || key === 'sgs.log.generalPicked';

/** Plain JSON only: no undefined, no classes, no non-finite numbers (a cheap walk instead of a deep compare). */
function assertPlainJson(x: unknown, path = 's'): void {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new Error(`${path} is ${x}`);
    return;
  }
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (!(i in x)) throw new Error(`${path}[${i}] is a hole`);
      assertPlainJson(x[i], `${path}[${i}]`);
    }
    return;
  }
  if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    for (const [k, v] of Object.entries(x as object)) {
      if (v === undefined) throw new Error(`${path}.${k} is undefined`);
      assertPlainJson(v, `${path}.${k}`);
    }
    return;
  }
  throw new Error(`${path} is not JSON (${typeof x})`);
}

function check(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

export function checkInvariants(s: S, events: LogEntry[]): void {
  const g = s.g;
  const all = allCards(g);
  const n = deckIds(def.deck, g.deckKind).length;
  check(
    all.length === n && new Set(all).size === n,
    `all ${n} cards accounted for (found ${all.length}, ${new Set(all).size} distinct)`,
  );
  const dyingSeats = new Set(
    s.stack
      .filter((f) => f.t === 'dying' || f.t === 'death' || f.t === 'damage')
      .map((f) => (f.seat ?? f.target) as number),
  );
  for (const p of g.players) {
    check(p.hp <= p.maxHp, `hp ≤ maxHp for seat ${p.seat}`);
    if (!p.alive) check(p.hp === 0, `a dead seat shows 0 HP`);
    else if (!dyingSeats.has(p.seat)) check(p.hp >= 1, `a living seat ${p.seat} out of the dying process has HP ≥ 1`);
  }
  for (const e of events) if (isPrivateLine(e.msg.key)) check(e.to !== 'public', `${e.msg.key} is never public`);
  // Once-per-phase skills are used at most once per play phase.
  for (const [k, n] of Object.entries(g.used)) {
    const per = def.skills[k.split(':')[1]!]?.active?.perPhase;
    if (per !== undefined) check(n <= per, `${k} used ${n} times in one play phase`);
  }
  assertPlainJson(s);
  for (let seat = -1; seat < s.seats; seat++) {
    const viewer = seat < 0 ? null : seat;
    // Only this answer's log lines: earlier ones were checked after earlier answers.
    const v = viewFor(def, s, viewer, { log: events });
    const view = v.view as any;
    const json = JSON.stringify(v);
    check(!json.includes('"rng"'), 'no rng in a view');
    check(
      v.prompts.every((p) => p.seat === viewer),
      'only your own prompts',
    );
    for (const line of v.log) {
      const entry = events.find((e) => e.i === line.i)!;
      check(
        !!s.outcome || entry.to === 'public' || (viewer !== null && entry.to.includes(viewer)),
        `log line ${entry.msg.key} reaches only its audience`,
      );
    }
    if (s.outcome) continue;
    check(view.draw === undefined, 'the draw pile order is hidden');
    // Generals: another seat's offer and face-down pick stay hidden until the reveal (the lord's is public at once).
    const sel = g.selection;
    if (sel && !sel.revealed)
      for (const p of view.players)
        if (p.seat !== viewer && g.players[p.seat]!.role !== 'lord')
          check(p.general === null, `seat ${p.seat}'s general is hidden from ${viewer} before the reveal`);
    if (sel && !sel.revealed && viewer !== null)
      check(
        JSON.stringify(view.selection?.offer ?? []) === JSON.stringify(sel.offers[viewer]),
        'a seat sees only its own offer',
      );
    if (viewer === null) check(view.selection === undefined, 'a spectator sees no offer');
    const hidden = new Set(hiddenFrom(s, viewer));
    for (const p of view.players) {
      const real = g.players[p.seat]!;
      if (p.seat !== viewer) {
        check(p.hand === undefined, `seat ${p.seat}'s hand is hidden from ${viewer}`);
        check(
          p.role === (real.revealed ? real.role : null),
          `seat ${p.seat}'s identity is hidden from ${viewer} until revealed`,
        );
      } else
        check(
          JSON.stringify(p.hand) === JSON.stringify(real.hand) && p.role === real.role,
          'you see your own hand and identity',
        );
    }
    // No id of another hand or of the draw pile appears anywhere in the view's zones.
    for (const zone of [
      view.table,
      view.grace,
      view.discardTop,
      ...view.players.flatMap((p: any) => [p.judge, Object.values(p.equip)]),
    ])
      for (const id of zone as (number | null)[])
        if (id !== null) check(!hidden.has(id), `card ${id} is not hidden from ${viewer}`);
  }
}

/** Play a game: mostly the bot, sometimes a random shape-valid answer, sometimes the deadline default. */
export function playGame(
  seats: number,
  seed: string,
  options: Record<string, unknown>,
  o: { prefer?: readonly string[]; maxSteps?: number } = {},
): { s: S; moves: Move[]; log: LogEntry[] } {
  const prefer = o.prefer ?? [];
  const maxSteps = o.maxSteps ?? 4000;
  const opts = def.parseOptions(options, seats) as Record<string, any>;
  const start = startGame(def, { seats, seed, options: opts });
  let s = start.state as S;
  const moves: Move[] = [];
  const driver = rngOf(seedRng(`driver:${seed}`));
  const log: LogEntry[] = [...start.events];
  checkInvariants(s, start.events);
  while (!s.outcome) {
    if (moves.length >= maxSteps) throw new Error(`game ${seed} did not end in ${maxSteps} answers`);
    const p = s.prompts[driver.int(s.prompts.length)]!;
    const roll = driver.next();
    let a: Answer | undefined;
    const ref =
      p.kind === 'chooseGeneral'
        ? prefer.map((id) => p.options.find((x) => x.id === `general:${id}`)).find(Boolean)
        : undefined;
    if (ref) a = { prompt: p.id, option: ref.id };
    else if (roll < 0.08) a = defaultAnswer(def, s, p);
    else if (roll < 0.16) {
      const all = candidates(p, 200);
      const pick = all[driver.int(all.length)];
      if (pick && apply(def, s, p.seat, pick).ok) a = pick;
    }
    a ??= botAnswer(def, s, p, botRng(s, p));
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(`${seed}: answer rejected: ${r.error.reason}`);
    s = r.value.state;
    moves.push({ seat: p.seat, answer: a });
    log.push(...r.value.events);
    checkInvariants(s, r.value.events);
  }
  return { s, moves, log };
}

/**
 * What every finished seeded game must show: exactly one outcome (none left waiting), the winners the rules name
 * (nobody when the deck ran out), and a replay from the seed and the answers equal to the snapshot byte for byte.
 */
export function checkFinished(
  s: S,
  moves: Move[],
  seats: number,
  seed: string,
  options: Record<string, unknown>,
): void {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`${seed}: ${what}`);
  };
  check(s.outcome !== null, 'the game has an outcome');
  check(s.prompts.length === 0, 'nobody is still asked after the end');
  if (s.outcome!.reason.key === 'sgs.end.exhausted')
    check(s.outcome!.winners.length === 0, 'an exhausted game has no winners');
  else check(JSON.stringify(winner(s.g)) === JSON.stringify(s.outcome), 'the outcome is the one the rules name');
  const again = replay(def, { seats, seed, options: def.parseOptions(options, seats) as any }, moves);
  check(JSON.stringify(again) === JSON.stringify(s), 'replay from the seed and the answers equals the snapshot');
}
