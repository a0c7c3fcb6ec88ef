// JSON.parse recurses on nesting and builds every object before anyone can count them, so a
// hostile file is measured first by one linear scan of its brackets, outside strings.
import { RESULT_UPLOAD_MAX_BYTES } from '@shop/shared/contract/result-uploads';
import { ReportRefusedError } from './parsed-reading';

export interface JsonLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Longest text, in UTF-16 code units (a multi-byte character counts once). */
  maxLength: number;
  /** Most objects in the whole document. */
  maxObjects: number;
}

export const JSON_LIMITS: JsonLimits = {
  maxDepth: 64,
  maxLength: RESULT_UPLOAD_MAX_BYTES,
  // A 20,000-observation bundle has about 15 objects per observation.
  maxObjects: 500_000,
};

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Throws a ReportRefusedError when the text is too long, too deep or holds too many objects. */
export function checkJsonLimits(text: string, limits: JsonLimits = JSON_LIMITS): void {
  if (text.length > limits.maxLength)
    throw new ReportRefusedError(413, 'This JSON file is too large to be a lab report.');
  let depth = 0;
  let objects = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth += 1;
      if (depth > limits.maxDepth)
        throw new ReportRefusedError(
          422,
          `This JSON file is nested more than ${limits.maxDepth} levels deep; a FHIR lab report is not.`,
        );
      if (char === OPEN_OBJECT && ++objects > limits.maxObjects)
        throw new ReportRefusedError(
          413,
          'This JSON file holds too many entries to be read. Export a shorter period of results.',
        );
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) depth -= 1;
  }
}

/** The text as JSON, after the limits check; a syntax error is a 422 saying so. */
export function parseJsonWithinLimits(text: string, limits: JsonLimits = JSON_LIMITS): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  checkJsonLimits(body, limits);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ReportRefusedError(
      422,
      'This file is not valid JSON. Expected a FHIR R4 JSON export.',
    );
  }
}
