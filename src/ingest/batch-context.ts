// What every part of a batch's application shares: the transaction, where the batch goes, the
// objects it touched (whose derived rows are recomputed once at the end of the batch), and the
// batch's steps, so a step that works on another workspace in the same transaction (posture rules
// following a tenant's settings) can finish that workspace's objects the same way.

import type { Db, Executor } from '../platform/db/database.ts';

export interface LineError {
  line: number;
  message: string;
}

/** A record with the line (1-based) it came from. */
export interface Lined<R> {
  line: number;
  record: R;
}

export interface BatchOptions {
  /** Keep prompt and response text of interactions. */
  storePrompts: boolean;
  /** Evaluate the posture rules over what the batch changed (default true). */
  evaluateRules?: boolean;
  /** Most objects telemetry (`source: "runtime"` records) may create in a workspace; none: no cap. */
  runtimeObjectCap?: number;
  /** Days a declared agent may go unseen at runtime before a posture rule reports it (config AISPM_RUNTIME_QUIET_DAYS). */
  runtimeQuietDays?: number;
}

/** A step run on a batch's (or an evaluation's) touched objects. */
export type FinishStep = (ctx: BatchContext) => Promise<void>;

/** What a batch changed that subscribers are told of (webhooks): a new object, a finding opened, resolved, waived or back from a waiver. */
export type ChangeType = 'object.discovered' | 'finding.created' | 'finding.resolved' | 'finding.waived' | 'finding.unwaived';

export type Change =
  | { type: 'object.discovered'; kind: string; id: string; name: string; firstSeen: number; lastSeen: number }
  | {
      type: 'finding.created' | 'finding.resolved' | 'finding.waived' | 'finding.unwaived';
      id: string;
      issueId: string;
      ruleId: string;
      severity: string;
      status: string;
      title: string;
      objectKind: string;
      objectId: string;
      detectedAt: number;
      resolvedAt: number | null;
      source: string;
      /** The waiver's terms (`finding.waived`, `finding.unwaived`). */
      waiver?: Record<string, unknown>;
    };

/**
 * Which changes someone listens to in a workspace (the webhooks' subscriptions), read once per
 * batch context in its transaction: a writer notes the changes of a type only when someone does.
 */
export type ChangeInterest = (db: Db, tx: Executor, tenant: string, workspace: string) => Promise<ReadonlySet<ChangeType>>;

export class BatchContext {
  readonly db: Db;
  readonly tx: Executor;
  readonly tenant: string;
  readonly workspace: string;
  readonly now: number;
  readonly options: BatchOptions;
  /** Errors found while applying (e.g. a finding of an unknown rule): they reject the batch. */
  readonly errors: LineError[] = [];
  /** Objects (`kind\u0000id`) whose neighbour counts must be recomputed. */
  readonly touchedForEdges = new Set<string>();
  /** Objects whose issue counts must be recomputed. */
  readonly touchedForIssues = new Set<string>();
  /** Objects whose reach (part of the risk score) changed. */
  readonly touchedForRisk = new Set<string>();
  /**
   * Objects whose stored row must be rendered again though no count, issue or score of theirs
   * changed: an existing object upserted again (its times or attributes moved, telemetry's steady state).
   */
  readonly touchedRows = new Set<string>();
  /** Kinds whose entity count changed. */
  readonly touchedKinds = new Set<string>();
  /** Objects (`kind\u0000id`) a writer declined to create (past the telemetry cap): their relations are not written. */
  readonly refused = new Set<string>();
  /**
   * Objects (`kind\u0000id`) a writer took for another of the same kind (telemetry naming a declared
   * object by its name): the later writers read relations and links to the first as to the second (its id).
   */
  readonly aliases = new Map<string, string>();
  /** Changes noted for subscribers, in the order they happened; a finish step takes them. */
  readonly changes: Change[] = [];
  /** Findings written under a waiver: their `finding.created` is not announced (they are not open). */
  readonly quiet = new Set<string>();
  private readonly finishSteps: readonly FinishStep[];
  private readonly interestOf: ChangeInterest | undefined;
  private interest: Promise<ReadonlySet<ChangeType>> | undefined;

  constructor(
    db: Db,
    tx: Executor,
    tenant: string,
    workspace: string,
    now: number,
    options: BatchOptions,
    finish: readonly FinishStep[] = [],
    interest?: ChangeInterest,
  ) {
    this.db = db;
    this.tx = tx;
    this.tenant = tenant;
    this.workspace = workspace;
    this.now = now;
    this.options = options;
    this.finishSteps = finish;
    this.interestOf = interest;
  }

  /** Whether someone listens to changes of this type in the workspace (asked once per context). */
  async wants(type: ChangeType): Promise<boolean> {
    if (!this.interestOf) return false;
    this.interest ??= this.interestOf(this.db, this.tx, this.tenant, this.workspace);
    return (await this.interest).has(type);
  }

  reject(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  /** A context for another workspace of the tenant, in the same transaction, with the same steps. */
  forWorkspace(workspace: string): BatchContext {
    return new BatchContext(this.db, this.tx, this.tenant, workspace, this.now, this.options, this.finishSteps, this.interestOf);
  }

  /** Brings the derived rows of every touched object up to date (issue counts, stored rows). */
  async finish(): Promise<void> {
    for (const step of this.finishSteps) await step(this);
  }
}

export function objectKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

export function splitKey(key: string): [string, string] {
  const i = key.indexOf('\u0000');
  return [key.slice(0, i), key.slice(i + 1)];
}
