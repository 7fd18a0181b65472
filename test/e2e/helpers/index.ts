export { startDev, buildClient, freePort, ROOT, E2E_CONFIG, type DevServer, type DevOptions } from './dev';
export { launchBrowser, CHROMIUM, CHROMIUM_ARGS } from './browser';
