import type { Plugin } from 'vite';

/**
 * Catalogue fields the client never reads, dropped from the client build only (the worker, Node and the
 * tests keep the files whole). 驱鬼's `worker/games/ghost/cards.ts` gives every card its Chinese name from the
 * seed (`zh: '饿死鬼'`) for the rules data's sake; the client names cards through the strings of the reader's
 * language, so those 67 names are dead weight on every 驱鬼 table (≈0.3 KB gzip). A client that wants them
 * must stop this (test/web/client-data.test.ts fails when client code reads a card's `zh` field).
 */
export const DROPS: { file: RegExp; field: RegExp }[] = [{ file: /worker[\\/]games[\\/]ghost[\\/]cards\.ts$/, field: /\bzh: '[^'\\]*', /g }];

/** The source with the dropped fields removed (exported for the test). */
export function dropFields(id: string, code: string): string | null {
  const d = DROPS.find((x) => x.file.test(id.split('?')[0]!));
  return d ? code.replace(d.field, '') : null;
}

export function clientData(): Plugin {
  return {
    name: 'teahouse-client-data',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const out = dropFields(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
