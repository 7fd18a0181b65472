import { Hono } from 'hono';
import { bearer, limitBody, readJson, roomOf, send, type App } from './http';

/** A seat's own settings for playing across time zones: standing orders, quiet hours, away, its channel mention. */
export const me = new Hono<App>();

me.get('/games/:id/me', async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  return send(c, await r.room.me(bearer(c), 'GET', null));
});

me.put('/games/:id/me', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.me(bearer(c), 'PUT', j.body));
});
