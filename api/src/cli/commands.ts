// Every `pnpm shop` command. To add one (the partner issue adds `partner upsert <file.json>` and
// `partner list`), write a CliCommand in its own file — sub-commands dispatch on positionals[0] —
// and list it here; the dispatcher, help text and exit codes come for free.
import type { CliCommand } from './cli-command';
import {
  buildCommand,
  deployAllCommand,
  deployCommand,
  rollbackCommand,
  statusCommand,
} from './release-commands';
import { operatorCommand } from './operator-commands';
import { partnerCommand } from './partner-commands';
import { stripeCommand } from './stripe-commands';
import { clockCommand } from './clock-commands';
import { catalogCommand } from './catalog-commands';
import { releaseCommand } from './canary-commands';
import { labCommand } from './lab-commands';

export const SHOP_COMMANDS: readonly CliCommand[] = [
  deployCommand,
  deployAllCommand,
  rollbackCommand,
  statusCommand,
  buildCommand,
  partnerCommand,
  operatorCommand,
  stripeCommand,
  clockCommand,
  catalogCommand,
  releaseCommand,
  labCommand,
];
