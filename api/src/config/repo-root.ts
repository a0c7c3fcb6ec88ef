import fs from 'node:fs';
import path from 'node:path';

/** The workspace root (where pnpm-workspace.yaml lives), found from here or the working directory. */
export function findRepoRoot(startDirs: readonly string[] = [__dirname, process.cwd()]): string {
  for (const start of startDirs) {
    let dir = path.resolve(start);
    for (;;) {
      if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}
