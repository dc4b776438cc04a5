// What a secretlint rule's finding is, in the inventory's words: the secret's type (api_key, token,
// password, …), the service it unlocks, and a short name for its ref. Rules not listed here (a
// preset update) still report, as tokens of the service their rule is named after.

interface RuleMeta {
  secretType: string;
  provider?: string;
}

const known: ReadonlyMap<string, RuleMeta> = new Map([
  ['aws', { secretType: 'access_key', provider: 'aws' }],
  ['gcp', { secretType: 'service_account_key', provider: 'gcp' }],
  ['npm', { secretType: 'token', provider: 'npm' }],
  ['slack', { secretType: 'token', provider: 'slack' }],
  ['basicauth', { secretType: 'password' }],
  ['openai', { secretType: 'api_key', provider: 'openai' }],
  ['anthropic', { secretType: 'api_key', provider: 'anthropic' }],
  ['groq', { secretType: 'api_key', provider: 'groq' }],
  ['huggingface', { secretType: 'token', provider: 'huggingface' }],
  ['linear', { secretType: 'api_key', provider: 'linear' }],
  ['notion', { secretType: 'token', provider: 'notion' }],
  ['sendgrid', { secretType: 'api_key', provider: 'sendgrid' }],
  ['shopify', { secretType: 'token', provider: 'shopify' }],
  ['stripe', { secretType: 'api_key', provider: 'stripe' }],
  ['github', { secretType: 'token', provider: 'github' }],
  ['gitlab', { secretType: 'token', provider: 'gitlab' }],
  ['grafana', { secretType: 'token', provider: 'grafana' }],
  ['1password', { secretType: 'token', provider: '1password' }],
  ['database-connection-string', { secretType: 'password' }],
  ['hashicorp-vault', { secretType: 'token', provider: 'hashicorp-vault' }],
  ['vercel', { secretType: 'token', provider: 'vercel' }],
  ['databricks', { secretType: 'token', provider: 'databricks' }],
  ['docker', { secretType: 'token', provider: 'docker' }],
  ['figma', { secretType: 'token', provider: 'figma' }],
  ['cloudflare', { secretType: 'token', provider: 'cloudflare' }],
  ['tailscale', { secretType: 'api_key', provider: 'tailscale' }],
]);

export function describeRule(ruleId: string, messageId: string | undefined, value: string): RuleMeta & { short: string } {
  const short = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  const meta = known.get(short) ?? { secretType: 'token', provider: short };
  // A connection string says which database it opens; AWS says which of its keys it is.
  if (short === 'database-connection-string') {
    const scheme = /^(?:jdbc:)?([a-z+]+):\/\//i
      .exec(value)?.[1]
      ?.toLowerCase()
      .replace(/\+srv$/, '')
      .replace(/^postgresql$/, 'postgres');
    return { short, secretType: 'password', ...(scheme ? { provider: scheme } : {}) };
  }
  if (short === 'aws' && messageId === 'AWSSecretAccessKey') return { short, secretType: 'secret_key', provider: 'aws' };
  return { short, ...meta };
}
