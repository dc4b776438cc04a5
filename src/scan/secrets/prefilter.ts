// A cheap test of a file's bytes before the secret detectors read it: does it hold any of the
// literal anchors that every detector rule of the preset needs (a token's prefix such as `ghp_` or
// `sk-ant-`, `PRIVATE KEY`, `://` for credentials in URLs, the variable names AWS keys are given)?
// Most files hold none, and secretlint's rules (thirty regular expressions, each run over the whole
// text) then never see them. It is a filter, not the detection: what passes it goes through
// secretlint whole. test/scan-secrets.test.ts holds a sample for every rule of the preset and
// checks that the filter lets each through, so a preset update with a rule this list misses fails.
//
// The anchors are matched in one pass with an Aho–Corasick automaton over bytes (a 256-way
// transition table): a regular expression with sixty alternatives runs ten times slower in V8,
// which tries each alternative at every position.

/** Anchors matched as written. */
const exact = [
  // AWS access key ids and the names secret keys and account ids are given
  'AKIA',
  'ASIA',
  'A3T',
  'AGPA',
  'AIDA',
  'AROA',
  'AIPA',
  'ANPA',
  'ANVA',
  // token prefixes
  'T3BlbkFJ',
  'sk-ant-',
  'gsk_',
  'hf_',
  'lin_api_',
  'ntn_',
  'SG.',
  'shppa_',
  'shpca_',
  'shpat_',
  'shpss_',
  'sk_live_',
  'sk_test_',
  'rk_live_',
  'rk_test_',
  'ghp_',
  'gho_',
  'ghu_',
  'ghs_',
  'ghr_',
  'github_pat_',
  'x-oauth-basic',
  'glpat-',
  'glc_',
  'glsa_',
  'ops_ey',
  'hvs.',
  'hvb.',
  'hvr.',
  'vcp_',
  'vci_',
  'vca_',
  'vcr_',
  'vck_',
  'dapi',
  'dckr_pat_',
  'figd_',
  'cfk_',
  'cfut_',
  'cfat_',
  'tskey-',
  'npm_',
  '_authToken',
  'xoxb-',
  'xoxp-',
  'xapp-',
  'xoxa-',
  'xoxo-',
  'xoxr-',
  'hooks.slack.com',
  'private_key_id',
  // PEM blocks: private keys and certificates
  '-----BEGIN',
];

/** The casings the AWS rules accept, written out: `(SECRET|secret|Secret)_?(ACCESS|access|Access)`. */
const casings = (word: string) => [word.toUpperCase(), word, word[0]!.toUpperCase() + word.slice(1)];
const awsSecretNames = casings('secret').flatMap((a) => ['_', ''].flatMap((sep) => casings('access').map((b) => `${a}${sep}${b}`)));

/**
 * Anchors common in code that only a second, exact test lets through: `://` (half of all files
 * hold a URL; a credential in one needs `user:password@` after it) and `account` (an AWS account
 * id needs twelve digits after the name). Each test is the rule's own pattern, widened.
 */
const confirmed: { anchors: string[]; test: RegExp }[] = [
  { anchors: ['://'], test: /:\/\/[^\s/:]{1,256}:[^\s/@]{1,256}@/ },
  { anchors: casings('account'), test: /account_?(?:id)?["']?\s*(?::|=>|=)\s*["']?[0-9]{4}-?[0-9]{4}-?[0-9]{4}/i },
];

interface Automaton {
  /** The move from (state × 256 + byte), as the next state × 256: no multiplication in the loop. */
  table: Int32Array;
  /** Per state × 256: 1 when an exact anchor ends there, else the bits of the confirmed anchors (2 << i). */
  accept: Uint8Array;
}

function build(): Automaton {
  const next: Int32Array[] = [new Int32Array(256).fill(-1)];
  const out: number[] = [0];
  const add = (word: string, mark: number) => {
    let state = 0;
    for (const ch of Buffer.from(word, 'latin1')) {
      let target = next[state]![ch]!;
      if (target < 0) {
        target = next.length;
        next.push(new Int32Array(256).fill(-1));
        out.push(0);
        next[state]![ch] = target;
      }
      state = target;
    }
    out[state]! |= mark;
  };
  for (const w of [...exact, ...awsSecretNames]) add(w, 1);
  confirmed.forEach((c, i) => {
    for (const a of c.anchors) add(a, 2 << i);
  });
  // Failure links, breadth first over the trie's own edges, folded into the table: every state
  // has a move on every byte.
  const edges = next.map((row) => Int32Array.from(row));
  const fail = new Int32Array(next.length);
  const queued = new Uint8Array(next.length);
  const queue: number[] = [];
  for (let c = 0; c < 256; c++) {
    const n = edges[0]![c]!;
    if (n < 0) next[0]![c] = 0;
    else if (!queued[n]) {
      queued[n] = 1;
      queue.push(n);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q]!;
    out[s] = out[s]! | out[fail[s]!]!;
    for (let c = 0; c < 256; c++) {
      const n = edges[s]![c]!;
      if (n < 0) next[s]![c] = next[fail[s]!]![c]!;
      else if (!queued[n]) {
        queued[n] = 1;
        fail[n] = next[fail[s]!]![c]!;
        queue.push(n);
      }
    }
  }
  const table = new Int32Array(next.length * 256);
  const accept = new Uint8Array(next.length * 256);
  for (const [s, row] of next.entries()) {
    for (let c = 0; c < 256; c++) table[s * 256 + c] = row[c]! * 256;
    accept[s * 256] = out[s]!;
  }
  return { table, accept };
}

const { table, accept } = build();

/** Whether the bytes hold an anchor of a secret rule (and so are worth the detectors' time). */
export function mayHoldSecret(bytes: Uint8Array): boolean {
  let s = 0;
  let seen = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    s = table[s + bytes[i]!]!;
    const a = accept[s]!;
    if (a !== 0) {
      if (a & 1) return true;
      seen |= a;
    }
  }
  if (!seen) return false;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  return confirmed.some((c, i) => (seen & (2 << i)) !== 0 && c.test.test(text));
}
