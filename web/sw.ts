/*
 * Teahouse service worker, built by vite-plugin-pwa (injectManifest) into `/sw.js`, unhashed, at the site root so
 * its scope is the whole site. It does three things:
 * - Keeps the app shell offline: Workbox precaches the built client (index.html, the hashed JS and CSS chunks,
 *   every language's strings, the practice page and its worker with the rules, icons, the offline page) and
 *   answers those requests from its cache, so a return visit fetches no asset and a practice game plays with the
 *   network off. A new deploy is a new precache list: the new worker fetches what changed and drops the rest.
 * - Pages (navigations) come from the network while it answers, so a table always gets the newest client; without
 *   it, the precached shell (the practice page and the home page work offline), or for a table (`/g/…`, whose
 *   state must come from its room) the offline page.
 * - Shows Web Push notifications; tapping one opens (or focuses) the table.
 * Nothing from `/api/` is cached: a game's state must always come fresh from the room.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/*
 * The parts of the service worker's global scope used here. The project's TypeScript program holds the DOM and the
 * Cloudflare Workers types, whose `ServiceWorkerGlobalScope` is the Workers runtime's: the browser's pieces are
 * named here rather than mixing the webworker lib into every file.
 */
type Waiting = Event & { waitUntil(p: Promise<unknown>): void };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<WindowClient | null> };
interface Scope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', f: (e: Waiting) => void): void;
  addEventListener(type: 'push', f: (e: Waiting & { data: { json(): unknown; text(): string } | null }) => void): void;
  addEventListener(type: 'notificationclick', f: (e: Waiting & { notification: Notification }) => void): void;
}
declare const self: Scope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (o) => {
      try {
        return await network.handle(o);
      } catch {
        const page = o.url.pathname.startsWith('/g/') ? 'offline.html' : 'index.html';
        return (await matchPrecache(page)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

/** What the room's push carries. Accept the common shapes: {title, body, url, tag} or {game, gameId|id, message|text}. */
interface PushBody {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  game?: string;
  gameId?: string;
  id?: string;
  message?: string;
  text?: string;
  data?: { gameId?: string };
}

/** Tapping opens `url` (the table at its prompt), focusing a tab that already shows it. */
self.addEventListener('push', (event) => {
  let d: PushBody = {};
  try {
    d = event.data ? (event.data.json() as PushBody) : {};
  } catch {
    d = { body: event.data ? event.data.text() : '' };
  }
  const id = d.gameId || d.id || d.data?.gameId;
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
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (list) => {
      // A tab already showing this table: focus it (it is live, so it shows the prompt already).
      const path = new URL(target).pathname;
      for (const c of list) if (new URL(c.url).pathname === path) return c.focus();
      for (const c of list)
        if (new URL(c.url).origin === self.location.origin) return (await c.navigate(target))?.focus();
      return self.clients.openWindow(target);
    }),
  );
});
