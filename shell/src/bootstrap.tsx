import { createRoot } from 'react-dom/client';
import { ShellApp } from './app/shell-app';
import { createShellRuntime } from './app/shell-runtime';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<ShellApp runtime={createShellRuntime()} />);
