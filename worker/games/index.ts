import { registerGame } from '../engine/registry';
import ghost from './ghost';
import sanguosha from './sanguosha';

/** Every game the site hosts. Importing this module registers them (the Worker imports it once). */
registerGame(ghost);
registerGame(sanguosha);

export { ghost, sanguosha };
