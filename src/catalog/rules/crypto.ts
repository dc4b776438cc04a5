// Cryptographic material: certificates and keys whose state puts what relies on them at risk.

import { defineStaticRule } from './define.ts';

export const cryptoRules = [
  // Raised by static discovery (`aispm scan`). An expired certificate is an outage, and tempts those
  // who rely on it to turn verification off (then what it protected can be read on the way).
  defineStaticRule({
    slug: 'certificate_expiring',
    name: 'Certificate expired or expiring within 30 days',
    severity: 'medium',
    category: 'crypto',
    objectTypes: ['location'],
    owasp: null,
    description:
      'A certificate kept among the files has expired or expires within 30 days: what relies on it stops working, or is tempted to turn verification off.',
    remediation:
      'Renew the certificate and replace the file; keep certificates out of the repository where they can be fetched at deploy time.',
    controls: ['LLM02', 'ASI08', 'AML.T0029', 'MANAGE 4.1', 'Article 15'],
  }),
];
