// What a static rule is: its metadata (what the rules lists, SARIF and webhooks show), the
// compliance controls it maps to, and, for the rules the inventory graph alone can decide, the
// checks the posture engine (src/areas/posture/) evaluates after every ingest batch. A check is
// data: the kind of object it judges, a condition over that object's attributes and its neighbours
// (hops over the stored relations of `kinds.ts`), and the sentence that explains an instance.
//
// Attribute tests are strict about what the inventory says: `equals` fires only on the value
// itself (a model with no `pinned` attribute is not reported as unpinned), while `notTrue` treats
// a missing attribute as false, because an approval step nobody recorded is one nobody can rely on.

export type Severity = 'critical' | 'high' | 'medium' | 'low';

/** One hop over a stored relation, from the object in hand to neighbours of the given kinds. */
export interface Hop {
  relation: string;
  /** `out`: the object is the relation's `from`; `in`: its `to`. */
  direction: 'out' | 'in';
  kinds: string[];
  /** What the neighbours found are called in the evidence and the explanation (`{tools}`). */
  as: string;
  /** A condition each neighbour must meet to count; none: every neighbour counts. */
  where?: Condition;
}

export type Condition =
  /** The attribute holds exactly this value. */
  | { attribute: string; equals: string | boolean }
  /** The attribute is false or missing. */
  | { attribute: string; notTrue: true }
  /** The attribute (a list of strings) contains one of these. */
  | { attribute: string; includesAny: string[] }
  /** The attribute (a list of strings) has an element matching this regular expression. */
  | { attribute: string; matches: string }
  /** The attribute (a list of strings) is not empty and holds nothing but these. */
  | { attribute: string; only: string[] }
  /** The attribute (a list of strings) holds an element other than these. */
  | { attribute: string; besides: string[] }
  /**
   * The attribute (an RFC 3339 time) is older than the evaluation's quiet period (days, config
   * AISPM_RUNTIME_QUIET_DAYS; DEFAULT_QUIET_DAYS when none is given).
   */
  | { attribute: string; quiet: true }
  /** At least one neighbour over the hop meets the hop's condition: these are the evidence. */
  | { some: Hop }
  /** No neighbour over the hop meets the hop's condition. */
  | { no: Hop }
  | { all: Condition[] }
  /** At least one of these holds; the evidence is what every one that holds found. */
  | { any: Condition[] };

/** How the graph decides a rule on one kind of object (a rule judging several kinds has one check per kind). */
export interface Check {
  /** The kind of object judged: one of the rule's object types. */
  kind: string;
  when: Condition;
  /** The condition in words, for the documentation and the evidence. */
  predicate: string;
  /**
   * The instance's description. `{subject}` is the object judged; `{<as>}` the neighbours a hop
   * named so found (deduplicated, in id order); `{subject.<attribute>}` one of its attributes.
   */
  explain: string;
  /**
   * A toxic combination: the rule fires on a path through the graph rather than on one object, and
   * its evidence gives the paths (from the object judged, over each relation, to the object that
   * completes the combination).
   */
  toxic?: boolean;
  /**
   * The verdict changes with time alone (a quiet period): the rule is settled over the whole
   * workspace after every batch that brought telemetry, not only on the objects it changed.
   */
  timed?: boolean;
}

/** A static rule as the rules lists show it (`SR-aispm_<slug>`). */
export interface StaticRule {
  id: string;
  name: string;
  description: string;
  severity: Severity;
  category: string;
  objectTypes: string[];
  remediation: string;
  /** OWASP Top 10 for Agentic Applications (ASI01–ASI10) where one applies. */
  owasp: string | null;
}

/** A check with the rule it decides: what the posture engine evaluates. */
export interface PostureRule extends Check {
  ruleId: string;
}
