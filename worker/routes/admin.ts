import { Hono } from 'hono';
import { bearer, limitBody, readJson, roomOf, send, type App } from './http';

/** The host's controls: pause, resume, extend, replace-seat, end (admin token). */
export const admin = new Hono<App>();

admin.post('/games/:id/admin/:action', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.admin(bearer(c), c.req.param('action'), j.body));
});
