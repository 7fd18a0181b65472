/**
 * Register the service worker (built from web/sw.ts; its scope is the whole site, where it lies) once per page: it
 * keeps the app shell and the practice page offline, serves the offline page, and shows pushes. A few seconds
 * after the page has loaded: a new worker downloads the whole precache (about 270 KB gzip), which on a phone's
 * first visit would share a slow link with the table's own state and game code. (Turning on push registers it
 * at once: web/lib/push.ts.)
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // main.tsx imports this module after the first load, which may come before or after the `load` event.
  const go = () =>
    setTimeout(() => navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('service worker', e)), 3000);
  if (document.readyState === 'complete') go();
  else addEventListener('load', go);
}
