import '../parts/forms.css';
import './panel.css';
import './settings.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Msg, Prompt, StateBody } from '../../worker/protocol';
import { s } from '../i18n';
import { api } from '../lib/api';
import { CheckRow, ErrorNote } from '../ui';

/** What `GET /api/games/:id/me` answers: the seat's own settings and the orders its game offers. */
interface Mine {
  seat: number;
  settings: {
    orders: { id: string }[];
    quiet: { start: string; end: string; zone: string } | null;
    awayUntil: string | null;
    mention: string | null;
  };
  offered: { id: string; message: Msg; hint?: Msg; group?: string; kinds: string[] }[];
}

/** The skill an order or an option names (`{skill}` in its message): 三国杀's "always use 集智", a skill's "use". */
const skillOf = (m: Msg): string | undefined => {
  const x = m.params?.skill;
  return typeof x === 'string' ? x : undefined;
};

/** The seat's own skills, where its game's view lists them (`players[you].skills`). */
function ownSkills(st: StateBody | undefined): string[] {
  const v = st?.view as { players?: { skills?: string[] }[] } | null | undefined;
  return (st?.you !== null && st?.you !== undefined && v?.players?.[st.you]?.skills) || [];
}

/** The orders to tick `id` on: the others of its group (always / never of one skill) go off. */
const withOrder = (m: Mine, on: string[], id: string): string[] => {
  const g = m.offered.find((o) => o.id === id)?.group;
  return [...on.filter((x) => !g || m.offered.find((o) => o.id === x)?.group !== g), id];
};

/**
 * "Always / never" on a skill's own question (issue 28 item 10): the seat's orders for that skill, as buttons.
 * A tap stores the order with the seat's others (PUT /me); the room then answers this very question by it, as it
 * answers every later one, so the question needs no answer of its own. Nothing shows when the game offers none.
 */
export function QuickOrders({ id, token, p, t }: { id: string; token: string; p: Prompt; t: (m: Msg) => string }) {
  const [mine, setMine] = useState<Mine | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<Mine>(`/api/games/${id}/me`, { token }).then((m) => m && setMine(m), setError);
  }, [id, token, p.id]);
  const use = p.options.find((o) => o.id === 'use');
  const skill = use && skillOf(use.message);
  const offered = mine?.offered.filter((o) => skill && o.kinds.includes(p.kind) && skillOf(o.message) === skill) ?? [];
  if (!mine || !offered.length) return error ? <ErrorNote error={error} /> : null;
  const set = async (order: string) => {
    setBusy(true);
    try {
      const on = withOrder(
        mine,
        mine.settings.orders.map((o) => o.id),
        order,
      );
      await api(`/api/games/${id}/me`, { method: 'PUT', token, body: { orders: on.map((x) => ({ id: x })) } });
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <div class="quick-orders" role="group" aria-label={s('settings.orders')}>
      {offered.map((o) => (
        <button key={o.id} type="button" class="btn small ghost quick-order" disabled={busy} onClick={() => set(o.id)}>
          {t(o.message)}
        </button>
      ))}
      <ErrorNote error={error} />
    </div>
  );
}

/** The browser's own time zone, which the page proposes for quiet hours. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `YYYY-MM-DD` of an ISO instant, for the date input. */
const dayOf = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

/**
 * The seat's settings for playing across time zones, behind a header button: standing orders the game offers
 * (labels from the game's strings), quiet hours (23:00–08:00 in the browser's zone proposed), away until a date
 * and its mention in the table channel. Read from and saved to `/api/games/:id/me`; only this seat sees them.
 */
export function SettingsButton({
  id,
  token,
  t,
  st,
}: {
  id: string;
  token: string;
  t: (m: Msg) => string;
  st?: StateBody;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const key = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [open]);
  return (
    <div class="notify settings" ref={ref}>
      <button
        type="button"
        class="icon-btn settings-btn"
        aria-expanded={open}
        aria-controls="seat-settings"
        aria-label={s('settings.title')}
        title={s('settings.title')}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      {open && (
        <div id="seat-settings" class="notify-panel" role="group" aria-label={s('settings.title')}>
          <button
            type="button"
            class="icon-btn notify-close"
            aria-label={s('common.close')}
            onClick={() => setOpen(false)}
          >
            ×
          </button>
          <SettingsPanel id={id} token={token} t={t} skills={ownSkills(st)} />
        </div>
      )}
    </div>
  );
}

/** The time zones the browser knows (the chosen one first if it is not among them). */
function zoneList(current: string): string[] {
  const all =
    (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * The form itself: loads GET /me, sends the whole form as one PUT /me. An order about a skill ("always use 集智")
 * is listed only for the seat's own skills.
 */
export function SettingsPanel({
  id,
  token,
  t,
  skills = [],
}: {
  id: string;
  token: string;
  t: (m: Msg) => string;
  skills?: string[];
}) {
  const [mine, setMine] = useState<Mine | null>(null);
  const [orders, setOrders] = useState<string[]>([]);
  const [quietOn, setQuietOn] = useState(false);
  const [start, setStart] = useState('23:00');
  const [end, setEnd] = useState('08:00');
  const [zone, setZone] = useState(browserZone());
  const [away, setAway] = useState('');
  const [mention, setMention] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const take = (m: Mine) => {
    setMine(m);
    setOrders(m.settings.orders.map((o) => o.id));
    setQuietOn(!!m.settings.quiet);
    if (m.settings.quiet) {
      setStart(m.settings.quiet.start);
      setEnd(m.settings.quiet.end);
      setZone(m.settings.quiet.zone);
    }
    setAway(dayOf(m.settings.awayUntil));
    setMention(m.settings.mention ?? '');
  };

  useEffect(() => {
    api<Mine>(`/api/games/${id}/me`, { token }).then((m) => m && take(m), setError);
  }, [id, token]);

  if (!mine)
    return (
      <div class="notify-body">{error ? <ErrorNote error={error} /> : <p class="hint">{s('settings.loading')}</p>}</div>
    );

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const body = {
        orders: mine.offered.filter((o) => orders.includes(o.id)).map((o) => ({ id: o.id })),
        quiet: quietOn ? { start, end, zone } : null,
        // The end of the chosen day in the browser's zone: "away until the 3rd" means through the 3rd.
        awayUntil: away ? new Date(`${away}T23:59:00`).toISOString() : null,
        mention: mention.trim() || null,
      };
      await api(`/api/games/${id}/me`, { method: 'PUT', token, body });
      setSaved(true);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };

  const listed = mine.offered.filter((o) => {
    const k = skillOf(o.message);
    return !k || skills.includes(k);
  });
  return (
    <form class="notify-body settings-body" onSubmit={save}>
      <h2 class="settings-h">{s('settings.title')}</h2>
      {listed.length > 0 && (
        <fieldset class="orders">
          <legend>{s('settings.orders')}</legend>
          <p class="hint">{s('settings.ordersHint')}</p>
          {listed.map((o) => (
            <CheckRow
              key={o.id}
              name={`order-${o.id}`}
              label={t(o.message)}
              hint={o.hint && t(o.hint)}
              checked={orders.includes(o.id)}
              onChange={(on) => setOrders(on ? withOrder(mine, orders, o.id) : orders.filter((x) => x !== o.id))}
            />
          ))}
        </fieldset>
      )}
      <fieldset class="quiet">
        <legend>{s('settings.quiet')}</legend>
        <CheckRow
          name="quiet-on"
          label={s('settings.quietOn')}
          hint={s('settings.quietHint')}
          checked={quietOn}
          onChange={setQuietOn}
        />
        {quietOn && (
          <div class="notify-row">
            <label class="field">
              <span>{s('settings.from')}</span>
              <input
                type="time"
                name="quiet-start"
                value={start}
                onInput={(e) => setStart((e.target as HTMLInputElement).value)}
              />
            </label>
            <label class="field">
              <span>{s('settings.to')}</span>
              <input
                type="time"
                name="quiet-end"
                value={end}
                onInput={(e) => setEnd((e.target as HTMLInputElement).value)}
              />
            </label>
            <label class="field zone">
              <span>{s('settings.zone')}</span>
              {/* The browser's zone is picked already; any other from the list of the zones the browser knows. */}
              <select name="quiet-zone" value={zone} onChange={(e) => setZone((e.target as HTMLSelectElement).value)}>
                {zoneList(zone).map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </fieldset>
      <label class="field">
        <span>{s('settings.away')}</span>
        <input
          type="date"
          name="away-until"
          value={away}
          onInput={(e) => setAway((e.target as HTMLInputElement).value)}
        />
      </label>
      <label class="field">
        <span>{s('settings.mention')}</span>
        <input
          type="text"
          name="mention"
          value={mention}
          maxLength={64}
          placeholder="@name"
          onInput={(e) => setMention((e.target as HTMLInputElement).value)}
        />
      </label>
      {/* Kept at the bottom of the sheet while it scrolls: Save is always in reach. */}
      <div class="save-bar">
        <button type="submit" class="btn small primary" disabled={busy}>
          {s('settings.save')}
        </button>
        {saved && (
          <p class="hint" role="status">
            {s('settings.saved')}
          </p>
        )}
        <ErrorNote error={error} />
      </div>
    </form>
  );
}
