// The vocabulary the catalogue is written in. Routes, SQL, result headers, OpenAPI text, CSV and
// ingest validation all read these definitions, so a column or an edge is added in one place.

/** How a value is typed on the wire. `time` is stored as epoch milliseconds, sent as RFC 3339. */
export type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'time' | 'strings' | 'object';

/** Where storage yields a column. */
export type ColumnSource =
  /** A real column of the table the row set is read from. */
  | { field: string }
  /** A key of the entity's `attributes` JSON object. */
  | { attribute: string }
  /** The number of neighbours over one of the kind's relation edges, kept in `edge_counts`. */
  | { edgeCount: string };

export interface ColumnDef {
  /** Name in the result `header` and in `sort`. */
  name: string;
  type: ValueType;
  description: string;
  /** Whether `sort=<name>` is accepted (an index backs each sortable column). */
  sortable: boolean;
  from: ColumnSource;
  /**
   * Stored as the value times this (money: micro-dollars, src/catalog/money.ts); filters on the
   * column take the answered unit and are scaled to the stored one.
   */
  scale?: number;
}

export type Direction = 'out' | 'in';

/** A stored relation type and the (from kind, to kind) pairs it may join. */
export interface RelationDef {
  name: string;
  description: string;
  pairs: ReadonlyArray<readonly [string, string]>;
}

/** Sets that are not inventory kinds but can be reached over an edge. */
export type DerivedSet = 'issues' | 'instances' | 'llm_sessions' | 'scans' | 'current_scans';

export type EdgeResolution = { relation: string; direction: Direction } | { derived: DerivedSet };

export interface EdgeDef {
  /** Name in the URL: `…/{id}/{edge}`. */
  name: string;
  description: string;
  /** The kind of the rows it answers, or the derived set. */
  target: string;
  via: EdgeResolution;
}

/** A section embedded in a detail response, read through one of the kind's edges. */
export interface SectionDef {
  name: string;
  edge: string;
  /** `items`: `{items:[{id,name}], total}`; `locations`: `{items:[{id, codeLocation}], total}`;
   *  `tabular`: a nested tabular result. */
  shape: 'items' | 'locations' | 'tabular';
}

export interface KindDef {
  /** Stored kind name (`entities.kind`, ingest `kind`). */
  name: string;
  /** Words for documentation: "AI agent". */
  label: string;
  /** URL prefix for kinds with their own routes; leaf kinds are reached only over edges. */
  prefix?: string;
  /**
   * Stem of operation ids: `GetAll<plural>`, `Get<singular>Details`, `Get<singular>Edges`, or `edges` where the
   * product family's document names the edges operation otherwise.
   */
  operation?: { singular: string; plural: string; edges?: string };
  /** Whether the kind carries issue counts. */
  ai: boolean;
  columns: ColumnDef[];
  edges: EdgeDef[];
  sections: SectionDef[];
}

/** A row set that is not an entity kind (issues, instances, sessions, …): its columns only. */
export interface RowSetDef {
  name: string;
  columns: ColumnDef[];
}
