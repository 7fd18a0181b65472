/**
 * Node stand-in for `cloudflare:workers` in the Node benches (bench/vitest.config.ts aliases it): just enough of
 * the DurableObject base class for the real GameRoom to run on the fake state of ./fake-do.ts.
 */
export class DurableObject<Env = unknown> {
  protected ctx: DurableObjectState;
  protected env: Env;
  constructor(ctx: DurableObjectState, env: Env) {
    this.ctx = ctx;
    this.env = env;
  }
}
