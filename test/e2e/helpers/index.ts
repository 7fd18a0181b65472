export { startDev, type DevServer } from './dev';
export { launchBrowser, CHROMIUM_ARGS } from './browser';
export { apiPost, startedGame } from './api';
export {
  OUT,
  SPECS,
  answerTaken,
  caughtUp,
  createTable,
  exactly,
  expectEngineView,
  seatPlayers,
  screenshot,
  shown,
  startWithSeed,
  stateOf,
  useDevAndBrowser,
  type Player,
} from './table';
