/** Types of devargs.mjs (a plain script that `npm start` runs without a build). */
export function devArgs(env: Record<string, string | undefined>, extra: string[]): string[];
