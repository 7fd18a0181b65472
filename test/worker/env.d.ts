/// <reference types="@cloudflare/vitest-plugin/types" />
import type { Env as WorkerEnv } from '../../worker/env';

// `env` from cloudflare:test is typed as Cloudflare.Env: give it the Worker's bindings.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
