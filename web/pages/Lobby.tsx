import './pages.css';
import '../parts/forms.css';
import './lobby.css';
import { useState } from 'preact/hooks';
import type { StateBody } from '../../worker/protocol';
import type { GameUI } from '../games/types';
import { lang, s } from '../i18n';
import { api, ApiError } from '../lib/api';
import { makeT } from '../lib/msg';
import { getGame, pref, saveGame, setPref } from '../lib/store';
import { ErrorNote, formatMinutes, TopBar } from '../ui';
import { LinkBox } from '../parts/LinkBox';
import { NotifyButton } from '../table/Notify';
import { seatName } from '../table/Seats';
import { SeatList } from '../table/SeatList';
import { AdminMenu } from '../table/adminMenu';
import { PersonalLink } from '../table/PersonalLink';

/**
 * The page of a game that has not started: who sits, the invite link, the join form, the host's start. Its own
 * chunk (with the later strings): a link to a running table, the usual visit, does not load it.
 */
export function Lobby({
  id,
  st,
  token,
  title,
  onJoined,
  notice,
  ui,
  refresh,
}: {
  id: string;
  st: StateBody;
  token: string | undefined;
  title: string;
  onJoined: (t: string) => void;
  notice: string | null;
  ui: GameUI | null;
  refresh: () => void;
}) {
  const admin = getGame(id)?.admin;
  const taken = st.seats.filter((x) => x.taken).length;
  const full = taken === st.seats.length;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const t = makeT(lang.value, ui, (n) => seatName(st, n));
  const start = async (fillWithBots: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/games/${id}/start`, { body: { fillWithBots }, token: admin });
      // The socket brings the new state; ask too, in case it is down right now.
      refresh();
    } catch (e) {
      setError(e);
    }
    setBusy(false);
  };
  const options = Object.entries(st.options ?? {}).flatMap(([k, v]) => {
    const label = optionLabel(st.game, k, v, ui?.strings[lang.value]);
    return label ? [[k, label] as const] : [];
  });
  return (
    <>
      <TopBar>{token && <NotifyButton id={id} token={token} />}</TopBar>
      <main class="page lobby">
        <section class="card lobby-head">
          <p class="eyebrow">{s('lobby.eyebrow')}</p>
          <h1>{title}</h1>
          <p class="lead">
            {full ? s('lobby.full') : s('lobby.waitingPlayers', { n: taken, m: st.seats.length })}
            {' · '}
            {s('lobby.deadline', { d: formatMinutes(st.deadlineMinutes) })}
          </p>
          {options.length > 0 && (
            <ul class="chips" aria-label={s('home.options')}>
              {options.map(([k, label]) => (
                <li key={k} class="chip">
                  {label}
                </li>
              ))}
            </ul>
          )}
          {notice && (
            <p class="notice" role="status">
              {notice}
            </p>
          )}
        </section>
        <div class="lobby-grid">
          <section class="card">
            <h2>{s('lobby.seats')}</h2>
            <SeatList st={st} t={t} />
          </section>
          <section class="card lobby-action">
            {st.you === null ? (
              full ? (
                <p>{s('lobby.fullSpectate')}</p>
              ) : (
                <JoinForm id={id} game={st.game} onJoined={onJoined} />
              )
            ) : (
              <>
                <h2>{s('lobby.youAre', { name: st.seats[st.you]?.name ?? '' })}</h2>
                <p>{s('lobby.wait')}</p>
                {/* What a seated player does next: pass the invite on. Their own link comes second. */}
                {!full && (
                  <LinkBox url={`${location.origin}/g/${id}`} label={s('lobby.invite')} hint={s('lobby.inviteHint')} />
                )}
                {token && (
                  <>
                    <PersonalLink id={id} token={token} />
                  </>
                )}
                {token && <NotifyButton id={id} token={token} inline />}
              </>
            )}
            {(st.you === null || full) && (
              <LinkBox url={`${location.origin}/g/${id}`} label={s('lobby.invite')} hint={s('lobby.inviteHint')} />
            )}
          </section>
          {admin && (
            <section class="card host">
              <h2>{s('lobby.host')}</h2>
              <p class="hint">{full ? s('lobby.readyToStart') : s('lobby.hostHint')}</p>
              <div class="btn-row">
                <button type="button" class="btn primary" disabled={busy || !full} onClick={() => start(false)}>
                  {s('lobby.start')}
                </button>
                <button type="button" class="btn" disabled={busy || full} onClick={() => start(true)}>
                  {s('lobby.fillBots')}
                </button>
              </div>
              <ErrorNote error={error} />
              <AdminMenu id={id} st={st} admin={admin} t={t} lobby refresh={refresh} />
            </section>
          )}
        </div>
      </main>
    </>
  );
}

export function JoinForm({ id, game, onJoined }: { id: string; game: string; onJoined: (token: string) => void }) {
  const [name, setName] = useState(pref('name') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    const nm = name.trim();
    if (!nm) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ seat: number; token: string }>(`/api/games/${id}/seats`, { body: { name: nm } });
      if (!r) throw new Error('empty answer');
      setPref('name', nm);
      saveGame(id, { game, seat: r.seat, token: r.token, name: nm });
      onJoined(r.token);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 409 ? new Error(s('join.full')) : err);
      setBusy(false);
    }
  };
  return (
    <form class="join" onSubmit={submit}>
      <h2>{s('join.title')}</h2>
      <label class="field">
        <span>{s('join.name')}</span>
        <input
          value={name}
          required
          maxLength={24}
          autoComplete="nickname"
          placeholder={s('join.namePlaceholder')}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <ErrorNote error={error} />
      <button class="btn primary big" type="submit" disabled={busy || !name.trim()}>
        {busy ? s('common.working') : s('join.button')}
      </button>
    </form>
  );
}

/**
 * A table rule as a chip in the reader's language, or null for one that is off (false, or the default deck):
 * only what changes the game is listed.
 */
export function optionLabel(game: string, k: string, v: unknown, gameStrings?: Record<string, string>): string | null {
  if (v === false || v === null || (k === 'deck' && v === 'full')) return null;
  // The game's own label (`<game>.option.<k>[.<v>]`) first, then the shell's (`opt.<game>.<k>[.<v>]`, `opt.<k>`).
  const own = (suffix: string) =>
    Object.entries(gameStrings ?? {}).find(([key]) => key.endsWith(`.option.${suffix}`))?.[1];
  const value = own(`${k}.${String(v)}`);
  if (value) return (own(k) ? `${own(k)}: ` : '') + value;
  if (own(k)) return typeof v === 'boolean' ? own(k)! : `${own(k)}: ${String(v)}`;
  for (const key of [`opt.${game}.${k}.${String(v)}`, `opt.${game}.${k}`, `opt.${k}`]) {
    const label = s(key);
    if (label !== key)
      return typeof v === 'boolean' || key.endsWith(`.${String(v)}`) ? label : `${label}: ${String(v)}`;
  }
  return null;
}
