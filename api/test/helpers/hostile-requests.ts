// Hostile requests generated from the OpenAPI document, shared by the API test
// (test/routes/hostile-input.test.ts) and the bigger run (bench/fuzz-hostile.ts).
// Every case starts from a request the operation would accept and spoils one part of it, so the
// spoiled value travels as far as validation lets it: the database, if validation lets it through.
// A seeded PRNG makes every run reproducible: a failure names its seed and case number.
import { isErrorBody } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createSession } from '../../src/repositories/sessions-repository';
import { createUser, findUserByEmail } from '../../src/repositories/users-repository';
import { TEST_PAGE_VIEW_TOKEN } from './build-test-app';

/** The slice of OpenAPI 3.0 schema this generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  required?: string[];
  pattern?: string;
  format?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  security: string[];
}

/** One request to send; `session` asks the runner for a logged-in cookie. */
export interface HostileCase {
  id: string;
  label: string;
  operation: string;
  /** The operation's OpenAPI security schemes (e.g. pageViewToken). */
  security: string[];
  session: boolean;
  request: InjectOptions;
}

/** mulberry32: tiny, fast and the same on every machine. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof createRandom>;

/** A value written into the JSON text as it is: keys and numbers JSON.stringify cannot produce. */
class RawJson {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });

/** Strings that reach free-text fields. NUL and lone surrogates are what PostgreSQL refuses. */
const HOSTILE_STRINGS: ReadonlyArray<readonly [string, string]> = [
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['trailing NUL', 'fuzz\u0000'],
  ['lone high surrogate', '\uD800'],
  ['high surrogate at the end', 'abc\uD83D'],
  ['lone low surrogate', '\uDC00abc'],
  ['surrogates reversed', '\uDE00\uD83D'],
  ['very long', 'a'.repeat(100_000)],
  ['long multibyte', '\u{1F600}'.repeat(20_000)],
  ['just over a typical limit', 'b'.repeat(257)],
  ['RTL override', '\u202Eevil\u202C.exe'],
  ['zero-width', 'a\u200B\u200C\u200D\uFEFFb'],
  ['control characters', '\u0001\u0007\u001B[31m\u007F'],
  ['noncharacters', '\uFFFE\uFFFF'],
  ['SQL quote', "' OR '1'='1' --"],
  ['SQL drop', "'); DROP TABLE users; --"],
  ['LIKE wildcards', '%_%\\'],
  ['HTML script', '<script>alert(1)</script>'],
  ['HTML attribute', '"><img src=x onerror=alert(1)>'],
  ['templates', '${7*7}{{7*7}}%s%n'],
  ['path traversal', '../../../etc/passwd'],
  ['empty', ''],
  ['spaces', '   '],
  ['CRLF', 'a\r\nSet-Cookie: x=1'],
  ['escaped NUL text', '\\u0000'],
  ['combining marks', 'e\u0301\u0301\u0301'],
  ['emoji family', '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}'],
  ['percent escapes', '%00%ff%'],
  ['numeric text', '1e309'],
  ['negative text', '-1'],
];

/** Non-string values for any JSON slot: wrong types, extreme numbers, nesting, pollution keys. */
const HOSTILE_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['number', 12345],
  ['huge number', 1e308],
  ['beyond safe integer', new RawJson('9007199254740993')],
  ['int4 overflow', 2147483648],
  ['int8 overflow', new RawJson('99999999999999999999')],
  ['infinite number', new RawJson('1e999')],
  ['negative', -1],
  ['negative huge', -1e308],
  ['fraction', 0.5],
  ['zero', 0],
  ['true', true],
  ['null', null],
  ['empty array', []],
  ['array of strings', ['a', 'b']],
  ['array holding NUL', ['\u0000']],
  ['nested object', { a: { b: { c: 'd' } } }],
  ['operator object', { $gt: '' }],
  ['deep nesting', deep(200)],
  ['big array', new Array(5000).fill(1)],
  ['empty object', {}],
  ['__proto__ key', new RawJson('{"__proto__":{"polluted":true}}')],
  ['constructor key', new RawJson('{"constructor":{"prototype":{"polluted":true}}}')],
];

/** Whole bodies: not JSON, not an object, nothing at all. */
const HOSTILE_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['empty body', ''],
  ['null body', 'null'],
  ['array body', '[]'],
  ['string body', '"text"'],
  ['number body', '42'],
  ['truncated JSON', '{"email":'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['__proto__ body', '{"__proto__":{"isAdmin":true}}'],
  ['constructor body', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['NUL outside strings', '{"a":1}\u0000'],
];

/** The fuzz user, and values that override the defaults below (e.g. the id of a placed order). */
export interface ValidExamples {
  email: string;
  password: string;
  /** Keyed by field name, or "METHOD /path name" for one operation. */
  byName?: Record<string, unknown>;
}

/** "POST /payments/…/orders/{id} id": an example for one operation's field. */
const operationKey = (method: string, apiPath: string, name: string) =>
  `${method} ${apiPath.replace(/:(\w+)/g, '{$1}')} ${name}`;

type Example = unknown | ((caseId: string) => unknown);

// Values a real client would send, so that one spoilt field is all that is wrong with a case.
const DEFAULT_EXAMPLES: Record<string, Example> = {
  name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  event_name: 'checkout',
  line1: '1 Main Street',
  line2: 'Apt 2',
  city: 'Brooklyn',
  state: 'NY',
  postal_code: '11201',
  country: 'US',
  // The test provider's own token endpoint takes card details; the shop's API takes its tokens
  // (a placeholder the test app exchanges for a fresh one as it sends).
  token: 'tok_fixture_succeeds',
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  lookupKey: 'bloodwise_kit_one_time',
  lookupKeys: 'bloodwise_kit_one_time',
  priceIds: 'bloodwise_kit_one_time',
  ids: 'bloodwise_kit_one_time',
  priceId: 'mini_panel_upgrade',
  // Upgrades name the order's kit by its lookup key.
  product: 'bloodwise_kit_one_time',
  upgradeTo: 'mini-panel',
  upgradable: 'bloodwise_kit_one_time',
  quantity: 1,
  sessionId: 'hostile-session-1',
  code: 'WELCOME10',
  discountCode: 'WELCOME10',
  // A partner that sells the default products at the default prices.
  businessKey: 'harbor-health',
  b2bKey: 'harbor-health',
  shopKey: 'harbor-health',
  businessName: 'Hostile Probe',
  termsVersion: '2024-01',
  url: 'https://shop.test/pricing',
  referringUrl: 'https://example.com/',
  userAgent: 'fuzz/1.0',
  kitID: 'KIT-1234',
  employerEmail: 'employer@example.com',
  referred: (caseId: string) => `friend-${caseId}@example.com`,
  sum: 10000,
  // A new address per sign-up, so each one gets as far as storing the account.
  [operationKey('POST', API_PATHS.signup, 'email')]: (caseId: string) =>
    `signup-${caseId}@example.com`,
  // The operator write gets its own partner: it must not rewrite the one checkouts use.
  [operationKey('PUT', API_PATHS.customization, 'shopKey')]: 'hostile-probe',
  [operationKey('GET', API_PATHS.miniPanelUpgrade, 'lookupKeys')]: '["bloodwise_kit_one_time"]',
  [operationKey('POST', API_PATHS.easyDrawUpgradePurchase, 'priceId')]: 'easy_draw_device',
};

const PATTERN_CANDIDATES = ['abc', 'a-b', 'ABC', 'US', '12345', '123', '#3cbab5', 'K1A 0B1'];

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

function fits(value: unknown, schema: JsonSchema): boolean {
  const type = typeOf(schema);
  if (type !== undefined && typeof value !== (type === 'integer' ? 'number' : type)) return false;
  if (typeof value !== 'string') return true;
  return (
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern).test(value))
  );
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return (
    PATTERN_CANDIDATES.find((value) => fits(value, schema)) ??
    'x'.repeat(Math.max(schema.minLength ?? 0, 1))
  );
}

interface ExampleContext {
  table: Record<string, Example>;
  operation: string;
  caseId: string;
}

function named(context: ExampleContext, name: string): unknown {
  const example = context.table[`${context.operation} ${name}`] ?? context.table[name];
  return typeof example === 'function'
    ? (example as (caseId: string) => unknown)(context.caseId)
    : example;
}

/**
 * A value the schema accepts, preferring the realistic example for the field's name. Objects get
 * their required properties and the optional ones with an example.
 */
function exampleFor(schema: JsonSchema, name: string, context: ExampleContext): unknown {
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const option = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (option) return exampleFor(option, name, context);
  const known = named(context, name);
  if (known !== undefined && fits(known, schema)) return known;
  switch (typeOf(schema)) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleFor(schema.items ?? {}, name, context),
      );
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key) || named(context, key) !== undefined)
          .map(([key, property]) => [key, exampleFor(property, key, context)]),
      );
    }
    default:
      return schema.nullable ? null : 'x';
  }
}

/** Every place in a body schema a value can go, present in the valid body or not. */
function schemaSlots(schema: JsonSchema, path: string[] = []): string[][] {
  const option = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  const children =
    option !== undefined
      ? schemaSlots(option, path).slice(1)
      : typeOf(schema) === 'object'
        ? Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
            schemaSlots(property, [...path, key]),
          )
        : typeOf(schema) === 'array'
          ? schemaSlots(schema.items ?? {}, [...path, '0'])
          : [];
  return [path, ...children];
}

/** Every operation in the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      security: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
    })),
  );
}

/**
 * Percent-encodes for a URL. A lone surrogate has no UTF-8 form (encodeURIComponent throws), so
 * it goes as the bytes a careless client would send (WTF-8): an invalid escape the server must refuse.
 */
function encodeUrlPart(value: string): string {
  return value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (unit) => {
    if (unit.length === 2 || !/[\uD800-\uDFFF]/.test(unit)) return encodeURIComponent(unit);
    const code = unit.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
}

// Header values must be visible ASCII: anything else is refused by the HTTP layer before us.
const isHeaderSafe = (value: string) => /^[\x20-\x7e]*$/.test(value) && value.length < 8000;

type Slot = { in: 'body'; path: string[] } | { in: 'path' | 'query' | 'header'; name: string };

function getAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string, unknown> | undefined)?.[key],
    root,
  );
}

/** A copy of root with value at path, making the objects and arrays on the way. */
function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base = root ?? (/^\d+$/.test(head) ? [] : {});
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<
    string,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** Replaces every string leaf with the same hostile text. */
function mapStrings(value: unknown, replace: string): unknown {
  if (typeof value === 'string') return replace;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)]),
    );
  return value;
}

interface Draft {
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: unknown;
  rawBody?: string;
}

function queryEntries(name: string, value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item) => queryEntries(name, item));
  if (value instanceof RawJson) return [[name, value.text]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => queryEntries(`${name}[${key}]`, item));
  return [[name, String(value)]];
}

function spoil(draft: Draft, slot: Slot, value: unknown): Draft {
  switch (slot.in) {
    case 'body':
      return { ...draft, body: setAt(draft.body, slot.path, value) };
    case 'path':
      return {
        ...draft,
        path: { ...draft.path, [slot.name]: String(value instanceof RawJson ? value.text : value) },
      };
    case 'query':
      return {
        ...draft,
        query: [
          ...draft.query.filter(([name]) => name !== slot.name),
          ...queryEntries(slot.name, value),
        ],
      };
    case 'header':
      return { ...draft, headers: { ...draft.headers, [slot.name]: String(value) } };
  }
}

function slotName(slot: Slot): string {
  return slot.in === 'body'
    ? `body${slot.path.map((key) => `.${key}`).join('')}`
    : `${slot.in} ${slot.name}`;
}

function hostileString(random: Random, example: unknown, slot: Slot): [string, string] {
  const candidates =
    slot.in === 'header'
      ? HOSTILE_STRINGS.filter(([, text]) => isHeaderSafe(text))
      : HOSTILE_STRINGS;
  const [label, text] = random.pick(candidates);
  // Half the time inside a valid value ("ada\u0000@example.com"), so length and format checks pass.
  if (
    typeof example === 'string' &&
    example.length > 1 &&
    slot.in !== 'header' &&
    random.chance(0.5)
  ) {
    const at = 1 + random.int(example.length - 1);
    return [`${label} inside a valid value`, example.slice(0, at) + text + example.slice(at)];
  }
  return [label, text];
}

function buildRequest(operation: Operation, draft: Draft): InjectOptions {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeUrlPart(draft.path[name] ?? ''),
  );
  const query = draft.query
    .map(([name, value]) => `${encodeUrlPart(name)}=${encodeUrlPart(value)}`)
    .join('&');
  const hasBody = operation.body !== null || draft.rawBody !== undefined;
  const payload = draft.rawBody ?? (operation.body !== null ? toJson(draft.body) : undefined);
  return {
    method: operation.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers: hasBody ? { 'content-type': 'application/json', ...draft.headers } : draft.headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

export interface GenerateOptions {
  seed: number;
  /** How many generated cases in all, spread evenly over the operations. */
  total: number;
  examples: ValidExamples;
}

/** The operation's valid request, which each case then spoils in one place. */
function validDraft(operation: Operation, examples: ValidExamples, caseId: string): Draft {
  const context: ExampleContext = {
    table: {
      ...DEFAULT_EXAMPLES,
      email: examples.email,
      username: examples.email,
      password: examples.password,
      ...examples.byName,
    },
    operation: `${operation.method} ${operation.path}`,
    caseId,
  };
  const draft: Draft = { path: {}, query: [], headers: {}, body: undefined };
  for (const parameter of operation.parameters) {
    const value =
      parameter.name === 'idempotency-key'
        ? `hostile-${caseId}`
        : exampleFor(parameter.schema ?? {}, parameter.name, context);
    if (parameter.in === 'path') draft.path[parameter.name] = String(value);
    else if (parameter.in === 'query') draft.query.push([parameter.name, String(value)]);
    else if (parameter.in === 'header') draft.headers[parameter.name] = String(value);
  }
  if (operation.body) draft.body = exampleFor(operation.body, 'body', context);
  return draft;
}

function generateCase(
  operation: Operation,
  random: Random,
  options: GenerateOptions,
  index: number,
  session: boolean,
): HostileCase {
  const id = `${options.seed}-${index}`;
  const valid = validDraft(operation, options.examples, id);
  const slots: Slot[] = [
    ...operation.parameters.flatMap((parameter): Slot[] =>
      parameter.in === 'cookie' ? [] : [{ in: parameter.in, name: parameter.name }],
    ),
    ...(operation.body
      ? schemaSlots(operation.body).map((path): Slot => ({ in: 'body', path }))
      : []),
  ];
  let draft: Draft;
  let label: string;
  const roll = random.next();
  if (operation.body && roll < 0.08) {
    const [bodyLabel, text] = random.pick(HOSTILE_BODIES);
    draft = { ...valid, rawBody: text };
    label = bodyLabel;
  } else if (roll < 0.16) {
    // The same hostile text in every string of the request at once.
    const [textLabel, text] = random.pick(HOSTILE_STRINGS);
    const spoilt = (value: string) => (isHeaderSafe(text) ? text : value);
    draft = {
      path: Object.fromEntries(Object.keys(valid.path).map((name) => [name, text])),
      query: valid.query.map(([name]) => [name, text]),
      headers: Object.fromEntries(
        Object.entries(valid.headers).map(([name, value]) => [name, spoilt(value)]),
      ),
      body: mapStrings(valid.body, text),
    };
    label = `${textLabel} in every string`;
  } else if (roll < 0.24 || slots.length === 0) {
    // An extra field the schema does not know, with a hostile name or value.
    const [valueLabel, value] = random.chance(0.5)
      ? random.pick(HOSTILE_STRINGS)
      : random.pick(HOSTILE_VALUES);
    const key = random.pick([
      '__proto__',
      'constructor',
      'prototype',
      'extra\u0000key',
      'toString',
      'isAdmin',
    ]);
    const objects = slots.filter(
      (slot) => slot.in === 'body' && typeof getAt(valid.body, slot.path) === 'object',
    );
    const target = objects.length > 0 && random.chance(0.7) ? random.pick(objects) : null;
    if (target && target.in === 'body') {
      const holder = getAt(valid.body, target.path) as object;
      const extended = Array.isArray(holder) ? [...holder, value] : { ...holder };
      if (!Array.isArray(holder)) Object.defineProperty(extended, key, { value, enumerable: true });
      draft = spoil(valid, target, extended);
      label = `extra ${JSON.stringify(key)} = ${valueLabel} at ${slotName(target)}`;
    } else {
      draft = spoil(valid, { in: 'query', name: key }, value);
      label = `extra query ${JSON.stringify(key)} = ${valueLabel}`;
    }
  } else {
    const slot = random.pick(slots);
    const example = slot.in === 'body' ? getAt(valid.body, slot.path) : undefined;
    const useValue = slot.in !== 'header' && random.chance(0.3);
    const [valueLabel, value] = useValue
      ? random.pick(HOSTILE_VALUES)
      : hostileString(random, example, slot);
    draft = spoil(valid, slot, value);
    label = `${valueLabel} in ${slotName(slot)}`;
  }
  return {
    id,
    label,
    operation: `${operation.method} ${operation.path}`,
    security: operation.security,
    session,
    request: buildRequest(operation, draft),
  };
}

/** Each operation's unspoilt request: how far a spoilt one can get (a 2xx here means all the way). */
function validCases(document: OpenApiDocument, examples: ValidExamples): HostileCase[] {
  return operationsOf(document).map((operation, index) => ({
    id: `valid-${index}`,
    label: 'the valid request',
    operation: `${operation.method} ${operation.path}`,
    security: operation.security,
    session: true,
    request: buildRequest(operation, validDraft(operation, examples, `valid-${index}`)),
  }));
}

/**
 * `total` cases round-robin over every operation of the document, anonymous and logged in by
 * turns (every other round), so validation behind a log-in is reached too. The same seed, the
 * same cases.
 */
export function generateHostileCases(
  document: OpenApiDocument,
  options: GenerateOptions,
): HostileCase[] {
  const operations = operationsOf(document);
  const random = createRandom(options.seed);
  return Array.from({ length: options.total }, (_, index) => {
    const operation = operations[index % operations.length] as Operation;
    const round = Math.floor(index / operations.length);
    return generateCase(operation, random, options, index, round % 2 === 1);
  });
}

/** Requests Fastify itself refuses before a route runs: they must answer in our shape too. */
export function frameworkCases(document: OpenApiDocument): HostileCase[] {
  const cases: HostileCase[] = [];
  const twoMegabytes = `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`;
  for (const operation of operationsOf(document)) {
    const add = (label: string, request: Omit<InjectOptions, 'method'>) =>
      cases.push({
        id: `framework-${cases.length}`,
        label,
        operation: `${operation.method} ${operation.path}`,
        security: operation.security,
        session: false,
        request: { method: operation.method as InjectOptions['method'], ...request },
      });
    const fill = (value: string) => operation.path.replace(/\{[^}]+\}/g, value);
    const url = fill('x');
    const json = (headers: Record<string, string> = {}) => ({
      'content-type': 'application/json',
      ...headers,
    });
    if (operation.path.includes('{')) {
      add('malformed percent-encoding in the path', { url: fill('%E0%A4%A') });
      add('a lone surrogate percent-encoded in the path', { url: fill('%ED%A0%80') });
      add('a percent-encoded NUL in the path', { url: fill('a%00b') });
      add('a 2,000-character path parameter', { url: fill('p'.repeat(2000)) });
    }
    const query = operation.parameters.find((parameter) => parameter.in === 'query');
    if (query) {
      add('malformed percent-encoding in the query', { url: `${url}?${query.name}=%E0%A4%A` });
      add('a 20,000-character query', { url: `${url}?${query.name}=${'q'.repeat(20_000)}` });
    }
    if (operation.body) {
      add('a 2 MB body', { url, headers: json(), payload: twoMegabytes });
      add('content-type text/plain', {
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hi',
      });
      add('content-type multipart/form-data', {
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--',
      });
      add('application/json with an empty body', { url, headers: json() });
      add('malformed JSON', { url, headers: json(), payload: '{"email": "a@b.c",' });
      add('a Content-Length the body does not match', {
        url,
        headers: json({ 'content-length': '1' }),
        payload: '{"a":1}',
      });
      add('gzip that is not gzip', {
        url,
        headers: json({ 'content-encoding': 'gzip' }),
        payload: 'no',
      });
      add('an unknown content-encoding', {
        url,
        headers: json({ 'content-encoding': 'x-unknown' }),
        payload: '{}',
      });
    }
  }
  return cases;
}

/** Bearer tokens for operations that need an API token (not a user's session). */
function bearerCredentials(tokens: { pageViewToken: string; adminToken: string }) {
  return (item: HostileCase): Record<string, string> => ({
    authorization: `Bearer ${item.security.includes('pageViewToken') ? tokens.pageViewToken : tokens.adminToken}`,
  });
}

export interface Finding {
  id: string;
  label: string;
  operation: string;
  status: number;
  method: string;
  url: string;
  body: string;
}

export interface HostileReport {
  sent: number;
  byStatus: Record<number, number>;
  /** Responses >= 500. */
  serverErrors: Finding[];
  /** 4xx responses not in our { error: { code, message, fields? } } shape. */
  badShapes: Finding[];
}

/** Keeps one logged-in session across the run: a case may log out or log in as someone else. */
export interface SessionSource {
  cookieName: string;
  login(): Promise<string>;
}

function finding(item: HostileCase, response: LightMyRequestResponse): Finding {
  return {
    id: item.id,
    label: item.label,
    operation: item.operation,
    status: response.statusCode,
    method: String(item.request.method),
    url: String(item.request.url).slice(0, 300),
    body: response.body.slice(0, 300),
  };
}

function isOurErrorShape(response: LightMyRequestResponse): boolean {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    return isErrorBody(JSON.parse(response.body));
  } catch {
    return false;
  }
}

/**
 * Sends the cases one by one (PGlite has one connection; order keeps runs reproducible) and
 * sorts the answers. `credentials` adds the API tokens an operation needs (not a user's session),
 * to anonymous and logged-in cases alike.
 */
export async function sendHostileCases(
  send: (request: InjectOptions) => Promise<LightMyRequestResponse>,
  cases: readonly HostileCase[],
  session: SessionSource,
  credentials: (item: HostileCase) => Record<string, string> = () => ({}),
  onResponse?: (item: HostileCase, response: LightMyRequestResponse) => void,
): Promise<HostileReport> {
  const report: HostileReport = { sent: 0, byStatus: {}, serverErrors: [], badShapes: [] };
  let cookie: string | null = null;
  for (const item of cases) {
    const headers: Record<string, string> = {
      ...(item.request.headers as Record<string, string>),
      ...credentials(item),
    };
    if (item.session) headers.cookie = cookie ??= await session.login();
    const response = await send({ ...item.request, headers });
    onResponse?.(item, response);
    report.sent += 1;
    report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) report.serverErrors.push(finding(item, response));
    else if (response.statusCode >= 400 && !isOurErrorShape(response))
      report.badShapes.push(finding(item, response));
    const set = response.cookies.find((candidate) => candidate.name === session.cookieName);
    // A case that logged in (or out) moved the session: follow it, or log in again next time.
    if (item.session && set)
      cookie = set.value && set.maxAge !== 0 ? `${session.cookieName}=${set.value}` : null;
  }
  return report;
}

/**
 * The fuzz user's session, made in the database: log-in is itself fuzzed (and throttled after
 * failed attempts), so the logged-in cases must not depend on it.
 */
function fuzzSession(app: FastifyInstance, examples: ValidExamples): SessionSource {
  const cookieName = app.sessions.cookieName;
  return {
    cookieName,
    async login() {
      const user =
        (await findUserByEmail(app.db, examples.email)) ??
        (await createUser(app.db, {
          email: examples.email,
          name: 'Hostile Input',
          passwordHash: await app.passwords.hash(examples.password),
        }));
      if (!user) throw new Error(`The fuzz user ${examples.email} could not be made`);
      const session = await createSession(app.db, { userId: user.id, ttlMs: 60 * 60 * 1000 });
      return `${cookieName}=${session.token}`;
    },
  };
}

/**
 * Places one order as the fuzz user, so cases about an order (its page, upgrades, bp tape) find
 * one and carry their spoilt values past the lookup. Returns examples for `ValidExamples.byName`.
 */
async function orderExamples(
  send: (request: InjectOptions) => Promise<LightMyRequestResponse>,
  document: OpenApiDocument,
  examples: ValidExamples,
  session: SessionSource,
): Promise<Record<string, unknown>> {
  const place = validCases(document, examples).find(
    (item) => item.operation === `POST ${API_PATHS.orders}`,
  );
  if (!place) return {};
  const cookie = await session.login();
  const response = await send({
    ...place.request,
    headers: { ...(place.request.headers as Record<string, string>), cookie },
  });
  if (response.statusCode !== 201)
    throw new Error(`The example order was refused: ${response.statusCode} ${response.body}`);
  const order = response.json() as { id: string; payment: { id: string } | null };
  return { id: order.id, paymentId: order.payment?.id ?? order.id };
}

/** The fuzz user and the operator token a hostile run's app is built with. */
export const HOSTILE_USER = { email: 'hostile-input@example.com', password: 'Quartz-Meadow-7391!' };
const HOSTILE_ADMIN_TOKEN = 'operator-token-0123456789abcdef';
/** `buildTestApp` options: the operator write on, and no rate limit in the way of thousands of cases. */
export const HOSTILE_APP_OPTIONS = {
  env: { ADMIN_TOKEN: HOSTILE_ADMIN_TOKEN, AUTH_RATE_LIMIT_MAX: '1000000' },
};

/**
 * What a run needs from a ready app (built with HOSTILE_APP_OPTIONS): its OpenAPI document, the
 * fuzz user's session and an order of theirs; then cases to generate and a way to send them.
 */
export async function prepareHostileRun(
  app: FastifyInstance,
  send: (request: InjectOptions) => Promise<LightMyRequestResponse>,
) {
  const document = app.swagger() as unknown as OpenApiDocument;
  const session = fuzzSession(app, HOSTILE_USER);
  const examples = {
    ...HOSTILE_USER,
    byName: await orderExamples(send, document, HOSTILE_USER, session),
  };
  const credentials = bearerCredentials({
    pageViewToken: TEST_PAGE_VIEW_TOKEN,
    adminToken: HOSTILE_ADMIN_TOKEN,
  });
  return {
    document,
    adminToken: HOSTILE_ADMIN_TOKEN,
    generated: (seed: number, total: number) =>
      generateHostileCases(document, { seed, total, examples }),
    framework: () => frameworkCases(document),
    /** Each operation's unspoilt request. */
    valid: () => validCases(document, examples),
    send: (
      cases: readonly HostileCase[],
      onResponse?: (item: HostileCase, response: LightMyRequestResponse) => void,
    ) => sendHostileCases(send, cases, session, credentials, onResponse),
  };
}
