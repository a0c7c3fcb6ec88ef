// What a file is comes from its bytes: zip by its signature, FHIR only for a JSON object that is
// named or declared JSON (its root resource is checked once parsed), CSV only as text.
import { detectFileType } from '../../../src/services/results/file-type';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const JSON_OBJECT = Buffer.from('\uFEFF  \n{"resourceType":"Bundle"}');

it.each([
  ['a zip, whatever its name', ZIP, 'results.pdf', 'application/pdf', 'zip'],
  ['JSON named .json', JSON_OBJECT, 'export.json', 'application/octet-stream', 'fhir'],
  ['JSON declared FHIR', JSON_OBJECT, 'export', 'application/fhir+json', 'fhir'],
  ['JSON declared JSON', JSON_OBJECT, 'export.txt', 'application/json; charset=utf-8', 'fhir'],
] as const)('reads %s', (_label, bytes, name, type, expected) => {
  expect(detectFileType(bytes, name, type)).toEqual({ ok: true, type: expected });
});

it.each([
  ['JSON with neither a .json name nor a JSON type', JSON_OBJECT, 'export.txt', 'text/plain'],
  ['a JSON array named .json', Buffer.from('[{"resourceType":"Observation"}]'), 'a.json', ''],
  ['text named .json', Buffer.from('resourceType: Bundle'), 'a.json', 'application/json'],
] as const)('refuses %s, saying what it expected', (_label, bytes, name, type) => {
  expect(detectFileType(bytes, name, type)).toEqual({
    ok: false,
    message: expect.stringContaining('FHIR JSON'),
  });
});
