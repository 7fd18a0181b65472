/**
 * How long a game is kept. Without this nothing ever deleted a game: a script creating games made permanent
 * Durable Objects, and every finished game stayed forever. A running game is never deleted (its deadlines move
 * it on, so an abandoned one ends by itself); everything else is deleted with all its storage once it has been
 * left alone for the time below, counted from its last change (a chat line after the end counts too).
 *
 * - finished: 30 days — the replay page (`GET …/record`) needs the record for a while after the end;
 * - a lobby nobody joined: 2 days; a lobby some joined but nobody started: 30 days;
 * - a paused game nobody touches: 90 days.
 */
export const RETENTION_DAYS = { finished: 30, emptyLobby: 2, lobby: 30, paused: 90 } as const;

const DAY = 86_400_000;

export interface Lifecycle {
  status: 'lobby' | 'playing' | 'finished';
  paused: boolean;
  /** When anything anyone can see last changed (ms). */
  changedAt: number;
  /** Seats taken by people (bots do not count). */
  joined: number;
}

/**
 * The moment the game is deleted unless something changes before, or null while it runs.
 * @example expiresAt({ status: 'finished', paused: false, changedAt: t, joined: 4 }) // t + 30 days
 */
export function expiresAt(g: Lifecycle): number | null {
  if (g.status === 'finished') return g.changedAt + RETENTION_DAYS.finished * DAY;
  if (g.status === 'lobby')
    return g.changedAt + (g.joined === 0 ? RETENTION_DAYS.emptyLobby : RETENTION_DAYS.lobby) * DAY;
  return g.paused ? g.changedAt + RETENTION_DAYS.paused * DAY : null;
}
