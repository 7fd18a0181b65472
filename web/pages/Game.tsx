import { useEffect, useMemo, useState } from 'preact/hooks';
import type { StateBody } from '../../worker/protocol';
import type { GameUI } from '../games/types';
import { gameName, loadGameUI } from '../games';
import { lang, s } from '../i18n';
import { api, ApiError } from '../lib/api';
import { pageTitle } from '../lib/badge';
import { Live } from '../lib/live';
import { makeT } from '../lib/msg';
import { noteState, watchMyGames } from '../lib/mygames';
import { getGame, pref, saveGame, setPref } from '../lib/store';
import { ErrorNote, formatMinutes, LinkBox, Spinner, TopBar } from '../ui';
import { NotifyButton } from '../table/Notify';
import { SeatList, seatName } from '../table/Seats';
import { AdminMenu, PersonalLink, TableShell } from '../table/Shell';

/**
 * A personal seat link carries its token in the fragment (`/g/<id>#seat=<token>`) so it never reaches a
 * server log. Move it to localStorage at once and drop it from the address bar (and from history), so a
 * screenshot or a shared address cannot leak it. `#admin=` does the same for the host token.
 */
function takeFragment(id: string): void {
  const h = new URLSearchParams(location.hash.slice(1));
  const seat = h.get('seat');
  const admin = h.get('admin');
  if (!seat && !admin) return;
  const prev = getGame(id);
  saveGame(id, {
    game: prev?.game ?? '',
    ...(seat ? { token: seat, ...(prev?.token !== seat ? { seat: undefined, name: undefined } : {}) } : {}),
    ...(admin ? { admin } : {}),
  });
  history.replaceState(history.state, '', location.pathname + location.search);
}

export function GamePage({ id }: { id: string }) {
  useMemo(() => {
    takeFragment(id);
    // A game this device knows: fetch its table code now, in parallel with the first state.
    const known = getGame(id)?.game;
    if (known) void loadGameUI(known);
  }, [id]);
  const [token, setToken] = useState(() => getGame(id)?.token);
  // "Since you were last here" needs the lines after the last one seen, even when older than the default tail.
  const live = useMemo(() => {
    const seen = getGame(id)?.seen;
    return new Live(id, token, seen === undefined ? undefined : seen + 1);
  }, [id]);
  const [ui, setUi] = useState<GameUI | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    live.start();
    const unwatch = watchMyGames(20000);
    return () => {
      live.stop();
      unwatch();
    };
  }, [live]);

  const st = live.state.value;
  const err = live.error.value;

  // A token the server no longer accepts (the host gave the seat away): fall back to watching.
  useEffect(() => {
    if (err && (err.status === 401 || err.code === 'unauthorized') && token) {
      saveGame(id, { token: undefined, seat: undefined });
      setToken(undefined);
      live.setToken(undefined);
      setNotice(s('join.seatLost'));
    }
  }, [err]);

  useEffect(() => {
    if (!st) return;
    const me = getGame(id);
    if (me || st.you !== null) {
      const name = st.you !== null ? (st.seats[st.you]?.name ?? undefined) : undefined;
      if (me?.game !== st.game || me?.seat !== (st.you ?? undefined) || (name && me?.name !== name))
        saveGame(id, { game: st.game, seat: st.you ?? undefined, ...(name ? { name } : {}) });
    }
    noteState(id, st);
  }, [st]);

  const game = st?.game;
  useEffect(() => {
    if (game) loadGameUI(game).then(setUi);
  }, [game]);

  const title = ui?.title[lang.value] ?? (game ? gameName(game) : s('common.site'));
  pageTitle.value = `${title} · ${s('common.site')}`;

  if (!st) {
    if (err && err.status === 404)
      return (
        <>
          <TopBar />
          <main class="page narrow center">
            <h1>{s('game.notFound')}</h1>
            <p>{s('game.notFoundBody')}</p>
            <a class="btn primary" href="/">
              {s('common.home')}
            </a>
          </main>
        </>
      );
    return (
      <>
        <TopBar />
        <main class="page narrow center">{err ? <ErrorNote error={err} /> : <Spinner />}</main>
      </>
    );
  }
  if (ui === undefined) return <Spinner />;

  const joined = (tok: string) => {
    setToken(tok);
    live.setToken(tok);
    setNotice(null);
  };

  if (st.status === 'lobby') return <Lobby id={id} st={st} token={token} title={title} onJoined={joined} notice={notice} ui={ui} refresh={() => void live.poll()} />;
  return <TableShell id={id} live={live} st={st} ui={ui} title={title} token={token} notice={notice} />;
}

function Lobby({ id, st, token, title, onJoined, notice, ui, refresh }: { id: string; st: StateBody; token: string | undefined; title: string; onJoined: (t: string) => void; notice: string | null; ui: GameUI | null; refresh: () => void }) {
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
                {!full && <LinkBox url={`${location.origin}/g/${id}`} label={s('lobby.invite')} hint={s('lobby.inviteHint')} />}
                {token && (
                  <>
                    <PersonalLink id={id} token={token} />
                  </>
                )}
                {token && <NotifyButton id={id} token={token} inline />}
              </>
            )}
            {(st.you === null || full) && <LinkBox url={`${location.origin}/g/${id}`} label={s('lobby.invite')} hint={s('lobby.inviteHint')} />}
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

/**
 * A table rule as a chip in the reader's language, or null for one that is off (false, or the default deck):
 * only what changes the game is listed.
 */
export function optionLabel(game: string, k: string, v: unknown, gameStrings?: Record<string, string>): string | null {
  if (v === false || v === null || (k === 'deck' && v === 'full')) return null;
  // The game's own label (`<game>.option.<k>[.<v>]`) first, then the shell's (`opt.<game>.<k>[.<v>]`, `opt.<k>`).
  const own = (suffix: string) => Object.entries(gameStrings ?? {}).find(([key]) => key.endsWith(`.option.${suffix}`))?.[1];
  const value = own(`${k}.${String(v)}`);
  if (value) return (own(k) ? `${own(k)}: ` : '') + value;
  if (own(k)) return typeof v === 'boolean' ? own(k)! : `${own(k)}: ${String(v)}`;
  for (const key of [`opt.${game}.${k}.${String(v)}`, `opt.${game}.${k}`, `opt.${k}`]) {
    const label = s(key);
    if (label !== key) return typeof v === 'boolean' || key.endsWith(`.${String(v)}`) ? label : `${label}: ${String(v)}`;
  }
  return null;
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
        <input value={name} required maxLength={24} autoComplete="nickname" placeholder={s('join.namePlaceholder')} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <ErrorNote error={error} />
      <button class="btn primary big" type="submit" disabled={busy || !name.trim()}>
        {busy ? s('common.working') : s('join.button')}
      </button>
    </form>
  );
}
