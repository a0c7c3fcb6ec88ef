// One prefix of an S3 bucket (or any S3-protocol server) as the stores use it: objects written
// whole or streamed in parts, read as lazy streams, missing keys as null.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-protocol server (MinIO, R2, a test server); null for AWS itself. */
  endpoint: string | null;
  /** Null: the SDK's default chain (environment, instance or task role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key) instead of the host name, as MinIO expects. */
  forcePathStyle: boolean;
}

export interface S3ObjectInfo {
  size: number;
  etag: string;
  modifiedAt: Date;
  contentType: string | null;
  cacheControl: string | null;
}

export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
}

/** Parts of a streamed write: S3's smallest, so a stream holds at most two of them in memory. */
const PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound')
  );
}

export class S3Bucket {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** Every key this bucket view reads or writes starts with it ('' or ending in '/'). */
    readonly prefix: string,
  ) {}

  get location(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  /** Writes `body` as `name`; a stream goes up in parts and is never held whole. */
  async put(name: string, body: Uint8Array | string | Readable, options: PutOptions = {}) {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      },
      partSize: PART_BYTES,
      queueSize: 1,
      // Parts are cleaned up below, so the error that stopped the upload is the one reported.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      // An incomplete multipart upload is never visible as an object; aborting frees its parts
      // (where a server cannot, the bucket's lifecycle rule for incomplete uploads does).
      if (upload.uploadId)
        await this.client
          .send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: this.prefix + name,
              UploadId: upload.uploadId,
            }),
          )
          .catch(() => undefined);
      throw error;
    }
  }

  async head(name: string): Promise<S3ObjectInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      );
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '""',
        modifiedAt: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? null,
        cacheControl: head.CacheControl ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * The object's bytes as a stream, fetched when opened and passed on as the reader takes them
   * (a reader that stops stops the download); a failed request ends the stream with the error.
   */
  open(name: string): Readable {
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }))
      .then((response) => pipeline(response.Body as Readable, out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  /** A small object's text, or null when there is none. */
  async text(name: string): Promise<string | null> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      );
      return (await response.Body?.transformToString('utf8')) ?? '';
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Removing a missing object is not an error (S3 itself answers 204 either way). */
  async delete(name: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** The next path segment of every key under `folder` ('a/' lists 'a/x/…' as 'x'). */
  async listFolders(folder: string): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + folder,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const name = common.Prefix?.slice((this.prefix + folder).length).replace(/\/$/, '');
        if (name) names.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }
}
