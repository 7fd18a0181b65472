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

/** This browser saw its seat away in this game: on return it asks for the hand-back even with no line in view. */
const awayKey = (id: string) => `teahouse.wasAway.${id}`;
function remember(id: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(awayKey(id), '1');
    else localStorage.removeItem(awayKey(id));
  } catch {
    /* storage blocked: the log line is the only cue */
  }
}
function remembered(id: string): boolean {
  try {
    return localStorage.getItem(awayKey(id)) === '1';
  } catch {
    return false;
  }
}

/**
 * What a stand-in played for this seat while it was away, once it is back (issue 11 item 3): the room's
 * `GET /me` gives the seat's own view of those moves' lines (nobody else's page is ever given them). Asked for
 * only when there is a reason — this browser saw the seat away, or the log in view has a move made for it — so
 * an ordinary visit costs no request; while away, once, to look again the moment the away time ends.
 * Dismissed with `PUT /me {handback: null}`.
 */
export function Handback({
  id,
  token,
  t,
  away,
  log,
  seat,
}: {
  id: string;
  token: string;
  t: (m: Msg) => string;
  away: boolean;
  /** The log in view and the seat: a move the room made for it there is a reason to ask. */
  log: readonly LogLine[];
  seat: number;
}) {
  const playedForYou = playedFor(log, seat);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [total, setTotal] = useState(0);
  const [all, setAll] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (away) remember(id, true);
    else if (!playedForYou && !remembered(id)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    api<Mine>(`/api/games/${id}/me`, { token }).then(
      (m) => {
        if (!live || !m) return;
        setLines(m.handback?.lines ?? []);
        setTotal(m.handback?.total ?? 0);
        const until = m.settings.awayUntil ? Date.parse(m.settings.awayUntil) - Date.now() : 0;
        // Still away: look again the moment it ends (the page may stay open across it).
        if (until > 0 && until < MAX_TIMER_MS) timer = setTimeout(() => setTick((n) => n + 1), until + 1000);
        else if (!m.handback) remember(id, false);
      },
      () => {
        /* the settings panel reports errors; an unreadable hand-back just stays hidden */
      },
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, token, away, playedForYou, tick]);

  if (!lines.length) return null;
  const dismiss = async () => {
    setError(null);
    try {
      await api(`/api/games/${id}/me`, { method: 'PUT', token, body: { handback: null } });
      setLines([]);
      if (!away) remember(id, false);
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

/** Does the log in view show a move the room made for `seat` (a stand-in's or the bot's line)? */
const playedFor = (log: readonly LogLine[], seat: number): boolean =>
  log.some((l) => l.msg.key === 'room.log.botPlayed' && l.msg.params?.seat === seat);
