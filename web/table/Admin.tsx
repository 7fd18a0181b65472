import '../parts/forms.css';
import './admin.css';
import { useState } from 'preact/hooks';
import type { Msg, StateBody } from '../../worker/protocol';
import { s } from '../i18n';
import { api } from '../lib/api';
import { ErrorNote, formatMinutes } from '../ui';
import { LinkBox } from '../parts/LinkBox';
import { ICON, IconPause } from '../icons';
import { seatLink } from './SeatQr';
import { seatName } from './Seats';
import { HostSettings } from './HostSettings';

/** The host's gear and resume icons: here rather than in web/icons.tsx, which every page loads. */
const IconGear = () => (
  <svg {...ICON}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68 1.65 1.65 0 0 0 10 3.17V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
  </svg>
);
const IconPlay = () => (
  <svg {...ICON}>
    <path d="M7 4l12 8-12 8z" />
  </svg>
);

export function adminCall(id: string, admin: string, action: string, body: unknown = {}) {
  return api<Record<string, unknown>>(`/api/games/${encodeURIComponent(id)}/admin/${action}`, { body, token: admin });
}

/**
 * The host's controls: pause and resume every clock, extend the current deadline, hand a seat to a bot or
 * to a new person (the old link stops working), end the game. Everything goes through
 * `POST /api/games/:id/admin/:action` with the admin token.
 */
export function AdminMenu({
  id,
  st,
  admin,
  lobby,
  refresh,
}: {
  id: string;
  st: StateBody;
  admin: string;
  t: (m: Msg | string) => string;
  lobby?: boolean;
  refresh?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [hours, setHours] = useState(12);
  const [seat, setSeat] = useState(() => st.seats.find((x) => x.taken && !x.bot && x.seat !== st.you)?.seat ?? 0);
  const [newLink, setNewLink] = useState<string | null>(null);

  const run = async (action: string, body: unknown = {}, confirmText?: string) => {
    if (confirmText && !confirm(confirmText)) return;
    setBusy(true);
    setError(null);
    setDone(null);
    setNewLink(null);
    try {
      const r = await adminCall(id, admin, action, body);
      // The table channel's last post that could not be delivered (the room dropped it): say so, with why.
      const failed =
        action === 'settings' ? (r?.channel as { failed?: { error?: string } | null } | undefined)?.failed : null;
      setDone(failed ? s('host.channelFailed', { error: String(failed.error ?? '') }) : s(`admin.done.${action}`));
      refresh?.();
      const url =
        typeof r?.seatUrl === 'string'
          ? r.seatUrl
          : typeof r?.inviteUrl === 'string'
            ? r.inviteUrl
            : typeof r?.token === 'string'
              ? seatLink(id, r.token)
              : null;
      if (url) setNewLink(url.startsWith('/') ? location.origin + url : url);
    } catch (e) {
      setError(e);
    }
    setBusy(false);
  };

  return (
    <div class={`admin${lobby ? ' in-lobby' : ''}`}>
      <button
        type="button"
        class="btn small ghost"
        aria-expanded={open}
        aria-controls="admin-panel"
        onClick={() => setOpen(!open)}
      >
        <IconGear /> {s('admin.menu')}
      </button>
      {open && (
        <div id="admin-panel" class="admin-panel" role="group" aria-label={s('admin.menu')}>
          {!lobby && (
            <>
              <div class="btn-row">
                {st.paused ? (
                  <button type="button" class="btn" disabled={busy} onClick={() => run('resume')}>
                    <IconPlay /> {s('admin.resume')}
                  </button>
                ) : (
                  <button
                    type="button"
                    class="btn"
                    disabled={busy || st.status !== 'playing'}
                    onClick={() => run('pause')}
                  >
                    <IconPause /> {s('admin.pause')}
                  </button>
                )}
              </div>
              <div class="admin-line">
                <label class="field inline">
                  <span>{s('admin.extendBy')}</span>
                  <select value={hours} onChange={(e) => setHours(Number((e.target as HTMLSelectElement).value))}>
                    {[1, 6, 12, 24, 72].map((h) => (
                      <option key={h} value={h}>
                        {formatMinutes(h * 60)}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  class="btn"
                  disabled={busy || st.status !== 'playing'}
                  onClick={() => run('extend', { hours })}
                >
                  {s('admin.extend')}
                </button>
              </div>
            </>
          )}
          <div class="admin-line">
            <label class="field inline">
              <span>{s('admin.seat')}</span>
              <select value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
                {st.seats
                  .filter((x) => x.taken)
                  .map((x) => (
                    <option key={x.seat} value={x.seat}>
                      {x.seat + 1}. {seatName(st, x.seat)}
                    </option>
                  ))}
              </select>
            </label>
            <button
              type="button"
              class="btn"
              disabled={busy || !st.seats[seat]?.taken}
              onClick={() =>
                run('replace-seat', { seat, by: 'bot' }, s('admin.confirmBot', { name: seatName(st, seat) }))
              }
            >
              {s('admin.toBot')}
            </button>
            <button
              type="button"
              class="btn"
              disabled={busy || !st.seats[seat]?.taken}
              onClick={() =>
                run('replace-seat', { seat, by: 'invite' }, s('admin.confirmInvite', { name: seatName(st, seat) }))
              }
            >
              {s('admin.toInvite')}
            </button>
          </div>
          {st.status !== 'finished' && <HostSettings busy={busy} run={(body) => void run('settings', body)} />}
          {newLink && <LinkBox url={newLink} label={s('admin.newLink')} hint={s('admin.newLinkHint')} />}
          <div class="btn-row">
            <button
              type="button"
              class="btn danger"
              disabled={busy || st.status === 'finished'}
              onClick={() => run('end', {}, s('admin.confirmEnd'))}
            >
              {s('admin.end')}
            </button>
          </div>
          {done && (
            <p class="ok" role="status">
              {done}
            </p>
          )}
          <ErrorNote error={error} />
        </div>
      )}
    </div>
  );
}
