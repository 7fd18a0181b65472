import type { SgsSkill } from '../types';

/** +1 horses (绝影, 的卢, 爪黄飞电, 骅骝): others' distance to you +1. */
export const plus_horse: SgsSkill = { id: 'plus_horse', distanceTo: 1, effects: [], equip: { value: 3 } };
/** −1 horses (赤兔, 大宛, 紫骍): your distance to others −1. */
export const minus_horse: SgsSkill = { id: 'minus_horse', distanceFrom: 1, effects: [], equip: { value: 3 } };
