import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small YouTrack on 127.0.0.1 with the endpoints the adapter uses: YouTrack's `/api/groups`
 * and Hub's users and group memberships under `/hub/api/rest`. It answers like YouTrack: JSON,
 * `{ error, error_description }` on failure, 401 without the right permanent token.
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
      if (path === '/api/groups' && method === 'GET') return send(response, 200, groups.map(groupJson));
      if (path === '/api/groups' && method === 'POST') {
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string')
          return send(response, 400, { error: 'bad_request', error_description: 'name is required' });
        return send(response, 200, groupJson(addGroup(name)));
      }
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
  return {
    url: `http://127.0.0.1:${port}`,
    groups,
    users,
    seen,
    addGroup,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
