import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import { createPasswordHasher } from '../../src/services/account/password-hasher';

const API_ROOT = path.resolve(__dirname, '../..');
// The template changes whenever the schema, the seed or the contract it validates against does.
const TEMPLATE_INPUTS = [
  path.join(API_ROOT, 'src/db'),
  path.join(API_ROOT, 'src/repositories'),
  path.join(API_ROOT, '../shared/src/contract'),
];

function hashTree(dirs: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(full);
        hash.update(fs.readFileSync(full));
      }
    }
  };
  dirs.forEach(walk);
  return hash.digest('hex').slice(0, 16);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Migrates and seeds a database the way a fresh `npm start` would. */
export async function prepareTemplate(db: Parameters<typeof migrateToLatest>[0]): Promise<void> {
  await migrateToLatest(db);
  const hasher = createPasswordHasher();
  await seedDemoData(db, { hashPassword: (password) => hasher.hash(password) });
}

/**
 * The dump as PGlite's loadDataDir reads it. PGlite only calls arrayBuffer(); a plain Blob of the
 * 44 MB dump is read back in chunks and joined for every database, a quarter of each one's start
 * CPU. PGlite copies every file out of these bytes, so one buffer serves all of a file's databases.
 */
class TemplateTar extends Blob {
  constructor(private readonly tarBytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tarBytes);
  }
}

let loadedDump: { file: string; tar: TemplateTar } | undefined;

/**
 * A migrated, seeded PGlite data directory, dumped once per schema version into the temp dir
 * and shared by every test file (loading the dump is ~1 s; initdb + migrate + seed is ~6 s).
 */
export async function pgliteTemplateDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `shop-api-pglite-template-${hashTree(TEMPLATE_INPUTS)}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (loadedDump?.file === file) return loadedDump.tar;
    if (fs.existsSync(file)) {
      const bytes = fs.readFileSync(file);
      const tar = new TemplateTar(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
      loadedDump = { file, tar };
      return tar;
    }
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
    } catch {
      // Another test worker is building it; a lock older than two minutes is abandoned.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 120_000) fs.rmSync(lock, { force: true });
      } catch {
        // gone already
      }
      await sleep(200);
      continue;
    }
    try {
      const client = await PGlite.create();
      const handle = await openDatabase({ kind: 'pglite-client', client, owned: true });
      await prepareTemplate(handle.db);
      const dump = await client.dumpDataDir('none');
      await handle.close();
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(temp, file);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

/** A fresh in-memory PGlite holding a copy of the template. */
export async function freshPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTemplateDump() });
}
