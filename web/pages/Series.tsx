import './series.css';
import { useEffect, useState } from 'preact/hooks';
import type { SeriesBody, SeriesGame } from '../../worker/protocol';
import type { GameUI } from '../games/types';
import { gameName, loadGameUI } from '../games';
import { lang } from '../i18n';
import { api, ApiError } from '../lib/api';
import { makeT } from '../lib/msg';
import { pageTitle } from '../lib/title';
import { as } from '../table/Again';
import { ErrorNote, Spinner, TopBar } from '../ui';

/**
 * `/s/<id>`: a table's series — every game its players played again, in order, who won as what, and the running
 * score per player (驱鬼: points as the game scores them; 三国杀: wins, per identity). Only what is public: a game
 * still in play shows its seats and nothing else (the API gives nothing more).
 */
export function SeriesPage({ id }: { id: string }) {
  const [body, setBody] = useState<SeriesBody | null | 'missing'>(null);
  const [ui, setUi] = useState<GameUI | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api<SeriesBody>(`/api/series/${encodeURIComponent(id)}`).then(
      async (b) => {
        if (!b) return;
        setUi(await loadGameUI(b.games[0]!.game));
        setBody(b);
      },
      (e) => (e instanceof ApiError && e.status === 404 ? setBody('missing') : setError(e)),
    );
  }, [id]);
  const game = body && body !== 'missing' ? body.games[0]!.game : null;
  pageTitle.value = game ? as('series.title', { game: gameName(game) }) : as('again.series');
  if (body === 'missing')
    return (
      <>
        <TopBar />
        <main class="page narrow center">
          <h1>{as('series.missing')}</h1>
        </main>
      </>
    );
  if (!body)
    return (
      <>
        <TopBar />
        <main class="page narrow center">{error ? <ErrorNote error={error} /> : <Spinner />}</main>
      </>
    );
  const l = lang.value;
  const role = (k: string | null) => (k ? makeT(l, ui, String)({ key: k }) : '?');
  const points = body.players.some((p) => p.points !== null);
  return (
    <>
      <TopBar />
      <main class="page series">
        <h1>{as('series.title', { game: gameName(game!) })}</h1>
        <section class="card">
          <h2>{as('series.score')}</h2>
          {body.players.length === 0 ? (
            <p>{as('series.none')}</p>
          ) : (
            <table class="series-score">
              <thead>
                <tr>
                  <th scope="col">{as('series.player')}</th>
                  <th scope="col">{as('series.played')}</th>
                  <th scope="col">{as('series.wins')}</th>
                  {points && <th scope="col">{as('series.points')}</th>}
                  <th scope="col">{as('series.winsAs')}</th>
                </tr>
              </thead>
              <tbody>
                {body.players.map((p) => (
                  <tr key={p.name}>
                    <th scope="row">{p.name}</th>
                    <td>{p.played}</td>
                    <td>{p.wins}</td>
                    {points && <td>{p.points ?? 0}</td>}
                    <td>
                      {Object.entries(p.winsAs)
                        .map(([k, n]) => `${role(k)} ×${n}`)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section class="card">
          <h2>{as('series.games')}</h2>
          <ol class="series-games">
            {body.games.map((g, i) => (
              <GameLine key={g.id} g={g} n={i + 1} ui={ui} />
            ))}
          </ol>
        </section>
      </main>
    </>
  );
}

function GameLine({ g, n, ui }: { g: SeriesGame; n: number; ui: GameUI | null }) {
  const l = lang.value;
  const name = (s: number) => g.seats[s]?.name ?? `#${s + 1}`;
  const t = makeT(l, ui, name);
  const r = g.result;
  const when = new Date(g.createdAt).toLocaleDateString(l);
  return (
    <li class="series-game">
      <div class="series-game-head">
        <b>{as('series.game', { n })}</b> <span class="hint">{when}</span>
        <a href={`/g/${encodeURIComponent(g.id)}`}>{as('series.open')}</a>
        {r && <a href={`/g/${encodeURIComponent(g.id)}/replay`}>{as('series.replay')}</a>}
      </div>
      {r ? (
        <>
          <p>
            {r.winners.length
              ? as('series.winners', {
                  names: r.winners
                    .map((s) => as('series.wonAs', { name: name(s), role: r.roles[s] ? t({ key: r.roles[s]! }) : '?' }))
                    .join(' · '),
                })
              : as('series.draw')}
          </p>
          <p class="hint">{t(r.reason)}</p>
        </>
      ) : (
        <p class="hint">
          {as(g.status === 'lobby' ? 'series.lobby' : 'series.playing')} · {g.seats.map((_x, s) => name(s)).join('、')}
        </p>
      )}
    </li>
  );
}
