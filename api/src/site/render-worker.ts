// A render pool's worker thread: loads area renderers and runs one render at a time. Its API reads
// go back to the main thread, which owns the app. Imports nothing of the API's, so it starts fast.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { AreaServerRenderer } from '@shop/shared/ssr/server-render';
import type { FromWorker, ToWorker } from './render-pool';

if (!parentPort) throw new Error('render-worker runs as a worker thread of the render pool.');
const port = parentPort;

/** Versions never change once stored, so a file is loaded once; a few recent ones are kept. */
const KEPT_RENDERERS = 4;
const renderers = new Map<string, AreaServerRenderer>();
const pendingReads = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (error: Error) => void }
>();
let nextRead = 0;

function rendererIn(file: string, job: number): AreaServerRenderer {
  const known = renderers.get(file);
  if (known) return known;
  const load = createRequire(file);
  const loaded = load(file) as Partial<AreaServerRenderer> | null;
  if (typeof loaded?.renderArea !== 'function')
    throw new Error(`${file} is not an area server renderer`);
  const renderer = loaded as AreaServerRenderer;
  renderers.set(file, renderer);
  // The pool starts the render's deadline again: loading a bundle is not rendering.
  send({ type: 'loaded', job });
  for (const old of renderers.keys()) {
    if (renderers.size <= KEPT_RENDERERS) break;
    renderers.delete(old);
    delete load.cache[old];
  }
  return renderer;
}

function send(message: FromWorker): void {
  port.postMessage(message);
}

async function render({
  job,
  file,
  request,
}: Extract<ToWorker, { type: 'render' }>): Promise<void> {
  const read = (personal: boolean) => (path: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextRead;
      pendingReads.set(id, { resolve, reject });
      send({ type: 'fetch', job, id, path, ...(personal ? { personal } : {}) });
    });
  const { personal, ...rest } = request;
  try {
    const result = await rendererIn(file, job).renderArea({
      ...rest,
      fetchJson: read(false),
      ...(personal ? { fetchPersonalJson: read(true) } : {}),
    });
    // Throws for a result that cannot be cloned (e.g. holding a function): reported as a failure.
    send({ type: 'done', job, result: result ?? null });
  } catch (error) {
    send({ type: 'failed', job, message: error instanceof Error ? error.message : String(error) });
  }
}

/** A posted form: the area's handleForm maps it to the API call the site makes (no reads). */
async function handleForm({
  job,
  file,
  request,
}: Extract<ToWorker, { type: 'form' }>): Promise<void> {
  try {
    const handler = rendererIn(file, job).handleForm;
    const result = typeof handler === 'function' ? await handler(request) : null;
    send({ type: 'done', job, result: result ?? null });
  } catch (error) {
    send({ type: 'failed', job, message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'render') {
    void render(message);
    return;
  }
  if (message.type === 'form') {
    void handleForm(message);
    return;
  }
  const read = pendingReads.get(message.id);
  if (!read) return;
  pendingReads.delete(message.id);
  if (message.ok) read.resolve(message.value);
  else read.reject(new Error(message.message));
});

// The pool starts a render's deadline again from here: starting a thread is not the renderer's time.
send({ type: 'ready' });
