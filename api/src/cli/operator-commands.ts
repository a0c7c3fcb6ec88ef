// `shop operator add <email> [--name <name>]` and `shop operator list`: operator accounts. Adding
// one mails a set-password link through the outbox, from the running shop or from the database.
import { API_PATHS } from '@shop/shared/contract/paths';
import { operatorAddBodySchema } from '@shop/shared/contract/ops';
import { listOperators } from '../repositories/operators-repository';
import { createMailQueue } from '../services/mail/mail-queue';
import { createOutboxMailer, createSmtpMailer } from '../services/mail/mailer';
import { inviteOperator } from '../services/operations/operator-invite';
import { EXIT_OK, stringFlag, UsageError, type CliCommand, type CliIo } from './cli-command';
import { cliActor, cliConfig, runningShop, withDatabase } from './shop-connection';

async function add(
  email: string | undefined,
  name: string | undefined,
  io: CliIo,
): Promise<number> {
  const body = operatorAddBodySchema.safeParse({ email: email ?? '', name });
  if (!body.success)
    throw new UsageError(
      `operator add needs an e-mail address: ${body.error.issues[0]?.message ?? 'not valid'}.`,
    );
  const shop = await runningShop(io);
  const added = shop
    ? await shop.call<{ email: string; created: boolean }>(
        'POST',
        API_PATHS.opsOperators,
        body.data,
      )
    : await withDatabase(io, async ({ db }) => {
        const config = cliConfig(io);
        const mailer = config.smtpUrl
          ? createSmtpMailer(config.smtpUrl, config.mailFrom)
          : createOutboxMailer(db, config.mailFrom);
        try {
          // Queued only: with SMTP_URL the shop's sender delivers it once it runs.
          const queue = createMailQueue(db, mailer, { from: config.mailFrom });
          return await inviteOperator(db, queue, {
            ...body.data,
            publicOrigin: config.publicOrigin,
            actor: cliActor(io),
          });
        } finally {
          await mailer.close();
        }
      });
  io.out(
    `${added.email} is an operator${added.created ? ' (new account)' : ''}; a set-password link was mailed to it.`,
  );
  return EXIT_OK;
}

async function list(io: CliIo): Promise<number> {
  const shop = await runningShop(io);
  const operators = shop
    ? (
        await shop.call<{ operators: { email: string; name: string }[] }>(
          'GET',
          API_PATHS.opsOperators,
        )
      ).operators
    : await withDatabase(io, ({ db }) => listOperators(db));
  if (operators.length === 0)
    io.out('No operators yet: add one with pnpm shop operator add <email>.');
  for (const operator of operators) io.out(`${operator.email}  ${operator.name}`);
  return EXIT_OK;
}

export const operatorCommand: CliCommand = {
  name: 'operator',
  usage: 'operator add <email> [--name <name>] | operator list',
  summary: 'Give an e-mail the operator role and mail it a set-password link, or list operators.',
  valueFlags: ['name'],
  async run(args, io) {
    const action = args.positionals[0];
    if (action === 'add') return add(args.positionals[1], stringFlag(args, 'name'), io);
    if (action === 'list') return list(io);
    throw new UsageError(
      action ? `Unknown operator action "${action}".` : 'operator needs an action: add or list.',
    );
  },
};
