import './pages.css';
import { useEffect, useState } from 'preact/hooks';
import type { GameUI } from '../games/types';
import { gameName, loadGameUI } from '../games';
import { lang, s } from '../i18n';
import { pageTitle } from '../lib/title';
import { Spinner, TopBar } from '../ui';
import { Footer } from './Home';

/** `/rules/<game>`: the game's own Rules component, or a short summary while a game has none. */
export function RulesPage({ game }: { game: string }) {
  const [ui, setUi] = useState<GameUI | null | undefined>(undefined);
  useEffect(() => {
    loadGameUI(game).then(setUi);
  }, [game]);
  const title = ui?.title[lang.value] ?? gameName(game);
  pageTitle.value = `${s('rules.of', { game: title })} · ${s('common.site')}`;
  return (
    <>
      <TopBar />
      <main class="page narrow rules">
        <p class="eyebrow">{s('common.rules')}</p>
        <h1>{title}</h1>
        {ui === undefined ? (
          <Spinner />
        ) : ui ? (
          <ui.Rules lang={lang.value} />
        ) : (
          <div class="card">
            <p>
              {s(`rules.${game}.summary`) === `rules.${game}.summary` ? s('rules.none') : s(`rules.${game}.summary`)}
            </p>
          </div>
        )}
        <p>
          <a class="btn primary" href={`/?game=${encodeURIComponent(game)}`}>
            {s('rules.play')}
          </a>
        </p>
      </main>
      <Footer />
    </>
  );
}
