import type { Msg, StateBody } from '../../worker/protocol';
import { s } from '../i18n';
import { IconHourglass } from '../icons';

/** A seat's player name, or 'seat 3' while it has none. */
export const seatName = (st: StateBody, n: number) => st.seats[n]?.name ?? s('seat.n', { n: n + 1 });

/** Every seat: name, who you are, bots and stand-ins, who is online, and whom the table waits for. */
export function SeatList({ st, t, onSeat, pickable, picked }: {
  st: StateBody;
  t: (m: Msg | string, p?: Record<string, unknown>) => string;
  onSeat?: (seat: number) => void;
  pickable?: number[];
  picked?: number[];
}) {
  const waiting = new Set(st.status === 'playing' ? st.waiting : []);
  // Listed as waited for without a question of your own: an open response window (see idleText), not your move.
  if (st.you !== null && st.prompts.length === 0) waiting.delete(st.you);
  const winners = new Set(st.outcome?.winners ?? []);
  const forThem = madeForThem(st.log);
  return (
    <ol class="seat-list">
      {st.seats.map((x) => {
        const canPick = !!onSeat && !!pickable?.includes(x.seat);
        const on = !!picked?.includes(x.seat);
        const label = x.name ?? s('seat.empty');
        const body = (
          <>
            <span class={`seat-dot${x.online ? ' online' : ''}`} aria-hidden="true" />
            <span class="seat-num">{x.seat + 1}</span>
            <span class="seat-name">
              {label}
              {st.you === x.seat && <span class="tag you">{s('seat.you')}</span>}
              {x.bot && <span class="tag">{s('seat.bot')}</span>}
              {(x.standIn || forThem.has(x.seat)) && <span class="tag warn">{s(x.standIn || forThem.get(x.seat) === 'botPlayed' ? 'seat.standIn' : 'seat.timedOut')}</span>}
              {winners.has(x.seat) && <span class="tag win">{s('seat.winner')}</span>}
            </span>
            {x.online && <span class="sr-only">{s('seat.online')}</span>}
            {waiting.has(x.seat) && (
              <span class="waiting-mark" title={s('seat.waiting')}>
                <IconHourglass /> {s('seat.waiting')}
              </span>
            )}
            {typeof st.outcome?.scores?.[x.seat] === 'number' && <span class="score">{t('common.points', { n: st.outcome.scores[x.seat] })}</span>}
          </>
        );
        return (
          <li key={x.seat} data-seat={x.seat} class={`seat${x.taken ? '' : ' empty'}${waiting.has(x.seat) ? ' waiting' : ''}${st.you === x.seat ? ' me' : ''}`}>
            {canPick ? (
              <button type="button" class={`seat-pick${on ? ' on' : ''}`} aria-pressed={on} onClick={() => onSeat!(x.seat)}>
                {body}
              </button>
            ) : (
              <div class="seat-row">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

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
    if (m.key === 'room.log.timedOut' || m.key === 'room.log.botPlayed') out.set(seat, m.key === 'room.log.timedOut' ? 'timedOut' : 'botPlayed');
  }
  return out;
}

/**
 * The shell's facts about one seat, as small tags for a game's seat tile: you, bot, stand-in, a move made for
 * them (超时 · 代打), online, whom the table waits for, winner. One place, so both games' seats say the same.
 */
export function SeatTags({ st, seat, forThem }: { st: StateBody; seat: number; forThem?: 'timedOut' | 'botPlayed' | undefined }) {
  const x = st.seats[seat];
  if (!x) return null;
  const waiting = st.status === 'playing' && st.waiting.includes(seat) && !(st.you === seat && st.prompts.length === 0);
  return (
    <>
      {x.online && <span class="seat-dot online" role="img" aria-label={s('seat.online')} title={s('seat.online')} />}
      {x.bot && <span class="tag">{s('seat.bot')}</span>}
      {(x.standIn || forThem) && <span class="tag warn">{s(x.standIn || forThem === 'botPlayed' ? 'seat.standIn' : 'seat.timedOut')}</span>}
      {waiting && (
        <span class="tag wait" title={s('seat.waiting')}>
          <IconHourglass /> {st.you === seat ? s('table.yourTurn') : s('seat.waiting')}
        </span>
      )}
      {st.outcome?.winners.includes(seat) && <span class="tag win">{s('seat.winner')}</span>}
    </>
  );
}
