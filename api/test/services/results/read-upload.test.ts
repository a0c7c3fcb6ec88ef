// The results.read job: a file that keeps failing ends as unreadable with a message once its
// last attempt fails, instead of a progress bar that never ends; earlier attempts leave it reading.
// This file also runs on PostgreSQL (jest.postgres.config.cjs).
import { randomUUID } from 'node:crypto';
import type {
  JobContext,
  JobHandler,
  JobKind,
  JobQueue,
} from '../../../src/services/jobs/job-queue';
import { handleResultReads, READ_FAILED_PROBLEM } from '../../../src/services/results/read-upload';
import type { UploadStore } from '../../../src/services/results/upload-store';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { signedUpSubscriber } from '../../helpers/subscriptions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The handler the job registers, called as the queue would on a given attempt. */
function registeredHandler(store: UploadStore): JobHandler<{ uploadId: string }> {
  let handler: JobHandler<{ uploadId: string }> | null = null;
  const jobs = {
    handle: <P>(_kind: JobKind<P>, registered: JobHandler<P>) => {
      handler = registered as unknown as JobHandler<{ uploadId: string }>;
    },
  } as unknown as JobQueue;
  handleResultReads(jobs, { db: t.app.db, uploadStore: store });
  if (!handler) throw new Error('no handler registered');
  return handler;
}

const attempt = (number: number): JobContext => ({
  id: 1,
  attempt: number,
  maxAttempts: 3,
  now: () => new Date(),
  extendLease: async () => undefined,
});

it('marks the upload unreadable when the last attempt fails, and only then', async () => {
  const owner = await signedUpSubscriber(t, 'read-job');
  const id = randomUUID();
  await t.app.db
    .insertInto('result_uploads')
    .values({
      id,
      user_id: owner.userId,
      file_name: 'report.pdf',
      size_bytes: 10,
      detected_type: 'pdf',
      sha256: '0'.repeat(64),
      status: 'reading',
      progress: 0,
    })
    .execute();
  const broken: UploadStore = {
    location: 'nowhere',
    put: async () => undefined,
    putStream: async () => undefined,
    get: async () => {
      throw new Error('the store is down');
    },
    delete: async () => undefined,
  };
  const handler = registeredHandler(broken);
  const status = async () =>
    t.app.db
      .selectFrom('result_uploads')
      .select(['status', 'problem', 'progress'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  await expect(handler({ uploadId: id }, attempt(1))).rejects.toThrow('the store is down');
  expect(await status()).toEqual({ status: 'reading', problem: null, progress: 0 });
  await expect(handler({ uploadId: id }, attempt(3))).rejects.toThrow('the store is down');
  expect(await status()).toEqual({
    status: 'unreadable',
    problem: READ_FAILED_PROBLEM,
    progress: null,
  });
});
