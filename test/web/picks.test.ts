import { describe, expect, it } from 'vitest';
import type { Prompt } from '../../worker/protocol';
import type { Option } from '../../worker/engine/types';
import { answerFor, firstOption, forcedPicks, isDirect, pickableFor, toggle } from '../../web/table/picks';

const msg = { key: 'm' };
const use: Option = {
  id: 'use',
  message: msg,
  cards: { from: ['c1', 'c2', 'c3'], min: 1, max: 1 },
  seats: { from: [1, 2], min: 1, max: 1 },
};
const discard: Option = { id: 'discard', message: msg, cards: { from: ['c1', 'c2', 'c3'], min: 2, max: 2 } };
const pass: Option = { id: 'pass', message: msg };
const play: Prompt = { id: 'p1', seat: 0, kind: 'play', message: msg, options: [use, pass] };
const drop: Prompt = { id: 'p2', seat: 0, kind: 'discard', message: msg, options: [discard] };
const vote: Prompt = {
  id: 'p3',
  seat: 0,
  kind: 'vote',
  message: msg,
  options: [{ id: 'vote', message: msg, seats: { from: [3, 4], min: 0, max: 2 } }],
};

describe('picking cards and seats for an answer', () => {
  it('a click unpicks a picked one, replaces when one is to be picked, adds up to max otherwise', () => {
    expect(toggle(['a'], 'a', 2)).toEqual([]);
    expect(toggle(['a'], 'b', 1)).toEqual(['b']);
    expect(toggle(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });

  it('with no option chosen every option’s cards are clickable, and seats only of options that take no card', () => {
    expect(pickableFor([play, vote], null)).toEqual({ cards: ['c1', 'c2', 'c3'], seats: [3, 4] });
    expect(pickableFor([play, vote], discard)).toEqual({ cards: ['c1', 'c2', 'c3'], seats: [] });
    expect(pickableFor([play], pass)).toEqual({ cards: [], seats: [] });
  });

  it('targets light up only after the card is picked (issue 12: picks that guide)', () => {
    expect(pickableFor([play], use, { cards: [], seats: [] })).toEqual({ cards: ['c1', 'c2', 'c3'], seats: [] });
    expect(pickableFor([play], use, { cards: ['c2'], seats: [] })).toEqual({
      cards: ['c1', 'c2', 'c3'],
      seats: [1, 2],
    });
    expect(pickableFor([vote], vote.options[0]!, { cards: [], seats: [] }).seats).toEqual([3, 4]);
  });

  it('a forced choice (as many candidates as must be picked) is picked for the player; an optional one is not', () => {
    expect(forcedPicks({ ...discard, cards: { from: ['c1', 'c2'], min: 2, max: 2 } })).toEqual({
      cards: ['c1', 'c2'],
      seats: [],
    });
    expect(forcedPicks({ ...use, seats: { from: [2], min: 1, max: 1 } })).toEqual({ cards: [], seats: [2] });
    expect(forcedPicks(use)).toEqual({ cards: [], seats: [] });
    // Zero to pick from zero candidates is not a pick.
    expect(forcedPicks({ id: 'v', message: msg, seats: { from: [], min: 0, max: 0 } })).toEqual({
      cards: [],
      seats: [],
    });
  });

  it('a card clicked with no option chosen selects the first option of any prompt that takes it', () => {
    expect(firstOption([play, drop], (o) => !!o.cards?.from.includes('c2'))?.map((x) => x.id)).toEqual(['p1', 'use']);
    expect(firstOption([play, drop], (o) => !!o.seats?.from.includes(9))).toBeNull();
  });

  it('an answer is made only while every pick count is within min..max', () => {
    expect(answerFor(play, use, { cards: ['c1'], seats: [2] })).toEqual({
      prompt: 'p1',
      option: 'use',
      cards: ['c1'],
      seats: [2],
    });
    expect(answerFor(play, use, { cards: ['c1'], seats: [] })).toBeNull();
    expect(answerFor(drop, discard, { cards: ['c1'], seats: [] })).toBeNull();
    expect(answerFor(drop, discard, { cards: ['c1', 'c3'], seats: [] })).toEqual({
      prompt: 'p2',
      option: 'discard',
      cards: ['c1', 'c3'],
    });
    expect(answerFor(vote, vote.options[0]!, { cards: [], seats: [] })).toEqual({
      prompt: 'p3',
      option: 'vote',
      seats: [],
    });
    expect(answerFor(play, pass, { cards: ['c1'], seats: [] })).toEqual({ prompt: 'p1', option: 'pass' });
    expect(answerFor(null, null, { cards: [], seats: [] })).toBeNull();
  });

  it('an option with nothing to pick is answered by one click', () => {
    expect([isDirect(pass), isDirect(use)]).toEqual([true, false]);
  });
});
