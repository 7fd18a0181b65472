import { render } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import './styles.css';
import { lang, s } from './i18n';
import { match, path } from './router';
import { startBadge } from './lib/badge';
import { registerServiceWorker } from './lib/push';
import { Home } from './pages/Home';
import { Spinner, TopBar } from './ui';

// The table and rules pages are their own chunks: the home page stays small on a phone.
const GamePage = lazy(() => import('./pages/Game').then((m) => ({ default: m.GamePage })));
const RulesPage = lazy(() => import('./pages/Rules').then((m) => ({ default: m.RulesPage })));

function App() {
  document.documentElement.lang = lang.value;
  const r = match(path.value);
  return (
    <Suspense fallback={<Spinner />}>
      {r.page === 'home' && <Home />}
      {r.page === 'game' && <GamePage key={r.id} id={r.id} />}
      {r.page === 'rules' && <RulesPage key={r.game} game={r.game} />}
      {r.page === 'missing' && <Missing />}
    </Suspense>
  );
}

function Missing() {
  return (
    <>
      <TopBar />
      <main class="page narrow center">
        <h1>{s('missing.title')}</h1>
        <p>{s('missing.body')}</p>
        <a class="btn primary" href="/">
          {s('common.home')}
        </a>
      </main>
    </>
  );
}

startBadge();
registerServiceWorker();
render(<App />, document.getElementById('app')!);
