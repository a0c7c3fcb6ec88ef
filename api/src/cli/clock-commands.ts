// `shop clock advance <step>` and `shop clock show`: the shop clock outside production. Through
// the running shop when one answers (every instance hears of the move and its runners wake);
// otherwise the offset is written to the database, where the shop reads it when it starts.
import { API_PATHS } from '@shop/shared/contract/paths';
import { parseDuration } from '../lib/clock';
import { recordAudit } from '../repositories/audit-log-repository';
import { addClockOffset, readClockOffset } from '../repositories/clock-repository';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliCommand, type CliIo } from './cli-command';
import { cliActor, cliConfig, runningShop, withDatabase } from './shop-connection';

interface ClockView {
  now: string;
  offsetMs: number;
  movable: boolean;
}

const DAY_MS = 86_400_000;

function describeOffset(offsetMs: number): string {
  if (offsetMs === 0) return 'not moved';
  const days = offsetMs / DAY_MS;
  return `${Number.isInteger(days) ? days : days.toFixed(2)} days ahead of this machine`;
}

function print(io: CliIo, view: ClockView) {
  io.out(`The shop clock reads ${view.now} (${describeOffset(view.offsetMs)}).`);
}

async function advance(step: string | undefined, io: CliIo): Promise<number> {
  if (!step) throw new UsageError('clock advance needs a step, such as 31d, 12h or 90m.');
  const byMs = parseDuration(step);
  if (byMs === null) throw new UsageError(`"${step}" is not a step such as 31d, 12h or 90m.`);
  if (cliConfig(io).nodeEnv === 'production') {
    io.err('The clock cannot be moved in production.');
    return EXIT_FAILED;
  }
  const shop = await runningShop(io);
  const view = shop
    ? await shop.call<ClockView>('POST', API_PATHS.opsClockAdvance, { by: step })
    : await withDatabase(io, async ({ db }) => {
        const before = await readClockOffset(db);
        const offsetMs = await addClockOffset(db, byMs, new Date());
        await recordAudit(db, {
          actor: cliActor(io),
          action: 'clock.advance',
          target: 'clock',
          before: { offsetMs: before },
          after: { offsetMs, by: step },
        });
        return { now: new Date(Date.now() + offsetMs).toISOString(), offsetMs, movable: true };
      });
  print(io, view);
  if (!shop) io.out('No shop is running: it will read the moved clock when it starts.');
  return EXIT_OK;
}

async function show(io: CliIo): Promise<number> {
  const shop = await runningShop(io);
  const production = cliConfig(io).nodeEnv === 'production';
  const view = shop
    ? await shop.call<ClockView>('GET', API_PATHS.opsClock)
    : await withDatabase(io, async ({ db }) => {
        const offsetMs = production ? 0 : await readClockOffset(db);
        return {
          now: new Date(Date.now() + offsetMs).toISOString(),
          offsetMs,
          movable: !production,
        };
      });
  print(io, view);
  return EXIT_OK;
}

export const clockCommand: CliCommand = {
  name: 'clock',
  usage: 'clock advance <step> | clock show',
  summary: 'Move the shop clock forward (31d, 12h, 90m; never in production), or show it.',
  async run(args, io) {
    const action = args.positionals[0];
    if (action === 'advance') return advance(args.positionals[1], io);
    if (action === 'show') return show(io);
    throw new UsageError(
      action ? `Unknown clock action "${action}".` : 'clock needs an action: advance or show.',
    );
  },
};
