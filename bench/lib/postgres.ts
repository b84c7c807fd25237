import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './proc';

export type TPostgres = { url: string; label: string; stop(): Promise<void> };
export type TPostgresOrSkip = TPostgres | { skipped: string };

/** The PostgreSQL server binaries: `pg_ctl` on PATH, else Debian's /usr/lib/postgresql/<n>/bin (newest). */
function findPgBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath && existsSync(path.join(path.dirname(onPath), 'initdb'))) return path.dirname(onPath);
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/**
 * A PostgreSQL server for the bench: BENCH_DATABASE_URL when it is set (the bench only uses it),
 * otherwise a throwaway cluster of its own (initdb in a temp directory, loopback only, trust auth),
 * started with the settings CI uses for its test server. initdb and postgres refuse to run as
 * root: as root they run as the `postgres` user through runuser. Without binaries, or as root
 * without that user, the answer is a reason to print instead.
 */
export async function startBenchPostgres(given: string | undefined): Promise<TPostgresOrSkip> {
  if (given) {
    return { url: given, label: 'BENCH_DATABASE_URL', stop: async () => undefined };
  }
  const bin = findPgBin();
  if (!bin)
    return { skipped: 'no PostgreSQL server binaries (pg_ctl, initdb) found; set BENCH_DATABASE_URL to use a server' };
  const isRoot = process.getuid?.() === 0;
  let runAs: string[] = [];
  if (isRoot) {
    const pgUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (pgUser.status !== 0) {
      return { skipped: 'running as root and there is no `postgres` user to run initdb as; set BENCH_DATABASE_URL' };
    }
    runAs = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (cmd: string, args: string[]) => {
    const [file, ...rest] = [...runAs, cmd, ...args];
    execFileSync(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  };

  // Not makeTempDir: its exit hook would remove the directory before the server is stopped.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
    // CI's throwaway settings: loopback, its own socket directory, no durability (the data is thrown away).
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=200',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return { skipped: `could not start a PostgreSQL server from ${bin}: ${stderr || String(err)}` };
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // pg_ctl starts the server in the background: an interrupted bench must still stop it.
  process.once('exit', stop);
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim().split(' ').pop();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: `PostgreSQL ${version}, started by the bench (fsync off)`,
    stop: async () => stop(),
  };
}

/**
 * A fresh, empty database `name` on the server at `url` (which names any database there to
 * connect to), with its URL; `drop` drops it, closing what is still connected to it.
 */
export async function createDatabase(url: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`createDatabase: ${name} is not a plain identifier`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
