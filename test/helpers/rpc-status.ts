// google.rpc.Status, the error body of an OTLP/HTTP protobuf request (the OTLP specification):
// read here without a protobuf library, since its two fields are all a test looks at.

/** Reads a google.rpc.Status (code: field 1, message: field 2) from a protobuf error body. */
export function rpcStatus(body: Buffer): { code: number; message: string } {
  let i = 0;
  const varint = () => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const b = body[i++]!;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
    }
  };
  const out = { code: 0, message: '' };
  while (i < body.length) {
    const tag = varint();
    if (tag === 0x08) out.code = varint();
    else if (tag === 0x12) {
      const n = varint();
      out.message = body.subarray(i, i + n).toString('utf8');
      i += n;
    } else throw new Error(`not a google.rpc.Status: tag ${tag}`);
  }
  return out;
}
