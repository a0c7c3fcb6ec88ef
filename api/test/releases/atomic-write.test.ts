import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../src/releases/atomic-write';

/** A separate process that reads the file as fast as it can and counts what it could not parse. */
const READER = `
const fs = require('node:fs');
const file = process.argv[1];
let reads = 0, partial = 0;
const until = Date.now() + Number(process.argv[2]);
while (Date.now() < until) {
  let text;
  try { text = fs.readFileSync(file, 'utf8'); } catch { continue; }
  reads++;
  try { const doc = JSON.parse(text); if (doc.end !== 'complete') partial++; } catch { partial++; }
}
process.stdout.write(JSON.stringify({ reads, partial }));
`;

function document(round: number): string {
  // ~400 KB, so a non-atomic write would be caught part-way by the reader.
  return JSON.stringify({
    round,
    rows: Array.from({ length: 8000 }, (_, i) => `row ${round}-${i} ${'x'.repeat(32)}`),
    end: 'complete',
  });
}

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-atomic-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('never lets a concurrent reader see a partly written file', async () => {
    const file = path.join(dir, 'local.json');
    await writeFileAtomic(file, document(0));
    const reader = spawn(process.execPath, ['-e', READER, file, '1500'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    reader.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finished = new Promise<void>((resolve) => reader.on('exit', () => resolve()));

    let rounds = 0;
    const until = Date.now() + 1200;
    while (Date.now() < until) await writeFileAtomic(file, document(++rounds));
    await finished;

    const { reads, partial } = JSON.parse(output) as { reads: number; partial: number };
    expect(rounds).toBeGreaterThan(20);
    expect(reads).toBeGreaterThan(20);
    expect(partial).toBe(0);
    expect(JSON.parse(await fs.readFile(file, 'utf8')).round).toBe(rounds);
    // Only the target remains: every temp file was renamed into place.
    await expect(fs.readdir(dir)).resolves.toEqual(['local.json']);
  }, 20_000);

  it('leaves the old file in place and no temp file behind when the write fails', async () => {
    const file = path.join(dir, 'local.json');
    await writeFileAtomic(file, '{"version":1}');
    const rename = jest
      .spyOn(fs, 'rename')
      .mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    try {
      await expect(writeFileAtomic(file, '{"version":2}')).rejects.toThrow('disk full');
    } finally {
      rename.mockRestore();
    }
    await expect(fs.readFile(file, 'utf8')).resolves.toBe('{"version":1}');
    await expect(fs.readdir(dir)).resolves.toEqual(['local.json']);
  });
});
