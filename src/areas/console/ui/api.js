// The console's one way to the service: the public API under /api/v1, with the token from this
// browser session sent as the Authorization header (never in a URL). Errors carry the API's
// `message`, which the views show as it is.

const TOKEN_KEY = 'aispm.console.token';

export const session = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  signIn: (token) => sessionStorage.setItem(TOKEN_KEY, token),
  signOut: () => sessionStorage.removeItem(TOKEN_KEY),
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
  const res = await fetch(apiUrl(path, query), {
    ...init,
    headers: { authorization: `Bearer ${token ?? ''}`, accept, ...init.headers },
    cache: 'no-store',
  });
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

/** A change (POST, PUT, DELETE) with a JSON body; the answer's JSON, or null when it has none (204). */
export async function send(method, path, body) {
  const init = {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  };
  const text = await (await request(path, {}, 'application/json', session.token(), init)).text();
  return text ? JSON.parse(text) : null;
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
