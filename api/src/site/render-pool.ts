// Runs the areas' server renderers on worker threads, off the API's event loop. Their code comes
// from independently deployed remotes, and a synchronous loop cannot be pre-empted by a timer on
// the thread that runs it: here a render that outlives its deadline or its heap has its worker
// terminated (a fresh one takes the next render), so it costs only its own first view.
// This is isolation for availability, not a security sandbox: a renderer may still use Node's APIs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  isFirstViewEvent,
  isPageChunkName,
  type AreaRenderRequest,
  type AreaRenderResult,
  type FirstViewSlot,
  type FirstViewTakeover,
} from '@shop/shared/ssr/server-render';
import type { AreaFormRequest } from '@shop/shared/ssr/server-form';
import { AREA_NAMES } from '@shop/shared/shell-contract/shell-props';

/** A render request without its functions; `personal`: the main thread offers `fetchPersonalJson`. */
export type WorkerRenderRequest = Omit<AreaRenderRequest, 'fetchJson' | 'fetchPersonalJson'> & {
  personal: boolean;
};

/** Main thread → worker. */
export type ToWorker =
  | { type: 'render'; job: number; file: string; request: WorkerRenderRequest }
  | { type: 'form'; job: number; file: string; request: AreaFormRequest }
  | { type: 'fetched'; id: number; ok: true; value: unknown }
  | { type: 'fetched'; id: number; ok: false; message: string };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'loaded'; job: number }
  | { type: 'fetch'; job: number; id: number; path: string; personal?: boolean }
  | { type: 'done'; job: number; result: unknown }
  | { type: 'failed'; job: number; message: string };

/** The worker's script: a file, or (eval) code. */
export interface WorkerEntry {
  script: string;
  eval: boolean;
}

export interface RenderPoolOptions {
  /** Worker threads; default one fewer than the cores, at least 1 and at most 2. */
  size?: number;
  /**
   * How long a render may hold its worker before the worker is terminated. A fresh worker's start
   * and the first load of a renderer file (a cold start: megabytes of code) each get this long too,
   * so a busy machine's cold start is not taken for a hung renderer.
   */
  deadlineMs?: number;
  /** Arms each deadline; by default a real timer. Tests pass one they fire themselves. */
  deadlineTimer?: DeadlineTimer;
  /** The worker's V8 heap (old generation); a render that needs more has its worker ended. */
  maxHeapMb?: number;
  /** API reads one render may proxy; a renderer asking for more is stopped (the reads run on the API's thread). */
  maxFetchesPerRender?: number;
  worker?: WorkerEntry;
}

/** Calls `onExpired` after `ms` unless the returned function cancels it first. */
export interface DeadlineTimer {
  start(onExpired: () => void, ms: number): () => void;
}

const realDeadlineTimer: DeadlineTimer = {
  start(onExpired, ms) {
    const timer = setTimeout(onExpired, ms);
    // A pending deadline never keeps the process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface RenderPoolUsage {
  /** Worker slots, busy ones and renders waiting for a slot, now. */
  size: number;
  busy: number;
  queued: number;
  /** Renders ended at their deadline since the pool started. */
  timeouts: number;
}

export interface RenderPool {
  /** Renders with the area renderer in `file` (a CommonJS file); `request.fetchJson` runs on this thread. */
  render(file: string, request: AreaRenderRequest): Promise<AreaRenderResult | null>;
  /**
   * The plan of the area's `handleForm` in `file` for a posted form, unchecked (the caller checks
   * it); under the same deadline and heap limit as a render.
   */
  handleForm(file: string, request: AreaFormRequest): Promise<unknown>;
  usage(): RenderPoolUsage;
  close(): Promise<void>;
}

/**
 * The built worker beside the bundle (dist/), or else the TypeScript source compiled by tsx (dev,
 * jest). tsx compiles the worker's own file only: were its hooks global, every renderer bundle
 * (megabytes) would go through its compiler too.
 */
export function defaultWorkerEntry(): WorkerEntry {
  const built = path.join(__dirname, 'render-worker.js');
  if (fs.existsSync(built)) return { script: built, eval: false };
  const source = JSON.stringify(path.join(__dirname, 'render-worker.ts'));
  const tsx = JSON.stringify(require.resolve('tsx/cjs/api'));
  return { script: `require(${tsx}).require(${source}, ${source});`, eval: true };
}

const defaultSize = () => Math.max(1, Math.min(2, os.availableParallelism() - 1));

interface Job {
  id: number;
  file: string;
  request: AreaRenderRequest;
  /** A posted form for the area's handleForm, instead of a render. */
  form?: AreaFormRequest;
  fetches: number;
  /** Its renderer file was loaded for it (and its deadline started again). */
  loaded: boolean;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Its thread has started (its first 'ready'; later ones, which would push the deadline back, are ignored). */
  started: boolean;
  job: Job | null;
  cancelDeadline?: () => void;
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const {
    size = defaultSize(),
    deadlineMs = 3_000,
    deadlineTimer = realDeadlineTimer,
    maxHeapMb = 128,
    maxFetchesPerRender = 16,
    worker: entry = defaultWorkerEntry(),
  } = options;
  const slots: (Slot | null)[] = Array.from({ length: size }, () => null);
  const queue: Job[] = [];
  let nextJob = 0;
  let closed = false;
  let timeouts = 0;

  function spawn(index: number): Slot {
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      // Nothing from the API's own command line (an inspector port, a loader).
      execArgv: [],
      // Renderers see no secrets from the API's environment.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    // An idle worker never keeps the process alive.
    worker.unref();
    const slot: Slot = { worker, started: false, job: null };
    slots[index] = slot;
    worker.on('message', (message: FromWorker) => onMessage(slot, message));
    // An uncaught exception in the renderer, or its heap running out (ERR_WORKER_OUT_OF_MEMORY).
    worker.on('error', (error) => retire(slot, error));
    worker.on('exit', (code) =>
      retire(slot, new Error(`The render worker exited with code ${code}.`)),
    );
    return slot;
  }

  /** Ends a worker and fails its render; the next render gets a fresh worker. */
  function retire(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots[index] = null;
    slot.cancelDeadline?.();
    slot.job?.reject(error);
    slot.job = null;
    void slot.worker.terminate();
    dispatch();
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const index = slots.findIndex((slot) => !slot?.job);
      if (index === -1) return;
      const slot = slots[index] ?? spawn(index);
      const job = queue.shift() as Job;
      slot.job = job;
      startDeadline(slot);
      if (job.form) {
        post(slot, { type: 'form', job: job.id, file: job.file, request: job.form });
        continue;
      }
      const { fetchJson: _proxied, fetchPersonalJson, ...request } = job.request;
      post(slot, {
        type: 'render',
        job: job.id,
        file: job.file,
        request: { ...request, personal: fetchPersonalJson !== undefined },
      });
    }
  }

  function startDeadline(slot: Slot): void {
    slot.cancelDeadline?.();
    slot.cancelDeadline = deadlineTimer.start(() => {
      timeouts += 1;
      retire(
        slot,
        new Error(
          `The renderer ran past its ${deadlineMs} ms deadline; its worker was terminated.`,
        ),
      );
    }, deadlineMs);
  }

  function post(slot: Slot, message: ToWorker): void {
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      retire(slot, error as Error);
    }
  }

  /** Settles the slot's job if the message is about it (a late message from an ended job is dropped). */
  function finish(slot: Slot, jobId: number, settle: (job: Job) => void): void {
    const job = slot.job;
    if (!job || job.id !== jobId) return;
    slot.cancelDeadline?.();
    slot.job = null;
    settle(job);
    dispatch();
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      if (slot.started) return;
      slot.started = true;
      if (slot.job) startDeadline(slot);
    } else if (message.type === 'done') {
      finish(slot, message.job, (job) => {
        try {
          job.resolve(job.form ? message.result : renderResult(message.result));
        } catch (error) {
          job.reject(error as Error);
        }
      });
    } else if (message.type === 'failed') {
      finish(slot, message.job, (job) =>
        job.reject(new Error(`The renderer failed: ${message.message}`)),
      );
    } else if (message.type === 'loaded') {
      const job = slot.job;
      if (!job || job.id !== message.job || job.loaded) return;
      job.loaded = true;
      startDeadline(slot);
    } else if (message.type === 'fetch') {
      const job = slot.job;
      if (!job || job.id !== message.job) return;
      job.fetches += 1;
      if (job.fetches > maxFetchesPerRender) {
        retire(
          slot,
          new Error(
            `The renderer read the API more than ${maxFetchesPerRender} times in one render.`,
          ),
        );
        return;
      }
      const answer = (reply: ToWorker) => {
        if (slot.job === job) post(slot, reply);
      };
      const { fetchJson, fetchPersonalJson } = job.request;
      const read = message.personal
        ? (fetchPersonalJson ??
          (() => Promise.reject(new Error('No personal reads in this render.'))))
        : fetchJson;
      read(String(message.path)).then(
        (value) => answer({ type: 'fetched', id: message.id, ok: true, value }),
        (error: unknown) =>
          answer({
            type: 'fetched',
            id: message.id,
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          }),
      );
    }
  }

  return {
    render(file, request) {
      if (closed) return Promise.reject(new Error('The render pool is closed.'));
      return new Promise((resolve, reject) => {
        queue.push({
          id: ++nextJob,
          file,
          request,
          fetches: 0,
          loaded: false,
          resolve: resolve as (result: unknown) => void,
          reject,
        });
        dispatch();
      });
    },
    handleForm(file, form) {
      if (closed) return Promise.reject(new Error('The render pool is closed.'));
      // A form handler reads nothing: it only maps fields to the API call the site makes.
      const request: AreaRenderRequest = {
        pathname: form.pathname,
        search: '',
        basename: form.basename,
        fetchJson: () => Promise.reject(new Error('A form handler reads nothing.')),
      };
      return new Promise((resolve, reject) => {
        queue.push({
          id: ++nextJob,
          file,
          request,
          form,
          fetches: 0,
          loaded: false,
          resolve,
          reject,
        });
        dispatch();
      });
    },
    usage() {
      const busy = slots.filter((slot) => slot?.job).length;
      return { size, busy, queued: queue.length, timeouts };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The render pool is closed.'));
      const live = slots.filter((slot): slot is Slot => slot !== null);
      for (const slot of live) retire(slot, new Error('The render pool is closed.'));
      await Promise.all(live.map((slot) => slot.worker.terminate()));
    },
  };
}

const TAKEOVERS: readonly FirstViewTakeover[] = ['eager', 'on-interaction'];

/** What came back from the worker, checked: the renderer is another team's code. */
function renderResult(value: unknown): AreaRenderResult | null {
  if (value === null || value === undefined) return null;
  const candidate = value as Partial<AreaRenderResult>;
  if (
    typeof candidate.html !== 'string' ||
    typeof candidate.head !== 'string' ||
    !Array.isArray(candidate.queries)
  )
    throw new Error('The renderer returned something other than { html, head, queries } or null.');
  const result: AreaRenderResult = {
    html: candidate.html,
    head: candidate.head,
    queries: candidate.queries,
  };
  if (candidate.takeover !== undefined) {
    if (!TAKEOVERS.includes(candidate.takeover))
      throw new Error("The renderer returned a takeover other than 'eager' or 'on-interaction'.");
    result.takeover = candidate.takeover;
  }
  if (candidate.openEvents !== undefined) {
    if (!Array.isArray(candidate.openEvents) || !candidate.openEvents.every(isFirstViewEvent))
      throw new Error('The renderer returned openEvents other than [{ event, params }].');
    result.openEvents = candidate.openEvents;
  }
  if (candidate.pages !== undefined) {
    if (!Array.isArray(candidate.pages) || !candidate.pages.every(isPageChunkName))
      throw new Error(
        'The renderer returned pages other than chunk names (lower-case, digits, -).',
      );
    result.pages = candidate.pages;
  }
  if (candidate.slots !== undefined) {
    if (!Array.isArray(candidate.slots) || !candidate.slots.every(isSlot))
      throw new Error('The renderer returned slots other than [{ id, area, areaProps }].');
    result.slots = candidate.slots;
  }
  return result;
}

/** A nested area's place in a host's first view (checked: the site renders that area next). */
function isSlot(value: unknown): value is FirstViewSlot {
  const slot = value as Partial<FirstViewSlot> | null;
  return (
    typeof slot?.id === 'string' &&
    typeof slot.area === 'string' &&
    (AREA_NAMES as readonly string[]).includes(slot.area) &&
    typeof slot.areaProps === 'object' &&
    slot.areaProps !== null
  );
}
