import './generic.css';
import type { Json } from '../../worker/protocol';
import type { TableProps } from '../games/types';
import { s } from '../i18n';
import { SeatList } from './SeatList';

/**
 * The table for a game that has no client of its own (the test fixture game): the seats with whom the table
 * waits for, and the game's view for you, laid out readably. Card ids that the open prompt lets you pick
 * become toggle buttons, so the generic table is fully playable.
 */
export function GenericTable(p: TableProps) {
  const view = p.state.view;
  return (
    <div class="generic-table">
      <SeatList st={p.state} t={p.t} onSeat={p.toggleSeat} pickable={p.pickable.seats} picked={p.picked.seats} />
      {view !== null && (
        <div class="view-tree" role="group" aria-label={s('table.view')}>
          <ViewNode v={view} p={p} depth={0} />
        </div>
      )}
    </div>
  );
}

function ViewNode({ v, p, depth, seatIndexed }: { v: Json; p: TableProps; depth: number; seatIndexed?: boolean }) {
  if (v === null) return <span class="muted">—</span>;
  if (typeof v === 'boolean') return <span>{v ? '✓' : '✗'}</span>;
  if (typeof v === 'number') return <span class="num">{v}</span>;
  if (typeof v === 'string') return <Leaf id={v} p={p} />;
  if (Array.isArray(v)) {
    if (seatIndexed && v.length === p.state.seats.length)
      return (
        <table class="per-seat">
          <tbody>
            {v.map((x, i) => (
              <tr key={i} class={p.state.you === i ? 'me' : ''}>
                <th scope="row">{p.name(i)}</th>
                <td>
                  <ViewNode v={x} p={p} depth={depth + 1} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    if (!v.length) return <span class="muted">∅</span>;
    return (
      <span class="list">
        {v.map((x, i) => (
          <ViewNode key={i} v={x} p={p} depth={depth + 1} />
        ))}
      </span>
    );
  }
  if (v.hidden === true)
    return (
      <span class="hidden-cards" title={s('table.hidden')}>
        <span class="card-back" aria-hidden="true" />
        <span class="sr-only">{s('table.hidden')}</span> × {typeof v.count === 'number' ? v.count : '?'}
      </span>
    );
  const entries = Object.entries(v);
  return (
    <dl class={`view-obj depth-${Math.min(depth, 3)}`}>
      {entries.map(([k, x]) => (
        <div key={k} class="view-entry">
          <dt>{humanize(k)}</dt>
          <dd>
            {typeof x === 'number' && isSeatKey(k) ? (
              p.name(x)
            ) : (
              <ViewNode v={x} p={p} depth={depth + 1} seatIndexed={Array.isArray(x)} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const isSeatKey = (k: string) => ['current', 'seat', 'turn', 'target', 'source'].includes(k) || k.endsWith('Seat');

function humanize(k: string): string {
  return k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

function Leaf({ id, p }: { id: string; p: TableProps }) {
  if (p.pickable.cards.includes(id)) {
    const on = p.picked.cards.includes(id);
    return (
      <button
        type="button"
        class={`pick card-pick${on ? ' on' : ''}`}
        aria-pressed={on}
        onClick={() => p.toggleCard(id)}
      >
        {id}
      </button>
    );
  }
  return <span class="leaf">{id}</span>;
}
