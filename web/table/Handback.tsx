import { useEffect, useState } from 'preact/hooks';
import type { LogLine, Msg } from '../../worker/protocol';
import { s } from '../i18n';
import { api } from '../lib/api';
import { ErrorNote } from '../ui';

/** The part of `GET /api/games/:id/me` this panel reads. */
interface Mine {
  settings: { awayUntil: string | null };
  /** The latest lines (at most 200) and how many there are in all. */
  handback: { lines: LogLine[]; total: number } | null;
}

/** How many of the lines are shown before "show more". */
const SHOWN = 12;
/** Timers longer than this overflow in browsers (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What a stand-in played for this seat while it was away, once it is back (issue 11 item 3): the room's
 * `GET /me` gives the seat's own view of those moves' lines (nobody else's page is ever given them). Read when
 * the table opens, when the seat's away flag changes, and at the moment its away time ends; dismissed with
 * `PUT /me {handback: null}`.
 */
export function Handback({ id, token, t, away }: { id: string; token: string; t: (m: Msg) => string; away: boolean }) {
  const [lines, setLines] = useState<LogLine[]>([]);
  const [total, setTotal] = useState(0);
  const [all, setAll] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    api<Mine>(`/api/games/${id}/me`, { token }).then(
      (m) => {
        if (!live || !m) return;
        setLines(m.handback?.lines ?? []);
        setTotal(m.handback?.total ?? 0);
        // Still away: look again the moment it ends (the page may stay open across it).
        const until = m.settings.awayUntil ? Date.parse(m.settings.awayUntil) - Date.now() : 0;
        if (until > 0 && until < MAX_TIMER_MS) timer = setTimeout(() => setTick((n) => n + 1), until + 1000);
      },
      () => {
        /* the settings panel reports errors; an unreadable hand-back just stays hidden */
      },
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, token, away, tick]);

  if (!lines.length) return null;
  const dismiss = async () => {
    setError(null);
    try {
      await api(`/api/games/${id}/me`, { method: 'PUT', token, body: { handback: null } });
      setLines([]);
    } catch (e) {
      setError(e);
    }
  };
  const shown = all ? lines : lines.slice(-SHOWN);
  return (
    <section class="card since handback" aria-labelledby="handback-h">
      <div class="since-head">
        <h2 id="handback-h">{s('handback.title', { n: total })}</h2>
        <button type="button" class="icon-btn" aria-label={s('handback.dismiss')} onClick={dismiss}>
          ×
        </button>
      </div>
      <p class="since-sub">{s('handback.hint')}</p>
      <ol class="since-list">
        {shown.map((l) => (
          <li key={l.i}>{t(l.msg)}</li>
        ))}
      </ol>
      {lines.length > shown.length && (
        <button type="button" class="btn small ghost" onClick={() => setAll(true)}>
          {s('since.more', { n: lines.length - shown.length })}
        </button>
      )}
      <button type="button" class="btn small" onClick={dismiss}>
        {s('handback.ok')}
      </button>
      <ErrorNote error={error} />
    </section>
  );
}
