import type { JobQueue } from '../../../src/services/jobs/job-queue';
import { createScanScheduler } from '../../../src/services/jobs/scan-scheduler';

function deferred() {
  let resolve!: (value: number) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('scan scheduler', () => {
  const wake = jest.fn();
  const jobs = { wake } as unknown as JobQueue;
  beforeEach(() => wake.mockReset());

  it('scans again after a pass that was already running when asked', async () => {
    const passes = [deferred(), deferred()];
    let started = 0;
    const scan = jest.fn(() => passes[started++]!.promise);
    const scheduler = createScanScheduler(scan, jobs, { intervalMs: 60_000, what: 'test' });

    const first = scheduler.runOnce();
    // Asked while the first pass runs: that pass may have read before the change.
    const second = scheduler.runOnce();
    const third = scheduler.runOnce();
    expect(scan).toHaveBeenCalledTimes(1);

    passes[0]!.resolve(0);
    await expect(first).resolves.toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(scan).toHaveBeenCalledTimes(2);

    passes[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    expect(scan).toHaveBeenCalledTimes(2);
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('scans again after a failed pass and reports the failure to its own caller', async () => {
    const passes = [deferred(), deferred()];
    let started = 0;
    const scheduler = createScanScheduler(() => passes[started++]!.promise, jobs, {
      intervalMs: 60_000,
      what: 'test',
    });
    const first = scheduler.runOnce();
    const second = scheduler.runOnce();
    passes[0]!.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    passes[1]!.resolve(1);
    await expect(second).resolves.toBe(1);
  });

  it('runs a single pass when nothing asks during it', async () => {
    const scan = jest.fn(async () => 0);
    const scheduler = createScanScheduler(scan, jobs, { intervalMs: 60_000, what: 'test' });
    await scheduler.runOnce();
    await scheduler.runOnce();
    expect(scan).toHaveBeenCalledTimes(2);
    expect(wake).not.toHaveBeenCalled();
  });
});
