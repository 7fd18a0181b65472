import { Hono } from 'hono';
import { limitBody, readJson, roomOf, send, type App } from './http';

/** Take a seat with a name: anyone holding the invite link. */
export const seats = new Hono<App>();

seats.post('/games/:id/seats', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.join(j.body));
});
