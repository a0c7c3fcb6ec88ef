// `shop lab send <KIT-ID> --panel lipid|metabolic|thyroid [--critical] [--reject]`: the lab
// simulator. It writes a real ORU^R01 and sends it over MLLP to the running shop, as a reference
// lab would, and prints the ACK; `npm start` listens for it on LAB_MLLP_PORT (2575 by default).
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { buildOruMessage, DEFAULT_LAB_MLLP_PORT, LAB_PANELS, type LabPanel } from '../modules/lab';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliCommand } from './cli-command';

const REJECT_REASON = 'Sample haemolysed';
// The shop answers within a second; a stuck shop is reported rather than waited on forever.
const ACK_WAIT_MS = 30_000;

export const labCommand: CliCommand = {
  name: 'lab',
  usage:
    'lab send <KIT-ID> --panel lipid|metabolic|thyroid [--critical] [--reject] [--received] [--host h] [--port p]',
  summary: 'Send an ORU^R01 result for a kit to the running shop over MLLP (the lab simulator)',
  valueFlags: ['panel', 'host', 'port'],
  async run(args, io) {
    const [sub, kitCode] = args.positionals;
    if (sub !== 'send' || !kitCode) throw new UsageError('Usage: shop lab send <KIT-ID> --panel …');
    const panel = (args.flags.get('panel') ?? 'lipid') as LabPanel;
    if (!LAB_PANELS.includes(panel))
      throw new UsageError(`--panel must be one of ${LAB_PANELS.join(', ')}`);
    const port = Number(args.flags.get('port') ?? io.env.LAB_MLLP_PORT ?? DEFAULT_LAB_MLLP_PORT);
    if (!Number.isInteger(port) || port <= 0 || port > 65_535)
      throw new UsageError('--port must be a TCP port');
    const hostFlag = args.flags.get('host');
    const host = typeof hostFlag === 'string' ? hostFlag : '127.0.0.1';
    const text = buildOruMessage({
      kitCode,
      panel,
      critical: args.flags.has('critical'),
      ...(args.flags.has('reject') ? { reject: REJECT_REASON } : {}),
      received: args.flags.has('received'),
    });
    const client = new Hl7Client({ host, port });
    let timer: NodeJS.Timeout | undefined;
    try {
      // Our own timer, cleared on the answer: the client's timeoutMs outlives the ACK it waited for.
      const ack = await Promise.race([
        client.sendAndWait(Hl7Message.parse(text), { returnAck: 'first' }),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no ACK came back')), ACK_WAIT_MS);
        }),
      ]);
      const msa = ack.getSegment('MSA');
      const code = msa?.getComponent(1, 1) ?? '';
      const reason = msa?.getComponent(3, 1) ?? '';
      io.out(`${code} ${msa?.getComponent(2, 1) ?? ''}${reason ? ` ${reason}` : ''}`);
      io.out(ack.toString().replace(/\r/g, '\n'));
      return code === 'AA' ? EXIT_OK : EXIT_FAILED;
    } catch (error) {
      io.err(
        `Could not reach the shop's lab listener at ${host}:${port}: ${(error as Error).message}. Is the shop running (npm start), with LAB_MLLP_PORT set if it is not ${DEFAULT_LAB_MLLP_PORT}?`,
      );
      return EXIT_FAILED;
    } finally {
      clearTimeout(timer);
      await client.close();
    }
  },
};
