// buildShared is the one list of shared modules; it is ESM (webpack configs load it), so it runs in a node child.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

type SharedConfig = Record<string, { singleton?: boolean; requiredVersion?: string | false }>;

function buildShared(checkVersions: boolean | undefined): SharedConfig {
  const module = path.join(__dirname, 'shared-deps.mjs');
  const pkg = {
    name: 'pkg',
    dependencies: {
      react: '19.3.1',
      'react-dom': '19.3.1',
      'react-router': '7.18.5',
      '@tanstack/react-query': '5.108.0',
      dayjs: '^1.11.19',
      axios: '^1.13.0',
    },
  };
  const consumer = checkVersions === undefined ? '' : `, { checkVersions: ${checkVersions} }`;
  const script = `import { buildShared } from ${JSON.stringify(module)}; console.log(JSON.stringify(buildShared(${JSON.stringify(pkg)}, {}${consumer})));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as SharedConfig;
}

describe('buildShared', () => {
  it('asks a remote to check the versions it is given against the ones it was built with', () => {
    const shared = buildShared(undefined);
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: '19.3.1' });
    expect(shared['react-dom/']).toMatchObject({ singleton: true, requiredVersion: '19.3.1' });
    expect(shared.axios).toMatchObject({ singleton: false, requiredVersion: '^1.13.0' });
  });

  it('spares the shell the check: it provides the modules itself and loads first', () => {
    const shared = buildShared(false);
    expect(Object.keys(shared)).toEqual(Object.keys(buildShared(true)));
    for (const [key, config] of Object.entries(shared)) {
      expect([key, config.requiredVersion]).toEqual([key, false]);
    }
    expect(shared.react?.singleton).toBe(true);
  });
});
