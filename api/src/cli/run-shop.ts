// Dispatches `pnpm shop <command>`: parses the line, runs the command, maps failures to exit codes.
import { ArtifactConflictError } from '../releases/artifact-store';
import { MissingBuildError } from '../releases/built-remote';
import { ReleaseError } from '../releases/releases';
import { LockTimeoutError } from '../releases/registry-lock';
import { RegistryCorruptError } from '../releases/registry';
import { DataDirLockedError } from '../db/data-dir-lock';
import { failureLines, ShopApiError } from './shop-connection';
import {
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  parseArgs,
  UsageError,
  type CliCommand,
  type CliIo,
} from './cli-command';
import { loadShopCommands, SHOP_COMMAND_LOADERS } from './commands';

/** Failures an operator can fix from the message alone; anything else also gets a stack with SHOP_DEBUG=1. */
const EXPECTED_FAILURES = [
  ReleaseError,
  MissingBuildError,
  ArtifactConflictError,
  LockTimeoutError,
  RegistryCorruptError,
  ShopApiError,
  DataDirLockedError,
];

export function helpText(commands: readonly CliCommand[]): string[] {
  const width = Math.max(...commands.map((command) => command.usage.length));
  return [
    'Usage: pnpm shop <command> [--env <environment>]',
    '',
    ...commands.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    '',
    'Remotes may be named mf-catalog, mf_catalog or catalog.',
    'Environment: SHOP_ENV (default local), DEPLOY_DIR (default <repo>/.deploy), SHOP_OPERATOR (default the OS user).',
  ];
}

export async function runShop(
  argv: readonly string[],
  io: CliIo,
  given?: readonly CliCommand[],
): Promise<number> {
  const [name, ...rest] = argv;
  const all = async () => given ?? (await loadShopCommands());
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    helpText(await all()).forEach((line) => io.out(line));
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const command = given
    ? given.find((candidate) => candidate.name === name)
    : Object.hasOwn(SHOP_COMMAND_LOADERS, name)
      ? await SHOP_COMMAND_LOADERS[name]?.()
      : undefined;
  if (!command) {
    io.err(`Unknown command "${name}".`);
    helpText(await all()).forEach((line) => io.err(line));
    return EXIT_USAGE;
  }
  try {
    const args = parseArgs(rest, [...(command.valueFlags ?? []), 'env']);
    if (args.flags.get('help') === true) {
      io.out(`Usage: pnpm shop ${command.usage}`);
      io.out(`  ${command.summary}`);
      return EXIT_OK;
    }
    const env = args.flags.get('env');
    if (env === true) throw new UsageError('--env needs a value.');
    args.flags.delete('env');
    return await command.run(args, env ? { ...io, env: { ...io.env, SHOP_ENV: env } } : io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      io.err(`Usage: pnpm shop ${command.usage}`);
      return EXIT_USAGE;
    }
    const [message, ...details] =
      error instanceof ShopApiError
        ? failureLines(error)
        : [error instanceof Error ? error.message : (JSON.stringify(error) ?? String(error))];
    io.err(`shop ${name} failed: ${message}`);
    details.forEach((line) => io.err(line));
    const expected = EXPECTED_FAILURES.some((kind) => error instanceof kind);
    if (!expected && io.env.SHOP_DEBUG && error instanceof Error && error.stack)
      io.err(error.stack);
    return EXIT_FAILED;
  }
}
