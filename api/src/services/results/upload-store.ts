// Where uploaded lab reports are kept. The default is a directory outside the web root
// (directory-upload-store.ts); an object store (S3 and the like) implements the same interface
// with the key as the object name. Keys are made by the server (the upload's uuid), never taken
// from a file name.
import type { Readable } from 'node:stream';

export interface StoredUpload {
  size: number;
  open(): Readable;
}

export interface UploadStore {
  /** Where this store keeps its data, for messages and docs. */
  readonly location: string;
  /** Stores the bytes under `key`, all or nothing; a key is written once. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores a stream under `key` as it arrives, never holding it whole; all or nothing too. */
  putStream(key: string, source: Readable): Promise<void>;
  /** The stored bytes, or null when there are none. */
  get(key: string): Promise<StoredUpload | null>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const UPLOAD_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only server-made uuids are keys: nothing a client sends can name a path or an object. */
export function assertUploadKey(key: string): void {
  if (!UPLOAD_KEY.test(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
}
