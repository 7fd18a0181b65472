import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientSource, packDeck } from '../../web/tools/client-data';
import { DECK } from '../../worker/games/sanguosha/deck';
import { HELPER } from '../../web/tools/preload';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

describe('catalogue fields the client never reads are dropped from its build', () => {
  const src = readFileSync(join(root, 'worker/games/ghost/cards.ts'), 'utf8');

  it("驱鬼's card lines carry no names (they live in the strings), so the client build ships them as written", () => {
    expect(src).not.toMatch(/\bzh: '/);
    expect(clientSource('/x/worker/games/ghost/cards.ts', src)).toBeNull();
  });

  it('other modules pass through untouched', () => {
    expect(clientSource('/x/worker/games/ghost/rules.ts', src)).toBeNull();
  });

  it("三国杀's packed deck rebuilds the source's 160 rows exactly, and the build rewrites deck.ts with it", () => {
    const expr = packDeck(DECK.map((r) => [...r]))!;
    expect(new Function(`return ${expr}`)()).toEqual(DECK.map((r) => [...r]));
    const deckSrc = readFileSync(join(root, 'worker/games/sanguosha/deck.ts'), 'utf8');
    const out = clientSource('/x/worker/games/sanguosha/deck.ts', deckSrc)!;
    expect(out).toContain(expr);
    expect(out).not.toContain("[14, 'standard', 'slash', 'spade', 7]");
    expect(out.length).toBeLessThan(deckSrc.length / 3);
  });

  it('a deck not in the packed shape (a gap in the ids, an unknown package) ships as written', () => {
    expect(
      packDeck([
        [1, 'standard', 'slash', 'spade', 7],
        [3, 'standard', 'slash', 'spade', 8],
      ]),
    ).toBeNull();
    expect(packDeck([[1, 'promo', 'slash', 'spade', 7]])).toBeNull();
  });

  it("no client code reads a card's `zh` (it would be undefined in the build)", () => {
    const readers = files(join(root, 'web')).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes('/tools/') && /\.zh\b/.test(readFileSync(f, 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});

/** A stand-in for the few DOM calls the preload helper makes. */
function fakeDom() {
  const head: { rel: string; href: string; onload?: () => void; onerror?: () => void; removed?: boolean }[] = [];
  const document = {
    head: { appendChild: (l: (typeof head)[number]) => void head.push(l) },
    createElement: () => {
      const l = {
        rel: '',
        href: '',
        crossOrigin: '',
        remove() {
          (l as { removed?: boolean }).removed = true;
          head.splice(head.indexOf(l as never), 1);
        },
      };
      return l;
    },
    querySelector: (sel: string) => head.find((l) => sel === `link[href="${l.href}"]`) ?? null,
  };
  const mod = new Function('document', `${HELPER.replace('export function', 'function')}; return __vitePreload;`)(
    document,
  ) as (load: () => Promise<string>, deps?: string[]) => Promise<string>;
  return { head, preload: mod };
}

describe('the preload helper of lazy chunks', () => {
  it('runs a chunk only once its CSS is in, preloads its imports without waiting, and fetches each file once', async () => {
    const { head, preload } = fakeDom();
    let ran = 0;
    const p = preload(async () => `ran ${++ran}`, ['assets/a.css', 'assets/b.js']);
    await Promise.resolve();
    expect(head.map((l) => [l.rel, l.href])).toEqual([
      ['stylesheet', '/assets/a.css'],
      ['modulepreload', '/assets/b.js'],
    ]);
    expect(ran).toBe(0);
    head[0]!.onload!();
    expect(await p).toBe('ran 1');
    expect(await preload(async () => 'again', ['assets/a.css', 'assets/b.js'])).toBe('again');
    expect(head).toHaveLength(2);
  });

  it('a stylesheet that fails (offline) rejects the import and is asked for again next time', async () => {
    const { head, preload } = fakeDom();
    const p = preload(async () => 'x', ['assets/c.css']);
    head[0]!.onerror!();
    await expect(p).rejects.toThrow('/assets/c.css');
    expect(head).toHaveLength(0);
    const q = preload(async () => 'y', ['assets/c.css']);
    expect(head).toHaveLength(1);
    head[0]!.onload!();
    expect(await q).toBe('y');
  });

  it('a chunk without dependencies loads at once', async () => {
    const { preload } = fakeDom();
    expect(await preload(async () => 'z', [])).toBe('z');
    expect(await preload(async () => 'w')).toBe('w');
  });
});
