// The customer's file name is shown back to them and offered as the download name, so it is
// cleaned to plain, printable text: no path, no control or direction-changing characters, a
// sensible length, and the extension of what the file really is. It is never used as a path.
import type { ResultUploadType } from '@shop/shared/contract/result-uploads';
import { replaceForbiddenCharacters } from '@shop/shared/contract/text';
import { EXTENSIONS, extensionOf } from './file-type';

const MAX_BASE_LENGTH = 120;
const KNOWN_EXTENSIONS = new Set(Object.values(EXTENSIONS).flat());
// C0/C1 controls, bidi overrides and isolates, zero-width characters, the replacement character.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd]/g;

export function displayName(clientName: string, type: ResultUploadType): string {
  const extensions = EXTENSIONS[type];
  // The last path segment only: "C:\\reports\\a.pdf" and "../../a.pdf" are both "a.pdf".
  const lastSegment = clientName.split(/[\\/]/).pop() ?? '';
  let base = replaceForbiddenCharacters(lastSegment)
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // A known extension is replaced by the real type's ("scan.pdf" that is a PNG: "scan.png");
  // any other stays part of the name ("report.exe" that is a PDF: "report.exe.pdf").
  const extension = extensionOf(base);
  const written = extension ? base.slice(-extension.length) : '';
  if (KNOWN_EXTENSIONS.has(extension)) base = base.slice(0, -(extension.length + 1)).trim();
  // Cut by code points, so an emoji is never split in half.
  base = [...base].slice(0, MAX_BASE_LENGTH).join('').trim();
  // The customer's spelling of a right extension stays ("IMG_1.JPG").
  const kept = extensions.includes(extension) ? written : (extensions[0] as string);
  return `${base || 'lab-result'}.${kept}`;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266, 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
