import '../pages/home.css';
import './practice.css';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameUI } from '../games/types';
import { CATALOGUE, gameName, loadGameUI } from '../games';
import { fill, lang, s } from '../i18n';
import { loadPack } from '../i18n/packs';
import { pageTitle } from '../lib/title';
import { pref, setPref } from '../lib/store';
import { navigate } from '../router';
import { CheckRow, ErrorNote, Spinner, TopBar } from '../ui';
// Through the table page's chunk (which re-exports it): the table shell stays in that chunk, not split out.
import { TableShell } from '../pages/Game';
import { lazy } from '../lib/lazy';
import type { GameRecord } from '../replay/model';
import { ask, PracticeLive } from './PracticeLive';
import type { BotLevel, PracticeSetup } from './protocol';
import { strings } from './practice.strings';

/** The replay page (it runs the rules in the page): only once a game is over. */
const ReplayPage = lazy(() => import('../pages/Replay').then((m) => m.ReplayPage));

/** A practice-page string (its own strings module: only this page loads it). */
const ps = (key: string, params?: Record<string, unknown>): string =>
  fill(strings[lang.value][key] ?? strings.en[key] ?? key, params, (_n, v) => String(v));

/** The replay of the finished practice game, opened at its last move from the player's seat. */
const replayHref = (moves: number, you: number) => `/practice/replay?move=${moves}&seat=${you}`;

/**
 * `/practice`: a game against the bots, played entirely in the browser (the rules and the bots in a Web Worker,
 * the game kept in IndexedDB), at the same table as online play, reading the same per-seat state body. Without a
 * running game, the form; a game that ends while it is open opens in the replay.
 */
export function PracticePage({ replay }: { replay: boolean }) {
  return replay ? <PracticeReplay /> : <PracticeTable />;
}

function PracticeTable() {
  // A new game is a new table source (and a new log book).
  const [gen, setGen] = useState(0);
  const live = useMemo(() => new PracticeLive(), [gen]);
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  const st = live.state.value;
  const [ui, setUi] = useState<GameUI | null | undefined>(undefined);
  const game = st?.game;
  useEffect(() => {
    if (game) void loadGameUI(game).then(setUi);
  }, [game]);

  // Played to the end on this page: straight to the replay, at the end, from the player's seat.
  const playing = useRef(false);
  useEffect(() => {
    if (st?.status === 'playing') playing.current = true;
    else if (st?.status === 'finished' && playing.current) navigate(replayHref(st.version, st.you ?? 0), true);
  }, [st?.status]);

  const title = ui?.title[lang.value] ?? (game ? gameName(game) : '');
  pageTitle.value = [ps('practice.title'), title, s('common.site')].filter(Boolean).join(' · ');

  const fresh = () => setGen((g) => g + 1);
  if (live.none.value || st?.status === 'finished')
    return <Setup onStarted={fresh} last={st?.status === 'finished' ? replayHref(st.version, st.you ?? 0) : null} />;
  if (!st || ui === undefined)
    return (
      <>
        <TopBar />
        <main class="page narrow center">
          {live.error.value ? <ErrorNote error={live.error.value} /> : <Spinner />}
        </main>
      </>
    );
  const quit = async () => {
    if (!confirm(ps('practice.quitConfirm'))) return;
    await ask({ type: 'quit' });
    fresh();
  };
  return (
    <div class="practice">
      <div class="practice-bar" role="region" aria-label={ps('practice.title')}>
        <p>{ps('practice.bar')}</p>
        <CheckRow
          label={ps('practice.autoplay')}
          checked={live.autoplay.value}
          onChange={(on) => void live.setAutoplay(on)}
        />
        <button type="button" class="btn small ghost" onClick={() => void quit()}>
          {ps('practice.quit')}
        </button>
      </div>
      <TableShell id="practice" live={live} st={st} ui={ui} title={title} token={undefined} notice={null} />
    </div>
  );
}

/** The form: game, players, generals (三国杀), the bots' level, the player's name. */
function Setup({ onStarted, last }: { onStarted: () => void; last: string | null }) {
  const [game, setGame] = useState(CATALOGUE[0]!.id);
  const spec = CATALOGUE.find((g) => g.id === game)!;
  const [seats, setSeats] = useState(spec.def);
  const [generals, setGenerals] = useState(true);
  const [level, setLevel] = useState<BotLevel>('good');
  // Whether this game's bots have levels (its options take one): the choice is offered only then.
  const [levels, setLevels] = useState(false);
  useEffect(() => {
    let on = true;
    void ask({ type: 'levels', game, seats }).then((r) => on && setLevels(r.type === 'levels' && r.levels));
    return () => void (on = false);
  }, [game]);
  const [name, setName] = useState(pref('name') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const pick = (id: string) => {
    setGame(id);
    const g = CATALOGUE.find((x) => x.id === id)!;
    setSeats((n) => Math.min(g.max, Math.max(g.min, n)));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const nm = name.trim();
    if (nm) setPref('name', nm);
    const setup: PracticeSetup = { game, seats, generals, level, name: nm || ps('practice.you') };
    const r = await ask({ type: 'new', setup });
    if (r.type === 'failed') {
      setError(new Error(r.message));
      setBusy(false);
    } else onStarted();
  };

  return (
    <>
      <TopBar />
      <main class="page narrow practice-setup">
        <h1>{ps('practice.heading')}</h1>
        <p class="lead">{ps('practice.lead')}</p>
        {last && (
          <p class="card practice-last">
            {ps('practice.last')}{' '}
            <a class="btn" href={last}>
              {ps('practice.replay')}
            </a>
          </p>
        )}
        <form class="card create" onSubmit={submit} aria-labelledby="practice-h">
          <h2 id="practice-h">{last ? ps('practice.again') : ps('practice.title')}</h2>
          <fieldset class="game-pick">
            <legend>{s('home.game')}</legend>
            {CATALOGUE.map((g) => (
              <label key={g.id} class={`game-choice game-${g.id}${game === g.id ? ' on' : ''}`}>
                <input type="radio" name="game" value={g.id} checked={game === g.id} onChange={() => pick(g.id)} />
                <span class="game-choice-title">{gameName(g.id)}</span>
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
            {levels && (
              <label class="field">
                <span>{ps('practice.level')}</span>
                <select value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value as BotLevel)}>
                  {(['good', 'easy'] as const).map((l) => (
                    <option key={l} value={l}>
                      {ps(`practice.level.${l}`)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {game === 'sanguosha' && (
            <CheckRow
              label={ps('practice.generals')}
              hint={ps('practice.generals.hint')}
              checked={generals}
              onChange={setGenerals}
            />
          )}
          <label class="field">
            <span>{ps('practice.name')}</span>
            <input
              value={name}
              maxLength={24}
              autoComplete="nickname"
              placeholder={ps('practice.you')}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <ErrorNote error={error} />
          <button class="btn primary big" type="submit" disabled={busy}>
            {busy ? s('common.working') : ps('practice.start')}
          </button>
        </form>
      </main>
    </>
  );
}

/** `/practice/replay`: the finished practice game's replay, from the record kept on this device. */
function PracticeReplay() {
  const [record, setRecord] = useState<GameRecord | null | undefined>(undefined);
  useEffect(() => {
    // The replay page's strings come with its page elsewhere; here they come with the record.
    void Promise.all([ask({ type: 'record' }), loadPack('replay', lang.value)]).then(([r]) =>
      setRecord(r.type === 'record' ? r.record : null),
    );
  }, []);
  useEffect(() => {
    // Nothing finished to replay (the game still runs, or none is kept): back to the practice table.
    if (record === null) navigate('/practice', true);
  }, [record]);
  if (!record)
    return (
      <>
        <TopBar />
        <main class="page narrow center">
          <Spinner />
        </main>
      </>
    );
  return <ReplayPage id="practice" record={record} back="/practice" />;
}
