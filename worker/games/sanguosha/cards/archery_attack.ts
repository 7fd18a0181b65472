import { everyOtherAnswers } from './aoe';

/** 万箭齐发: every other character plays a 闪 or takes 1 damage. */
export const archery_attack = everyOtherAnswers('archery_attack', 'jink', 'sgs.ask.archery');
