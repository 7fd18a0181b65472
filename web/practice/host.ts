import { rngOf, seedRng, type GameDef, type Json } from '../../worker/engine';
import type { PracticeReply, PracticeRequest, PracticeSetup } from './protocol';
import { Session, type PracticeRecord } from './session';

/** Where the practice game is kept: one slot, the current (or last finished) game. */
export interface RecordStore {
  get(): Promise<PracticeRecord | null>;
  put(r: PracticeRecord): Promise<void>;
  clear(): Promise<void>;
}

/**
 * The practice worker's core, without the worker: each request from the page becomes one reply. The game is
 * kept in `store` before the reply goes out (the room's order: persist, then send), so a reload at any moment
 * finds every move the page was shown. Only the player's state body leaves while the game runs.
 */
export function practiceHost(
  store: RecordStore,
  loadDef: (game: string) => Promise<GameDef | null>,
  newSeed: () => string,
): (req: PracticeRequest) => Promise<PracticeReply> {
  let session: Session | null = null;

  /**
   * The saved game, as the store has it now: another tab of the practice page may have moved it (or started
   * another) since this worker last looked, and its moves are the game.
   */
  const open = async (): Promise<Session | null> => {
    const rec = await store.get();
    if (!rec) return (session = null);
    if (session && session.record.seed === rec.seed && session.record.moves.length === rec.moves.length) {
      session.record.autoplay = rec.autoplay;
      return session;
    }
    const def = await loadDef(rec.game);
    if (!def) return null;
    try {
      session = new Session(def, rec);
    } catch {
      // A record the rules no longer accept (the rules changed since it was saved): start afresh.
      await store.clear();
      return null;
    }
    return session;
  };

  const state = (s: Session, from?: number): PracticeReply => ({
    type: 'state',
    body: s.body(from),
    autoplay: s.record.autoplay,
  });

  /** The bots answer, the game is saved, then the body goes out. */
  const advance = async (s: Session, from?: number): Promise<PracticeReply> => {
    s.runBots();
    await store.put(s.record);
    return state(s, from);
  };

  return async (req) => {
    try {
      switch (req.type) {
        case 'open': {
          const s = await open();
          return s ? await advance(s, req.from) : { type: 'none' };
        }
        case 'new': {
          const s = await create(req.setup, loadDef, newSeed);
          if (typeof s === 'string') return { type: 'failed', message: s };
          session = s;
          return await advance(s);
        }
        case 'answer': {
          const s = await open();
          if (!s) return { type: 'none' };
          const bad = s.answer(req.answer, req.version);
          if (bad) return { type: 'refused', ...bad, body: s.body(req.from), autoplay: s.record.autoplay };
          return await advance(s, req.from);
        }
        case 'autoplay': {
          const s = await open();
          if (!s) return { type: 'none' };
          s.record.autoplay = req.on;
          return await advance(s, req.from);
        }
        case 'record': {
          const s = await open();
          // The seed and every answer are hidden until the end.
          return { type: 'record', record: s?.state.outcome ? s.record : null };
        }
        case 'quit':
          session = null;
          await store.clear();
          return { type: 'none' };
        case 'levels': {
          const def = await loadDef(req.game);
          return {
            type: 'levels',
            levels: !!def && typeof def.parseOptions({ botLevel: 'easy' }, req.seats) !== 'string',
          };
        }
      }
    } catch (e) {
      return { type: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
  };
}

/**
 * A new practice game from the form: the game's own option parser decides (`botLevel` is left out for a game
 * whose parser does not know it, and that game's bots play their only level). The player sits at a random seat.
 */
async function create(
  o: PracticeSetup,
  loadDef: (game: string) => Promise<GameDef | null>,
  newSeed: () => string,
): Promise<Session | string> {
  const def = await loadDef(o.game);
  if (!def) return `no game ${o.game}`;
  const raw: Record<string, Json> = o.game === 'sanguosha' ? { noGenerals: !o.generals } : {};
  let options = def.parseOptions({ ...raw, botLevel: o.level }, o.seats);
  if (typeof options === 'string') options = def.parseOptions(raw, o.seats);
  if (typeof options === 'string') return options;
  const seed = newSeed();
  const you = rngOf(seedRng(`${seed}|seat`)).int(o.seats);
  const rec: PracticeRecord = {
    game: o.game,
    seats: o.seats,
    options,
    seed,
    names: Array.from({ length: o.seats }, (_, k) => (k === you ? o.name : null)),
    moves: [],
    you,
    autoplay: false,
  };
  return new Session(def, rec);
}
