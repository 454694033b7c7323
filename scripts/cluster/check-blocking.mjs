// A blocked user refused on every copy within seconds: each copy learns of the block from its own
// revocation poll of the shared database, so the time to refusal is measured on each copy directly,
// on a route that trusts the access token (the countries reference) rather than one that reads the
// user's row (auth/user refuses a blocked user at once on any copy).
import { call, CheckFailure, expectData, signIn, waitFor } from './http.mjs';

/** The longest a copy may keep admitting a blocked user's token (two default polls of 2 s and slack). */
const REFUSED_WITHIN_MS = 6_000;
/** Any signed-in user may read it, and it reads no user row: only the token and the revocation cache decide. */
const TOKEN_ONLY = '/api/auth/references/countries?q=GB';

export async function checkBlocking({ balancer, copies, adminToken, runId, figures }) {
  const user = { email: `blocked-${runId}@cluster.test`, password: 'Blocked-user-password-1' };
  const created = await expectData(
    call(balancer, '/api/auth/users', {
      method: 'POST',
      token: adminToken,
      body: { username: `blocked-${runId}`, email: user.email, password: user.password, roles: [] },
    }),
    'creating the user to block',
  );
  const { token } = await signIn(balancer, user);
  for (const copy of copies)
    await expectData(call(copy.url, TOKEN_ONLY, { token }), `the new user's token on ${copy.name}`, [200]);

  await expectData(
    call(copies[0].url, `/api/auth/users/${created.id}/block`, { method: 'POST', token: adminToken }),
    `blocking the user on ${copies[0].name}`,
    [200],
  );
  const blockedAt = Date.now();
  const refusedAfter = await Promise.all(
    copies.map((copy) =>
      waitFor(
        `${copy.name} refusing the blocked user`,
        async () => {
          const { status } = await call(copy.url, TOKEN_ONLY, { token });
          return status === 401 ? Date.now() - blockedAt : undefined;
        },
        { timeoutMs: REFUSED_WITHIN_MS, everyMs: 50 },
      ),
    ),
  );
  const throughBalancer = [];
  for (let index = 0; index < copies.length; index += 1) {
    const answer = await call(balancer, TOKEN_ONLY, { token });
    if (answer.status !== 401)
      throw new CheckFailure(
        `the blocked user's token was admitted through the balancer by ${answer.servedBy} (${answer.status})`,
      );
    throughBalancer.push(answer.servedBy);
  }
  const again = await call(balancer, '/api/auth/auth/login', { method: 'POST', body: user });
  if (again.status !== 422)
    throw new CheckFailure(`the blocked user signed in again on ${again.servedBy} (${again.status})`);
  copies.forEach((copy, index) =>
    figures.add(`blocked user refused by ${copy.name} after`, `${(refusedAfter[index] / 1000).toFixed(2)} s`),
  );
  figures.add('blocked user through the balancer', `401 from ${throughBalancer.join(', ')}; sign-in 422`);
}
