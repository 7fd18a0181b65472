/**
 * Default answers (a deadline passed) and the bot (DESIGN §6, issue 25). `sgsBot` is the engine's
 * `bot(state, prompt, rng)`: it takes the level from the game's options and the seat's view (`view`, the one view
 * path) and hands them to `decide`, which never sees the state — so re-dealing what the seat cannot see cannot
 * change its answer. Each card, equipment and skill carries its own bot part; bot/answer.ts asks them.
 */
import type { Answer, Prompt, Rng } from '../../engine';
import { answer } from './bot/answer';
import { botSeat, cardValue, roleCounts, type SeatView } from './bot/seat';
import type { BotLevel, K, S, SgsDef } from './types';
import { view } from './view';

export { attitude, cardValue, cheapest } from './bot/seat';

/** Least valuable first; ties by id, so the choice is deterministic. */
const byValue = (k: K, ids: number[]) => [...ids].sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b);

/** The default on deadline: no response; the minimal discard (least valuable cards); the first pick. */
export function defaultAnswer(k: K, p: Prompt): Answer | null {
  const pass = p.options.find((o) => o.id === 'pass');
  if (pass) return { prompt: p.id, option: 'pass' };
  const o = p.options[0]!;
  const a: Answer = { prompt: p.id, option: o.id };
  if (o.cards)
    a.cards = byValue(k, o.cards.from.filter((x) => x !== 'hand').map(Number))
      .map(String)
      .concat(o.cards.from.includes('hand') ? ['hand'] : [])
      .slice(0, o.cards.min);
  if (o.seats) a.seats = o.seats.from.slice(0, o.seats.min);
  return a;
}

/** The level a game's bots play at (option `botLevel`, default "good"). */
export const levelOf = (options: Record<string, unknown>): BotLevel => (options.botLevel === 'easy' ? 'easy' : 'good');

/** The engine's bot: the seat's view, its level, and nothing else of the state. */
export function sgsBot(def: SgsDef, s: S, p: Prompt, rng: Rng): Answer | null {
  const counts = roleCounts(s.seats, s.options.doubleTraitor === true);
  return decide(def, view(def, s, p.seat) as unknown as SeatView, p, rng, levelOf(s.options), counts);
}

/** A bot's answer from what its seat sees: its view, the prompt, the public catalogue and identity counts, its level. */
export function decide(
  def: SgsDef,
  v: SeatView,
  p: Prompt,
  rng: Rng,
  level: BotLevel,
  counts: readonly number[],
): Answer | null {
  return answer(botSeat(def, v, p, rng, level, counts));
}
