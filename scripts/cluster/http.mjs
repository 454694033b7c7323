// Calls to the copies and the balancer as the checks make them: JSON in and out, the copy that
// answered (x-served-by), and a failed expectation as a CheckFailure naming what was asked.
import { SERVED_BY } from './copies.mjs';

/** A check that did not hold; the test prints its message as its one line and exits 1. */
export class CheckFailure extends Error {}

const XSRF = 'cluster-test-xsrf';

/**
 * `{ status, data, body, servedBy, setCookies }` of one request; `token` is an Authorization value,
 * `cookies` a Cookie header's pairs (the XSRF double submit is added for every cookie-borne POST).
 */
export async function call(base, path, { method = 'GET', token, body, cookies = [], timeoutMs = 15_000 } = {}) {
  const headers = { cookie: [`XSRF-TOKEN=${XSRF}`, ...cookies].join('; '), 'x-xsrf-token': XSRF };
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (an HAProxy error page, an empty answer): `body` keeps the text.
  }
  return {
    status: response.status,
    data: parsed?.data,
    body: parsed ?? text,
    servedBy: response.headers.get(SERVED_BY),
    setCookies: response.headers.getSetCookie(),
  };
}

/** The answer's data when its status is one of `expected`, else a CheckFailure naming `what`. */
export async function expectData(answerPromise, what, expected = [200, 201]) {
  const answer = await answerPromise;
  if (!expected.includes(answer.status)) {
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    throw new CheckFailure(
      `${what} answered ${answer.status} (expected ${expected.join(' or ')}): ${body.slice(0, 300)}`,
    );
  }
  return answer.data;
}

/** The value of cookie `name` among Set-Cookie headers, or null. */
export function cookieValue(setCookies, name) {
  const found = setCookies.find((line) => line.startsWith(`${name}=`));
  return found ? found.slice(name.length + 1).split(';')[0] : null;
}

/** Signs in with email and password at `base`: `{ token (Authorization value), refresh (cookie value), servedBy }`. */
export async function signIn(base, { email, password }) {
  const answer = await call(base, '/api/auth/auth/login', { method: 'POST', body: { email, password } });
  const data = await expectData(Promise.resolve(answer), `sign-in of ${email}`, [200]);
  return {
    token: `Bearer ${data.token}`,
    refresh: cookieValue(answer.setCookies, 'refresh_token'),
    servedBy: answer.servedBy,
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it returns a value other than undefined, or throws a CheckFailure after `timeoutMs`. */
export async function waitFor(what, probe, { timeoutMs, everyMs = 100 }) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new CheckFailure(`${what}: not within ${(timeoutMs / 1000).toFixed(0)} s`);
    await sleep(everyMs);
  }
}
