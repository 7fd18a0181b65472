/**
 * Who may hold a live socket of a game. Before, a socket counted toward one per-game limit from the moment it
 * opened, said hello or not, and was never dropped: 100 silent sockets locked every seat out. Now:
 *
 * - a socket must say hello within `helloMs`; one that does not is closed (on the next upgrade, and by the
 *   alarm), and while it waits it counts only against its own address (`pendingPerAddress`), so strangers
 *   cannot crowd out anybody else;
 * - a seat may hold `perSeat` sockets (phone, laptop, a few tabs): a new hello for a full seat closes that
 *   seat's oldest hidden socket (else its oldest), so the player always gets in and nobody else's sockets
 *   matter;
 * - spectators share `spectators` places; a spectator's hello beyond them is refused;
 * - `total` bounds everything the object holds, whatever the addresses.
 *
 * Opening sockets at all is also limited per address by the Worker (`READ_LIMIT`, routes/limits.ts).
 */
export const ADMISSION = { helloMs: 5_000, pendingPerAddress: 8, perSeat: 8, spectators: 50, total: 1_000 } as const;

/** What admission needs to know of a socket (a subset of its attachment). */
export interface SocketFacts {
  ready: boolean;
  seat: number | null;
  /** When the socket was accepted (ms); absent on sockets accepted before this rule: treated as long ago. */
  openedAt?: number;
  /** The client address it came from (`CF-Connecting-IP`), if known. */
  from?: string;
  /** Its tab is visible (hidden ones make room first). */
  visible?: boolean;
}

/** An open socket and its facts (`W` is WebSocket in the room, anything in tests). */
export type Open<W> = { ws: W; att: SocketFacts };

/** Sockets that did not say hello in time: to be closed now. */
export function silentSockets<T extends { att: SocketFacts }>(list: T[], now: number): T[] {
  return list.filter(({ att }) => !att.ready && now - (att.openedAt ?? 0) >= ADMISSION.helloMs);
}

/** The earliest moment a socket still waiting for its hello becomes silent, or null. */
export function nextSilence(list: { att: SocketFacts }[]): number | null {
  // A plain loop: every answer asks, and nearly always every socket has said hello.
  let t = Infinity;
  for (const { att } of list) if (!att.ready) t = Math.min(t, (att.openedAt ?? 0) + ADMISSION.helloMs);
  return t === Infinity ? null : t;
}

/**
 * May a socket from `from` be accepted now? `list` holds the open sockets after the silent ones were closed.
 * Returns null, or the reason for a 429.
 */
export function refuseOpen(list: { att: SocketFacts }[], from: string | undefined): string | null {
  if (list.length >= ADMISSION.total) return 'too many connections to this game';
  const pending = list.filter(({ att }) => !att.ready && att.from === from).length;
  if (pending >= ADMISSION.pendingPerAddress) return 'too many connections from this address are waiting to say hello';
  return null;
}

/**
 * A hello for `seat` (null: a spectator) from the socket `self`: the sockets to close to make room (a seat's
 * hidden ones first, oldest first), or 'full' when no spectator place is left.
 */
export function makeRoom<T extends Open<unknown>>(list: T[], seat: number | null, self: T['ws']): T[] | 'full' {
  const others = list.filter(({ ws, att }) => ws !== self && att.ready && att.seat === seat);
  if (seat === null) return others.length >= ADMISSION.spectators ? 'full' : [];
  const hidden = (x: T) => (x.att.visible === false ? 0 : 1);
  const oldestFirst = [...others].sort((a, b) => hidden(a) - hidden(b) || (a.att.openedAt ?? 0) - (b.att.openedAt ?? 0));
  return oldestFirst.slice(0, Math.max(0, oldestFirst.length - (ADMISSION.perSeat - 1)));
}
