// What discovery answers, and the spans it keeps between exports.

export type IgnoreReason = 'not_genai' | 'genai_no_object';
export const ignoreReasons: Record<IgnoreReason, string> = {
  not_genai: 'not GenAI spans (no gen_ai.*, OpenInference, Traceloop, Vercel AI SDK or MCP attributes)',
  genai_no_object: 'GenAI spans about no object (workflow, chain or task steps, or an agent or tool span without a name)',
};

export interface Discovery {
  /** Entity, relation and interaction records (NDJSON v1), in that order. */
  records: Array<Record<string, unknown>>;
  /** Spans mapped, by what they made: agent, model, tool, mcp_server, guardrail. */
  mapped: Record<string, number>;
  ignored: Partial<Record<IgnoreReason, number>>;
  rejected: Array<{ spanId: string; message: string }>;
  /** Attributes of the wrong type (span id: what), ignored and reported. */
  typeErrors: Array<{ spanId: string; message: string }>;
  /** Keys of GenAI spans nothing maps, with how often they were seen. */
  unmapped: Map<string, number>;
  /** Model calls that reported a cost of zero with tokens used (priced from the table instead). */
  zeroCostReported: number;
  /** Spans to keep until their ancestors arrive. */
  pending: PendingSpan[];
  /** Kept spans settled by this export (to forget). */
  resolved: Array<{ traceId: string; spanId: string }>;
}

/**
 * A span whose place under an agent is not known yet: its parent was not in its export (exporters
 * send a span when it ends, so children usually arrive before the agent span above them). It is
 * kept (table otlp_pending_spans) with what it needs from that agent: the relations to make from it
 * and the interaction to re-send with its agent, until the missing ancestors arrive or it has
 * waited PENDING_TTL_MS (then it is settled as a root: the service is its agent).
 */
export interface PendingSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** The span's service, and the attributes of the agent it stands for when it turns out to be a root. */
  service?: string;
  serviceAttributes?: Record<string, unknown>;
  /** Set when the span is an agent's: its descendants belong to it. */
  agentId?: string;
  /** Relations (relation, kind, id) from the owning agent, once known. */
  uses: Array<[string, string, string]>;
  /** The interaction (NDJSON record) to re-send with the agent's id. */
  interaction?: Record<string, unknown>;
  /** The span's own session id, for the spans under it. */
  session?: string;
  /** A guardrail's outcome, for the model call above it when that arrives later. */
  outcome?: { target: 'input' | 'output'; outcome: string; name?: string };
  /** The interaction's session is its trace id for want of one above it: an ancestor's, once it arrives, replaces it. */
  sessionFromTrace?: boolean;
  first: number;
  last: number;
  receivedAt: number;
}

/** How long a span waits for its ancestors before the service is taken for its agent. */
export const PENDING_TTL_MS = 10 * 60_000;
