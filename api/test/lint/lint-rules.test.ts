import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

// Proves the workspace's ESLint config (eslint.config.mjs) enforces the API's layers, forbids
// import cycles and keeps once-split functions short: each case is linted as if it were a file at
// that path in the repository.
const REPO_ROOT = path.resolve(__dirname, '../../..');

interface LintCase {
  /** Where the code claims to live, relative to the repository root. */
  filePath: string;
  /** Source to lint in memory; without it the file on disk is linted. */
  code?: string;
}
interface LintResult {
  filePath: string;
  rules: string[];
  messages: string[];
}

// ESLint loads its config with import(), which jest's module sandbox cannot run, so the cases are
// linted in one plain node process.
const LINT_SCRIPT = `
import { ESLint } from 'eslint';
import fs from 'node:fs';
const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const c of cases) {
  const [result] = c.code === undefined
    ? await eslint.lintFiles([c.filePath])
    : await eslint.lintText(c.code, { filePath: c.filePath });
  out.push({
    filePath: c.filePath,
    rules: result.messages.map((m) => m.ruleId ?? 'fatal'),
    messages: result.messages.map((m) => m.message),
  });
}
process.stdout.write(JSON.stringify(out));
`;

function lint(cases: LintCase[]): LintResult[] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: REPO_ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(output) as LintResult[];
}

const LAYER_RULE = 'import-x/no-restricted-paths';
const LENGTH_RULE = 'max-lines-per-function';
const LONG_FUNCTION = `export function long(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(78)}  return total;\n}\n`;
const CYCLE_RULE = 'import-x/no-cycle';
const IMPORT_RULE = 'no-restricted-imports';
// API modules: reached only through their public index.ts; a module's routes call its service.
const moduleCases: Array<{ filePath: string; imports: string; allowed: boolean }> = [
  { filePath: 'api/src/routes/x.ts', imports: '../modules/kits/kit-queries', allowed: false },
  { filePath: 'api/src/routes/x.ts', imports: '../modules/kits', allowed: true },
  { filePath: 'api/src/modules/lab/x.ts', imports: '../kits/kit-queries', allowed: false },
  { filePath: 'api/src/modules/lab/x.ts', imports: '../kits', allowed: true },
  { filePath: 'api/src/modules/kits/x-routes.ts', imports: './kit-queries', allowed: false },
  {
    filePath: 'api/src/modules/kits/x-routes.ts',
    imports: '../../repositories/users-repository',
    allowed: false,
  },
  { filePath: 'api/src/modules/kits/x-routes.ts', imports: './kit-service', allowed: true },
];
const LENGTH_CHECKED = [
  'api/src/services/checkout/orders.ts',
  'api/src/services/checkout/pricing.ts',
  'mf-ops/src/features/x/x.tsx',
  'shell/src/x.ts',
  'shared/src/format/x.ts',
  'payments-sandbox/src/x.ts',
];

describe('import and function-length rules in eslint.config.mjs', () => {
  let fixtureDir: string;
  let results: Map<string, LintResult>;

  const layerCases: Array<{ filePath: string; imports: string; allowed: boolean }> = [
    // A lower layer never imports a higher one.
    { filePath: 'api/src/repositories/x.ts', imports: '../services/mail/mailer', allowed: false },
    { filePath: 'api/src/lib/x.ts', imports: '../repositories/users-repository', allowed: false },
    { filePath: 'api/src/services/x.ts', imports: '../routes/index', allowed: false },
    { filePath: 'api/src/db/x.ts', imports: './seed/demo-seed', allowed: false },
    { filePath: 'api/src/routes/account/x.ts', imports: '../../app', allowed: false },
    // A higher layer imports the ones below it; the nested db/seed layer keeps its own list.
    { filePath: 'api/src/repositories/x.ts', imports: '../db/schema', allowed: true },
    {
      filePath: 'api/src/services/x.ts',
      imports: '../repositories/users-repository',
      allowed: true,
    },
    {
      filePath: 'api/src/db/seed/x.ts',
      imports: '../../repositories/users-repository',
      allowed: true,
    },
    {
      filePath: 'api/src/routes/account/x.ts',
      imports: '../../services/mail/mailer',
      allowed: true,
    },
  ];

  beforeAll(async () => {
    // Two files that import each other, on disk so the cycle rule can follow the imports.
    fixtureDir = await fs.mkdtemp(path.join(__dirname, 'cycle-fixture-'));
    await fs.writeFile(
      path.join(fixtureDir, 'a.ts'),
      "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    );
    await fs.writeFile(
      path.join(fixtureDir, 'b.ts'),
      "import { a } from './a';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
    );
    await fs.writeFile(
      path.join(fixtureDir, 'c.ts'),
      "import { a } from './a';\nexport const c = a;\n",
    );
    const relativeFixture = path.relative(REPO_ROOT, fixtureDir);
    const cases: LintCase[] = [
      ...layerCases.map(({ filePath, imports }) => ({
        filePath,
        code: `import * as imported from '${imports}';\nexport const used = imported;\n`,
      })),
      { filePath: `${relativeFixture}/a.ts` },
      { filePath: `${relativeFixture}/c.ts` },
      // An 81-line function in any package's source, and the same one in a test file.
      ...LENGTH_CHECKED.map((filePath) => ({ filePath, code: LONG_FUNCTION })),
      { filePath: 'api/test/x.test.ts', code: LONG_FUNCTION },
      ...moduleCases.map(({ filePath, imports }) => ({
        filePath,
        code: `import * as imported from '${imports}';\nexport const used = imported;\n`,
      })),
    ];
    results = new Map(lint(cases).map((result, index) => [String(index), result]));
  }, 180_000);

  afterAll(async () => {
    await fs.rm(fixtureDir, { recursive: true, force: true });
  });

  it.each(layerCases.map((layerCase, index) => ({ ...layerCase, index })))(
    '$filePath importing $imports: allowed $allowed',
    ({ index, allowed, filePath }) => {
      const result = results.get(String(index));
      expect(result?.filePath).toBe(filePath);
      expect(result?.rules.includes(LAYER_RULE)).toBe(!allowed);
      // Nothing else goes wrong with the case itself (it parses, its import resolves).
      expect(result?.rules.filter((rule) => rule !== LAYER_RULE)).toEqual([]);
    },
  );

  it('reports a file that reaches itself through its imports, and not one that only uses it', () => {
    const cyclic = results.get(String(layerCases.length));
    const user = results.get(String(layerCases.length + 1));
    expect(cyclic?.rules).toEqual([CYCLE_RULE]);
    expect(user?.rules).toEqual([]);
  });

  it.each(LENGTH_CHECKED.map((filePath, index) => ({ filePath, index })))(
    'flags an 81-line function in $filePath',
    ({ filePath, index }) => {
      const result = results.get(String(layerCases.length + 2 + index));
      expect(result?.filePath).toBe(filePath);
      expect(result?.rules).toEqual([LENGTH_RULE]);
    },
  );

  it('leaves the length of functions in test files alone', () => {
    const testFile = results.get(String(layerCases.length + 2 + LENGTH_CHECKED.length));
    expect(testFile?.filePath).toBe('api/test/x.test.ts');
    expect(testFile?.rules).toEqual([]);
  });

  it.each(moduleCases.map((moduleCase, index) => ({ ...moduleCase, index })))(
    '$filePath importing $imports: allowed $allowed (modules)',
    ({ index, allowed, filePath }) => {
      const result = results.get(String(layerCases.length + 3 + LENGTH_CHECKED.length + index));
      expect(result?.filePath).toBe(filePath);
      expect(result?.rules.includes(IMPORT_RULE)).toBe(!allowed);
    },
  );
});
