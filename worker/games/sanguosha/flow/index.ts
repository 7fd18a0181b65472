/**
 * The rules as frames (DESIGN §3 "flow as data"), one file per concern: the turn, using a card, 杀, damage/dying/death,
 * tricks, judgements; cards and skills add their own frames. Each frame is a small state machine: `st` is its step;
 * results of children are written into the parent frame (`parent`, `key`). Timing points fire with `emit` (the
 * event lives in the frame's `ev`) or `fire` (core.ts, a fresh event frame).
 */
import type { FrameDef } from '../../../engine';
import type { G } from '../types';
import { TURN_FRAMES } from './turn';
import { USE_FRAMES } from './use';
import { SLASH_FRAMES } from './slash';
import { DAMAGE_FRAMES } from './damage';
import { TRICK_FRAMES } from './tricks';
import { JUDGE_FRAMES } from './judge';
import { SELECT_FRAMES } from './select';
import { PROMPT_FRAMES } from './prompts';

export { winner } from './damage';

/** The rules' own frames; the game adds its cards' and skills' (`makeSanguosha`). */
export const FLOW_FRAMES: Record<string, FrameDef<G>> = {
  ...TURN_FRAMES,
  ...USE_FRAMES,
  ...SLASH_FRAMES,
  ...DAMAGE_FRAMES,
  ...TRICK_FRAMES,
  ...JUDGE_FRAMES,
  ...SELECT_FRAMES,
  ...PROMPT_FRAMES,
};
