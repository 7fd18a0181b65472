import { render, type ComponentType } from 'preact';
import './styles.css';
import { lang, ready } from './i18n';
import { match, path, type Route } from './router';
import { lazy } from './lib/lazy';
import { later, loadPack } from './i18n/packs';
import { loadGameUI } from './games';
import { getGame } from './lib/store';
// Every page sets the title: its signal and effect are in the entry rather than a chunk of their own.
import './lib/title';

// Each page is its own chunk: a table page loads no home-page code, and the home page no table code. The home,
// rules and replay pages show strings a table's first screen does not (the later strings chunks): they wait
// for those too; the table page fetches them after its first paint.
const Home = lazy(() => later(import('./pages/Home')).then((m) => m.Home));
const GamePage = lazy(() => import('./pages/Game').then((m) => m.GamePage));
const RulesPage = lazy(() => later(import('./pages/Rules')).then((m) => m.RulesPage));
const ReplayPage = lazy(() =>
  later(Promise.all([import('./pages/Replay'), loadPack('replay', lang.value)])).then(([m]) => m.ReplayPage),
);
/** Practice against the bots (web/practice/): the form, the table or the replay. */
const PracticePage = lazy(() =>
  later(Promise.all([import('./practice/Practice'), loadPack('practice', lang.value)])).then(([m]) => m.PracticePage),
);

const Missing = lazy(() => later(import('./pages/Missing')).then((m) => m.Missing));

const SeriesPage = lazy(() =>
  Promise.all([import('./pages/Series'), loadPack('series', lang.value)]).then(([m]) => m.SeriesPage),
);

/** Each route's page, given the route's parameters. */
const PAGES: Record<Route['page'], ComponentType<Route> & { preload?(): void }> = {
  home: Home,
  game: GamePage,
  rules: RulesPage,
  replay: ReplayPage,
  practice: PracticePage,
  series: SeriesPage,
  missing: Missing,
} as never;

function App() {
  document.documentElement.lang = lang.value;
  const r = match(path.value);
  const Page = PAGES[r.page];
  // Keyed by the address: another game's page starts afresh.
  return <Page key={path.value} {...r} />;
}

// The first page's chunk (and for a table this device knows, its game's code and strings) is fetched now,
// alongside the strings of the language, rather than after them.
const first = match(location.pathname);
PAGES[first.page].preload?.();
if (first.page === 'game') {
  const known = getGame(first.id)?.game;
  if (known) void loadGameUI(known);
}

// The title's "(2)", the favicon dot and the app badge follow "my games": after the first paint, with them.
setTimeout(() => void import('./lib/badge').then((m) => m.startBadge()), 0);
// The service worker is registered after the page has loaded: its few lines need not be in the first load.
void import('./lib/sw').then((m) => m.registerServiceWorker());
// The first language's strings come in their own chunk (preloaded by index.html): render once they are in,
// or without them if they cannot come (the keys then show, and a language switch can retry).
const show = () => render(<App />, document.getElementById('app')!);
ready.then(show, show);
