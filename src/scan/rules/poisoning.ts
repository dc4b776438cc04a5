// Tool poisoning: a tool's description is read by the model as instructions, so a description that
// tells the model what to do beyond using the tool (ignore its instructions, read a file, send data
// somewhere, keep something from the user) or hides text from the person reviewing it steers every
// agent that loads the tool. Each test below names one such pattern; a description may match
// several. They read the description as text, after the code analyser has parsed it out of the code.

export interface PoisoningSign {
  /** What was found, in a few words. */
  sign: string;
  /** A short excerpt around it, invisible characters written as \u escapes. */
  excerpt: string;
}

/** Characters a person reading the description does not see: zero-width, bidirectional controls, Unicode tags. */
const hidden = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;

const instructions: [RegExp, string][] = [
  [
    /\b(?:ignore|disregard|forget|override)\b.{0,30}\b(?:previous|prior|above|earlier|all|any|other|system)\b.{0,20}\b(?:instructions?|prompts?|rules|messages|directions)\b/i,
    'tells the model to ignore its instructions',
  ],
  [/<\s*(?:important|system|instructions?|secret|hidden)\s*>/i, 'carries a block of instructions for the model'],
  [
    /\b(?:do not|don't|never)\b.{0,40}\b(?:tell|inform|mention|reveal|show|notify)\b.{0,30}\b(?:the )?(?:user|human|operator)\b/i,
    'tells the model to keep something from the user',
  ],
  [
    /\b(?:read|open|cat|load|include|attach|upload)\b.{0,60}(?:~\/|\.ssh\b|id_rsa|id_ed25519|\.env\b|\/etc\/passwd|\.aws\/|credentials|mcp\.json|\.npmrc|\.netrc|private key)/i,
    'tells the model to read local files or credentials',
  ],
  [
    /\b(?:send|post|forward|upload|exfiltrate|transmit|email)\b.{0,80}\b(?:to|at)\b\s+(?:https?:\/\/|[\w.+-]+@[\w-]+\.)/i,
    'tells the model to send data to an address',
  ],
  [
    /\b(?:before|after|instead of)\b.{0,30}\b(?:using|calling|running|any other)\b.{0,40}\b(?:call|use|run|invoke|read|send)\b/i,
    'tells the model what to do around other tool calls',
  ],
  [
    /\b(?:reveal|print|output|repeat|leak)\b.{0,30}\b(?:system prompt|your instructions|the conversation|api keys?|tokens?|passwords?)\b/i,
    'asks the model to reveal its prompt or secrets',
  ],
];

function excerptAround(text: string, index: number, length: number): string {
  const from = Math.max(0, index - 20);
  const to = Math.min(text.length, index + length + 20);
  const cut = text.slice(from, to).replace(/\s+/g, ' ');
  return `${from > 0 ? '…' : ''}${escapeHidden(cut)}${to < text.length ? '…' : ''}`;
}

/** The text with each invisible character written as its \u escape, so the evidence shows it. */
export function escapeHidden(text: string): string {
  return text.replace(new RegExp(hidden.source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

export function poisoningSigns(description: string): PoisoningSign[] {
  const out: PoisoningSign[] = [];
  const h = hidden.exec(description);
  if (h) out.push({ sign: 'holds invisible or hidden characters', excerpt: excerptAround(description, h.index, 1) });
  for (const [re, sign] of instructions) {
    const m = re.exec(description);
    if (m) out.push({ sign, excerpt: excerptAround(description, m.index, m[0].length) });
  }
  return out;
}
