import { render, type ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './styles.css';
import { lang, s } from './i18n';
import { match, path } from './router';
import { startBadge } from './lib/badge';
import { registerServiceWorker } from './lib/push';
import { Home } from './pages/Home';
import { Spinner, TopBar } from './ui';

/**
 * A page in its own chunk, loaded on first use (preact/compat's `lazy` would pull in all of compat): the
 * home page stays small on a phone, and the table's code is fetched only by someone who opens a table.
 */
function lazyPage<P>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return (props: P) => {
    const [C, setC] = useState(() => loaded);
    useEffect(() => {
      if (!C) load().then((c) => setC(() => (loaded = c)));
    }, []);
    return C ? <C {...(props as P & object)} /> : <Spinner />;
  };
}

const GamePage = lazyPage(() => import('./pages/Game').then((m) => m.GamePage));
const RulesPage = lazyPage(() => import('./pages/Rules').then((m) => m.RulesPage));

function App() {
  document.documentElement.lang = lang.value;
  const r = match(path.value);
  if (r.page === 'game') return <GamePage key={r.id} id={r.id} />;
  if (r.page === 'rules') return <RulesPage key={r.game} game={r.game} />;
  if (r.page === 'home') return <Home />;
  return <Missing />;
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
