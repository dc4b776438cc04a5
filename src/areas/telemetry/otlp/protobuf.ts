// A small protobuf wire-format reader and writer: just what the OTLP trace messages need
// (varints, 64-bit fixed, doubles, length-delimited fields). @opentelemetry/otlp-transformer
// ships encoders for requests and a decoder for responses, not a request decoder, so the
// receiving side is here. Unknown fields are skipped, as protobuf requires.

export class ProtobufError extends Error {}

export const WIRE = { VARINT: 0, I64: 1, LEN: 2, I32: 5 } as const;

export class Reader {
  // A Buffer over the body's bytes (not a copy): its ranged toString and read*LE methods decode in
  // place, where views (subarray, DataView) would be allocated per field of every span.
  readonly buf: Buffer;
  pos: number;
  readonly end: number;

  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = start;
    this.end = end;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  /** The next field's number and wire type. */
  tag(): { field: number; wire: number } {
    const t = this.varint();
    const field = Math.floor(t / 8);
    if (field === 0) throw new ProtobufError(`invalid field number 0 at byte ${this.pos}`);
    return { field, wire: t % 8 };
  }

  /** A varint as a number; exact up to 2^53, which every count and enum here stays within. */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError('truncated varint');
      const b = this.buf[this.pos++]!;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new ProtobufError('varint longer than 10 bytes');
  }

  /** A varint as a signed 64-bit integer (int64 fields: two's complement, 10 bytes when negative). */
  int64(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError('truncated varint');
      const b = this.buf[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asIntN(64, result);
      shift += 7n;
    }
    throw new ProtobufError('varint longer than 10 bytes');
  }

  fixed64(): bigint {
    this.need(8);
    const v = this.buf.readBigUInt64LE(this.pos);
    this.pos += 8;
    return v;
  }

  fixed32(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }

  double(): number {
    this.need(8);
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }

  /** A length-delimited field's bytes (a view, not a copy). */
  bytes(): Uint8Array {
    const len = this.varint();
    this.need(len);
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  string(): string {
    const len = this.varint();
    this.need(len);
    const start = this.pos;
    this.pos += len;
    // TextDecoder drops a leading byte order mark, Buffer keeps it: such a string takes the decoder.
    if (len >= 3 && this.buf[start] === 0xef && this.buf[start + 1] === 0xbb && this.buf[start + 2] === 0xbf)
      return decoder.decode(this.buf.subarray(start, start + len));
    return this.buf.toString('utf8', start, start + len);
  }

  /** A length-delimited field's bytes as lowercase hex (trace and span ids). */
  hex(): string {
    const len = this.varint();
    this.need(len);
    const start = this.pos;
    this.pos += len;
    return this.buf.toString('hex', start, start + len);
  }

  /** A reader over an embedded message. */
  message(): Reader {
    const len = this.varint();
    this.need(len);
    const r = new Reader(this.buf, this.pos, this.pos + len);
    this.pos += len;
    return r;
  }

  skip(wire: number): void {
    switch (wire) {
      case WIRE.VARINT:
        this.varint();
        return;
      case WIRE.I64:
        this.need(8);
        this.pos += 8;
        return;
      case WIRE.LEN: {
        const len = this.varint();
        this.need(len);
        this.pos += len;
        return;
      }
      case WIRE.I32:
        this.need(4);
        this.pos += 4;
        return;
      default:
        throw new ProtobufError(`unsupported wire type ${wire}`);
    }
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new ProtobufError('message is truncated');
  }
}

const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** Builds a message field by field. */
export class Writer {
  private readonly parts: number[] = [];

  private varintRaw(v: number): void {
    let n = v;
    while (n >= 0x80) {
      this.parts.push((n % 128) | 0x80);
      n = Math.floor(n / 128);
    }
    this.parts.push(n);
  }

  uint(field: number, v: number): this {
    this.varintRaw(field * 8 + WIRE.VARINT);
    this.varintRaw(v);
    return this;
  }

  bytes(field: number, v: Uint8Array): this {
    this.varintRaw(field * 8 + WIRE.LEN);
    this.varintRaw(v.length);
    for (const b of v) this.parts.push(b);
    return this;
  }

  string(field: number, v: string): this {
    return this.bytes(field, encoder.encode(v));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}
