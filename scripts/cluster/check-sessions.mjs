// Sign-in on one copy and refresh on the others, through the balancer: round robin sends each
// request to the next copy, so a refresh token issued by one copy is rotated by another, and the
// access token one copy signed is accepted by every copy.
import { call, CheckFailure, cookieValue, expectData, signIn } from './http.mjs';

export async function checkSessions({ balancer, copies, admin, figures }) {
  const session = await signIn(balancer, admin);
  const path = [session.servedBy];
  let refresh = session.refresh;
  for (let index = 0; index < copies.length; index += 1) {
    const answer = await call(balancer, '/api/auth/auth/refresh', {
      method: 'POST',
      cookies: [`refresh_token=${refresh}`],
    });
    const data = await expectData(Promise.resolve(answer), `refresh ${index + 1} through the balancer`, [200]);
    refresh = cookieValue(answer.setCookies, 'refresh_token');
    if (!data.token || !refresh)
      throw new CheckFailure(`refresh ${index + 1} on ${answer.servedBy} gave no new access token or refresh cookie`);
    path.push(answer.servedBy);
  }
  const served = new Set(path);
  if (copies.some((copy) => !served.has(copy.name))) {
    throw new CheckFailure(`sign-in and refreshes went to ${path.join(' → ')}: round robin did not reach every copy`);
  }
  let accepted = 0;
  for (const copy of copies) {
    const answer = await call(copy.url, '/api/auth/auth/user', { token: session.token });
    if (answer.status !== 200)
      throw new CheckFailure(
        `the access token signed by ${session.servedBy} was refused by ${copy.name} (${answer.status})`,
      );
    accepted += 1;
  }
  figures.add('sign-in, then refreshes (copies in order)', path.join(' → '));
  figures.add('access token accepted by copies', `${accepted}/${copies.length}`);
  return session;
}
