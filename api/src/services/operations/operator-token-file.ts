// The CLI's credential for a running shop: `npm start`'s server writes a fresh random token into
// the data directory (mode 0600, so only the OS user running the shop can read it) and the
// operator API accepts it as an operator. The file goes when the server stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const OPERATOR_TOKEN_FILE = 'operator-token.json';

const tokenFileSchema = z.object({
  /** Where the server that wrote it listens, e.g. http://127.0.0.1:8080. */
  url: z.string().url(),
  token: z.string().min(32),
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.string(),
});
export type OperatorTokenFile = z.infer<typeof tokenFileSchema>;

export function operatorTokenPath(dataDir: string): string {
  return path.join(dataDir, OPERATOR_TOKEN_FILE);
}

/** Writes the file (temp file then rename, so a reader never sees half of it); returns its remover. */
export function writeOperatorTokenFile(
  dataDir: string,
  content: Pick<OperatorTokenFile, 'url' | 'token'>,
): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = operatorTokenPath(dataDir);
  const written: OperatorTokenFile = {
    ...content,
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(written, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
  return () => {
    // Only our own: a newer server may have replaced it.
    if (readOperatorTokenFile(dataDir)?.token === content.token) fs.rmSync(file, { force: true });
  };
}

export function readOperatorTokenFile(dataDir: string): OperatorTokenFile | null {
  try {
    const parsed = tokenFileSchema.safeParse(
      JSON.parse(fs.readFileSync(operatorTokenPath(dataDir), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The URL the CLI should call: loopback for a server listening on every interface. */
export function localUrlOf(address: string | { address: string; port: number } | null): string {
  if (!address || typeof address === 'string')
    throw new Error('The server is not listening on TCP');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.address.includes(':')
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
