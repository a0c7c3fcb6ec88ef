// Every lazy page's import names its chunk as lazyPage records it (pageChunkName), or the first
// view's page would not be found in the build's page-files.json and the whole area would be fetched.
import fs from 'node:fs';
import path from 'node:path';
import { pageChunkName } from './lazy-page';
import { filesOfPages } from './page-files';

const repo = path.join(__dirname, '../../..');
const LAZY_CALL =
  /\b(?:lazyPage|themedPage)\(\s*\(\)\s*=>\s*import\(\s*(?:\/\*\s*webpackChunkName:\s*"([^"]+)"\s*\*\/\s*)?'[^']+'\s*\),\s*'(\w+)'/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('lazy page chunk names', () => {
  const remotes = fs.readdirSync(repo).filter((name) => name.startsWith('mf-'));
  const calls = remotes.flatMap((remote) =>
    sourceFiles(path.join(repo, remote, 'src')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(LAZY_CALL)].map((match) => ({
        file: path.relative(repo, file),
        chunk: match[1] ?? null,
        name: match[2]!,
      })),
    ),
  );

  it('finds the lazy pages of every area', () => {
    expect(new Set(calls.map((call) => call.file.split('/')[0]))).toEqual(
      new Set(['mf-account', 'mf-catalog', 'mf-checkout', 'mf-ops']),
    );
  });

  it.each(calls.map((call) => [`${call.file}: ${call.name}`, call] as const))(
    '%s names its chunk after the export',
    (_, call) => {
      expect(call.chunk).toBe(pageChunkName(call.name));
    },
  );
});

describe('reading the build’s page files', () => {
  const document = { 'cart-page': ['a.js', 'cart.js'], 'catalog-antd-theme': ['a.js', 'theme.js'] };

  it('joins the files of the named pages, each once', () => {
    expect(filesOfPages(document, ['cart-page', 'catalog-antd-theme'])).toEqual([
      'a.js',
      'cart.js',
      'theme.js',
    ]);
  });

  it('answers null for a page it does not list, a malformed list, or no page', () => {
    expect(filesOfPages(document, ['checkout-page'])).toBeNull();
    expect(filesOfPages(document, ['constructor'])).toBeNull();
    expect(filesOfPages({ 'cart-page': [1] }, ['cart-page'])).toBeNull();
    expect(filesOfPages('nope', ['cart-page'])).toBeNull();
    expect(filesOfPages(document, [])).toBeNull();
  });
});
