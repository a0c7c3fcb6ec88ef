// Every name a package imports from a library shared through a facade (react-router,
// @tanstack/react-query) must be in that facade, or it would be undefined at run time in the
// federated build (the facade is what every area gets).
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
const SOURCE_ROOTS = [
  'shell/src',
  'shared/src',
  'mf-account/src',
  'mf-catalog/src',
  'mf-checkout/src',
  'mf-upgrades/src',
  'mf-storefront/src',
  'mf-ops/src',
];

const FACADES = [
  {
    file: 'react-router-facade.mjs',
    packages: /react-router(?:-dom)?/,
    sample: 'Router',
    minImports: 10,
  },
  {
    file: 'react-query-facade.mjs',
    packages: /@tanstack\/react-query/,
    sample: 'useQuery',
    minImports: 10,
  },
];

function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
  const list = /export \{([^}]+)\} from/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Value (not type-only) names imported from the packages, with where. */
function valueImports(source: string, packages: RegExp): string[] {
  const names: string[] = [];
  const statement = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]+)\\}\\s+from\\s+['"](?:${packages.source})['"]`,
    'g',
  );
  for (const match of source.matchAll(statement)) {
    if (match[1]) continue;
    for (const specifier of match[2]!.split(',')) {
      const name = specifier
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('the shared facades', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(
      valueImports(
        "import { Link, type Navigator, useNavigate as go } from 'react-router';\nimport type { Location } from 'react-router';",
        FACADES[0]!.packages,
      ),
    ).toEqual(['Link', 'useNavigate']);
    expect(
      valueImports(
        "import { useQuery, type QueryKey } from '@tanstack/react-query';",
        FACADES[1]!.packages,
      ),
    ).toEqual(['useQuery']);
  });

  it.each(FACADES)(
    '$file exports every name the shell, shared code and the remotes import',
    ({ file, packages, sample, minImports }) => {
      const exported = facadeExports(file);
      expect(exported.has(sample)).toBe(true);
      const missing: string[] = [];
      let checked = 0;
      for (const root of SOURCE_ROOTS) {
        for (const source of sourceFiles(path.join(REPO, root))) {
          if (source.endsWith('-facade.mjs')) continue;
          for (const name of valueImports(fs.readFileSync(source, 'utf8'), packages)) {
            checked += 1;
            if (!exported.has(name)) missing.push(`${name} (${path.relative(REPO, source)})`);
          }
        }
      }
      expect(checked).toBeGreaterThan(minImports);
      expect(missing).toEqual([]);
    },
  );
});
