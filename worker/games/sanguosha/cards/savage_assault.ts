import { everyOtherAnswers } from './aoe';

/** 南蛮入侵: every other character plays a 杀 or takes 1 damage. */
export const savage_assault = everyOtherAnswers('savage_assault', 'slash', 'sgs.ask.savage');
