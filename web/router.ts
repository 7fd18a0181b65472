import { signal } from '@preact/signals';

/**
 * Client-side routing without a dependency: the path is a signal; same-site links push history. preact-iso
 * (the Preact team's router with lazy routes) does the same job: measured 2026-12, its LocationProvider,
 * Router, Route, lazy and ErrorBoundary are 2,098 bytes gzip against 830 for this file and web/lib/lazy.tsx,
 * on every page's entry, while the table page is over its 45 KB budget. Four routes do not need it.
 */
export const path = signal(location.pathname);

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  path.value = location.pathname;
  scrollTo(0, 0);
}

addEventListener('popstate', () => {
  path.value = location.pathname;
});

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
  if (a.pathname.startsWith('/api/') || /\.\w+$/.test(a.pathname)) return;
  e.preventDefault();
  navigate(a.pathname + a.search + a.hash);
});

export type Route =
  | { page: 'home' }
  | { page: 'game'; id: string }
  | { page: 'replay'; id: string }
  | { page: 'rules'; game: string }
  | { page: 'series'; id: string }
  | { page: 'practice'; replay: boolean }
  | { page: 'missing' };

export function match(p: string): Route {
  if (p === '/' || p === '/index.html') return { page: 'home' };
  let m = /^\/g\/([A-Za-z0-9_-]{1,64})\/?$/.exec(p);
  if (m) return { page: 'game', id: m[1]! };
  m = /^\/g\/([A-Za-z0-9_-]{1,64})\/replay\/?$/.exec(p);
  if (m) return { page: 'replay', id: m[1]! };
  m = /^\/s\/([A-Za-z0-9_-]{1,64})\/?$/.exec(p);
  if (m) return { page: 'series', id: m[1]! };
  m = /^\/rules\/([a-z0-9_-]{1,32})\/?$/.exec(p);
  if (m) return { page: 'rules', game: m[1]! };
  m = /^\/practice(\/replay)?\/?$/.exec(p);
  if (m) return { page: 'practice', replay: !!m[1] };
  return { page: 'missing' };
}
