import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small YouTrack on 127.0.0.1 with the endpoints the adapter uses: YouTrack's `/api/groups`
 * and Hub's users, groups and group memberships under `/hub/api/rest`. It answers like YouTrack:
 * JSON, `{ error, error_description }` on failure, 401 without the right permanent token. Each
 * endpoint below names the page of JetBrains' Developer Portal for YouTrack and Hub it follows.
 */

export const YOUTRACK_TOKEN = 'perm:YWRtaW4=.RVJQ.fake-token-do-not-leak';

interface FakeGroup {
  readonly id: string;
  readonly ringId: string;
  readonly name: string;
  readonly members: Set<string>;
}

interface FakeUser {
  readonly id: string;
  readonly login: string;
  readonly email: string | null;
}

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

export interface FakeYouTrack {
  readonly url: string;
  readonly groups: FakeGroup[];
  readonly users: Map<string, FakeUser>;
  readonly seen: SeenRequest[];
  /**
   * Whether `POST /api/groups` creates a group, as YouTrack 2026.1 and later document; false models
   * an earlier YouTrack, whose `/api/groups` only reads and answers other methods with 405.
   */
  createsGroups: boolean;
  addGroup(name: string): FakeGroup;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  response.end(JSON.stringify(body));
}

const notFound = { error: 'Not Found', error_description: 'Entity not found' };

/** What YouTrack returns of a collection when `$top` is not given ("Pagination", api-concept-pagination.html). */
const DEFAULT_TOP = 42;

/** A non-negative integer query parameter, or the default when absent; null when malformed. */
function count(query: URLSearchParams, name: string, fallback: number): number | null {
  const raw = query.get(name);
  if (raw === null) return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

export async function startFakeYouTrack(): Promise<FakeYouTrack> {
  const groups: FakeGroup[] = [];
  const users = new Map<string, FakeUser>();
  const seen: SeenRequest[] = [];
  let groupNumber = 0;
  const addGroup = (name: string): FakeGroup => {
    const group = { id: `3-${++groupNumber}`, ringId: randomUUID(), name, members: new Set<string>() };
    groups.push(group);
    return group;
  };
  const groupJson = (group: FakeGroup) => ({
    id: group.id,
    name: group.name,
    ringId: group.ringId,
    $type: 'UserGroup',
  });

  const fake: Omit<FakeYouTrack, 'url'> = {
    groups,
    users,
    seen,
    createsGroups: true,
    addGroup,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = await readBody(request);
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        send(response, 400, { error: 'bad_request', error_description: 'Malformed JSON' });
        return;
      }
      const method = request.method ?? 'GET';
      seen.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        authorization: request.headers.authorization,
        body,
      });
      if (request.headers.authorization !== `Bearer ${YOUTRACK_TOKEN}`) {
        send(response, 401, { error: 'Unauthorized', error_description: 'You are not logged in.' });
        return;
      }
      const path = url.pathname;
      let match: RegExpExecArray | null;
      // YouTrack "User Groups" (resource-api-groups.html): GET reads a page of the list, `$skip`
      // and `$top` as "Pagination" (api-concept-pagination.html) says, 42 at most without `$top`.
      if (path === '/api/groups' && method === 'GET') {
        const top = count(url.searchParams, '$top', DEFAULT_TOP);
        const skip = count(url.searchParams, '$skip', 0);
        if (top === null || skip === null)
          return send(response, 400, { error: 'bad_request', error_description: 'Invalid $top or $skip' });
        return send(response, 200, groups.slice(skip, skip + top).map(groupJson));
      }
      // The same page: POST adds a group from YouTrack 2026.1 ("Users, Groups, and Access
      // Management", api-users-yt-vs-hub.html); before it, the resource only reads.
      if (path === '/api/groups' && method === 'POST') {
        if (!fake.createsGroups)
          return send(response, 405, { error: 'Method Not Allowed', error_description: 'HTTP 405 Method Not Allowed' });
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string')
          return send(response, 400, { error: 'bad_request', error_description: 'name is required' });
        return send(response, 200, groupJson(addGroup(name)));
      }
      // Hub "Create New User Group" (HUB-REST-API_User-Groups_Create-New-User-Group.html): a
      // userGroup with its name; the answer is the group, its id Hub's (a YouTrack group's ringId).
      if (path === '/hub/api/rest/usergroups' && method === 'POST') {
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || name.trim() === '')
          return send(response, 400, { error: 'bad_request', error_description: 'name is required' });
        if (groups.some((group) => group.name.toLowerCase() === name.toLowerCase()))
          return send(response, 409, { error: 'conflict', error_description: `Group ${name} already exists` });
        const group = addGroup(name);
        return send(response, 200, { id: group.ringId, name: group.name, type: 'userGroup' });
      }
      // Hub "Create New User" (HUB-REST-API_Users_Create-New-User.html).
      if (path === '/hub/api/rest/users' && method === 'POST') {
        const input = body as { login?: unknown; profile?: { email?: { email?: unknown } } } | undefined;
        if (typeof input?.login !== 'string')
          return send(response, 400, { error: 'bad_request', error_description: 'login is required' });
        if ([...users.values()].some((user) => user.login === input.login)) {
          return send(response, 409, {
            error: 'conflict',
            error_description: `Login ${input.login} is already in use`,
          });
        }
        const email = input.profile?.email?.email;
        const user = { id: randomUUID(), login: input.login, email: typeof email === 'string' ? email : null };
        users.set(user.id, user);
        return send(response, 201, { id: user.id, login: user.login, type: 'user' });
      }
      // Hub "Get User" and "Delete Existing User" (HUB-REST-API_Users_Get-User.html,
      // HUB-REST-API_Users_Delete-Existing-User.html).
      if ((match = /^\/hub\/api\/rest\/users\/([^/]+)$/.exec(path))) {
        const user = users.get(decodeURIComponent(match[1] ?? ''));
        if (!user) return send(response, 404, notFound);
        if (method === 'DELETE') {
          users.delete(user.id);
          for (const group of groups) group.members.delete(user.id);
          return send(response, 200);
        }
        if (method === 'GET') {
          const mine = groups
            .filter((group) => group.members.has(user.id))
            .map((group) => ({ id: group.ringId, name: group.name, type: 'userGroup' }));
          return send(response, 200, { id: user.id, login: user.login, groups: mine, type: 'user' });
        }
      }
      // Hub "Users of User Group" (HUB-REST-API_User-Groups_Users-of-User-Group.html): add and remove a member.
      if ((match = /^\/hub\/api\/rest\/usergroups\/([^/]+)\/users(?:\/([^/]+))?$/.exec(path))) {
        const group = groups.find((candidate) => candidate.ringId === decodeURIComponent(match?.[1] ?? ''));
        if (!group) return send(response, 404, notFound);
        if (method === 'POST' && match[2] === undefined) {
          const id = (body as { id?: unknown } | undefined)?.id;
          if (typeof id !== 'string' || !users.has(id)) return send(response, 404, notFound);
          group.members.add(id);
          return send(response, 200, { id, type: 'user' });
        }
        if (method === 'DELETE' && match[2] !== undefined) {
          const id = decodeURIComponent(match[2]);
          if (!group.members.delete(id)) return send(response, 404, notFound);
          return send(response, 200);
        }
      }
      send(response, 404, notFound);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, { url: `http://127.0.0.1:${port}` });
}
