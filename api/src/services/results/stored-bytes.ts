import type { UploadStore } from './upload-store';

/** An upload's stored bytes in memory (files are at most 10 MB), or null when there are none. */
export async function readStoredBytes(store: UploadStore, id: string): Promise<Uint8Array | null> {
  const stored = await store.get(id);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
