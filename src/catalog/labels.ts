// Short labels of the columns the API answers, for people: a table's header, a form's column
// picker (the console, docs/CONSOLE.md). A column's description says what it holds; its label
// names it in a few words. A column reads as its name's words, acronyms kept (`risk_score` → "Risk
// score", `mcp_servers` → "MCP servers"); the map below names the few whose words say it badly.
// Names a client sends never reach these maps: only the catalogue's own column names do.

/** Words of column names that are written otherwise in a label. */
const WORDS: ReadonlyMap<string, string> = new Map([
  ['id', 'ID'],
  ['ids', 'IDs'],
  ['ai', 'AI'],
  ['mcp', 'MCP'],
  ['llm', 'LLM'],
  ['ip', 'IP'],
  ['os', 'OS'],
  ['url', 'URL'],
  ['uri', 'URI'],
  ['tls', 'TLS'],
  ['cvss', 'CVSS'],
  ['owasp', 'OWASP'],
  ['cicd', 'CI/CD'],
  ['mime', 'MIME'],
  ['ms', '(ms)'],
]);

/** Columns whose words would mislead or say it long-windedly. */
const LABELS: ReadonlyMap<string, string> = new Map([
  ['ok', 'OK'],
  ['sub_agents', 'Sub-agents'],
  ['total_tokens', 'Tokens'],
  ['cost', 'Cost (USD)'],
  ['agent_id', 'Agent'],
  ['session_id', 'Session'],
  ['rule_name', 'Rule'],
  ['object_name', 'Object'],
  ['control_id', 'Control'],
  ['model_id', 'Inventory model'],
  ['mcp_server_ids', 'MCP servers'],
  ['sensor_type', 'Sensor'],
  ['is_current', 'Current'],
  ['runtime_last_seen', 'Last seen at runtime'],
  ['not_after', 'Valid until'],
  ['key_size', 'Key size (bits)'],
  ['context_window', 'Context window (tokens)'],
  ['pass_rate', 'Pass rate (0–1)'],
  ['criticality', 'Criticality (1–5)'],
]);

/** The label of a column of the catalogue. */
export function columnLabel(name: string): string {
  const label = LABELS.get(name);
  if (label !== undefined) return label;
  const words = name.split('_').map((w) => WORDS.get(w) ?? w);
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
}

// Letters whose name starts with a vowel sound: an acronym beginning with one reads "an" (an AI
// agent, an MCP server, an LLM call), one beginning with another "a" (a CVSS score, a TLS key).
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX');

/**
 * A noun with its indefinite article, chosen by how the noun is said: "an AI agent", "an MCP
 * server", "a model", "an asset", "a tool". Spelled acronyms are read letter by letter; other
 * words by their first letter (the catalogue's nouns have no silent h nor a "u" said "you"
 * other than "user"/"usage"/"unique", which are caught).
 */
export function withArticle(noun: string): string {
  const word = noun.trim().split(/[\s_-]/)[0] ?? '';
  const acronym = /^[A-Z]{2,}s?$/.test(word);
  const first = word.charAt(0);
  const an = acronym ? VOWEL_SOUND_LETTERS.has(first) : /^[aeiou]/i.test(word) && !/^(us|uni|eu)/i.test(word);
  return `${an ? 'an' : 'a'} ${noun}`;
}
