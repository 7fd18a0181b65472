import type { GameRoom } from './room/GameRoom';

/** Bindings of the Worker and of the GameRoom Durable Object (see wrangler.toml). */
export interface Env {
  /** One GameRoom per game, addressed with `idFromName(gameId)`. */
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  /** Rate limits per client address (wrangler.toml `[[ratelimits]]`, see routes/limits.ts). */
  CREATE_LIMIT?: RateLimit;
  READ_LIMIT?: RateLimit;
  /** The built client (absent in the workerd tests). */
  ASSETS?: Fetcher;
  /** Web Push (VAPID, RFC 8292): secrets in production, `.dev.vars` locally. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** "1" only in the e2e Worker (test/e2e/helpers/wrangler.e2e.toml): `start` then accepts a fixed `seed`. */
  TEST_HOOKS?: string;
  /**
   * "1" only in the tests' and local development's Worker: notification targets may then point to loopback and
   * private hosts (the test receivers on 127.0.0.1). Never set in production: targets must be https to a
   * public host there.
   */
  ALLOW_PRIVATE_TARGETS?: string;
  /** DNS-over-HTTPS endpoint for the resolve-then-refuse check (default Cloudflare's); the workerd tests point it at a closed loopback port so they never reach the network. */
  DOH_URL?: string;
}
