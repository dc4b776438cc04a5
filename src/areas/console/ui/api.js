// The console's one way to the service: the public API under /api/v1, with the token from this
// browser session sent as the Authorization header (never in a URL), or, after a sign-in through
// the identity provider, the session cookie the browser sends by itself (http-only: this code never
// sees it) and, on every change, the session's CSRF token in X-CSRF-Token. Errors carry the API's
// `message`, which the views show as it is.

const TOKEN_KEY = 'aispm.console.token';

/** GET /api/v1/auth/session's answer: the sign-in methods offered and the cookie session, if any. */
let signIn = { methods: { token: true, oidc: false }, session: null };

export const session = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  signIn: (token) => sessionStorage.setItem(TOKEN_KEY, token),
  signOut: () => sessionStorage.removeItem(TOKEN_KEY),
  /** Asks the service how one signs in and whether this browser has a session. */
  async load() {
    const res = await fetch('/api/v1/auth/session', { cache: 'no-store' });
    if (res.ok) signIn = await res.json();
    return signIn;
  },
  methods: () => signIn.methods,
  cookie: () => signIn.session,
  /** Ends the provider session (the CSRF token proves the request comes from this page). */
  async end() {
    if (!signIn.session) return;
    await fetch('/api/v1/auth/signout', { method: 'POST', headers: { 'x-csrf-token': signIn.session.csrf_token } });
    signIn = { ...signIn, session: null };
  },
};

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The URL of an API path with its query (no token: that goes in a header). */
export function apiUrl(path, query = {}) {
  const url = new URL(`/api/v1${path}`, location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url;
}

async function request(path, query, accept, token = session.token(), init = {}) {
  const headers = { accept, ...init.headers };
  // A pasted token goes in the header; without one, the session cookie speaks for this browser.
  if (token) headers.authorization = `Bearer ${token}`;
  else if (signIn.session && init.method && init.method !== 'GET') headers['x-csrf-token'] = signIn.session.csrf_token;
  const res = await fetch(apiUrl(path, query), { ...init, headers, cache: 'no-store' });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = await res.json();
      if (body && typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the status line
    }
    const error = new ApiError(res.status, message);
    // A token that stops working (revoked, expired) while signed in: back to the sign-in form
    // with the API's message. The sign-in check itself passes its own token and handles it.
    if (res.status === 401 && token === session.token()) dispatchEvent(new CustomEvent('aispm:unauthorized', { detail: error }));
    throw error;
  }
  return res;
}

/** GET a JSON answer. */
export async function get(path, query, token) {
  return (await request(path, query, 'application/json', token)).json();
}

/** A change (POST, PUT, DELETE) with a JSON body; answers the JSON answer, or null for 204. */
export async function send(method, path, body) {
  const init = { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await request(path, {}, 'application/json', session.token(), init);
  return res.status === 204 ? null : res.json();
}

/** GET an answer as a Blob (CSV, SARIF, a BOM) for a download. */
export async function getBlob(path, query, accept) {
  return (await request(path, query, accept)).blob();
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

let openapi;
/** The service's OpenAPI document, read once. */
export function apiDocument() {
  openapi ??= fetch('/api/v1/openapi.json', { cache: 'no-store' }).then((r) => (r.ok ? r.json() : { paths: {} }));
  return openapi;
}

/**
 * Whether the service has an operation, from its OpenAPI document: views of features that other
 * versions add (compliance, AI-BOM, SARIF, OTLP stats) ask here first and say "not available"
 * instead of calling an endpoint that is not there.
 */
export async function hasOperation(path) {
  return Object.hasOwn((await apiDocument()).paths ?? {}, `/api/v1${path}`);
}

/** Tabular result → array of objects keyed by the header. */
export function records(result) {
  return (result?.rows ?? []).map((row) => Object.fromEntries(result.header.map((h, i) => [h, row[i]])));
}
