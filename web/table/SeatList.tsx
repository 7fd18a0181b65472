import './seats.css';
import type { Msg, StateBody } from '../../worker/protocol';
import { s } from '../i18n';
import { IconHourglass } from '../icons';
import { madeForThem } from './Seats';

/** Every seat: name, who you are, bots and stand-ins, who is online, and whom the table waits for. */
export function SeatList({
  st,
  t,
  onSeat,
  pickable,
  picked,
}: {
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
              {(x.standIn || forThem.has(x.seat)) && (
                <span class="tag warn">
                  {s(x.standIn || forThem.get(x.seat) === 'botPlayed' ? 'seat.standIn' : 'seat.timedOut')}
                </span>
              )}
              {winners.has(x.seat) && <span class="tag win">{s('seat.winner')}</span>}
            </span>
            {x.online && <span class="sr-only">{s('seat.online')}</span>}
            {waiting.has(x.seat) && (
              <span class="waiting-mark" title={s('seat.waiting')}>
                <IconHourglass /> {s('seat.waiting')}
              </span>
            )}
            {typeof st.outcome?.scores?.[x.seat] === 'number' && (
              <span class="score">{t('common.points', { n: st.outcome.scores[x.seat] })}</span>
            )}
          </>
        );
        return (
          <li
            key={x.seat}
            data-seat={x.seat}
            class={`seat${x.taken ? '' : ' empty'}${waiting.has(x.seat) ? ' waiting' : ''}${st.you === x.seat ? ' me' : ''}`}
          >
            {canPick ? (
              <button
                type="button"
                class={`seat-pick${on ? ' on' : ''}`}
                aria-pressed={on}
                onClick={() => onSeat!(x.seat)}
              >
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
