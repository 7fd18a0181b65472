/**
 * The frames of 驱鬼's flow, by the `t` stored in the state, one file per frame family: the turn and its timing
 * points (turn.ts), the day (day.ts), the ⚡ reaction windows (window.ts), the haunting (haunt.ts), the exorcism
 * and summon (exorcism.ts), the heretic's escape (escape.ts), the end-of-turn discards (endDiscard.ts). A spell's
 * own frames (观星术's arranging) come with its rule (`SpellRule.frames`).
 */
import type { F } from './common';
import { day } from './day';
import { endDiscard } from './endDiscard';
import { hereticEscape } from './escape';
import { exorcism, host } from './exorcism';
import { flip, possess } from './haunt';
import { turn } from './turn';
import { window } from './window';

export const FRAMES: Record<string, F> = {
  turn,
  day,
  window,
  flip,
  possess,
  host,
  exorcism,
  escape: hereticEscape,
  endDiscard,
};
