/*
 * Teahouse service worker: shows Web Push notifications (tapping one opens the table), and serves an offline
 * page when a navigation fails. It caches nothing else: a game's state must always come fresh from the room.
 * Plain JS, unhashed, at the site root so its scope is the whole site.
 */
const CACHE = 'teahouse-shell-v1';
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/icons/icon.svg', '/icons/icon-192.png', '/icons/badge-72.png'];

/**
 * Cache each file as a fresh, non-redirected response: static hosts may answer `/offline.html` with a redirect
 * to `/offline` (Cloudflare's html_handling does), and Chrome refuses a redirected response for a navigation.
 */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async (url) => {
      const r = await fetch(url, { cache: 'reload' });
      if (!r.ok) throw new Error(`precache ${url}: ${r.status}`);
      await cache.put(
        url,
        new Response(await r.blob(), { status: 200, headers: { 'content-type': r.headers.get('content-type') || '' } }),
      );
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  if (req.mode === 'navigate') {
    event.respondWith(fetch(req).catch(() => caches.match(OFFLINE)));
    return;
  }
  // The few files the offline page itself shows.
  const url = new URL(req.url);
  if (url.origin === self.location.origin && PRECACHE.includes(url.pathname))
    event.respondWith(fetch(req).catch(() => caches.match(url.pathname)));
});

/**
 * The room sends JSON. Accept the common shapes: {title, body, url, tag} or {game, gameId|id, message|text}.
 * Tapping opens `url` (the table at its prompt) — focusing a tab that already shows it.
 */
self.addEventListener('push', (event) => {
  let d = {};
  try {
    d = event.data ? event.data.json() : {};
  } catch {
    d = { body: event.data ? event.data.text() : '' };
  }
  const id = d.gameId || d.id || (d.data && d.data.gameId);
  const url = d.url || (id ? `/g/${id}` : '/');
  const title = d.title || (d.game ? `茶馆 · ${d.game}` : '茶馆 Teahouse');
  const body = d.body || d.message || d.text || '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: d.tag || (id ? `teahouse-${id}` : 'teahouse'),
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      // A tab already showing this table: focus it (it is live, so it shows the prompt already).
      const path = new URL(target).pathname;
      for (const c of list) {
        if (new URL(c.url).pathname === path && 'focus' in c) return c.focus();
      }
      for (const c of list) {
        if ('navigate' in c && new URL(c.url).origin === self.location.origin)
          return c.navigate(target).then((w) => w && w.focus());
      }
      return self.clients.openWindow(target);
    }),
  );
});
