import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port free right now on 127.0.0.1 (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to a whole process group we started (`detached`), SIGKILL after `graceMs`; resolves when it is empty. */
export async function stopGroup(pgid: number, graceMs = 10_000): Promise<void> {
  if (!groupAlive(pgid)) return;
  process.kill(-pgid, 'SIGTERM');
  const started = performance.now();
  while (groupAlive(pgid)) {
    if (performance.now() - started > graceMs) process.kill(-pgid, 'SIGKILL');
    await sleep(20);
  }
}

export type TServerChild = {
  url: string;
  /** The rest of the server's announcement line (a session cookie, seeded ids…). */
  info: Record<string, unknown>;
  child: ChildProcess;
  stop(): Promise<void>;
};

/**
 * Runs a bench server (`bench/servers/*.ts`) in its own process, so the load generator never
 * shares its event loop, and waits for the `{"port":…}` line it prints once listening.
 * The child's stdin is a pipe from us: when this process dies, the child sees EOF and exits.
 * `env` adds to this process's environment (a port chosen beforehand, say). `root` is the checkout
 * the script is run from and in (another one's: `--baseline`, lib/baseline.ts).
 */
export async function startServerChild(
  script: string,
  timeoutMs = 60_000,
  env: Record<string, string> = {},
  root = repoRoot,
): Promise<TServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  track(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const { port, ...info } = await waitForPort(child, script, timeoutMs, () => stderr).catch(async (err: unknown) => {
    await stopChild(child, 1000);
    throw err;
  });
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, info, child, stop: () => stopChild(child) };
}

type TAnnouncement = { port: number } & Record<string, unknown>;

function waitForPort(
  child: ChildProcess,
  script: string,
  timeoutMs: number,
  stderr: () => string,
): Promise<TAnnouncement> {
  return new Promise<TAnnouncement>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not report its port within ${timeoutMs} ms\n${stderr()}`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { port?: unknown };
        if (typeof msg.port === 'number') {
          clearTimeout(timer);
          resolve(msg as TAnnouncement);
        }
      } catch {
        // Not our line (a log line): ignore it.
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? code}) before listening\n${stderr()}`));
    });
  });
}

/**
 * Everything the bench started and has not stopped yet. A bench killed or interrupted exits
 * through process.on('exit'), which stops them: direct children would otherwise outlive it
 * when the signal was sent to the bench alone, and detached groups (npm) never get Ctrl-C.
 */
const live = new Map<number, 'process' | 'group'>();
export function track(child: ChildProcess, kind: 'process' | 'group' = 'process'): void {
  const pid = child.pid;
  if (pid === undefined) return;
  live.set(pid, kind);
  if (kind === 'process') child.once('exit', () => live.delete(pid));
}
export const untrack = (pid: number) => live.delete(pid);

const tempDirs = new Set<string>();
/** A temporary directory, removed by `removeTempDir` or, at the latest, when the bench exits. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

process.on('exit', () => {
  for (const [pid, kind] of live) {
    try {
      process.kill(kind === 'group' ? -pid : pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
