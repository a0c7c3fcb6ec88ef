// What a remote's build writes beside its manifest (EmitPageFiles in webpack-config.mjs): for each
// named lazy chunk, the script files it loads, shared libraries aside.

/** The file's name, beside the remote's mf-manifest.json. */
export const PAGE_FILES = 'page-files.json';

/**
 * The files of the named pages, in order, each once; null when the document does not list one of
 * them (an older build, a page renamed), so the caller falls back to the whole area.
 */
export function filesOfPages(document: unknown, pages: readonly string[]): string[] | null {
  if (typeof document !== 'object' || document === null || pages.length === 0) return null;
  const files = new Set<string>();
  for (const page of pages) {
    const listed: unknown = Object.hasOwn(document, page)
      ? (document as Record<string, unknown>)[page]
      : undefined;
    if (!Array.isArray(listed) || !listed.every((file) => typeof file === 'string')) return null;
    for (const file of listed as string[]) files.add(file);
  }
  return [...files];
}
