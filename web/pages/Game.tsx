import { useEffect, useMemo, useState } from 'preact/hooks';
import type { GameUI } from '../games/types';
import { gameName, loadGameUI } from '../games';
import { lang, s } from '../i18n';
import { pageTitle } from '../lib/title';
import { Live } from '../lib/live';
import { getGame, saveGame } from '../lib/store';
import { ErrorNote, Spinner, TopBar } from '../ui';
import { lazy } from '../lib/lazy';
import { later } from '../i18n/packs';
import { TableShell } from '../table/Shell';

const myGamesModule = () => import('../lib/mygames');

/** The practice page (web/practice/) draws its table with the same shell, from this chunk. */
export { TableShell };

/** A game not started yet: its own chunk, with the later strings it shows (a running table does not load it). */
/** No such game: the page of an address that leads nowhere, with its later strings. */
const Missing = lazy(() => later(import('./Missing')).then((m) => m.Missing));
const Lobby = lazy(() => later(import('./Lobby')).then((m) => m.Lobby));

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
    // "My games" (the other tables waiting for you, for the title and badge) comes after the first paint.
    let unwatch: (() => void) | undefined;
    let gone = false;
    void myGamesModule().then((m) => {
      if (!gone) unwatch = m.watchMyGames(20000);
    });
    return () => {
      gone = true;
      live.stop();
      unwatch?.();
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
    void myGamesModule().then((m) => m.noteState(id, st));
  }, [st]);

  const game = st?.game;
  useEffect(() => {
    if (game) loadGameUI(game).then(setUi);
  }, [game]);

  const title = ui?.title[lang.value] ?? (game ? gameName(game) : s('common.site'));
  pageTitle.value = `${title} · ${s('common.site')}`;

  if (!st) {
    if (err && err.status === 404) return <Missing game />;
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

  if (st.status === 'lobby')
    return (
      <Lobby
        id={id}
        st={st}
        token={token}
        title={title}
        onJoined={joined}
        notice={notice}
        ui={ui}
        refresh={() => void live.poll()}
      />
    );
  return <TableShell id={id} live={live} st={st} ui={ui} title={title} token={token} notice={notice} />;
}
