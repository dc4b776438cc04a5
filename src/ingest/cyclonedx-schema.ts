// The CycloneDX JSON schema validators, built as the CycloneDX library builds them (its schema
// files, Ajv with the same options and formats) with one difference: `uniqueItems`. Ajv checks it
// on arrays of objects by comparing every pair (deep equality), so a BOM of 16,000 components took
// 20 s and one of 100,000 components hours. Here every `uniqueItems: true` of the schemas becomes
// the keyword `uniqueItemsLinear`: each item's canonical JSON (keys sorted, as deep equality
// ignores their order) goes into a Set, time linear in the size of the array.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Spec } from '@cyclonedx/cyclonedx-library';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { linearised, uniqueItemsKeyword } from './schema-linear.ts';

const require = createRequire(import.meta.url);
// Untyped package: the one function the library calls of it.
const addFormats2019 = require('ajv-formats-draft2019') as (ajv: Ajv, options: { formats: string[] }) => Ajv;
/** The library's schema files (its own resources: the schemas of the version installed). */
const SCHEMAS = join(dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res', 'schema');

/** The CycloneDX spec versions the service reads, by the `specVersion` a BOM states. */
export const supportedSpecs = new Map<string, Spec.Version>([
  ['1.4', Spec.Version.v1dot4],
  ['1.5', Spec.Version.v1dot5],
  ['1.6', Spec.Version.v1dot6],
]);

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const compiled = new Map<Spec.Version, ValidateFunction>();

/** The strict JSON schema validator of a spec version (compiled once per thread). */
export function cyclonedxValidator(spec: Spec.Version): ValidateFunction {
  const known = compiled.get(spec);
  if (known) return known;
  const file = (name: string) => readJson(join(SCHEMAS, name)) as object;
  const ajv = new Ajv({
    useDefaults: false,
    strict: false,
    strictSchema: false,
    addUsedSchema: false,
    schemas: {
      'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json': file('spdx.SNAPSHOT.schema.json'),
      'http://cyclonedx.org/schema/cryptography-defs.SNAPSHOT.schema.json': file('cryptography-defs.SNAPSHOT.schema.json'),
      'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json': file('jsf-0.82.SNAPSHOT.schema.json'),
    },
  });
  ajvFormats.default(ajv);
  addFormats2019(ajv, { formats: ['idn-email'] });
  ajv.addFormat('iri-reference', true);
  ajv.addKeyword({ ...uniqueItemsKeyword });
  // From 1.4 on, the strict schema is the schema (the library's JSON_STRICT_SCHEMA names the same file).
  const validate = ajv.compile(linearised(file(`bom-${spec}.SNAPSHOT.schema.json`)) as object);
  compiled.set(spec, validate);
  return validate;
}
