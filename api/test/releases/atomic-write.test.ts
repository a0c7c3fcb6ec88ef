import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../src/releases/atomic-write';

/**
 * A separate process that reads the file as fast as it can and counts what it could not parse. It
 * stops once it has read enough, and seen enough different rounds, to have raced many writes.
 */
const READER = `
const fs = require('node:fs');
const file = process.argv[1];
const wantReads = Number(process.argv[2]);
const wantRounds = Number(process.argv[3]);
let reads = 0, partial = 0;
const rounds = new Set();
while (reads < wantReads || rounds.size < wantRounds) {
  let text;
  try { text = fs.readFileSync(file, 'utf8'); } catch { continue; }
  reads++;
  try {
    const doc = JSON.parse(text);
    if (doc.end !== 'complete') partial++;
    else rounds.add(doc.round);
  } catch { partial++; }
}
process.stdout.write(JSON.stringify({ reads, partial, rounds: rounds.size }));
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
    const reader = spawn(process.execPath, ['-e', READER, file, '50', '20'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    reader.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let readerDone = false;
    const finished = new Promise<void>((resolve) =>
      reader.on('exit', () => {
        readerDone = true;
        resolve();
      }),
    );

    // Writes round after round for as long as the reader reads, however slow the machine is.
    let rounds = 0;
    while (!readerDone) await writeFileAtomic(file, document(++rounds));
    await finished;

    const seen = JSON.parse(output) as { reads: number; partial: number; rounds: number };
    expect(seen.reads).toBeGreaterThanOrEqual(50);
    expect(seen.rounds).toBeGreaterThanOrEqual(20);
    expect(seen.partial).toBe(0);
    expect(JSON.parse(await fs.readFile(file, 'utf8')).round).toBe(rounds);
    // Only the target remains: every temp file was renamed into place.
    await expect(fs.readdir(dir)).resolves.toEqual(['local.json']);
  }, 120_000);

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
