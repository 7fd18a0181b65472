import type { GameRoom } from './room/GameRoom';

/** Bindings of the Worker and of the GameRoom Durable Object (see wrangler.toml). */
export interface Env {
  /** One GameRoom per game, addressed with `idFromName(gameId)`. */
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  /** Rate limits per client address (wrangler.toml `[[ratelimits]]`, see routes/limits.ts). */
  CREATE_LIMIT?: RateLimit;
  READ_LIMIT?: RateLimit;
  /** Failed authentications (made-up, foreign or revoked tokens) per client address (routes/limits.ts). */
  AUTH_FAIL_LIMIT?: RateLimit;
  /**
   * The key that signs every seat and admin token (room/tokens.ts): a secret (`wrangler secret put TOKEN_SECRET`;
   * `npm start` writes a local one to .dev.vars). Changing it invalidates every token of every game.
   */
  TOKEN_SECRET?: string;
  /**
   * The site's own origin for the links the server makes (invite, seat, notifications), e.g.
   * `https://teahouse.example`. Unset: the origin of the request URL as Cloudflare routed it (routes/games.ts).
   */
  PUBLIC_ORIGIN?: string;
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
