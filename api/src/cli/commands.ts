// Every `pnpm shop` command. To add one (the partner issue adds `partner upsert <file.json>` and
// `partner list`), write a CliCommand in its own file — sub-commands dispatch on positionals[0] —
// and list it here; the dispatcher, help text and exit codes come for free.
// Each is loaded when it runs: a deploy or rollback must not wait for the mail templates, the
// payment and S3 clients or the lab's libraries that other commands need (seconds on a busy machine).
import type { CliCommand } from './cli-command';

export const SHOP_COMMAND_LOADERS: Readonly<Record<string, () => Promise<CliCommand>>> = {
  deploy: async () => (await import('./release-commands')).deployCommand,
  'deploy-all': async () => (await import('./release-commands')).deployAllCommand,
  rollback: async () => (await import('./release-commands')).rollbackCommand,
  status: async () => (await import('./release-commands')).statusCommand,
  build: async () => (await import('./release-commands')).buildCommand,
  partner: async () => (await import('./partner-commands')).partnerCommand,
  operator: async () => (await import('./operator-commands')).operatorCommand,
  stripe: async () => (await import('./stripe-commands')).stripeCommand,
  clock: async () => (await import('./clock-commands')).clockCommand,
  catalog: async () => (await import('./catalog-commands')).catalogCommand,
  release: async () => (await import('./canary-commands')).releaseCommand,
  lab: async () => (await import('./lab-commands')).labCommand,
};

/** Every command, for the help text. */
export function loadShopCommands(): Promise<CliCommand[]> {
  return Promise.all(Object.values(SHOP_COMMAND_LOADERS).map((load) => load()));
}
