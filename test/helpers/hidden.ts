import {
  apply,
  createGame,
  type Answer,
  type GameDef,
  type GameState,
  type Json,
  type Move,
} from '../../worker/engine';

/**
 * 暗手 Hidden hand — the long-match fixture of the benches and of the room's growth tests: 4 seats, 5 hidden cards
 * each from a 52-card deck. On your turn you play one card face up and draw one in secret (the discard pile is
 * reshuffled into the deck by the game's RNG when the deck runs out). The match ends after `limit` answers, so a
 * match can be as long as a bench wants. Every answer writes one public and one private log line. The same game is
 * written for boardgame.io in bench/bgio.ts, so the two servers are measured on the same moves.
 */
export interface HiddenData {
  hands: string[][];
  deck: string[];
  discard: string[];
  current: number;
  moves: number;
  limit: number;
}

export const HIDDEN_HAND = 5;
export const hiddenDeck = (): string[] => [...Array(52).keys()].map((i) => `c${i}`);

export const hidden: GameDef<HiddenData> = {
  id: 'hidden',
  minSeats: 2,
  maxSeats: 6,
  parseOptions(raw) {
    const limit = (raw as { limit?: unknown } | null | undefined)?.limit ?? 500;
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1_000_000)
      return 'limit is a number of answers';
    return { limit: limit as number };
  },
  setup(ctx) {
    const deck = ctx.rng.shuffle(hiddenDeck());
    const hands = [...Array(ctx.s.seats)].map(() => deck.splice(-HIDDEN_HAND));
    ctx.push({ t: 'turn' });
    ctx.log('hidden.begin', { n: ctx.s.seats });
    return { hands, deck, discard: [], current: 0, moves: 0, limit: (ctx.s.options.limit as number) ?? 500 };
  },
  frames: {
    turn: {
      run(ctx) {
        const g = ctx.g;
        if (g.moves >= g.limit) {
          ctx.end({ winners: [], reason: { key: 'hidden.over' } });
          return 'done';
        }
        ctx.ask({
          seat: g.current,
          kind: 'play',
          message: { key: 'hidden.askPlay' },
          options: [
            { id: 'play', message: { key: 'hidden.play' }, cards: { from: [...g.hands[g.current]!], min: 1, max: 1 } },
          ],
        });
        return 'wait';
      },
      answer(ctx, _f, p, a) {
        const g = ctx.g;
        const hand = g.hands[p.seat]!;
        const card = a.cards![0]!;
        hand.splice(hand.indexOf(card), 1);
        g.discard.push(card);
        ctx.log('hidden.played', { seat: p.seat, card });
        if (g.deck.length === 0) g.deck = ctx.rng.shuffle(g.discard.splice(0));
        const drawn = g.deck.pop()!;
        hand.push(drawn);
        ctx.log('hidden.drew', { card: drawn }, [p.seat]);
        g.current = (g.current + 1) % ctx.s.seats;
        g.moves++;
      },
    },
  },
  view(s, seat) {
    const g = s.g;
    const all = seat === null ? !!s.outcome : seat !== null && !!s.outcome;
    return {
      hands: g.hands.map((h, i) => (i === seat || all ? [...h] : { count: h.length })) as Json,
      deck: g.deck.length,
      discard: [...g.discard],
      current: g.current,
      moves: g.moves,
    };
  },
};

/** A whole match of `limit` answers with 4 seats, each seat playing the first card of its hand: the benches' input. */
export function hiddenMoves(limit: number, seed: string): Move[] {
  let s = createGame(hidden, { seats: 4, seed, options: { limit } });
  const moves: Move[] = [];
  while (!s.outcome) {
    const p = s.prompts[0]!;
    const a: Answer = { prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] };
    moves.push({ seat: p.seat, answer: a });
    const r = apply(hidden, s, p.seat, a);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
  }
  return moves;
}
