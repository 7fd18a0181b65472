import type { StateBody } from '../../worker/protocol';
import { s } from '../i18n';
import { IconHourglass } from '../icons';

/** A seat's player name, or 'seat 3' while it has none. */
export const seatName = (st: StateBody, n: number) => st.seats[n]?.name ?? s('seat.n', { n: n + 1 });

/**
 * Seats a move was recently made for (a default at the deadline, or a bot's answer: the room's
 * `room.log.timedOut` / `room.log.botPlayed` lines) among the last `recent` lines, with the latest kind.
 */
export function madeForThem(log: StateBody['log'], recent = 40): Map<number, 'timedOut' | 'botPlayed'> {
  const out = new Map<number, 'timedOut' | 'botPlayed'>();
  for (let k = log.length - 1; k >= Math.max(0, log.length - recent); k--) {
    const m = log[k]!.msg;
    const seat = m.params?.seat;
    if (typeof seat !== 'number' || out.has(seat)) continue;
    if (m.key === 'room.log.timedOut' || m.key === 'room.log.botPlayed')
      out.set(seat, m.key === 'room.log.timedOut' ? 'timedOut' : 'botPlayed');
  }
  return out;
}

/** What `SeatTags` says of seat `n` of a table, as plain values (a tile drawn again only when they change). */
export function seatTagsOf(st: StateBody, n: number) {
  return {
    seat: st.seats[n],
    waiting: st.status === 'playing' && st.waiting.includes(n) && !(st.you === n && st.prompts.length === 0),
    you: st.you === n,
    won: !!st.outcome?.winners.includes(n),
  };
}

/**
 * The shell's facts about one seat, as small tags for a game's seat tile: you, bot, stand-in, a move made for
 * them (超时 · 代打), online, whom the table waits for, winner. One place, so both games' seats say the same.
 */
export function SeatTags({
  seat: x,
  waiting,
  you,
  won,
  forThem,
}: ReturnType<typeof seatTagsOf> & { forThem?: 'timedOut' | 'botPlayed' | undefined }) {
  if (!x) return null;
  return (
    <>
      {x.online && <span class="seat-dot online" role="img" aria-label={s('seat.online')} title={s('seat.online')} />}
      {x.bot && <span class="tag">{s('seat.bot')}</span>}
      {(x.standIn || forThem) && (
        <span class="tag warn">{s(x.standIn || forThem === 'botPlayed' ? 'seat.standIn' : 'seat.timedOut')}</span>
      )}
      {waiting && (
        <span class="tag wait" title={s('seat.waiting')}>
          <IconHourglass /> {you ? s('table.yourTurn') : s('seat.waiting')}
        </span>
      )}
      {won && <span class="tag win">{s('seat.winner')}</span>}
    </>
  );
}
