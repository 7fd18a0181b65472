import type { GameDef } from './game';

/**
 * Every game the site can host, by id. The real games register in `worker/games/index.ts`; tests may
 * register fixture games too.
 */
const games = new Map<string, GameDef>();

export function registerGame(def: GameDef): void {
  games.set(def.id, def);
}

export function getGame(id: string): GameDef | undefined {
  return games.get(id);
}
