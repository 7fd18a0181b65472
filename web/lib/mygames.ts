import { computed, signal } from '@preact/signals';
import type { GameStatus, GameSummary, StateBody } from '../../worker/protocol';
import { api, ApiError } from './api';
import { myGames, type MyGame } from './store';

/** What "my games" shows per game. */
export interface GameStatusInfo {
  status: GameStatus | 'gone';
  /** The table waits for my seat. */
  yourTurn: boolean;
  deadline: string | null;
  paused: boolean;
  seatsTaken: number;
  seats: number;
  version: number;
}

export const statuses = signal<Record<string, GameStatusInfo>>({});

/** Number of my games waiting for me (title and favicon badge). */
export const waitingCount = computed(
  () => Object.entries(statuses.value).filter(([id, s]) => s.yourTurn && myGames.value[id]).length,
);

type BatchItem = Partial<GameSummary> & { id: string; waiting?: number[]; deadline?: string | null };

function fromSummary(g: MyGame, b: BatchItem): GameStatusInfo {
  return {
    status: b.status ?? 'lobby',
    yourTurn: g.seat !== undefined && b.status === 'playing' && !b.paused && !!b.waiting?.includes(g.seat),
    deadline: b.deadline ?? null,
    paused: !!b.paused,
    seatsTaken: b.seats?.filter((x) => x.taken).length ?? 0,
    seats: b.seats?.length ?? 0,
    version: b.version ?? 0,
  };
}

function fromState(s: StateBody): GameStatusInfo {
  return {
    status: s.status,
    yourTurn: s.status === 'playing' && !s.paused && s.prompts.length > 0,
    deadline: s.deadline,
    paused: s.paused,
    seatsTaken: s.seats.filter((x) => x.taken).length,
    seats: s.seats.length,
    version: s.version,
  };
}

/** Set one game's status from a state seen elsewhere (the open table), without a request. */
export function noteState(id: string, s: StateBody): void {
  statuses.value = { ...statuses.value, [id]: fromState(s) };
}

let batchMissing = false;

/**
 * Refresh every remembered game. One request when the server has `GET /api/games?ids=a,b` and its items say
 * whom they wait for (`waiting` is public); otherwise one `GET /state` per game with that game's seat token.
 */
export async function refreshMyGames(): Promise<void> {
  const games = Object.values(myGames.value);
  if (!games.length) return;
  const next: Record<string, GameStatusInfo> = { ...statuses.value };
  let rest = games;
  if (!batchMissing) {
    try {
      const r = await api<BatchItem[] | { games: BatchItem[] }>(
        `/api/games?ids=${games.map((g) => encodeURIComponent(g.id)).join(',')}`,
      );
      const items = Array.isArray(r) ? r : r?.games;
      if (
        Array.isArray(items) &&
        items.every((i) => typeof i?.id === 'string' && (Array.isArray(i.waiting) || i.status !== 'playing'))
      ) {
        const byId = new Map(items.map((i) => [i.id, i]));
        for (const g of games) {
          const b = byId.get(g.id);
          next[g.id] = b ? fromSummary(g, b) : { ...(next[g.id] ?? emptyInfo()), status: 'gone', yourTurn: false };
        }
        // `waiting` is what everyone is told, which may be more than who is asked (in a 无懈可击 window the
        // table "waits" for every living seat so nobody learns who holds one): confirm those few with the
        // seat's own state, which lists only its real prompts.
        rest = games.filter((g) => next[g.id]?.yourTurn && g.token);
      } else batchMissing = true;
    } catch (e) {
      // 404/405/400: this server has no batch endpoint; remember that and stop asking.
      if (!(e instanceof ApiError) || e.code !== 'offline') batchMissing = true;
      else return;
    }
  }
  await Promise.all(
    rest.map(async (g) => {
      try {
        // Only the status matters here: a log start past any log's end asks for no log lines at all.
        const s = await api<StateBody>(`/api/games/${encodeURIComponent(g.id)}/state?log=${Number.MAX_SAFE_INTEGER}`, {
          token: g.token,
        });
        if (s) next[g.id] = fromState(s);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) next[g.id] = { ...emptyInfo(), status: 'gone' };
      }
    }),
  );
  statuses.value = next;
}

function emptyInfo(): GameStatusInfo {
  return { status: 'lobby', yourTurn: false, deadline: null, paused: false, seatsTaken: 0, seats: 0, version: 0 };
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Keep "my games" fresh while the page is open (faster while visible). */
export function watchMyGames(everyMs = 20000): () => void {
  void refreshMyGames();
  clearInterval(timer);
  timer = setInterval(() => {
    if (document.visibilityState === 'visible') void refreshMyGames();
  }, everyMs);
  const onVis = () => document.visibilityState === 'visible' && void refreshMyGames();
  document.addEventListener('visibilitychange', onVis);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVis);
  };
}
