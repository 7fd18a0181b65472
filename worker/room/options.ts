import type { GameDef, Json } from '../engine';

/**
 * A game's creation options, checked: the game's own (`parseOptions`) and the platform's `botsForAbsent` (the
 * room reads it when a deadline passes), which every game has whether or not its own parser knows the key.
 * A string is the reason for a 400. `POST /api/games` and the host's options for a game played again use it.
 * @example gameOptions(ghost, { botsForAbsent: true }, 5) // { ...ghost's defaults, botsForAbsent: true }
 */
export function gameOptions(def: GameDef, raw: unknown, seats: number): Record<string, Json> | string {
  let botsForAbsent: boolean | undefined;
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'botsForAbsent' in raw) {
    const { botsForAbsent: bfa, ...rest } = raw as Record<string, unknown>;
    if (typeof bfa !== 'boolean') return 'botsForAbsent must be true or false';
    botsForAbsent = bfa;
    raw = rest;
  }
  const parsed = def.parseOptions(raw, seats);
  if (typeof parsed === 'string') return parsed;
  return botsForAbsent === undefined ? parsed : { ...parsed, botsForAbsent };
}
