import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { freePort, freshDataDir, tempDir } from './helpers';

/**
 * The real entry point (apps/server/src/index.ts) in child processes, as `npm start` runs it
 * (through tsx here: node --import tsx, so that signals reach the server process itself).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = 'apps/server/src/index.ts';

type TProc = {
  child: ChildProcess;
  stdout: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first stdout JSON log line whose msg matches. */
  waitForLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
};

const running = new Set<ChildProcess>();

function startProcess(env: Record<string, string>): TProc {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const stdout: string[] = [];
  let stderr = '';
  let partial = '';
  const lineWaiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    stdout.push(...lines);
    for (const w of lineWaiters) w();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      for (const w of lineWaiters) w();
      resolve({ code, signal });
    }),
  );
  const findLog = (msg: string) => {
    for (const line of stdout) {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === msg) return entry;
      } catch {
        // not a log line
      }
    }
    return undefined;
  };
  return {
    child,
    stdout,
    stderr: () => stderr,
    exited,
    waitForLog(msg, timeoutMs = 45_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = findLog(msg);
          if (found) {
            lineWaiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            lineWaiters.delete(check);
            clearTimeout(timer);
            reject(
              new Error(
                `the server exited (${child.exitCode ?? child.signalCode}) before logging "${msg}":\n${stderr}\n${stdout.join('\n')}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          lineWaiters.delete(check);
          reject(new Error(`no "${msg}" log line within ${timeoutMs} ms:\n${stderr}\n${stdout.join('\n')}`));
        }, timeoutMs);
        lineWaiters.add(check);
        check();
      });
    },
  };
}

/**
 * Starts POST /api/contact with Expect: 100-continue and the first bytes of its body, and
 * resolves once the server has read the headers (its 100 Continue). The returned function
 * sends the rest and resolves with the answer.
 */
function startSlowUpload(
  url: string,
  origin: string,
  n: number,
): Promise<() => Promise<{ status: number; text: string }>> {
  const body = JSON.stringify({ name: `Slow ${n}`, email: 'slow@example.com', message: 'Sent across a shutdown.' });
  const req = http.request(`${url}/api/contact`, {
    method: 'POST',
    agent: false,
    headers: {
      origin,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return new Promise((resolve, reject) => {
    req.once('continue', () => {
      req.write(body.slice(0, 10));
      resolve(() => {
        req.end(body.slice(10));
        return answer;
      });
    });
    req.once('error', reject);
    req.flushHeaders();
  });
}

const serverEnv = (dataDir: string) => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

// Each test drives its own processes: they run side by side to keep the file quick.
describe.concurrent('the server process', () => {
  it('R11 a second server on the same DATA_DIR refuses to start with a clear message about the data directory', async ({
    expect,
  }) => {
    const dataDir = await freshDataDir();
    const first = startProcess(serverEnv(dataDir));
    await first.waitForLog('Draftwell is listening');

    const second = startProcess(serverEnv(dataDir));
    const outcome = await Promise.race([
      second.exited.then(() => 'exited'),
      second.waitForLog('Draftwell is listening').then(
        () => 'the second server started on the same data directory',
        () => 'exited',
      ),
    ]);
    expect(outcome).toBe('exited');
    const { code } = await second.exited;
    expect(code).toBe(1);
    const message = second.stderr();
    expect(message).toMatch(/Draftwell cannot start/);
    expect(message).toMatch(/data directory/i);
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${first.child.pid}`);
    expect(message).not.toMatch(/\n\s+at /); // a message, not a stack trace

    // The first one is unharmed, still serving, and releases the directory when it stops.
    const { url } = (await first.waitForLog('Draftwell is listening')) as { url: string };
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 90_000);

  it('a bad configuration exits 1 printing one line per bad variable', async ({ expect }) => {
    const proc = startProcess({ ...serverEnv(tempDir()), PORT: 'abc', LOG_LEVEL: 'loud' });
    const { code } = await proc.exited;
    expect(code).toBe(1);
    const lines = proc.stderr().trimEnd().split('\n');
    expect(lines[0]).toMatch(/configuration/i);
    const details = lines.slice(1);
    expect(details).toHaveLength(2);
    expect(details.find((l) => l.trim().startsWith('PORT:'))).toMatch(/port number/);
    expect(details.find((l) => l.trim().startsWith('LOG_LEVEL:'))).toMatch(/must be one of/);
    expect(proc.stdout.join('')).not.toMatch(/listening/);
  }, 60_000);

  it('R14 SIGTERM under load: requests in flight finish, new ones are refused, none is cut, and the process exits 0 within 10 s', async ({
    expect,
  }) => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const proc = startProcess({ ...serverEnv(await freshDataDir()), PORT: String(port), BASE_URL: origin });
    const { url } = (await proc.waitForLog('Draftwell is listening')) as { url: string };

    // Requests truly in flight at the signal: the server has read their headers, not their body.
    const uploads = await Promise.all([1, 2, 3].map((n) => startSlowUpload(url, origin, n)));

    type TOutcome =
      { kind: 'response'; status: number } | { kind: 'refused'; error: string } | { kind: 'cut'; error: string };
    const outcomes: TOutcome[] = [];
    let exited = false;
    let answered = 0;
    let enoughLoad: () => void;
    const loaded = new Promise<void>((resolve) => (enoughLoad = resolve));

    const worker = async (n: number) => {
      for (let i = 0; !exited; i++) {
        let res: Response;
        try {
          // fetch keeps connections alive between requests of a worker.
          res = await fetch(`${url}${(n + i) % 2 === 0 ? '/readyz' : '/api/session'}`);
        } catch (err) {
          // No response started: the connection was refused or closed while idle.
          outcomes.push({ kind: 'refused', error: String((err as Error).cause ?? err) });
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        try {
          await res.text();
          outcomes.push({ kind: 'response', status: res.status });
          if (++answered === 100) enoughLoad();
        } catch (err) {
          outcomes.push({ kind: 'cut', error: String((err as Error).cause ?? err) });
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));

    await loaded;
    const signalledAt = Date.now();
    proc.child.kill('SIGTERM');
    await proc.waitForLog('shutting down: finishing requests in flight');
    // A new request now is turned away: refused at connect, or 503.
    const late = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    // The uploads that were in flight finish, and are answered in full.
    const finished = await Promise.all(uploads.map((finish) => finish()));
    expect(finished.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(finished.map((r) => JSON.parse(r.text).id)).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const { code } = await proc.exited;
    const tookMs = Date.now() - signalledAt;
    exited = true;
    await Promise.all(workers);

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([]);
    const statuses = new Set(outcomes.flatMap((o) => (o.kind === 'response' ? [o.status] : [])));
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.has(200)).toBe(true);
    expect(proc.stdout.some((l) => l.includes('Draftwell stopped'))).toBe(true);
  }, 90_000);
});
