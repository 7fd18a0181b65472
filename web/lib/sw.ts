/**
 * Register the service worker once per page (it also serves the offline page and shows pushes), once the page has
 * loaded: main.tsx imports this after the first load, which may be before or after the `load` event.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const go = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e) => console.warn('service worker', e));
  if (document.readyState === 'complete') go();
  else addEventListener('load', go);
}
