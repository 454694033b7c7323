import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { DataEnvelope, ListEnvelope, ListPage, ServiceName } from '@core/sdk/shared';
import { HttpError, type HttpClient, type HttpClients, type ResourceFeedback } from '@core/sdk/web';
import type { PermissionItem, RoleItem, UserListItem } from '../auth-types';

export interface PermissionInput {
  readonly name: string;
  readonly description: string | null;
  readonly service: ServiceName;
}

/** What a write came to: done, refused with field messages (422), or failed (already toasted). */
export type WriteResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly fields: Readonly<Record<string, readonly string[]>> };

const HOLDERS_PER_PAGE = 10;

function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/**
 * The roles and permissions screen (JQ or JT): roles, the selected role's permissions and holders,
 * the permission catalogue. Calls are silent; the screen's toasts use the spec's words
 * ('New record successfully created', 'Error during deletion: <the server's reason>', …). Page-scoped.
 */
export class RolesModel {
  roles: readonly RoleItem[] = [];
  rolesLoaded = false;
  failed = false;
  catalogue: readonly PermissionItem[] = [];
  selectedId: number | null = null;
  /** The selected role's permission ids as stored, and as the checklist has them now. */
  assigned: ReadonlySet<number> = new Set();
  draft: ReadonlySet<number> = new Set();
  assignedLoaded = false;
  holders: ListPage<UserListItem> | null = null;
  busy = false;

  private readonly auth: HttpClient;
  /**
   * Counts selections: only the latest one's answer is applied. Selecting the role that is already
   * loading (the page's own first selection, then the user's click) must not let the earlier answer
   * land after the user started editing and reset the draft.
   */
  private selection = 0;

  constructor(
    clients: Pick<HttpClients, 'get'>,
    private readonly feedback: ResourceFeedback,
  ) {
    this.auth = clients.get('auth');
    makeObservable(this, {
      roles: observableRef,
      rolesLoaded: observable,
      failed: observable,
      catalogue: observableRef,
      selectedId: observable,
      assigned: observableRef,
      draft: observableRef,
      assignedLoaded: observable,
      holders: observableRef,
      busy: observable,
      selected: computed,
      dirty: computed,
      setDraft: action,
      resetDraft: action,
    });
  }

  get selected(): RoleItem | null {
    return this.roles.find((role) => role.id === this.selectedId) ?? null;
  }

  /** Whether the checklist differs from what the role holds. */
  get dirty(): boolean {
    return !sameIds(this.assigned, this.draft);
  }

  async load(): Promise<void> {
    try {
      const [roles, catalogue] = await Promise.all([
        this.auth.get<DataEnvelope<readonly RoleItem[]>>('roles', { silent: true }),
        this.auth.get<DataEnvelope<readonly PermissionItem[]>>('permissions', { silent: true }),
      ]);
      runInAction(() => {
        this.roles = roles.data;
        this.catalogue = catalogue.data;
        this.rolesLoaded = true;
        this.failed = false;
      });
      const first = this.selectedId ?? roles.data[0]?.id ?? null;
      if (first !== null) await this.select(first);
    } catch (error) {
      runInAction(() => {
        this.failed = true;
      });
      this.feedback.failed('load', error);
    }
  }

  private async reloadRoles(): Promise<void> {
    const roles = await this.auth.get<DataEnvelope<readonly RoleItem[]>>('roles', { silent: true });
    runInAction(() => {
      this.roles = roles.data;
    });
  }

  private async reloadCatalogue(): Promise<void> {
    const catalogue = await this.auth.get<DataEnvelope<readonly PermissionItem[]>>('permissions', { silent: true });
    runInAction(() => {
      this.catalogue = catalogue.data;
    });
  }

  /** Selects a role: its permissions (`GET roles/{id}/permissions`) and its holders (`GET roles/{id}/users`). */
  async select(id: number): Promise<void> {
    const selection = ++this.selection;
    runInAction(() => {
      this.selectedId = id;
      this.assignedLoaded = false;
      this.holders = null;
    });
    try {
      const [permissions] = await Promise.all([
        this.auth.get<DataEnvelope<readonly PermissionItem[]>>(`roles/${id}/permissions`, { silent: true }),
        this.loadHolders(1),
      ]);
      if (selection !== this.selection) return;
      runInAction(() => {
        this.assigned = new Set(permissions.data.map((permission) => permission.id));
        this.draft = this.assigned;
        this.assignedLoaded = true;
      });
    } catch (error) {
      this.feedback.failed('load', error);
    }
  }

  async loadHolders(page: number): Promise<void> {
    const id = this.selectedId;
    if (id === null) return;
    const answer = await this.auth.get<ListEnvelope<UserListItem>>(`roles/${id}/users`, {
      query: { page: String(page), per_page: String(HOLDERS_PER_PAGE), sort: 'username' },
      silent: true,
    });
    if (this.selectedId !== id) return;
    runInAction(() => {
      this.holders = answer.data;
    });
  }

  setDraft(draft: ReadonlySet<number>): void {
    this.draft = draft;
  }

  resetDraft(): void {
    this.draft = this.assigned;
  }

  /** Runs a write with the screen's toasts; 422 messages come back for the dialog's fields. */
  private async write(kind: 'create' | 'update' | 'delete', run: () => Promise<void>): Promise<WriteResult> {
    runInAction(() => {
      this.busy = true;
    });
    try {
      await run();
      this.feedback.succeeded(kind === 'create' ? 'created' : kind === 'update' ? 'updated' : 'deleted');
      return { ok: true };
    } catch (error) {
      this.feedback.failed(kind, error);
      return { ok: false, fields: error instanceof HttpError && error.status === 422 ? error.fieldErrors : {} };
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  createRole(name: string): Promise<WriteResult> {
    return this.write('create', async () => {
      const created = await this.auth.post<DataEnvelope<RoleItem>>(
        'roles/add',
        { name: name.trim() },
        { silent: true },
      );
      await this.reloadRoles();
      await this.select(created.data.id);
    });
  }

  renameRole(id: number, name: string): Promise<WriteResult> {
    return this.write('update', async () => {
      await this.auth.put(`roles/${id}/update`, { name: name.trim() }, { silent: true });
      await this.reloadRoles();
    });
  }

  /** Refused with 409 while users hold the role: the toast then gives the server's reason. */
  deleteRole(id: number): Promise<WriteResult> {
    return this.write('delete', async () => {
      await this.auth.delete(`roles/${id}`, { silent: true });
      await this.reloadRoles();
      const next = this.roles[0]?.id ?? null;
      runInAction(() => {
        this.selectedId = null;
        this.holders = null;
        this.assigned = new Set();
        this.draft = new Set();
      });
      if (next !== null) await this.select(next);
    });
  }

  /** `POST roles/{id}/assign-permissions {permissions}`: the checklist's ids, in ascending order. */
  assign(): Promise<WriteResult> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve({ ok: false, fields: {} });
    const ids = [...this.draft].sort((a, b) => a - b);
    return this.write('update', async () => {
      const answer = await this.auth.post<DataEnvelope<readonly PermissionItem[]>>(
        `roles/${id}/assign-permissions`,
        { permissions: ids },
        { silent: true },
      );
      runInAction(() => {
        this.assigned = new Set(answer.data.map((permission) => permission.id));
        this.draft = this.assigned;
      });
      await this.reloadRoles();
    });
  }

  createPermission(input: PermissionInput): Promise<WriteResult> {
    return this.write('create', async () => {
      await this.auth.post('permissions/add', input, { silent: true });
      await this.reloadCatalogue();
    });
  }

  /** `PATCH permissions/{id}`; a built-in code keeps its name (the server refuses a rename). */
  updatePermission(permission: PermissionItem, input: PermissionInput): Promise<WriteResult> {
    const body: Partial<PermissionInput> =
      input.name === permission.name ? { description: input.description, service: input.service } : input;
    return this.write('update', async () => {
      await this.auth.patch(`permissions/${permission.id}`, body, { silent: true });
      await this.reloadCatalogue();
    });
  }

  deletePermission(permission: PermissionItem): Promise<WriteResult> {
    return this.write('delete', async () => {
      await this.auth.delete(`permissions/${permission.id}`, { silent: true });
      await this.reloadCatalogue();
      runInAction(() => {
        const assigned = new Set(this.assigned);
        assigned.delete(permission.id);
        const draft = new Set(this.draft);
        draft.delete(permission.id);
        this.assigned = assigned;
        this.draft = draft;
      });
    });
  }
}
