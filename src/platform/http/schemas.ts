// Shared TypeBox schemas: the error body, the tabular result, embedded sections, path and paging
// parameters. Kept within OpenAPI 3.0.3 (no `const`, no type arrays): literals are enums and
// nullable values say `nullable`.

import Type, { type TSchema } from 'typebox';

export const MAX_PAGE_SIZE = 10_000;

/** A string restricted to these values (an `enum`, which OpenAPI 3.0 understands). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Type.Static<T> | null>({ ...schema, nullable: true });
}

export const ErrorBody = Type.Object(
  {
    code: Type.Integer({ description: 'HTTP status of the response.' }),
    message: Type.String({ description: 'What went wrong, naming the parameter or limit at fault.' }),
  },
  { $id: 'Error', description: 'Every non-2xx response has this shape.' },
);

export const TabularFields = {
  header: Type.Array(Type.String(), { description: 'Column names, aligned with every row.' }),
  rows: Type.Array(Type.Array(Type.Unknown()), { description: 'One array per row, aligned to header.' }),
  cursor: Type.String({ description: 'Pass as `cursor` for the next page; empty on the last page.' }),
  total: Type.Integer({ description: 'Rows matching the query over all pages.' }),
  total_sampling: Type.Number({ description: '1 when total is exact.' }),
};

export const Tabular = Type.Object(TabularFields, { $id: 'TabularResult', description: 'A page of rows with their column names.' });

export const EmbeddedSection = Type.Object(
  {
    items: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    total: Type.Integer(),
  },
  { $id: 'EmbeddedSection', description: 'Up to 100 related objects; total counts all of them.' },
);

export const CodeLocation = Type.Object(
  {
    repository: Nullable(Type.String()),
    path: Nullable(Type.String()),
    start_line: Nullable(Type.Integer()),
    end_line: Nullable(Type.Integer()),
    branch: Nullable(Type.String()),
    commit: Nullable(Type.String()),
    url: Nullable(Type.String()),
    host: Nullable(Type.String()),
  },
  { $id: 'CodeLocation', description: 'Where in code or on a host the location points.' },
);

export const EmbeddedLocationSection = Type.Object(
  {
    items: Type.Array(Type.Object({ id: Type.String(), codeLocation: Type.Ref('CodeLocation') })),
    total: Type.Integer(),
  },
  { $id: 'EmbeddedLocationSection', description: 'Up to 100 locations; total counts all of them.' },
);

export const sharedSchemas = [ErrorBody, Tabular, EmbeddedSection, CodeLocation, EmbeddedLocationSection];

const PathId = (description: string) => Type.String({ minLength: 1, maxLength: 512, description });

export const TenantWorkspaceParams = Type.Object({
  tenant_id: PathId('Tenant (organisation) id.'),
  workspace_id: PathId('Workspace id within the tenant.'),
});

export const ObjectParams = Type.Object({
  tenant_id: PathId('Tenant (organisation) id.'),
  workspace_id: PathId('Workspace id within the tenant.'),
  id: PathId('Object id.'),
});

export const EdgeParams = Type.Object({
  tenant_id: PathId('Tenant (organisation) id.'),
  workspace_id: PathId('Workspace id within the tenant.'),
  id: PathId('Object id.'),
  edge: Type.String({ minLength: 1, maxLength: 128, description: 'Edge to follow (see the operation description for the allowed names).' }),
});

export { PathId };

export const PagingQuery = {
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `Rows per page, 1–${MAX_PAGE_SIZE}.` })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Alias of page_size.' })),
  cursor: Type.Optional(Type.String({ maxLength: 4096, description: 'Cursor from the previous page.' })),
};

export const SortQuery = {
  sort: Type.Optional(Type.String({ maxLength: 128, description: 'Column to sort by (a sortable column of the header).' })),
  sort_dir: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Sort direction.' })),
};

export const NameQuery = {
  name__ilk: Type.Optional(Type.String({ maxLength: 256, description: 'Case-insensitive substring the name must contain.' })),
};

/** Documented error responses: every operation lists these with the error schema. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const words: Record<number, string> = {
    400: 'A parameter is malformed; the message names it.',
    401: 'No token, or a malformed, unknown, revoked or expired one.',
    403: 'The token has no access to this tenant or workspace, or lacks the scope.',
    404: 'No such object in this workspace.',
    406: 'The Accept header asks for a type the operation cannot produce.',
    409: 'The request conflicts with the current state.',
    412: 'A precondition (If-Match / If-None-Match) failed.',
    413: 'The body is larger than the limit.',
    415: 'The body has an unsupported media type.',
    429: 'Too many requests; see Retry-After.',
    500: 'Internal error; the message carries the request id.',
    503: 'The database is unavailable; retry later.',
  };
  const out: Record<number, unknown> = {};
  for (const s of [...new Set([400, 401, 403, 429, 500, 503, ...statuses])].sort()) {
    out[s] = Type.Ref('Error', { description: words[s] ?? 'Error.' });
  }
  return out;
}

export function pageSizeOf(q: { page_size?: number; pageSize?: number }, fallback: number): number {
  return q.page_size ?? q.pageSize ?? fallback;
}

/** A 200 answered as a tabular result, or as CSV when the client sends `Accept: text/csv`. */
export function TabularOrCsv(description: string): TSchema {
  return Type.Unsafe({
    description,
    content: {
      'application/json': { schema: Type.Ref('TabularResult') },
      'text/csv': { schema: { type: 'string', description: 'The same rows as CSV, header first.' } },
    },
  });
}
