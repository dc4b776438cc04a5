// A sample text for every rule of secretlint's recommended preset, made at run time (never a
// committed secret-shaped string): the secret detectors' prefilter must let each one through.

import { generateKeyPairSync, randomBytes } from 'node:crypto';

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const hex = '0123456789abcdef';
function pick(n: number, from = alnum): string {
  const bytes = randomBytes(n);
  let out = '';
  for (let i = 0; i < n; i++) out += from[bytes[i]! % from.length];
  return out;
}
const letters = alnum.slice(0, 52);
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A JSON object whose base64 ends in `fQ==`, as 1Password's service account tokens do. */
function onePasswordToken(): string {
  for (let pad = 0; ; pad++) {
    const json = JSON.stringify({
      signInAddress: 'my.1password.com',
      email: `${pick(13).toLowerCase()}@1passwordserviceaccounts.com`,
      srpX: pick(64, hex),
      muk: { alg: 'A256GCM', k: pick(43) },
      secretKey: `A3-${pick(6 + pad)}`,
    });
    const b = b64(json);
    if (b.endsWith('fQ==')) return `ops_${b}`;
  }
}

/** Per rule of the preset (the part after `secretlint-rule-`): the file name it is read under, and its text. */
export function secretSamples(): Record<string, { file: string; text: string }> {
  const samples = textSamples();
  const file = (rule: string) => (rule === 'npm' ? '.npmrc' : rule === 'gcp' ? 'service-account.json' : 'settings.txt');
  return Object.fromEntries(Object.entries(samples).map(([rule, text]) => [rule, { file: file(rule), text }]));
}

function textSamples(): Record<string, string> {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
  return {
    aws: `AWS_SECRET_ACCESS_KEY=${pick(40)}\n`,
    gcp: `${JSON.stringify({ type: 'service_account', project_id: 'p', private_key_id: pick(40, hex), private_key: pem, client_email: 'a@p.iam.gserviceaccount.com' }, null, 2)}\n`,
    npm: `//registry.npmjs.org/:_authToken=${pick(36)}\n`,
    slack: `token: xoxb-${pick(12, '0123456789')}-${pick(13, '0123456789')}-${pick(24)}\n`,
    basicauth: `url = "https://deploy:${pick(12)}@example.com/repo.git"\n`,
    openai: `key = "sk-proj-${pick(74)}T3BlbkFJ${pick(74)}"\n`,
    anthropic: `key = "sk-ant-api03-${pick(93)}AA"\n`,
    groq: `key = "gsk_${pick(52)}"\n`,
    huggingface: `key = "hf_${pick(34, letters)}"\n`,
    linear: `key = "lin_api_${pick(40)}"\n`,
    notion: `key = "ntn_${pick(11, '0123456789')}${pick(35)}"\n`,
    privatekey: pem,
    sendgrid: `key = "SG.${pick(22)}.${pick(43)}"\n`,
    shopify: `key = "shpat_${pick(32, hex)}"\n`,
    stripe: `key = "sk_live_${pick(24)}"\n`,
    github: `key = "ghp_${pick(36)}"\n`,
    gitlab: `key = "glpat-${pick(20)}"\n`,
    grafana: `key = "glsa_${pick(32)}_${pick(8, hex)}"\n`,
    '1password': `OP_SERVICE_ACCOUNT_TOKEN=${onePasswordToken()}\n`,
    'database-connection-string': `DATABASE_URL=postgres://app:${pick(16)}@db.example.com:5432/app\n`,
    'hashicorp-vault': `VAULT_TOKEN=hvs.${pick(95)}\n`,
    vercel: `key = "vcp_${pick(24)}"\n`,
    databricks: `key = "dapi${pick(32, hex)}"\n`,
    docker: `key = "dckr_pat_${pick(27)}"\n`,
    figma: `key = "figd_${pick(43)}"\n`,
    cloudflare: `key = "cfut_${pick(40)}${pick(8, hex)}"\n`,
    tailscale: `key = "tskey-auth-${pick(12)}-${pick(30)}"\n`,
  };
}
