// Response and parameter schemas of the findings and rules endpoints, built from the catalogue's
// row sets so the documented fields are the ones the code sends.

import Type, { type TSchema } from 'typebox';
import { instanceDetail, ruleRow, scan } from '../../catalog/rowsets.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import { statusFilters } from './instances.ts';
import { Nullable, StringEnum, TabularFields } from '../../platform/http/schemas.ts';

function valueSchema(c: ColumnDef): TSchema {
  const o = { description: c.description };
  switch (c.type) {
    case 'integer':
      return Type.Integer(o);
    case 'boolean':
      return Type.Boolean(o);
    case 'strings':
      return Type.Array(Type.String(), o);
    case 'number':
      return Nullable(Type.Number(o));
    case 'time':
      return Nullable(Type.String({ ...o, format: 'date-time' }));
    case 'object':
      return Nullable(Type.Object({}, { ...o, additionalProperties: true }));
    default:
      return Nullable(Type.String(o));
  }
}

/** An object with one member per column. */
export function objectOf(columns: ColumnDef[], options: Record<string, unknown> = {}) {
  return Type.Object(Object.fromEntries(columns.map((c) => [c.name, valueSchema(c)])), options);
}

export const RuleObject = objectOf(ruleRow.columns, {
  description:
    'A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it.',
});

/** The same as a shared component, for operations that answer a rule alone. */
export const RuleComponent = { ...RuleObject, $id: 'Rule' };

export const InstanceObject = objectOf(instanceDetail.columns, {
  description: 'Every field of one issue instance (one finding of one rule on one object).',
});

export const ScanObject = objectOf(scan.columns, { description: 'One scan: every column of the scan rows (docs/SCANS.md).' });

/** One instance: the tabular envelope with one row, plus its rule and the scan that produced it. */
export const InstanceView = Type.Object(
  {
    ...TabularFields,
    rule: Nullable(RuleObject),
    scan: Nullable(ScanObject),
  },
  {
    description:
      'The instance as a tabular result with one row (every field), `rule`: the metadata of the rule that raised it, ' +
      'and `scan`: the scan named by its `scan_id` (null when it names none, or one the workspace does not hold).',
  },
);

export const StatusQuery = (fallback: string) => ({
  status: Type.Optional(
    StringEnum(statusFilters, { description: `Which instances: open, waived, resolved or all (default ${fallback}).` }),
  ),
});

export const HistogramCounts = Type.Object({
  counts: Type.Array(
    Type.Object({
      month: Type.String({ description: 'The calendar month (UTC), YYYY-MM.' }),
      critical: Type.Integer({ description: 'Instances of critical severity detected in the month.' }),
      high: Type.Integer({ description: 'Instances of high severity detected in the month.' }),
      other: Type.Integer({ description: 'Instances of medium or low severity detected in the month.' }),
    }),
    { description: '12 entries, one per calendar month ending with the current one, oldest first.' },
  ),
});
