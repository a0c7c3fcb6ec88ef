// A worker thread that reads one PDF's text with pdf.js and answers with its lines. pdf.js runs
// here, not on the API's thread: a hostile or huge PDF can be stopped by ending the thread, and
// its memory is capped. Imports nothing of the API's, so it starts fast.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

if (!parentPort) throw new Error('pdf-text-worker runs as a worker thread.');
const port = parentPort;

/** Pages read: a lab report's values are on its first pages. */
const MAX_PAGES = 30;

interface TextItem {
  str?: string;
  transform?: number[];
}

export type PdfTextAnswer = { ok: true; lines: string[] } | { ok: false; message: string };

/** The text as lines, top to bottom: items on one baseline joined left to right. */
async function readLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(bytes, { stopAtErrors: false, verbosity: 0 });
  try {
    const lines: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.min(pdf.numPages, MAX_PAGES); pageNumber += 1) {
      const content = await (await pdf.getPage(pageNumber)).getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items as TextItem[]) {
        if (!item.str?.trim() || !item.transform) continue;
        // Cells of one table row share a baseline, give or take a point.
        const y = Math.round((item.transform[5] ?? 0) / 2);
        rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] ?? 0, text: item.str.trim() }]);
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a))
        lines.push(
          (rows.get(y) ?? [])
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(' '),
        );
    }
    return lines;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

port.once('message', (bytes: Uint8Array) => {
  readLines(bytes).then(
    (lines) => port.postMessage({ ok: true, lines } satisfies PdfTextAnswer),
    (error: unknown) =>
      port.postMessage({ ok: false, message: String(error) } satisfies PdfTextAnswer),
  );
});
