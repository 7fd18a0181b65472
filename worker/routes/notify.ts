import { Hono } from 'hono';
import { bearer, fail, limitBody, readJson, roomOf, send, type App } from './http';

/** A seat's notification targets (Web Push subscription or webhook), and the VAPID public key. */
export const notify = new Hono<App>();

notify.post('/games/:id/notify', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.notify(bearer(c), 'POST', j.body));
});

notify.delete('/games/:id/notify', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.notify(bearer(c), 'DELETE', j.body));
});

/** The application server key the browser's PushManager.subscribe needs. */
notify.get('/push/key', (c) => {
  const key = c.env.VAPID_PUBLIC_KEY;
  if (!key) return fail(c, 'not_found', 'Web Push is not configured on this server');
  return c.json({ key });
});
