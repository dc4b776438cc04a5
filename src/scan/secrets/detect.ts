// Secrets, private keys and certificates in a file, as facts that carry no secret value:
//
//   secrets       secretlint's recommended preset (thirty maintained rules: cloud keys, SaaS
//                 tokens, credentials in URLs and connection strings), run on the files the
//                 prefilter lets through (prefilter.ts);
//   private keys  PEM blocks (`-----BEGIN … PRIVATE KEY-----`, also inside JSON strings with `\n`)
//                 read with node:crypto for the algorithm and size where the key is not encrypted,
//                 and PKCS#12 and Java keystores by their extension;
//   certificates  PEM blocks and DER files read with node:crypto's X509Certificate: subject,
//                 issuer, expiry, key algorithm, whether self-signed.
//
// A secret's value is read here, fingerprinted (fingerprint.ts), previewed, and dropped: nothing
// else of it leaves this module. secretlint's own messages repeat the value; they are never kept.

import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { extname } from 'node:path';
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretFact } from '../facts.ts';
import { LineIndex } from '../mcp/located.ts';
import { type Fingerprinter, previewOf } from './fingerprint.ts';
import { mayHoldSecret } from './prefilter.ts';
import { describeRule } from './rule-names.ts';

// The profiler records a performance mark per rule per file and never clears them: over a large
// tree that is gigabytes. Off, as its own documentation advises when the profile is not read.
secretLintProfiler.setEnabled(false);

const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };
const PRIVATE_KEY_RULE = '@secretlint/secretlint-rule-privatekey';

/** secretlint's findings on a text read from `path` (some rules read only some files: `.npmrc`, JSON). */
export async function lint(path: string, text: string) {
  const ext = extname(path);
  const result = await lintSource({ source: { filePath: path, ext, content: text, contentType: 'text' }, options: { config } });
  return result.messages;
}

/** A PEM block, possibly written inside a JSON or YAML string with `\n` escapes. */
const pemBlock = /-----BEGIN ((?:[A-Z0-9]+ )*(?:PRIVATE KEY|CERTIFICATE))-----(?:\\n|[A-Za-z0-9+/=\s:,.()-])*?-----END \1-----/g;

/** The lines a secret's span covers, from its offsets. */
function spanAt(path: string, lines: LineIndex, start: number, end: number): SecretFact['span'] {
  const a = lines.at(start);
  const b = lines.at(Math.max(start, end - 1));
  return { path, startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column + 1 };
}

export interface DetectedFile {
  path: string;
  bytes: Uint8Array;
  binary: boolean;
}

export class SecretDetector {
  private readonly fingerprint: Fingerprinter;
  constructor(fingerprint: Fingerprinter) {
    this.fingerprint = fingerprint;
  }

  /** Whether a text holds a secret secretlint knows (used on values before they are stored, e.g. MCP arguments). */
  async holdsSecret(text: string): Promise<boolean> {
    if (!mayHoldSecret(Buffer.from(text, 'utf8'))) return false;
    return (await lint('value.txt', text)).length > 0 || /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(text);
  }

  async detect(file: DetectedFile): Promise<SecretFact[]> {
    if (file.binary) return this.binaryKeyMaterial(file);
    if (!mayHoldSecret(file.bytes)) return [];
    const text = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length).toString('utf8');
    const lines = new LineIndex(text);
    const out: SecretFact[] = [];
    const ordinal = new Map<string, number>();
    const refOf = (kind: string) => {
      const n = (ordinal.get(kind) ?? 0) + 1;
      ordinal.set(kind, n);
      return `${file.path}#${kind}:${n}`;
    };

    for (const m of await lint(file.path, text)) {
      // Private keys are read below, with their algorithm; secretlint's finding would be the same key again.
      if (m.ruleId === PRIVATE_KEY_RULE) continue;
      const [start, end] = m.range;
      const value = text.slice(start, end);
      if (!value) continue;
      const meta = describeRule(m.ruleId, m.messageId, value);
      out.push({
        ref: refOf(`secret:${meta.short}`),
        kind: 'secret',
        rule: m.ruleId,
        secretType: meta.secretType,
        ...(meta.provider ? { provider: meta.provider } : {}),
        fingerprint: this.fingerprint(value),
        preview: previewOf(value),
        span: spanAt(file.path, lines, start, end),
      });
    }

    if (text.includes('-----BEGIN')) {
      for (const match of text.matchAll(pemBlock)) {
        const block = match[0].replace(/\\n/g, '\n');
        const start = match.index!;
        const end = start + match[0].length;
        if (match[1]!.endsWith('CERTIFICATE')) {
          const cert = this.certificate(Buffer.from(block), refOf('cert'), spanAt(file.path, lines, start, end));
          if (cert) out.push(cert);
        } else out.push(this.privateKey(block, match[1]!, refOf('key'), spanAt(file.path, lines, start, end)));
      }
    }
    return out;
  }

  private privateKey(block: string, label: string, ref: string, span: SecretFact['span']): SecretFact {
    let algorithm: string | undefined;
    let size: number | undefined;
    try {
      const key = createPrivateKey({ key: block, format: 'pem' });
      algorithm = key.asymmetricKeyType;
      const d = key.asymmetricKeyDetails;
      size = d?.modulusLength ?? (d?.namedCurve ? curveBits(d.namedCurve) : undefined);
    } catch {
      // Encrypted, OpenSSH or PGP: what the PEM label says.
      algorithm = /^(RSA|DSA|EC|OPENSSH|PGP|ENCRYPTED)\b/.exec(label)?.[1]?.toLowerCase();
    }
    const body = block.replace(/-----[^-]+-----|\s/g, '');
    return {
      ref,
      kind: 'key',
      rule: 'private-key',
      secretType: 'private_key',
      fingerprint: this.fingerprint(body),
      preview: previewOf(body),
      key: { type: 'private', ...(algorithm ? { algorithm } : {}), ...(size ? { size } : {}) },
      span,
    };
  }

  private certificate(data: Buffer, ref: string, span: SecretFact['span']): SecretFact | undefined {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(data);
    } catch {
      return undefined;
    }
    const pub = cert.publicKey;
    const details = pub.asymmetricKeyDetails;
    const bits = details?.modulusLength ?? (details?.namedCurve ? curveBits(details.namedCurve) : undefined);
    let selfSigned = false;
    try {
      selfSigned = cert.subject === cert.issuer && cert.verify(createPublicKey(pub.export({ format: 'pem', type: 'spki' })));
    } catch {
      selfSigned = false;
    }
    const flat = (dn: string) => dn.split('\n').filter(Boolean).join(', ');
    // A certificate is public: its SHA-256 fingerprint identifies it everywhere, no key needed.
    const fingerprint = cert.fingerprint256.replaceAll(':', '').toLowerCase();
    return {
      ref,
      kind: 'cert',
      rule: 'certificate',
      secretType: 'certificate',
      fingerprint,
      preview: fingerprint.slice(0, 16),
      cert: {
        subject: flat(cert.subject),
        issuer: flat(cert.issuer),
        notAfter: new Date(cert.validTo).toISOString(),
        ...(pub.asymmetricKeyType ? { keyAlgorithm: `${pub.asymmetricKeyType}${bits ? ` ${bits}` : ''}` } : {}),
        selfSigned,
      },
      span,
    };
  }

  /** DER certificates, and keystores (PKCS#12, Java) whose content needs a password to read. */
  private binaryKeyMaterial(file: DetectedFile): SecretFact[] {
    const whole: SecretFact['span'] = { path: file.path, startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 };
    if (/\.(?:der|cer|crt)$/i.test(file.path)) {
      const cert = this.certificate(Buffer.from(file.bytes), `${file.path}#cert:1`, whole);
      return cert ? [cert] : [];
    }
    const body = Buffer.from(file.bytes).toString('base64');
    return [
      {
        ref: `${file.path}#key:1`,
        kind: 'key',
        rule: 'keystore',
        secretType: 'private_key',
        fingerprint: this.fingerprint(body),
        preview: `…(${file.bytes.length} bytes)`,
        key: { type: 'private', algorithm: /\.jks$|\.keystore$/i.test(file.path) ? 'jks' : 'pkcs12' },
        span: whole,
      },
    ];
  }
}

function curveBits(curve: string): number | undefined {
  const m = /(\d{3})/.exec(curve);
  return m ? Number(m[1]) : curve === 'prime256v1' ? 256 : undefined;
}
