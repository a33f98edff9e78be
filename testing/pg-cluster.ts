// A throwaway PostgreSQL cluster for fault tests: initdb in a temp dir, pg_ctl start on a free TCP port
// of 127.0.0.1 (and a socket in that dir), trust auth; restart() and stop() are pg_ctl's, so a test can
// take the database away under load (`-m immediate`: a crash, as kill -9 of the server would be).
// As root (initdb refuses root), the cluster runs as the `postgres` user through runuser.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface Cluster {
  /** postgres://USER@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /**
   * pg_ctl restart (default mode immediate: the server dies at once, then starts again); resolves
   * when it accepts connections again. Asynchronous: the test's own clients keep going meanwhile.
   */
  restart(mode?: 'immediate' | 'fast'): Promise<void>;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Why no throwaway cluster can be made here, or undefined when one can. */
export function clusterUnavailable(): string | undefined {
  for (const program of ['initdb', 'pg_ctl']) {
    if (spawnSync(program, ['--version'], { stdio: 'ignore' }).status !== 0)
      return `${program} is not on PATH (install PostgreSQL's server programs)`;
  }
  if (process.getuid?.() === 0 && spawnSync('runuser', ['-u', 'postgres', '--', 'true']).status !== 0)
    return 'running as root and there is no postgres user to run the cluster as';
  return undefined;
}

export async function startCluster(): Promise<Cluster> {
  const root = process.getuid?.() === 0;
  const user = root ? 'postgres' : userInfo().username;
  const as = (program: string, args: string[]) =>
    root ? (['runuser', ['-u', 'postgres', '--', program, ...args]] as const) : ([program, args] as const);
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-cluster-'));
  if (root) {
    const { uid, gid } = {
      uid: Number(run('id', ['-u', 'postgres'])),
      gid: Number(run('id', ['-g', 'postgres'])),
    };
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const ctl = (args: string[]) => {
    const [program, argv] = as('pg_ctl', args);
    execFileSync(program, [...argv], { stdio: 'pipe' });
  };
  const [initProgram, initArgs] = as('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    user,
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initProgram, [...initArgs], { stdio: 'pipe' });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -F`;
  ctl(['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const [program, argv] = as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    spawnSync(program, [...argv], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`,
    port,
    restart: async (mode = 'immediate') => {
      const [program, argv] = as('pg_ctl', [
        ...['-D', data, '-l', join(dir, 'log'), '-w', '-m', mode, '-o', options, 'restart'],
      ]);
      await promisify(execFile)(program, [...argv]);
    },
    stop,
  };
}

function run(program: string, args: string[]): string {
  return execFileSync(program, args, { encoding: 'utf8' }).trim();
}
