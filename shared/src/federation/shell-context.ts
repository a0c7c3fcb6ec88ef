// The shell contract inside a remote, on its own so that code the shell also runs (the cart hooks)
// does not pull the parcel factory (single-spa-react, react-dom/client) into the shell's bundle.
import { createContext, useContext } from 'react';
import type { ShellProps } from '../shell-contract/shell-props';

export const ShellContext = createContext<ShellProps | null>(null);

/** The shell contract inside a remote. Only components under an area root may call it. */
export function useShell(): ShellProps {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside an area root');
  return shell;
}
