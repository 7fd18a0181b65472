export * from './types';
export * from './rng';
export * from './game';
export type { Ctx } from './ctx';
export * from './runtime';
export * from './clone';
export * from './registry';
