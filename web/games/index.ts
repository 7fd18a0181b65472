import { lang, s } from '../i18n';
import { loadPack } from '../i18n/packs';
import type { GameUI } from './types';

/**
 * Each game's client code is its own chunk, loaded only when a table or rules page of that game opens.
 * `import.meta.glob` lists whatever `web/games/<id>/index.ts` exists at build time, so a new game plugs in
 * by adding its folder; a game without one (the test fixture game) gets the generic table. The game's strings
 * in the current language come in their own chunk, fetched alongside (its pack is named after the game).
 */
const loaders = import.meta.glob<{ default: GameUI }>('./*/index.ts');
const cache = new Map<string, Promise<GameUI | null>>();

export function loadGameUI(id: string): Promise<GameUI | null> {
  let p = cache.get(id);
  if (!p) {
    const load = loaders[`./${id}/index.ts`];
    p = load
      ? Promise.all([load(), loadPack(id, lang.value)]).then(
          ([m]) => m.default ?? null,
          (e) => {
            console.error(`game UI ${id} failed to load`, e);
            cache.delete(id);
            return null;
          },
        )
      : Promise.resolve(null);
    cache.set(id, p);
  }
  return p;
}

/** The games the home page offers, with the seat range each allows. */
export const CATALOGUE: { id: string; min: number; max: number; def: number }[] = [
  { id: 'sanguosha', min: 4, max: 10, def: 5 },
  { id: 'ghost', min: 4, max: 8, def: 5 },
];

/** A game's name in the shell's strings (`game.<id>`), or its id when the shell has none (the fixture game). */
export function gameName(id: string): string {
  const v = s(`game.${id}`);
  return v === `game.${id}` ? id : v;
}
