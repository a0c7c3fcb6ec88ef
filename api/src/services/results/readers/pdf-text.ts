// Runs pdf-text-worker.ts on its own thread for one PDF, with a deadline and a heap cap.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PdfTextAnswer } from './pdf-text-worker';

export interface PdfTextOptions {
  /** How long pdf.js may take before its thread is ended. */
  deadlineMs?: number;
  /** The thread's V8 heap (old generation). */
  maxHeapMb?: number;
}

/**
 * The built worker beside the bundle (dist/), or else the TypeScript source compiled by tsx (dev,
 * jest), which also lets pdf.js load as the ES module it is outside jest's module system.
 */
function workerScript(): { script: string; eval: boolean } {
  const built = path.join(__dirname, 'pdf-text-worker.js');
  if (fs.existsSync(built)) return { script: built, eval: false };
  const source = JSON.stringify(path.join(__dirname, 'pdf-text-worker.ts'));
  const tsx = JSON.stringify(require.resolve('tsx/cjs/api'));
  return { script: `require(${tsx}).require(${source}, ${source});`, eval: true };
}

/** The PDF's text as lines; rejects when pdf.js fails, runs out of memory or time. */
export function extractPdfLines(
  bytes: Uint8Array,
  options: PdfTextOptions = {},
): Promise<string[]> {
  const { script, eval: isCode } = workerScript();
  const worker = new Worker(script, {
    eval: isCode,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
  });
  let deadline: NodeJS.Timeout | undefined;
  return new Promise<string[]>((resolve, reject) => {
    deadline = setTimeout(
      () => reject(new Error('Reading the PDF took too long.')),
      options.deadlineMs ?? 20_000,
    );
    worker.once('message', (answer: PdfTextAnswer) =>
      answer.ok ? resolve(answer.lines) : reject(new Error(answer.message)),
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The PDF reader stopped.')));
    // pdf.js takes the buffer over: the worker gets a copy.
    const copy = bytes.slice();
    worker.postMessage(copy, [copy.buffer]);
  }).finally(() => {
    clearTimeout(deadline);
    void worker.terminate();
  });
}
