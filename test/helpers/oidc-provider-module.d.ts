// oidc-provider ships no types; the test helper uses its constructor and `callback()` only.
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: unknown);
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  }
}
