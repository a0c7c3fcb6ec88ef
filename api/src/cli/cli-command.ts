// The shape every `pnpm shop` command has, so new commands (e.g. `partner`) plug in without
// touching the dispatcher.

export const EXIT_OK = 0;
/** The action failed; the message says why and what to do. */
export const EXIT_FAILED = 1;
/** The command line was wrong; usage is printed. */
export const EXIT_USAGE = 2;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Where the operator ran the command; relative paths they type resolve against it. */
  cwd: string;
  /** Where to look upwards for the workspace root (the folder with pnpm-workspace.yaml). */
  repoStart: string;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

export interface CliCommand {
  name: string;
  /** One line, e.g. 'deploy <remote> [--version <v>]'. */
  usage: string;
  summary: string;
  /** Flags that take a value; anything else starting with -- is a switch. */
  valueFlags?: readonly string[];
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], valueFlags: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') && arg !== '-h') {
      positionals.push(arg);
      continue;
    }
    if (arg === '-h') {
      flags.set('help', true);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    if (eq > 0) flags.set(name, arg.slice(eq + 1));
    else if (valueFlags.includes(name)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new UsageError(`--${name} needs a value.`);
      flags.set(name, value);
      i++;
    } else flags.set(name, true);
  }
  return { positionals, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value.`);
  return value;
}
