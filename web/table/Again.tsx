import './again.css';
import { useEffect, useState } from 'preact/hooks';
import type { StateBody } from '../../worker/protocol';
import { fill, lang, s } from '../i18n';
import { GAME_OPTIONS, optionOn, withOption } from '../games/options';
import { api } from '../lib/api';
import { getGame, saveGame } from '../lib/store';
import { strings as seriesStrings } from '../pages/series.strings';
import { CheckRow, Countdown, ErrorNote } from '../ui';

/** A string of playing again and the series (their own strings module: only a finished table loads it). */
export const as = (key: string, params?: Record<string, unknown>): string =>
  fill(seriesStrings[lang.value][key] ?? seriesStrings.en[key] ?? key, params, (_n, v) => String(v));

/**
 * The link to the next game: a seat that accepted takes its token along in the fragment (the page moves it to
 * localStorage, as a personal seat link), and the host its admin token.
 */
function nextHref(st: StateBody): string {
  const me = getGame(st.id);
  const h = new URLSearchParams();
  if (me?.token && me.again === true) h.set('seat', me.token);
  if (me?.admin) h.set('admin', me.admin);
  const frag = h.toString();
  return `/g/${encodeURIComponent(st.next!)}${frag ? `#${frag}` : ''}`;
}

/**
 * The end screen's "play again" (issue 27): propose another game with this table, accept or decline it, see who
 * has answered and until when; the host chooses what takes the seats of those who do not come. Once the next
 * game exists, the way there (with this seat's token when it accepted) and the table's series.
 */
export function AgainPanel({ st, name }: { st: StateBody; name: (n: number) => string }) {
  const me = getGame(st.id);
  const token = me?.token;
  const admin = me?.admin;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const a = st.again;
  // The host's options as just sent, shown until the table's next state carries them (or the request fails).
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const sent = a ? JSON.stringify(a.options) : null;
  useEffect(() => {
    if (draft && JSON.stringify(draft) === sent) setDraft(null);
  }, [sent]);
  const mine = st.you !== null && a ? a.answers[st.you] : null;
  const canAnswer = !!token && st.you !== null && !st.seats[st.you]?.bot;

  const post = async (path: string, body: unknown, tok: string | undefined, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/games/${encodeURIComponent(st.id)}/${path}`, { body, token: tok });
      after?.();
    } catch (e) {
      setError(e);
      setDraft(null);
    } finally {
      setBusy(false);
    }
  };
  const answer = (accept: boolean) => post('again', { accept }, token, () => saveGame(st.id, { again: accept }));

  if (st.next)
    return (
      <section class="again" aria-live="polite">
        <p>{as('again.nextReady')}</p>
        <a class="btn primary" href={nextHref(st)}>
          {as('again.toNext')}
        </a>
        <a class="btn ghost small" href={`/s/${encodeURIComponent(st.id)}`}>
          {as('again.series')}
        </a>
      </section>
    );
  if (!a)
    return canAnswer || admin ? (
      <section class="again">
        <button
          type="button"
          class="btn primary"
          disabled={busy}
          onClick={() => (canAnswer ? void answer(true) : void post('admin/again', {}, admin))}
        >
          {as('again.propose')}
        </button>
        <ErrorNote error={error} />
      </section>
    ) : null;

  const people = st.seats.filter((x) => !x.bot && x.taken);
  return (
    <section class="again" aria-live="polite">
      <h3>{as('again.title')}</h3>
      <p>{a.by === null ? as('again.proposedByHost') : as('again.proposedBy', { name: name(a.by) })}</p>
      <ul class="again-answers">
        {people.map((x) => {
          const v = a.answers[x.seat];
          const key = v === true ? 'accepted' : v === false ? 'declined' : 'waiting';
          return (
            <li key={x.seat} class={`again-${key}`}>
              <span aria-hidden="true">{v === true ? '✓' : v === false ? '✗' : '…'}</span> {name(x.seat)} ·{' '}
              {as(`again.${key}`)}
            </li>
          );
        })}
      </ul>
      <Countdown deadline={a.deadline} paused={false} long />
      {canAnswer && (
        <div class="again-buttons">
          <button
            type="button"
            class={`btn${mine === true ? ' primary' : ''}`}
            aria-pressed={mine === true}
            disabled={busy}
            onClick={() => void answer(true)}
          >
            {as('again.accept')}
          </button>
          <button
            type="button"
            class={`btn${mine === false ? ' primary' : ''}`}
            aria-pressed={mine === false}
            disabled={busy}
            onClick={() => void answer(false)}
          >
            {as('again.decline')}
          </button>
        </div>
      )}
      {mine !== null && <p class="hint">{as(mine ? 'again.youAccepted' : 'again.youDeclined')}</p>}
      {admin && (GAME_OPTIONS[st.game] ?? []).length > 0 && (
        <fieldset class="again-options">
          <legend>{as('again.options')}</legend>
          {GAME_OPTIONS[st.game]!.map((o) => (
            <CheckRow
              key={o.id}
              label={s(`opt.${st.game}.${o.id}`)}
              checked={optionOn(o, draft ?? a.options)}
              disabled={busy}
              onChange={(on) => {
                const options = withOption(o, draft ?? a.options, on);
                setDraft(options);
                void post('admin/again', { options }, admin);
              }}
            />
          ))}
        </fieldset>
      )}
      {admin && (
        <label class="again-host">
          {as('again.replaceWith')}{' '}
          <select
            value={a.replaceWith}
            disabled={busy}
            onChange={(e) => void post('admin/again', { replaceWith: (e.target as HTMLSelectElement).value }, admin)}
          >
            <option value="bot">{as('again.replaceBot')}</option>
            <option value="invite">{as('again.replaceInvite')}</option>
          </select>
        </label>
      )}
      <ErrorNote error={error} />
    </section>
  );
}

/**
 * Under the winners on a finished table: playing again with this table, a new table, the replay. Shown only at the
 * end, so in this chunk rather than the table's first load.
 */
export function EndActions({ st, name }: { st: StateBody; name: (n: number) => string }) {
  return (
    <>
      <AgainPanel st={st} name={name} />
      <a class="btn" href={`/?game=${encodeURIComponent(st.game)}`}>
        {s('table.again')}
      </a>
      <a class="btn" href={`/g/${encodeURIComponent(st.id)}/replay`}>
        {s('table.replay')}
      </a>
    </>
  );
}

/** Above a game played again: the way back to the game it came from, and the table's series. */
export function SeriesLinks({ st }: { st: StateBody }) {
  return (
    <p class="series-links">
      <a href={`/g/${encodeURIComponent(st.prev!)}`}>{as('again.prev')}</a>
      {' · '}
      <a href={`/s/${encodeURIComponent(st.id)}`}>{as('again.series')}</a>
    </p>
  );
}
