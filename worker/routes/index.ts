import { Hono } from 'hono';
import { fail, type App } from './http';
import { games } from './games';
import { seats } from './seats';
import { live } from './live';
import { chat } from './chat';
import { notify } from './notify';
import { admin } from './admin';
import { again } from './again';
import { me } from './me';
import { rateLimit } from './limits';
import { logFields } from '../log';

/** The HTTP API of DESIGN §4, mounted under /api. Each concern is its own small sub-app. */
export const api = new Hono<App>();
// Before any route: a request over its limit, or with a token this server did not sign for the game, reaches no room.
api.use('*', rateLimit);
api.route('/', games);
api.route('/', seats);
api.route('/', live);
api.route('/', chat);
api.route('/', notify);
api.route('/', again);
api.route('/', admin);
api.route('/', me);
api.notFound((c) => fail(c, 'not_found', 'no such route'));
api.onError((e, c) => {
  console.error(`error ${logFields({ method: c.req.method, path: new URL(c.req.url).pathname, message: String(e) })}`);
  return c.json({ error: { code: 'internal', message: 'something went wrong' } }, 500);
});
