import { Hono } from 'hono';
import { bearer, limitBody, readJson, roomOf, send, type App } from './http';

/** A short message from a seat, shown to the table. */
export const chat = new Hono<App>();

chat.post('/games/:id/chat', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.chatPost(bearer(c), j.body));
});
