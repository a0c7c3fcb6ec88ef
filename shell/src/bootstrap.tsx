import { startTransition } from 'react';
import { nextTask } from './app/next-task';
import { closeFirstViewActions } from './federation/first-view-actions';
import type { ShellBasics } from './app/shell-basics';

/**
 * The shell starts in steps, each its own task. The `eager` imports are in this chunk already (one
 * download, in parallel, with this chunk); an eager import only defers *evaluating* the module.
 */
/**
 * The libraries the shell's own code needs, each evaluated in its own task first, so that no one
 * step below evaluates several of them at once.
 */
const LIBRARY_STEPS = [
  () => import(/* webpackMode: "eager" */ '@tanstack/react-query'),
  () => import(/* webpackMode: "eager" */ 'axios'),
  () => import(/* webpackMode: "eager" */ 'react-router'),
  () => import(/* webpackMode: "eager" */ 'single-spa'),
];

/** `pageViewLogged`: the page whose view the basics logged already (see shell-basics.ts). */
export async function startShell(
  basics: ShellBasics,
  pageViewLogged: string | null,
): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  for (const step of LIBRARY_STEPS) {
    await nextTask();
    await step();
  }
  // The runtime reads the first view's state: the taps the first script did must have answered.
  await closeFirstViewActions();
  await nextTask();
  const { createShellRuntime } = await import(/* webpackMode: "eager" */ './app/shell-runtime');
  await nextTask();
  const runtime = createShellRuntime(basics);
  await nextTask();
  // A storefront's first view shows the partner's chrome: the first render must draw it too, not
  // its placeholders (that would flash the frame).
  if (runtime.firstView.routeFor(runtime.store.getLocation().pathname)?.b2bKey) {
    const { preloadStorefrontChrome } = await import(
      /* webpackMode: "eager" */ './features/storefront/storefront-chrome-lazy'
    );
    await preloadStorefrontChrome();
    await nextTask();
  }
  await import(/* webpackMode: "eager" */ './federation/area-outlet');
  await nextTask();
  const { ShellApp } = await import(/* webpackMode: "eager" */ './app/shell-app');
  const { prefetchShellQueries } = await import(/* webpackMode: "eager" */ './app/shell-queries');
  await nextTask();
  prefetchShellQueries(runtime);
  await nextTask();
  const root = createRoot(container);
  // A transition lets React yield while it builds the first page, so the main thread never blocks long.
  startTransition(() =>
    root.render(<ShellApp runtime={runtime} pageViewLogged={pageViewLogged} />),
  );
}
