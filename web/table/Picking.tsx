import type { Answer, Msg, Prompt } from '../../worker/protocol';
import type { Option } from '../../worker/engine/types';
import { s } from '../i18n';
import type { Picks } from './picks';
import type { Shown } from './PromptPanel';

/**
 * Composing an answer to `p` with option `o`: what it takes, the other options that take the card just picked, the
 * cards and seats to pick that the table does not show, confirm and cancel. The same picks can be made on the table.
 */
export function Picking({
  p,
  o: selected,
  picks,
  t,
  busy,
  go,
  cardLabel,
  name,
  shown,
}: {
  p: Prompt;
  o: Option;
  picks: Picks;
  t: (m: Msg | string, p?: Record<string, unknown>) => string;
  busy: boolean;
  go: (a: Answer) => Promise<void>;
  cardLabel: (id: string) => string;
  name: (n: number) => string;
  shown: Shown;
}) {
  const ready = picks.answer();
  const offCards = selected.cards?.from.filter((c) => !shown.cards.has(c)) ?? [];
  const offSeats = selected.seats?.from.filter((x) => !shown.seats.has(x)) ?? [];
  const targetsOpen =
    !!selected.seats && (!selected.cards || picks.picked.cards.length >= Math.max(1, selected.cards.min));
  // Other options that take the card just picked (铁索连环: use or recast; a view-as skill): a tap switches to one.
  const one = picks.picked.cards.length === 1 ? picks.picked.cards[0]! : null;
  const siblings = one
    ? p.options.filter((o) => o.id !== selected.id && !!o.cards?.from.includes(one)).slice(0, 4)
    : [];
  return (
    <div class="picks">
      <p class="picks-what">
        <b>{t(selected.message)}</b>
        {plainPick(t, selected.message, picks.picked.cards)}
        {selected.cards && (
          <span>
            {rangeText('prompt.pickCards', selected.cards.min, selected.cards.max, picks.picked.cards.length)}
          </span>
        )}
        {selected.seats && targetsOpen && (
          <span>
            {rangeText('prompt.pickSeats', selected.seats.min, selected.seats.max, picks.picked.seats.length)}
          </span>
        )}
      </p>
      {siblings.length > 0 && (
        <div class="pick-row also" role="group" aria-label={s('prompt.also')}>
          <span class="hint">{s('prompt.also')}</span>
          {siblings.map((o) => (
            <button
              key={o.id}
              type="button"
              class="btn option also-option"
              disabled={busy}
              onClick={() => picks.select(p, o, picks.picked.cards)}
            >
              {t(o.message)}
            </button>
          ))}
        </div>
      )}
      {offCards.length > 0 && (
        <PickRow
          label={s('prompt.cardsHere')}
          kind="card-pick"
          items={offCards}
          picked={picks.picked.cards}
          busy={busy}
          text={cardLabel}
          toggle={picks.toggleCard}
        />
      )}
      {targetsOpen && offSeats.length > 0 && (
        <PickRow
          label={s('prompt.seatsHere')}
          kind="seat-pick-btn"
          items={offSeats}
          picked={picks.picked.seats}
          busy={busy}
          text={name}
          toggle={picks.toggleSeat}
        />
      )}
      <div class="btn-row confirm-row">
        <button type="button" class="btn primary confirm" disabled={busy || !ready} onClick={() => ready && go(ready)}>
          {s('prompt.confirm')}
        </button>
        <button type="button" class="btn back" disabled={busy} onClick={picks.clear}>
          {s('prompt.cancel')}
        </button>
      </div>
    </div>
  );
}

/** A row of toggles for the cards or seats to pick that the table does not show. */
function PickRow<T extends string | number>({
  label,
  kind,
  items,
  picked,
  busy,
  text,
  toggle,
}: {
  label: string;
  kind: string;
  items: T[];
  picked: T[];
  busy: boolean;
  text: (x: T) => string;
  toggle: (x: T) => void;
}) {
  return (
    <div class="pick-row" role="group" aria-label={label}>
      {items.map((x) => {
        const on = picked.includes(x);
        return (
          <button
            key={x}
            type="button"
            class={`pick ${kind}${on ? ' on' : ''}`}
            aria-pressed={on}
            disabled={busy}
            onClick={() => toggle(x)}
          >
            {text(x)}
          </button>
        );
      })}
    </div>
  );
}

function rangeText(key: string, min: number, max: number, n: number): string {
  const range = min === max ? String(min) : max >= 99 ? s('prompt.atLeast', { min }) : `${min}–${max}`;
  return s(key, { range, n, count: max });
}

/**
 * The picked card said plainly, where the game has a `<option key>.picked` string for it ("把红桃K当杀使用（武圣）"
 * for a view-as option): shown once exactly one card is picked, with the option's own params and `card`.
 */
function plainPick(t: (m: Msg | string) => string, m: Msg, cards: string[]) {
  const key = `${m.key}.picked`;
  if (cards.length !== 1 || t(key) === key) return null;
  return <span class="picks-plain">{t({ key, params: { ...(m.params ?? {}), card: cards[0]! } })}</span>;
}
