export default async function globalTeardown(): Promise<void> {
  globalThis.shopPostgresCluster?.stop();
}
