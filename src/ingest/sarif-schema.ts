// The SARIF 2.1.0 JSON schema validator. The schema is the OASIS SARIF TC's own file
// (src/catalog/sarif/schema.json: `sarif-2.1/schema/sarif-schema-2.1.0.json` of the
// oasis-tcs/sarif-spec repository, errata01, copied unchanged), JSON Schema draft-04, compiled with
// Ajv's draft-04 class. As for CycloneDX, `uniqueItems: true` is checked in linear time
// (schema-linear.ts): the schema asks it of `rules`, `artifacts` and a dozen other arrays, and
// Ajv's pairwise check made a log of 10,000 rules quadratic.

import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';
import type { ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { linearised, uniqueItemsKeyword } from './schema-linear.ts';

let compiled: ValidateFunction | undefined;

/** The validator (compiled once per thread, on first use). */
export function sarifValidator(): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(new URL('../catalog/sarif/schema.json', import.meta.url), 'utf8')) as object;
  // allErrors off: the first problem is the one reported. The schema's `language` pattern is not
  // valid under the u flag, hence unicodeRegExp: false.
  const ajv = new AjvDraft04.default({ allErrors: false, strict: false, unicodeRegExp: false });
  ajvFormats.default(ajv);
  ajv.addKeyword({ ...uniqueItemsKeyword });
  compiled = ajv.compile(linearised(schema) as object) as unknown as ValidateFunction;
  return compiled;
}
