import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

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
 * Launch the system Chromium through playwright-core (no browser download).
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
 */
export async function launchBrowser(o: { executablePath?: string } = {}): Promise<Browser> {
  const executablePath = o.executablePath ?? process.env.CHROMIUM_PATH ?? CHROMIUM;
  if (!existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}. The browser tests drive the system Chromium: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
