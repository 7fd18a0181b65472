import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../../scripts/chromium.mjs';

/** The flags every browser test uses: headless, no sandbox (containers), nothing that phones home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launch Chromium through playwright-core (no browser download): `executablePath` when given, else the one
 * scripts/chromium.mjs finds (CHROMIUM_PATH, the system Chromium, or the one @sparticuz/chromium ships).
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
 */
export async function launchBrowser(o: { executablePath?: string } = {}): Promise<Browser> {
  if (o.executablePath !== undefined) {
    if (!existsSync(o.executablePath))
      throw new Error(
        `Chromium not found at ${o.executablePath}. Install it with \`apt-get install -y chromium\`, set CHROMIUM_PATH, or leave both unset to use the Chromium of @sparticuz/chromium.`,
      );
    return chromium.launch({ executablePath: o.executablePath, headless: true, args: CHROMIUM_ARGS });
  }
  const found = await findChromium();
  const env = Object.keys(found.env).length
    ? { env: { ...(process.env as Record<string, string>), ...found.env } }
    : {};
  return chromium.launch({ executablePath: found.executablePath, headless: true, args: CHROMIUM_ARGS, ...env });
}
