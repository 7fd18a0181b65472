import { it } from 'vitest';
import { build } from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { metric as m, record } from './report';

/**
 * The hidden-hand comparison counted in instructions instead of seconds: the room, boardgame.io 0.50's
 * authoritative path and the naive server (bench/naive.ts), each in its own Node process under valgrind's
 * callgrind, which counts the instructions every thread of the process executes, whatever else the machine is
 * doing. On the shared 2-core machines the room's µs per answer moved 1.5–2× between runs of the same code; an
 * instruction count repeats. It is not time (a cache miss costs no instruction), so the timed room-path bench
 * stays the measure of what players pay; this one says whether a change did less work, and gives a ratio to
 * boardgame.io no other process on the machine can move.
 *
 * Each side warms up on INSTR_WARM answers (15,000, as the timed benches), then plays INSTR_MATCHES 500-answer
 * matches; bench/instructions/child.ts prints `begin` and `end` around each match's answers and the counters are
 * read there with `callgrind_control -e`. Skipped where valgrind is not installed (Debian: `apt-get install valgrind`).
 */
const WARM = Number(process.env.INSTR_WARM ?? 15_000);
const MATCHES = Number(process.env.INSTR_MATCHES ?? 5);
/** INSTR_SIDES: a comma-separated subset of the sides (e.g. `room` while working on it); the ratios need all three. */
const SIDES = (process.env.INSTR_SIDES ?? 'room,bgio,naive').split(',').filter((x) => ['room', 'bgio', 'naive'].includes(x));

const has = (cmd: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Instructions executed so far by every thread of the callgrind run `pid`. */
function counted(pid: number): number {
  const out = execFileSync('callgrind_control', ['-e', String(pid)], { encoding: 'utf8' });
  let n = 0;
  for (const m of out.matchAll(/^\s*Th \d+\s+([\d,]+)\s*$/gm)) n += Number(m[1]!.replace(/,/g, ''));
  if (!n) throw new Error(`callgrind_control printed no counters:\n${out}`);
  return n;
}

/** Instructions per answer of one side, one figure per measured match. */
async function countSide(bundle: string, side: string, outDir: string): Promise<number[]> {
  const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${join(outDir, `${side}.%p`)}`, process.execPath, bundle, side, String(WARM), String(MATCHES)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number>((ok) => child.on('exit', (code) => ok(code ?? 1)));
  const per: number[] = [];
  let at = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'begin') {
      at = counted(child.pid!);
      child.stdin.write('\n');
    } else if (line.startsWith('end ')) {
      per.push((counted(child.pid!) - at) / Number(line.slice(4)));
      child.stdin.write('\n');
    }
  }
  const code = await exited;
  if (code !== 0 || per.length !== MATCHES) throw new Error(`${side} under callgrind ended with ${code} after ${per.length} matches:\n${stderr}`);
  return per;
}

it.skipIf(!has('valgrind') || !has('callgrind_control'))('instructions per answer under callgrind: the room, boardgame.io and the naive server on the hidden-hand fixture', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'teahouse-instr-'));
  try {
    const bundle = join(dir, 'child.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./instructions/child.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      alias: { 'cloudflare:workers': fileURLToPath(new URL('./harness/cloudflare-workers.ts', import.meta.url)) },
      // boardgame.io's CommonJS modules call require() for Node's own modules.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    // One side after the other: each is its own process, and counts do not depend on what runs beside it.
    const per: Record<string, number[]> = {};
    for (const side of SIDES) per[side] = await countSide(bundle, side, dir);
    const k = (xs: number[]) => xs.map((x) => x / 1000);
    const ratio = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!);
    const all = !!(per.room && per.bgio && per.naive);
    record(`instructions: hidden-hand fixture, 500-answer matches, under callgrind (${MATCHES} matches per side after ${WARM.toLocaleString('en')} answers of warm-up)${all ? '' : `, ${SIDES.join(' and ')} only`}`, [
      ...(per.room ? [m('room, thousand instructions per answer', k(per.room), 'k instr.', 'every thread of the process; the window holds the answers only')] : []),
      ...(per.bgio ? [m('boardgame.io, thousand instructions per move', k(per.bgio), 'k instr.', 'Master.onUpdate → reducer → InMemory → 4 filtered views serialised')] : []),
      ...(per.naive ? [m('naive server on this engine, thousand instructions per answer', k(per.naive), 'k instr.', 'bench/naive.ts')] : []),
      ...(all
        ? [
            m('room ÷ boardgame.io, instructions', ratio(per.room!, per.bgio!), '×', 'the timed target is ≤ 0.25'),
            m('naive server ÷ boardgame.io, instructions', ratio(per.naive!, per.bgio!), '×'),
            m('room ÷ naive server, instructions', ratio(per.room!, per.naive!), '×'),
          ]
        : []),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
