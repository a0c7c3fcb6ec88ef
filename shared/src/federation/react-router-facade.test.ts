// Every name a package imports from react-router must be in the shared facade, or it would be
// undefined at run time in the federated build (the facade is what every area gets).
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
const SOURCE_ROOTS = ['shell/src', 'shared/src', 'mf-account/src', 'mf-catalog/src', 'mf-checkout/src', 'mf-upgrades/src', 'mf-storefront/src'];

function facadeExports(): Set<string> {
  const source = fs.readFileSync(path.join(__dirname, 'react-router-facade.mjs'), 'utf8');
  const list = /export \{([^}]+)\} from/.exec(source)?.[1] ?? '';
  return new Set(list.split(',').map((name) => name.trim()).filter(Boolean));
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Value (not type-only) names imported from react-router or react-router-dom, with where. */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+['"]react-router(?:-dom)?['"]/g)) {
    if (match[1]) continue;
    for (const specifier of match[2]!.split(',')) {
      const name = specifier.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('the shared react-router facade', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(routerImports("import { Link, type Navigator, useNavigate as go } from 'react-router';\nimport type { Location } from 'react-router';")).toEqual(['Link', 'useNavigate']);
  });

  it('exports every react-router name the shell, shared code and the remotes import', () => {
    const exported = facadeExports();
    expect(exported.has('Router')).toBe(true);
    const missing: string[] = [];
    let checked = 0;
    for (const root of SOURCE_ROOTS) {
      for (const file of sourceFiles(path.join(REPO, root))) {
        if (file.endsWith('react-router-facade.mjs')) continue;
        for (const name of routerImports(fs.readFileSync(file, 'utf8'))) {
          checked += 1;
          if (!exported.has(name)) missing.push(`${name} (${path.relative(REPO, file)})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
