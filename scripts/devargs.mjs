// The `wrangler dev` command line of `npm start`, as a pure function of the environment (tested in test/web).

/**
 * Notification targets may point to this machine or its private network (a receiver on localhost) only when asked
 * for with TEAHOUSE_LOCAL_TARGETS=1: a group that hosts on `npm start` and opens it beyond its own machine would
 * otherwise let any seat make the server call addresses on the host's home network. A deployed Worker never has
 * ALLOW_PRIVATE_TARGETS.
 * @example devArgs({ PORT: '9000' }, []) // ['wrangler', 'dev', '--port', '9000']
 */
export function devArgs(env, extra) {
  const vars = env.TEAHOUSE_LOCAL_TARGETS === '1' ? ['--var', 'ALLOW_PRIVATE_TARGETS:1'] : [];
  return ['wrangler', 'dev', '--port', env.PORT ?? '8787', ...vars, ...extra];
}
