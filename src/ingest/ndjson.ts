// Splits a byte stream into NDJSON lines without holding more than one chunk and one partial
// line in memory. Lines come out in groups (one group per input chunk) so a fast producer is not
// slowed by an await per line. Blank lines are skipped but still counted.

/** Longest line taken (docs/INGEST.md); longer ones are rejected. */
export const DEFAULT_MAX_LINE = 4 * 1024 * 1024;

export interface RawLine {
  /** 1-based line number in the body or file. */
  line: number;
  text?: string;
  /** Set instead of text when the line could not be taken (too long). */
  error?: string;
}

export async function* ndjsonLines(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxLineBytes: number,
): AsyncGenerator<RawLine[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overflow = false;
  let lineNo = 0;

  const finish = (tail: Buffer | null, out: RawLine[]) => {
    lineNo++;
    if (overflow) {
      out.push({ line: lineNo, error: `line is longer than ${maxLineBytes} bytes` });
    } else {
      const buf = pending.length === 0 ? tail! : Buffer.concat(tail ? [...pending, tail] : pending);
      let text = buf.toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() !== '') out.push({ line: lineNo, text });
    }
    pending = [];
    pendingBytes = 0;
    overflow = false;
  };

  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    const out: RawLine[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const part = chunk.subarray(start, nl);
      if (!overflow && pendingBytes + part.length > maxLineBytes) overflow = true;
      finish(overflow ? null : part, out);
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      pendingBytes += rest.length;
      if (pendingBytes > maxLineBytes) {
        overflow = true;
        pending = [];
      } else pending.push(Buffer.from(rest));
    }
    if (out.length) yield out;
  }
  if (pendingBytes > 0 || overflow) {
    const out: RawLine[] = [];
    finish(null, out);
    if (out.length) yield out;
  }
}
