import '../parts/forms.css';
import './home.css';
import { useEffect, useState } from 'preact/hooks';
import { s } from '../i18n';
import { api, ApiError } from '../lib/api';
import { pageTitle } from '../lib/title';
import { statuses, watchMyGames } from '../lib/mygames';
import { forgetGame, myGames, pref, saveGame, setPref } from '../lib/store';
import { CATALOGUE, gameName } from '../games';
import { navigate } from '../router';
import { CheckRow, Countdown, ErrorNote, formatMinutes, TopBar } from '../ui';
import { GAME_OPTIONS } from '../games/options';

/** Deadline per decision: from a live evening (2 minutes) to a week. */
const DEADLINES = [2, 5, 15, 60, 240, 720, 1440, 2880, 4320, 10080];

export function Home() {
  pageTitle.value = s('home.title');
  useEffect(() => watchMyGames(8000), []);
  return (
    <>
      <TopBar />
      <main class="page home">
        <section class="hero">
          <div class="hero-text">
            <h1>{s('home.heading')}</h1>
            <p class="lead">{s('home.lead')}</p>
            <ul class="hero-points">
              <li>{s('home.point1')}</li>
              <li>{s('home.point2')}</li>
              <li>{s('home.point3')}</li>
            </ul>
            <p class="hero-practice">
              <a class="btn" href="/practice">
                {s('home.practice')}
              </a>
              <small>{s('home.practiceHint')}</small>
            </p>
          </div>
          <img class="hero-art" src="/icons/icon.svg" alt="" width={140} height={140} />
        </section>
        <div class="home-grid">
          <CreateForm />
          <MyGames />
        </div>
      </main>
      <Footer />
    </>
  );
}

export function Footer() {
  return (
    <footer class="footer">
      <nav aria-label={s('common.rules')}>
        {CATALOGUE.map((g) => (
          <a key={g.id} href={`/rules/${g.id}`}>
            {s('rules.of', { game: gameName(g.id) })}
          </a>
        ))}
      </nav>
      <p>{s('home.footer')}</p>
    </footer>
  );
}

function CreateForm() {
  // A game id not in the catalogue may come from the address (`/?game=duel`), for tests and new games.
  const extra = new URLSearchParams(location.search).get('game');
  const games =
    extra && !CATALOGUE.some((g) => g.id === extra) && /^[a-z0-9_-]{1,32}$/.test(extra)
      ? [...CATALOGUE, { id: extra, min: 2, max: 8, def: 2 }]
      : CATALOGUE;
  const [game, setGame] = useState(extra && games.some((g) => g.id === extra) ? extra : games[0]!.id);
  const spec = games.find((g) => g.id === game)!;
  const [seats, setSeats] = useState(spec.def);
  const [deadline, setDeadline] = useState(1440);
  const [bots, setBots] = useState(true);
  const [opts, setOpts] = useState<Record<string, boolean>>({});
  const [name, setName] = useState(pref('name') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const options = GAME_OPTIONS[game] ?? [];

  const pick = (id: string) => {
    setGame(id);
    const g = games.find((x) => x.id === id)!;
    setSeats((n) => Math.min(g.max, Math.max(g.min, n)));
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const o: Record<string, unknown> = {};
      for (const x of options) {
        const on = opts[x.id] ?? x.def;
        o[x.key ?? x.id] = x.value ? x.value(on) : on;
      }
      // `botsForAbsent` travels with the game options: the room reads it when a deadline passes.
      const create = (withBots: boolean) =>
        api<{ id: string; adminToken: string; inviteUrl: string }>('/api/games', {
          body: { game, seats, options: withBots ? { ...o, botsForAbsent: true } : o, deadline: { minutes: deadline } },
        });
      let r: Awaited<ReturnType<typeof create>>;
      try {
        r = await create(bots);
      } catch (e) {
        // A game whose option parser does not know botsForAbsent yet: create the table with plain defaults.
        if (bots && e instanceof ApiError && e.status === 400 && /botsForAbsent/.test(e.message))
          r = await create(false);
        else throw e;
      }
      if (!r) throw new Error('empty answer');
      saveGame(r.id, { game, admin: r.adminToken });
      // The host usually plays too: take the first seat right away when a name was given.
      const nm = name.trim();
      if (nm) {
        setPref('name', nm);
        try {
          const seat = await api<{ seat: number; token: string }>(`/api/games/${r.id}/seats`, { body: { name: nm } });
          if (seat) saveGame(r.id, { seat: seat.seat, token: seat.token, name: nm });
        } catch {
          /* the lobby offers the join form again */
        }
      }
      navigate(`/g/${r.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err : new Error(String(err)));
      setBusy(false);
    }
  };

  return (
    <form class="card create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">{s('home.create')}</h2>
      <fieldset class="game-pick">
        <legend>{s('home.game')}</legend>
        {games.map((g) => (
          <label key={g.id} class={`game-choice game-${g.id}${game === g.id ? ' on' : ''}`}>
            <input type="radio" name="game" value={g.id} checked={game === g.id} onChange={() => pick(g.id)} />
            <span class="game-choice-title">{gameName(g.id)}</span>
            <span class="game-choice-sub">
              {s(`game.${g.id}.tagline`) === `game.${g.id}.tagline` ? '' : s(`game.${g.id}.tagline`)}
            </span>
            <span class="game-choice-seats">{s('home.players', { min: g.min, max: g.max })}</span>
          </label>
        ))}
      </fieldset>
      <div class="field-row">
        <label class="field">
          <span>{s('home.seats')}</span>
          <select value={seats} onChange={(e) => setSeats(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: spec.max - spec.min + 1 }, (_, i) => spec.min + i).map((n) => (
              <option key={n} value={n}>
                {s('home.nPlayers', { n })}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>{s('home.deadline')}</span>
          <select value={deadline} onChange={(e) => setDeadline(Number((e.target as HTMLSelectElement).value))}>
            {DEADLINES.map((m) => (
              <option key={m} value={m}>
                {formatMinutes(m)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="hint">{deadline <= 15 ? s('home.deadlineLive') : s('home.deadlineAsync')}</p>
      {options.length > 0 && (
        <fieldset class="table-rules">
          <legend>{s('home.options')}</legend>
          {options.map((o) => (
            <CheckRow
              key={o.id}
              label={s(`opt.${game}.${o.id}`)}
              hint={s(`opt.${game}.${o.id}.hint`)}
              checked={opts[o.id] ?? o.def}
              onChange={(on) => setOpts({ ...opts, [o.id]: on })}
            />
          ))}
        </fieldset>
      )}
      <CheckRow label={s('home.bots')} hint={s('home.botsHint')} checked={bots} onChange={setBots} />
      <label class="field">
        <span>{s('home.yourName')}</span>
        <input
          value={name}
          maxLength={24}
          autoComplete="nickname"
          placeholder={s('join.namePlaceholder')}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <ErrorNote error={error} />
      <button class="btn primary big" type="submit" disabled={busy}>
        {busy ? s('common.working') : s('home.createButton')}
      </button>
    </form>
  );
}

function MyGames() {
  const list = Object.values(myGames.value).sort((a, b) => {
    const ya = statuses.value[a.id]?.yourTurn ? 1 : 0;
    const yb = statuses.value[b.id]?.yourTurn ? 1 : 0;
    return yb - ya || b.added - a.added;
  });
  return (
    <section class={`card mygames${list.length ? ' has-games' : ''}`} aria-labelledby="my-h">
      <h2 id="my-h">{s('home.myGames')}</h2>
      {!list.length && <p class="empty">{s('home.noGames')}</p>}
      <ul class="game-list">
        {list.map((g) => {
          const st = statuses.value[g.id];
          return (
            <li key={g.id} class={`game-item${st?.yourTurn ? ' your-turn' : ''}`}>
              <a href={`/g/${g.id}`} class="game-link">
                <span class="game-item-title">
                  {gameName(g.game)}
                  {g.name && <span class="muted"> · {g.name}</span>}
                  {g.admin && <span class="tag">{s('home.host')}</span>}
                </span>
                <span class="game-item-status">
                  {!st ? (
                    <span class="muted">…</span>
                  ) : st.yourTurn ? (
                    <span class="badge turn">{s('home.yourTurn')}</span>
                  ) : st.status === 'lobby' ? (
                    <span class="badge lobby">{s('home.inLobby', { n: st.seatsTaken, m: st.seats })}</span>
                  ) : st.status === 'playing' ? (
                    <span class="badge">{st.paused ? s('table.paused') : s('home.waitingOthers')}</span>
                  ) : st.status === 'finished' ? (
                    <span class="badge done">{s('status.finished')}</span>
                  ) : (
                    <span class="badge done">{s('home.gone')}</span>
                  )}
                  {st?.yourTurn && <Countdown deadline={st.deadline} paused={st.paused} />}
                </span>
              </a>
              <button
                type="button"
                class="icon-btn"
                aria-label={s('home.forget', { game: gameName(g.game) })}
                title={s('home.forgetShort')}
                onClick={() => confirm(s('home.forgetConfirm')) && forgetGame(g.id)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      {list.length > 0 && <p class="hint">{s('home.myGamesHint')}</p>}
    </section>
  );
}
