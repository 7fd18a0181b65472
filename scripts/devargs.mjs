// The `wrangler dev` command line of `npm start`, as a pure function of the environment (tested in test/web).

/**
 * Notification targets may point to this machine or its private network (a receiver on localhost) only when asked
 * for with TEAHOUSE_LOCAL_TARGETS=1: a group that hosts on `npm start` and opens it beyond its own machine would
 * otherwise let any seat make the server call addresses on the host's home network. A deployed Worker never has
 * ALLOW_PRIVATE_TARGETS.
 *
 * The links the server makes (invite, seat links, notifications) use PUBLIC_ORIGIN: `wrangler dev` builds the
 * request URL from the client's Host header, which anyone can set. It is http://localhost:PORT unless
 * TEAHOUSE_ORIGIN names the address the group opens (e.g. http://192.168.1.5:8787 on a home network).
 * @example devArgs({ PORT: '9000' }, []) // ['wrangler', 'dev', '--port', '9000', '--var', 'PUBLIC_ORIGIN:http://localhost:9000']
 */
export function devArgs(env, extra) {
  const port = env.PORT ?? '8787';
  const origin = ['--var', `PUBLIC_ORIGIN:${env.TEAHOUSE_ORIGIN || `http://localhost:${port}`}`];
  const vars = env.TEAHOUSE_LOCAL_TARGETS === '1' ? ['--var', 'ALLOW_PRIVATE_TARGETS:1'] : [];
  return ['wrangler', 'dev', '--port', port, ...origin, ...vars, ...extra];
}
