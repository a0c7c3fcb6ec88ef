import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The sandbox is its own product: the API reaches it only through the PaymentProvider interface
// (wired in one composition file), and the sandbox never imports the API. The ESLint rule is
// proved on in-memory files; the scan proves today's code keeps it.
const REPO_ROOT = path.resolve(__dirname, '../..');
const RULE = '@typescript-eslint/no-restricted-imports';
const COMPOSITION_ROOT = 'api/src/plugins/app/payment-sandbox.ts';

interface LintCase {
  filePath: string;
  code?: string;
}

// ESLint loads its config with import(), which jest's module sandbox cannot run.
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
  out.push(result.messages.map((m) => m.ruleId ?? 'fatal'));
}
process.stdout.write(JSON.stringify(out));
`;

function lintRules(cases: LintCase[]): string[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: REPO_ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const importsOf = (file: string) =>
  [...fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
    (match) => match[1]!,
  );

describe('the payment sandbox package boundary', () => {
  const cases = [
    { filePath: 'api/src/routes/x.ts', from: '@shop/payments-sandbox', refused: true },
    {
      filePath: 'api/src/services/payments/x.ts',
      from: '../../../../payments-sandbox/src/charges',
      refused: true,
    },
    { filePath: 'payments-sandbox/src/x.ts', from: '../../api/src/lib/app-error', refused: true },
    {
      filePath: 'payments-sandbox/src/http/x.ts',
      from: '../../../api/src/db/schema',
      refused: true,
    },
    {
      filePath: 'payments-sandbox/src/x.ts',
      from: '@shop/shared/payments/provider-contract',
      refused: false,
    },
    {
      filePath: 'api/src/services/payments/x.ts',
      from: '@shop/shared/payments/provider-contract',
      refused: false,
    },
  ];

  it('ESLint refuses an import across the boundary and allows the shared contract', () => {
    const results = lintRules([
      ...cases.map(({ filePath, from }) => ({ filePath, code: importing(from) })),
      // The composition root is the one file of api/src that names the sandbox.
      { filePath: COMPOSITION_ROOT },
    ]);
    cases.forEach(({ filePath, from, refused }, index) => {
      expect({ filePath, from, refused: results[index]!.includes(RULE) }).toEqual({
        filePath,
        from,
        refused,
      });
    });
    expect(results[cases.length]).toEqual([]);
  });

  it('no api/src file but the composition root imports the sandbox, and the sandbox imports no API file', () => {
    const apiFiles = sourceFiles('api/src');
    const sandboxFiles = sourceFiles('payments-sandbox/src');
    expect(apiFiles.length).toBeGreaterThan(100);
    expect(sandboxFiles.length).toBeGreaterThan(20);
    const apiToSandbox = apiFiles
      .filter((file) => file !== COMPOSITION_ROOT)
      .filter((file) => importsOf(file).some((from) => from.includes('payments-sandbox')));
    const sandboxToApi = sandboxFiles.filter((file) =>
      importsOf(file).some((from) => /(^|\/)api(\/|$)/.test(from)),
    );
    expect({ apiToSandbox, sandboxToApi }).toEqual({ apiToSandbox: [], sandboxToApi: [] });
    expect(importsOf(COMPOSITION_ROOT)).toContain('@shop/payments-sandbox');
  });
});
