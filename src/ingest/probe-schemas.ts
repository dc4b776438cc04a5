// JSON Schemas of the parts of model probe reports that the import reads (docs/IMPORTS.md), checked
// with Ajv before anything is kept: garak's report.jsonl one line at a time (by `entry_type`), and
// promptfoo's results JSON (`promptfoo eval -o results.json`). Only what is read is constrained;
// everything else the tools write is let through, so a newer version's extra fields do not refuse
// a report.

import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

const text = { type: 'string', maxLength: 10_000 };
const name = { type: 'string', minLength: 1, maxLength: 512 };
const count = { type: 'integer', minimum: 0 };
const nullableText = { type: ['string', 'null'], maxLength: 10_000 };

/** garak's lines, by `entry_type` (garak/command.py, garak/attempt.py, garak/evaluators/base.py, garak/analyze/report_digest.py). */
const garakEntries: Record<string, object> = {
  'start_run setup': {
    type: 'object',
    properties: {
      'plugins.target_type': nullableText,
      'plugins.target_name': nullableText,
      'plugins.model_type': nullableText,
      'plugins.model_name': nullableText,
      'transient.run_id': text,
      'transient.starttime_iso': text,
      '_config.version': text,
    },
  },
  init: {
    type: 'object',
    required: ['garak_version', 'start_time', 'run'],
    properties: { garak_version: text, start_time: text, run: name },
  },
  attempt: {
    type: 'object',
    required: ['probe_classname', 'status'],
    properties: {
      probe_classname: name,
      status: { type: 'integer', enum: [0, 1, 2] },
      detector_results: { type: 'object', additionalProperties: { type: 'array', items: { type: ['number', 'null'] } } },
    },
  },
  eval: {
    type: 'object',
    required: ['probe', 'detector', 'passed', 'total_evaluated'],
    properties: {
      probe: name,
      detector: name,
      passed: count,
      fails: count,
      nones: count,
      total_evaluated: count,
      total_processed: count,
    },
  },
  completion: { type: 'object', properties: { end_time: text, run: name } },
  digest: {
    type: 'object',
    required: ['meta'],
    properties: {
      meta: {
        type: 'object',
        properties: { target_type: nullableText, target_name: nullableText, run_uuid: text, garak_version: text },
      },
      eval: { type: 'object' },
    },
  },
};

/** promptfoo's results file (`promptfoo eval -o results.json`, version 3 of its output). */
const promptfooResults = {
  type: 'object',
  required: ['evalId', 'results'],
  properties: {
    evalId: name,
    results: {
      type: 'object',
      required: ['results'],
      properties: {
        version: { type: 'integer' },
        timestamp: text,
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: ['provider', 'success'],
            properties: {
              provider: {
                type: 'object',
                required: ['id'],
                properties: { id: name, label: { type: 'string', maxLength: 512 } },
              },
              success: { type: 'boolean' },
              testIdx: count,
              error: { type: ['string', 'null'] },
              testCase: { type: 'object', properties: { description: text, metadata: { type: 'object' } } },
              metadata: { type: 'object', properties: { pluginId: text, strategyId: text } },
              gradingResult: {
                type: ['object', 'null'],
                properties: {
                  pass: { type: 'boolean' },
                  componentResults: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['pass'],
                      properties: {
                        pass: { type: 'boolean' },
                        assertion: { type: ['object', 'null'], properties: { type: name, metric: text } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    config: { type: 'object' },
    metadata: { type: 'object', properties: { promptfooVersion: text } },
  },
};

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The validator of one schema (compiled once per thread, on first use). */
function validator(key: string, schema: object): ValidateFunction {
  const v = compiled.get(key);
  if (!v) {
    // allErrors off: the first problem is the one reported.
    ajv ??= new Ajv2020({ allErrors: false, strict: false });
    const fresh = ajv.compile(schema);
    compiled.set(key, fresh);
    return fresh;
  }
  return v;
}

/** The validator of a garak line of this `entry_type`, undefined for entry types the import does not read. */
export function garakEntryValidator(entryType: string): ValidateFunction | undefined {
  return Object.hasOwn(garakEntries, entryType) ? validator(`garak:${entryType}`, garakEntries[entryType]!) : undefined;
}

export const promptfooValidator = (): ValidateFunction => validator('promptfoo', promptfooResults);

/** The first schema error, in words: where, and what. */
export function firstProblem(errors: unknown): string {
  const e = (Array.isArray(errors) ? errors[0] : undefined) as
    | { instancePath?: string; message?: string; params?: Record<string, unknown> }
    | undefined;
  if (!e) return '/: is not valid';
  const allowed = Array.isArray(e.params?.allowedValues) ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
  return `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}${allowed}`;
}
