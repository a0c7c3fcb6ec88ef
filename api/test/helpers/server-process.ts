// The API as `npm start` runs it, in a child process: its output and its exit code.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const API_ROOT = path.resolve(__dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Starts `src/server.ts` through tsx, or with `bundle` the built `dist/server.js` as `npm start`
 * runs it (much quicker to start, for suites that start many).
 */
export function startServer(
  env: Record<string, string>,
  options: { bundle?: boolean } = {},
): ServerProcess {
  const args = options.bundle ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Resolves once `check` holds, looking every `intervalMs`; past the deadline, fails with `describe()`. */
async function waitUntil(
  check: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs: number,
  intervalMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves once the process has printed `text` (a log line's message). */
export function waitForOutput(
  started: ServerProcess,
  text: string,
  timeoutMs = 30_000,
): Promise<void> {
  return waitUntil(
    () => started.output().includes(text),
    () => `No "${text}" in:\n${started.output()}`,
    timeoutMs,
    20,
  );
}

export function waitForHealthy(
  port: number,
  started: ServerProcess,
  timeoutMs = 60_000,
): Promise<void> {
  return waitUntil(
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    () => `Server did not become ready:\n${started.output()}`,
    timeoutMs,
    200,
  );
}
