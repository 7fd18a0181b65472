/**
 * The few Vite features the client uses, typed here rather than through `vite/client` (whose globals would
 * mix into the worker's type environment: the whole tree is one tsconfig).
 */
interface ImportMeta {
  glob<T = unknown>(pattern: string): Record<string, () => Promise<T>>;
  readonly env: { readonly DEV: boolean; readonly PROD: boolean; readonly BASE_URL: string };
}
