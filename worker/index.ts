import { Hono } from 'hono';
import type { Env } from './env';
import { api } from './routes';

/**
 * The Worker only routes: `/api/*` goes to the API (which forwards each game's requests to its GameRoom);
 * everything else is the built client (wrangler serves it before the Worker runs, see run_worker_first; this
 * fallback covers `wrangler dev` setups without it). The games register themselves in `./games`.
 */
const app = new Hono<{ Bindings: Env }>();
app.route('/api', api);
app.all('*', (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound()));

export default app;
export { GameRoom } from './room/GameRoom';
