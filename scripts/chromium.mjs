// Which Chromium the browser tests drive, in this order:
//   1. CHROMIUM_PATH, when set (it must exist: a wrong explicit setting is an error, not a fallback);
//   2. the system Chromium (Debian's /usr/bin/chromium, or another usual place);
//   3. the Chromium that the npm package @sparticuz/chromium ships inside itself (a dev dependency): a
//      headless-shell build, brotli-packed in the package, unpacked into the temp folder on first use together
//      with the few shared libraries it needs (NSS) — no download, no apt, so `npm test` runs on a fresh machine.
// Used by scripts/test.mjs (once, before the tests) and by the e2e helpers (test/e2e/helpers/browser.ts).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where a system Chromium usually is. */
export const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * @param {{ env?: Record<string, string | undefined>; system?: string[] }} [o]
 * @returns {Promise<{ executablePath: string; env: Record<string, string>; source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium' }>}
 */
export async function findChromium(o = {}) {
  const env = o.env ?? process.env;
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH))
      throw new Error(
        `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist. Unset it to use the system Chromium or the packaged one.`,
      );
    return { executablePath: env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
  }
  const system = (o.system ?? SYSTEM_CHROMIUMS).find((p) => existsSync(p));
  if (system) return { executablePath: system, env: {}, source: 'system' };
  let chromium;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
  } catch (e) {
    throw new Error(
      `No Chromium found: CHROMIUM_PATH is not set, none of ${SYSTEM_CHROMIUMS.join(', ')} exists, and the packaged one (@sparticuz/chromium, a dev dependency: run npm install) did not load: ${e}`,
    );
  }
  const executablePath = await chromium.executablePath();
  // The package unpacks its NSS libraries only on AWS Lambda; elsewhere a machine without a system Chromium
  // usually lacks them too, so they are unpacked here and put first on the browser's library path.
  const bin = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', 'bin');
  const { inflate } = await import('@sparticuz/chromium');
  const libs = join(await inflate(join(bin, 'al2023.tar.br')), 'lib');
  return {
    executablePath,
    env: {
      LD_LIBRARY_PATH: [libs, env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: env.FONTCONFIG_PATH ?? join(tmpdir(), 'fonts'),
    },
    source: '@sparticuz/chromium',
  };
}
