import { ApiError } from '@core/sdk/server';
import type { IssueTrackerGroup } from '../../shared/you-track';
import type { AccountRef, IssueTrackerAdapter, NewAccount } from './issue-tracker-adapter';

/**
 * The YouTrack adapter. Groups are read through YouTrack's REST API (`/api/groups`, page by page)
 * and created there where YouTrack allows it, else in Hub; accounts and memberships live in Hub,
 * YouTrack's user service (`<hub>/api/rest/users`, `<hub>/api/rest/usergroups/{id}/users`), so
 * group ids are Hub ids (a YouTrack group's `ringId`). Every call carries the permanent token as a
 * bearer token.
 *
 * Documentation followed (JetBrains' Developer Portal for YouTrack and Hub):
 * - groups list: "User Groups" (resource-api-groups.html), paged as "Pagination"
 *   (api-concept-pagination.html) describes: `$skip` and `$top`, and at most 42 entities when `$top`
 *   is not given;
 * - group creation: YouTrack documents `POST /api/groups` only from 2026.1 ("Users, Groups, and
 *   Access Management", api-users-yt-vs-hub.html); before that the resource reads only, and groups
 *   are created in Hub: "Create New User Group" (HUB-REST-API_User-Groups_Create-New-User-Group.html);
 * - accounts and memberships: Hub's "Users" and "User Groups" references.
 */

export interface YouTrackConfig {
  /** YouTrack's base URL, e.g. https://acme.youtrack.cloud. */
  readonly url: string;
  /** Hub's base URL; `<url>/hub` for YouTrack Cloud and a bundled Hub. */
  readonly hubUrl: string;
  /** A permanent token (`perm:…`) of an account allowed to manage users and groups. */
  readonly token: string | undefined;
}

export const YOUTRACK_NOT_CONFIGURED =
  'The issue tracker is not configured: set ERP_YOUTRACK_TOKEN to a YouTrack permanent token.';
const TIMEOUT_MS = 10_000;
/** Groups asked for per page; a shorter page is the last. */
export const GROUPS_PAGE_SIZE = 100;
/** What `call` answers when YouTrack says the method is not allowed on the resource. */
const NOT_ALLOWED = Symbol('method not allowed');

type Fetch = typeof fetch;
type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function unexpected(): ApiError {
  return new ApiError(502, 'YouTrack answered in a shape this server does not understand.');
}

function groupOf(value: unknown): IssueTrackerGroup {
  if (!isObject(value) || typeof value.name !== 'string') throw unexpected();
  // Memberships are Hub's, so a YouTrack group is named by its Hub id where it has one.
  const id = typeof value.ringId === 'string' ? value.ringId : value.id;
  if (typeof id !== 'string') throw unexpected();
  return { id, name: value.name };
}

const enc = encodeURIComponent;

export class YouTrackAdapter implements IssueTrackerAdapter {
  readonly name = 'youtrack';

  constructor(
    private readonly config: YouTrackConfig,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  /** The answer's JSON (null for an empty body), or an ApiError saying what went wrong. */
  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
    options: { missingIsFine?: boolean; notAllowedIsFine?: boolean } = {},
  ): Promise<unknown> {
    if (!this.config.token) throw new ApiError(503, YOUTRACK_NOT_CONFIGURED);
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: {
          authorization: `Bearer ${this.config.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch {
      throw new ApiError(503, `YouTrack at ${this.config.url} cannot be reached. Please try again later.`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 404 && options.missingIsFine) return null;
    if (response.status === 405 && options.notAllowedIsFine) return NOT_ALLOWED;
    if (!response.ok) {
      let detail = '';
      try {
        const parsed: unknown = JSON.parse(text);
        if (isObject(parsed)) {
          const said = parsed.error_description ?? parsed.error ?? parsed.message;
          if (typeof said === 'string' && said.trim() !== '') detail = `: ${clip(said.trim().replace(/\.+$/, ''))}`;
        }
      } catch {
        // Not JSON: the status alone says enough.
      }
      if (response.status === 401 || response.status === 403) {
        throw new ApiError(
          502,
          `YouTrack refused the token (${response.status})${detail}. Check ERP_YOUTRACK_TOKEN and its permissions.`,
        );
      }
      throw new ApiError(502, `YouTrack refused the request (${response.status})${detail}.`);
    }
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw unexpected();
    }
  }

  private youtrack(path: string): string {
    return `${this.config.url}/api/${path}`;
  }

  private hub(path: string): string {
    return `${this.config.hubUrl}/api/rest/${path}`;
  }

  /** Every group: YouTrack answers a part of a collection at a time, so pages are read until one is short. */
  async listGroups(): Promise<IssueTrackerGroup[]> {
    const groups: IssueTrackerGroup[] = [];
    for (let skip = 0; ; skip += GROUPS_PAGE_SIZE) {
      const answer = await this.call(
        'GET',
        this.youtrack(`groups?fields=id,name,ringId&$top=${GROUPS_PAGE_SIZE}&$skip=${skip}`),
      );
      if (!Array.isArray(answer)) throw unexpected();
      groups.push(...answer.map(groupOf));
      if (answer.length < GROUPS_PAGE_SIZE) return groups;
    }
  }

  /**
   * YouTrack first, since from 2026.1 it manages groups itself; a YouTrack before that answers 405
   * (its `/api/groups` only reads), and the group is created in Hub, which every version has.
   */
  async createGroup(_db: unknown, name: string): Promise<IssueTrackerGroup | null> {
    const taken = (await this.listGroups()).some((group) => group.name.toLowerCase() === name.toLowerCase());
    if (taken) return null;
    const created = await this.call(
      'POST',
      this.youtrack('groups?fields=id,name,ringId'),
      { name },
      {
        notAllowedIsFine: true,
      },
    );
    if (created !== NOT_ALLOWED) return groupOf(created);
    // Hub's own id is what memberships use.
    return groupOf(await this.call('POST', this.hub('usergroups?fields=id,name'), { name }));
  }

  async createAccount(_db: unknown, user: NewAccount): Promise<{ externalId: string; login: string }> {
    const body = {
      login: user.username,
      name: user.username,
      ...(user.email ? { profile: { email: { email: user.email, verified: false } } } : {}),
    };
    const answer = await this.call('POST', this.hub('users?fields=id,login'), body);
    if (!isObject(answer) || typeof answer.id !== 'string') throw unexpected();
    return { externalId: answer.id, login: typeof answer.login === 'string' ? answer.login : user.username };
  }

  async deleteAccount(_db: unknown, account: AccountRef): Promise<void> {
    // Already gone in Hub is what deleting wanted.
    await this.call('DELETE', this.hub(`users/${enc(account.externalId)}`), undefined, { missingIsFine: true });
  }

  async groupsOf(_db: unknown, account: AccountRef): Promise<IssueTrackerGroup[]> {
    const answer = await this.call('GET', this.hub(`users/${enc(account.externalId)}?fields=id,groups(id,name)`));
    if (!isObject(answer)) throw unexpected();
    if (answer.groups === undefined) return [];
    if (!Array.isArray(answer.groups)) throw unexpected();
    return answer.groups.map(groupOf);
  }

  async addMember(_db: unknown, account: AccountRef, groupId: string): Promise<void> {
    await this.call('POST', this.hub(`usergroups/${enc(groupId)}/users?fields=id`), { id: account.externalId });
  }

  async removeMember(_db: unknown, account: AccountRef, groupId: string): Promise<void> {
    await this.call('DELETE', this.hub(`usergroups/${enc(groupId)}/users/${enc(account.externalId)}`), undefined, {
      missingIsFine: true,
    });
  }
}

function optionalUrl(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value))
    throw new Error(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/**
 * YouTrack's settings: `pluginSettings.admin.youTrack` `{ url, hubUrl?, token? }`, each overridden
 * by ERP_YOUTRACK_URL, ERP_YOUTRACK_HUB_URL and ERP_YOUTRACK_TOKEN. Null without a URL: the local
 * adapter serves. A malformed value stops start-up naming it.
 */
export function youTrackConfig(
  pluginSettings: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
): YouTrackConfig | null {
  const section = pluginSettings.youTrack ?? {};
  if (!isObject(section)) throw new Error('pluginSettings.admin.youTrack must be an object');
  const url = optionalUrl(env.ERP_YOUTRACK_URL || section.url, 'ERP_YOUTRACK_URL (pluginSettings.admin.youTrack.url)');
  if (!url) return null;
  const hubUrl =
    optionalUrl(
      env.ERP_YOUTRACK_HUB_URL || section.hubUrl,
      'ERP_YOUTRACK_HUB_URL (pluginSettings.admin.youTrack.hubUrl)',
    ) ?? `${url}/hub`;
  const fileToken = section.token;
  if (fileToken !== undefined && typeof fileToken !== 'string')
    throw new Error('pluginSettings.admin.youTrack.token must be text');
  const token = env.ERP_YOUTRACK_TOKEN || fileToken || undefined;
  return { url, hubUrl, token };
}
