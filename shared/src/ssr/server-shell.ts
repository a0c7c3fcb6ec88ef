// What the shell's services look like during a server render: the visitor is not known yet (as in
// the browser's first render, before the user query settles) and nothing can navigate.
import { createPath, type Path } from 'react-router';
import type { ShellNavigator, UserContext } from '../shell-contract/shell-props';

export const FIRST_VIEW_USER_CONTEXT: UserContext = {
  user: null,
  loading: true,
  refresh: async () => undefined,
  logout: async () => undefined,
  sessionId: '',
  isEmailVisitor: false,
};

const refuse = () => {
  throw new Error('Not available while rendering on the server');
};

/** Builds links like the browser's history does; anything that would navigate throws. */
export const SERVER_NAVIGATOR: ShellNavigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to as Partial<Path>)),
  go: refuse,
  push: refuse,
  replace: refuse,
};
