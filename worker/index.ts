import { Hono } from 'hono';
import type { Env } from './env';
// Registers every game (ghost, sanguosha) with the engine registry; POST /api/games looks them up there.
import './games';
import { api } from './routes';
import { fail } from './routes/http';

/**
 * The Worker only routes: `/api/*` goes to the API (which forwards each game's requests to its GameRoom);
 * everything else is the built client (wrangler serves it before the Worker runs, see run_worker_first; this
 * fallback covers `wrangler dev` setups without it). The games register themselves in `./games`.
 */
const app = new Hono<{ Bindings: Env }>();
app.route('/api', api);
// A mounted app's notFound is not consulted by its parent: unknown API paths get the JSON error here.
app.all('/api/*', (c) => fail(c, 'not_found', 'no such route'));
app.all('*', (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound()));

export default app;
export { GameRoom } from './room/GameRoom';
