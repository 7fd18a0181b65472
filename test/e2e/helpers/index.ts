export { startDev, buildClient, freePort, ROOT, E2E_CONFIG, type DevServer, type DevOptions } from './dev';
export { launchBrowser, CHROMIUM, CHROMIUM_ARGS } from './browser';
export { apiPost, startedGame } from './api';
export {
  OUT,
  SPECS,
  answerTaken,
  caughtUp,
  createTable,
  exactly,
  expectEngineView,
  openPage,
  seatPlayers,
  screenshot,
  shown,
  startWithSeed,
  stateOf,
  useDevAndBrowser,
  type Player,
  type PlayerSpec,
} from './table';
