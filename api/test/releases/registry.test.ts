import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  liveLineage,
  previousVersion,
  Registry,
  RegistryCorruptError,
} from '../../src/releases/registry';
import { registryEntry } from '../helpers/registry-entry';

const entry = registryEntry;

describe('Registry', () => {
  let dir: string;
  let registry: Registry;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-registry-'));
    registry = new Registry({ registryDir: dir, environment: 'staging' });
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads an empty document before the first deploy, without creating a file', async () => {
    const doc = await registry.read();
    expect(doc).toMatchObject({ environment: 'staging', remotes: {}, history: [] });
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });

  it('records each change as {remote, from, to, at, by} and skips no-op deploys', async () => {
    await registry.setLive(entry('1.0.0+aaa'), 'alice');
    await registry.setLive(entry('1.0.0+bbb'), 'bob');
    const again = await registry.setLive(entry('1.0.0+bbb'), 'bob');
    expect(again.changed).toBe(false);

    const onDisk = JSON.parse(await fs.readFile(path.join(dir, 'staging.json'), 'utf8'));
    expect(onDisk.remotes.mf_catalog.version).toBe('1.0.0+bbb');
    expect(onDisk.history).toEqual([
      {
        remote: 'mf_catalog',
        from: null,
        to: '1.0.0+aaa',
        at: expect.any(String),
        by: 'alice',
        action: 'deploy',
      },
      {
        remote: 'mf_catalog',
        from: '1.0.0+aaa',
        to: '1.0.0+bbb',
        at: expect.any(String),
        by: 'bob',
        action: 'deploy',
      },
    ]);
    expect(Date.parse(onDisk.history[1].at)).toBeGreaterThanOrEqual(
      Date.parse(onDisk.history[0].at),
    );
    // Lock released, no temp files left behind.
    await expect(fs.readdir(dir)).resolves.toEqual(['staging.json']);
  });

  it('names a corrupt document instead of overwriting it', async () => {
    await fs.writeFile(path.join(dir, 'staging.json'), '{"remotes": ');
    await expect(registry.read()).rejects.toThrow(RegistryCorruptError);
    await expect(registry.setLive(entry('1.0.0+aaa'), 'alice')).rejects.toThrow(/not valid JSON/);
    await expect(fs.readFile(path.join(dir, 'staging.json'), 'utf8')).resolves.toBe('{"remotes": ');
  });

  it('refuses environment names that could escape the registry folder', () => {
    expect(() => new Registry({ registryDir: dir, environment: '../prod' })).toThrow(
      /Invalid environment/,
    );
  });
});

describe('previousVersion', () => {
  const doc = (history: [string | null, string, 'deploy' | 'rollback'][]) => ({
    environment: 'e',
    updatedAt: '',
    remotes: { mf_catalog: entry(history[history.length - 1]![1]) },
    history: history.map(([from, to, action]) => ({
      remote: 'mf_catalog',
      from,
      to,
      action,
      at: '',
      by: 'x',
    })),
  });

  it('walks back one version per rollback instead of toggling', () => {
    const deployed = doc([
      [null, 'v1', 'deploy'],
      ['v1', 'v2', 'deploy'],
      ['v2', 'v3', 'deploy'],
    ]);
    expect(previousVersion(deployed, 'mf_catalog')).toBe('v2');
    const once = doc([
      ...deployed.history.map((h) => [h.from, h.to, h.action] as [string | null, string, 'deploy']),
      ['v3', 'v2', 'rollback'],
    ]);
    expect(previousVersion(once, 'mf_catalog')).toBe('v1');
    expect(liveLineage(once.history, 'mf_catalog')).toEqual(['v1', 'v2']);
  });

  it('counts a redeploy of an old version as a step forward', () => {
    const redeployed = doc([
      [null, 'v1', 'deploy'],
      ['v1', 'v2', 'deploy'],
      ['v2', 'v1', 'deploy'],
    ]);
    expect(previousVersion(redeployed, 'mf_catalog')).toBe('v2');
  });

  it('has nothing to go back to after the first deploy', () => {
    expect(previousVersion(doc([[null, 'v1', 'deploy']]), 'mf_catalog')).toBeNull();
  });
});
