import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Answer, Prompt } from '../../worker/protocol';
import type { Option } from '../../worker/engine/types';

export interface Selection {
  prompt: string;
  option: string;
}

export interface Picks {
  sel: Selection | null;
  option: Option | null;
  prompt: Prompt | null;
  picked: { cards: string[]; seats: number[] };
  pickable: { cards: string[]; seats: number[] };
  /** Choose option `o` of `p`; `keep` are picked cards to carry over (another option on the same card). */
  select: (p: Prompt, o: Option, keep?: string[]) => void;
  clear: () => void;
  toggleCard: (id: string) => void;
  toggleSeat: (seat: number) => void;
  /** The answer the current picks make, or null while they are outside `min..max`. */
  answer: () => Answer | null;
}

const EMPTY = { cards: [] as string[], seats: [] as number[] };

export type Picked = { cards: string[]; seats: number[] };

/** Click on a candidate: unpick it if picked; with one to pick, the click replaces; otherwise add up to `max`. */
export function toggle<T>(list: T[], x: T, max: number): T[] {
  if (list.includes(x)) return list.filter((y) => y !== x);
  if (max <= 1) return [x];
  return list.length >= max ? list : [...list, x];
}

/**
 * What may be clicked. With an option chosen: its cards, and its seats once enough cards are picked (targets
 * light up only after the card). With none chosen: every option's cards, and the seats of options that take
 * no card (a vote, a target-only skill).
 */
export function pickableFor(prompts: Prompt[], option: Option | null, picked: Picked = EMPTY): Picked {
  if (option) {
    const ready = !option.cards || picked.cards.length >= Math.max(1, option.cards.min);
    return { cards: option.cards?.from ?? [], seats: ready ? (option.seats?.from ?? []) : [] };
  }
  const cards = new Set<string>();
  const seats = new Set<number>();
  for (const p of prompts)
    for (const o of p.options) {
      o.cards?.from.forEach((c) => cards.add(c));
      if (!o.cards) o.seats?.from.forEach((x) => seats.add(x));
    }
  return { cards: [...cards], seats: [...seats] };
}

/** The picks made for the player when an option is chosen: a forced choice (exactly as many candidates as must be picked). */
export function forcedPicks(o: Option): Picked {
  return {
    cards: o.cards && o.cards.from.length === o.cards.min ? [...o.cards.from] : [],
    seats: o.seats && o.seats.from.length === o.seats.min && o.seats.min > 0 ? [...o.seats.from] : [],
  };
}

/** The first option of any prompt passing `test` (a card or seat clicked while no option is chosen). */
export function firstOption(prompts: Prompt[], test: (o: Option) => boolean): [Prompt, Option] | null {
  for (const p of prompts) for (const o of p.options) if (test(o)) return [p, o];
  return null;
}

/** The answer the picks make, or null while they are outside `min..max`. */
export function answerFor(prompt: Prompt | null, option: Option | null, picked: Picked): Answer | null {
  if (!prompt || !option) return null;
  const a: Answer = { prompt: prompt.id, option: option.id };
  if (option.cards) {
    if (picked.cards.length < option.cards.min || picked.cards.length > option.cards.max) return null;
    a.cards = picked.cards;
  }
  if (option.seats) {
    if (picked.seats.length < option.seats.min || picked.seats.length > option.seats.max) return null;
    a.seats = picked.seats;
  }
  return a;
}

/**
 * What the player is composing: which option of which prompt, and the cards and seats picked for it. Shared
 * by the prompt panel and the game's table, so a card can be picked from either. Clicking a card while no
 * option is chosen selects the first option that may take it. Reset whenever the prompts change.
 */
export function usePicks(prompts: Prompt[]): Picks {
  const key = prompts.map((p) => p.id).join(',');
  const [sel, setSel] = useState<Selection | null>(null);
  const [picked, setPicked] = useState(EMPTY);
  useEffect(() => {
    setSel(null);
    setPicked(EMPTY);
  }, [key]);

  const prompt = sel ? (prompts.find((p) => p.id === sel.prompt) ?? null) : null;
  const option = prompt?.options.find((o) => o.id === sel!.option) ?? null;

  const pickable = useMemo(() => pickableFor(prompts, option, picked), [key, option, picked]);

  const select = (p: Prompt, o: Option, keep?: string[]) => {
    setSel({ prompt: p.id, option: o.id });
    const kept = keep?.filter((c) => o.cards?.from.includes(c)) ?? [];
    setPicked(kept.length ? { cards: kept, seats: forcedPicks(o).seats } : forcedPicks(o));
  };

  const find = (test: (o: Option) => boolean) => firstOption(prompts, test);

  const toggleCard = (id: string) => {
    if (option?.cards?.from.includes(id)) {
      setPicked({ ...picked, cards: toggle(picked.cards, id, option.cards.max) });
      return;
    }
    const f = find((o) => !!o.cards?.from.includes(id));
    if (!f) return;
    setSel({ prompt: f[0].id, option: f[1].id });
    setPicked({ cards: [id], seats: [] });
  };

  const toggleSeat = (seat: number) => {
    if (option?.seats?.from.includes(seat)) {
      setPicked({ ...picked, seats: toggle(picked.seats, seat, option.seats.max) });
      return;
    }
    const f = find((o) => !!o.seats?.from.includes(seat));
    if (!f) return;
    setSel({ prompt: f[0].id, option: f[1].id });
    setPicked({ cards: [], seats: [seat] });
  };

  const answer = (): Answer | null => answerFor(prompt, option, picked);

  // The table's cards and seats get the same two functions at every change (each calls the latest picks): a
  // tile or a card drawn with the same props is skipped (web/lib/memo.ts).
  const latest = useRef({ toggleCard, toggleSeat });
  latest.current = { toggleCard, toggleSeat };
  const stable = useMemo(
    () => ({
      toggleCard: (id: string) => latest.current.toggleCard(id),
      toggleSeat: (seat: number) => latest.current.toggleSeat(seat),
    }),
    [],
  );

  return {
    sel,
    option,
    prompt,
    picked,
    pickable,
    select,
    clear: () => {
      setSel(null);
      setPicked(EMPTY);
    },
    ...stable,
    answer,
  };
}

/** An option answered by one click: nothing to pick. */
export const isDirect = (o: Option) => !o.cards && !o.seats;
