/**
 * The 驱鬼 bot (DESIGN §6b, issue 25). `ghostBot` is the engine's `bot(state, prompt, rng)`: it reads the level
 * from the game's options and the seat's view (`seatView`, the one view path) and hands them to `decide`, which
 * never sees the state: re-dealing what the seat cannot see cannot change its answer. Each spell carries its own
 * bot part (`SpellRule.bot`, spells/<id>.ts).
 */
import type { Rng } from '../../engine/rng';
import type { Answer, GameState, Prompt } from '../../engine/types';
import type { Catalogue } from './catalogue';
import { easy } from './bot/easy';
import { good } from './bot/good';
import { botSeat, type BotLevel } from './bot/seat';
import type { G } from './state';
import { seatView, type SeatView } from './view';

export { BOT_LEVELS, type BotLevel } from './bot/seat';

/** The level a game's bots play at (option `botLevel`, default "good"). */
export const levelOf = (options: Record<string, unknown>): BotLevel => (options.botLevel === 'easy' ? 'easy' : 'good');

export function ghostBot(cat: Catalogue, s: GameState<G>, p: Prompt, rng: Rng): Answer | null {
  return decide(cat, seatView(cat, s, p.seat), p, rng, levelOf(s.options));
}

/** A bot's answer from what its seat sees: its view, the prompt, the public catalogue, its level. Pure. */
export function decide(cat: Catalogue, view: SeatView, p: Prompt, rng: Rng, level: BotLevel): Answer | null {
  const b = botSeat(cat, view, p, rng, level);
  return level === 'easy' ? easy(b) : good(b);
}
