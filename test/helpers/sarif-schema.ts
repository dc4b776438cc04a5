// The SARIF 2.1.0 JSON schema as Microsoft's SARIF SDK publishes it (`@microsoft/jest-sarif`,
// draft-04), compiled once: whether a document is valid SARIF, and why not.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
// CommonJS modules: their default export is `.default` of what the import gives. The schema's
// `language` pattern is not valid under the u flag, hence unicodeRegExp: false.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(ajv);
const schemaCheck = ajv.compile(schema);

/** Whether a document is valid SARIF (not a type guard: tests go on reading it). */
export const validateSarif = Object.assign((doc: unknown): boolean => schemaCheck(doc), {
  get errors() {
    return schemaCheck.errors;
  },
});
