import { describe, expect, it } from 'vitest';
import { devArgs } from '../../scripts/devargs.mjs';

describe('npm start', () => {
  it('lets notification targets reach private addresses only when TEAHOUSE_LOCAL_TARGETS=1 asks for it', () => {
    expect(devArgs({}, [])).not.toContain('ALLOW_PRIVATE_TARGETS:1');
    expect(devArgs({ PORT: '9000' }, ['--ip', '0.0.0.0'])).not.toContain('ALLOW_PRIVATE_TARGETS:1');
    expect(devArgs({ TEAHOUSE_LOCAL_TARGETS: '1' }, [])).toEqual([
      'wrangler',
      'dev',
      '--port',
      '8787',
      '--var',
      'PUBLIC_ORIGIN:http://localhost:8787',
      '--var',
      'ALLOW_PRIVATE_TARGETS:1',
    ]);
  });

  it("makes its links with a fixed origin, not the client's Host header (issue 26 point 10)", () => {
    expect(devArgs({}, [])).toEqual([
      'wrangler',
      'dev',
      '--port',
      '8787',
      '--var',
      'PUBLIC_ORIGIN:http://localhost:8787',
    ]);
    expect(devArgs({ PORT: '9000' }, [])).toContain('PUBLIC_ORIGIN:http://localhost:9000');
    expect(devArgs({ TEAHOUSE_ORIGIN: 'http://192.168.1.5:8787' }, [])).toContain(
      'PUBLIC_ORIGIN:http://192.168.1.5:8787',
    );
  });
});
