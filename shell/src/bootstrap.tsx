import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ShellApp } from './app/shell-app';
import { createShellRuntime } from './app/shell-runtime';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// A transition lets React yield while it builds the first page, so the main thread never blocks long.
startTransition(() => root.render(<ShellApp runtime={createShellRuntime()} />));
