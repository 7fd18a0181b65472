/**
 * The practice game's Web Worker: the rules engine and the bots run here, off the page's thread, and the game is
 * kept in IndexedDB (a worker has no localStorage). The page sends requests (protocol.ts) and gets back only the
 * player's state body, as a room would send it. Each game's rules are their own chunk, loaded when a game of
 * that kind is opened.
 */
import type { GameDef } from '../../worker/engine';
import { practiceHost, type RecordStore } from './host';
import type { PracticeRequest } from './protocol';
import type { PracticeRecord } from './session';

const DEFS = import.meta.glob<{ default: GameDef }>('../../worker/games/*/index.ts');

const loadDef = async (game: string): Promise<GameDef | null> => {
  const load = DEFS[`../../worker/games/${game}/index.ts`];
  return load ? (await load()).default : null;
};

const DB = 'teahouse-practice';
const STORE = 'games';
const KEY = 'current';

let db: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  db ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return db;
}

/** One IndexedDB request in its own transaction, resolved once the transaction has committed. */
async function tx<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const t = (await database()).transaction(STORE, mode);
  const req = f(t.objectStore(STORE));
  return new Promise((resolve, reject) => {
    t.oncomplete = () => resolve(req.result);
    t.onerror = t.onabort = () => reject(t.error);
  });
}

const store: RecordStore = {
  get: async () => ((await tx('readonly', (s) => s.get(KEY))) as PracticeRecord | undefined) ?? null,
  put: async (r) => void (await tx('readwrite', (s) => s.put(r, KEY))),
  clear: async () => void (await tx('readwrite', (s) => s.delete(KEY))),
};

/** 128 random bits, hex: the game's seed (the engine draws every card from it). */
const newSeed = (): string =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

const handle = practiceHost(store, loadDef, newSeed);

// One request at a time, in order: a second answer must see the game the first one left.
let queue: Promise<unknown> = Promise.resolve();
self.onmessage = (ev: MessageEvent<{ id: number; req: PracticeRequest }>) => {
  const { id, req } = ev.data;
  queue = queue.then(async () => self.postMessage({ id, reply: await handle(req) }));
};
