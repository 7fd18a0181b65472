/**
 * Register the service worker (built from web/sw.ts; its scope is the whole site, where it lies) once per page: it
 * keeps the app shell and the practice page offline, serves the offline page, and shows pushes.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('service worker', e));
  });
}
