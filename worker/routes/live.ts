import { Hono } from 'hono';
import { fail, roomOf, withRetryAfter, type App } from './http';

/** The live WebSocket: handed to the room untouched (the room accepts it with the hibernation API). */
export const live = new Hono<App>();

live.get('/games/:id/live', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
    return fail(c, 'bad_request', 'expected a WebSocket upgrade');
  const r = roomOf(c);
  if (!r.ok) return r.res;
  return withRetryAfter(await r.room.fetch(c.req.raw));
});
