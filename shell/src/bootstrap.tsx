import { startTransition } from 'react';

/**
 * Lets the browser paint and handle input between start-up stages: a phone spends tens of
 * milliseconds evaluating each stage's modules, and one long task would block the page that long.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The shell starts in stages, each its own task. The `eager` imports are in this chunk already (one
 * download, in parallel, with this chunk); an eager import only defers *evaluating* the module.
 */
async function startShell(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { createShellRuntime } = await import(/* webpackMode: "eager" */ './app/shell-runtime');
  const runtime = createShellRuntime();
  await nextTask();
  const { ShellApp, prefetchShellQueries } = await import(
    /* webpackMode: "eager" */ './app/shell-app'
  );
  await nextTask();
  prefetchShellQueries(runtime);
  await nextTask();
  const root = createRoot(container);
  // A transition lets React yield while it builds the first page, so the main thread never blocks long.
  startTransition(() => root.render(<ShellApp runtime={runtime} />));
}

void startShell();
