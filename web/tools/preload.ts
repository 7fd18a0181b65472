import type { Plugin } from 'vite';

/**
 * A smaller stand-in for Vite's preload helper (`__vitePreload`, which every lazy `import()` goes through, in
 * the entry chunk of every page). Vite's also covers CSP nonces, relative bases, `vite:preloadError` and
 * browsers without modulepreload; this site has none of those (base `/`, no nonce, es2022 browsers, no
 * preloadError listener). What it keeps: a lazy chunk's CSS is in (its `<link>` loaded) before its code
 * runs, so a part never shows unstyled; its imports are modulepreloaded alongside; each file once; a CSS file
 * that failed (offline) is asked for again next time. Saves ~0.8 KB gzip on every page.
 */
export const HELPER = `const seen = {};
export function __vitePreload(load, deps) {
  return Promise.all((deps || []).map((d) => {
    const href = '/' + d;
    if (seen[href] || document.querySelector('link[href="' + href + '"]')) return seen[href];
    const css = href.endsWith('.css');
    const link = document.createElement('link');
    link.rel = css ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    return (seen[href] = css ? new Promise((ok, no) => {
      link.onload = ok;
      link.onerror = () => { delete seen[href]; link.remove(); no(new Error('could not load ' + href)); };
    }) : true);
  })).then(() => load());
}
`;

const ID = '\0vite/preload-helper.js';

/** Serve HELPER in place of Vite's helper module (client build only; the dev server does not use it). */
export function smallPreload(): Plugin {
  return {
    name: 'teahouse-small-preload',
    enforce: 'pre',
    apply: 'build',
    resolveId(id) {
      return id === ID || id === 'vite/preload-helper.js' ? ID : null;
    },
    load(id) {
      return id === ID ? HELPER : null;
    },
  };
}
