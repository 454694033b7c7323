import type { I18nService } from '../services/i18n-service';
import type { ToastService } from '../services/toast-service';
import { serverMessages } from '../http/error-messages';
import { HttpError } from '../http/http-error';

/** Successes the engine announces, each with its fixed message. */
export type ResourceSuccess = 'created' | 'updated' | 'deleted' | 'blocked' | 'unblocked' | 'restored' | 'done';

/**
 * Failures the engine announces: 'Error creating record', 'Error during update', 'Error during
 * deletion' for create, update and delete only; an action (a row action, a runner) that the server
 * refuses says the server's message alone, as any refused call does, since naming create,
 * update or delete would misname what was done.
 */
export type ResourceFailure = 'create' | 'update' | 'delete' | 'action' | 'load' | 'export';

type NamedFailure = Exclude<ResourceFailure, 'action'>;

const SUCCESS_KEYS: Readonly<Record<ResourceSuccess, string>> = {
  created: 'core:resource.toast.created',
  updated: 'core:resource.toast.updated',
  deleted: 'core:resource.toast.deleted',
  blocked: 'core:resource.toast.blocked',
  unblocked: 'core:resource.toast.unblocked',
  restored: 'core:resource.toast.restored',
  done: 'core:toast.success',
};

const FAILURE_KEYS: Readonly<Record<NamedFailure, string>> = {
  create: 'core:resource.toast.createFailed',
  update: 'core:resource.toast.updateFailed',
  delete: 'core:resource.toast.deleteFailed',
  load: 'core:resource.toast.loadFailed',
  export: 'core:resource.toast.exportFailed',
};

/** Whether a rejection is the caller's own abort (a newer request replaced it): never reported. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * What the server said about a failure, if it said anything: its `message`, else its field errors
 * flattened; null for a bare status or no answer at all.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body;
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message.trim() !== ''
  ) {
    return body.message;
  }
  const messages = serverMessages(body);
  return messages.length > 0 ? messages.join(' ') : null;
}

/** The engine's toasts: the spec's specific words instead of the kernel's generic 'Success'. */
export class ResourceFeedback {
  constructor(
    private readonly toasts: Pick<ToastService, 'success' | 'error'>,
    private readonly i18n: Pick<I18nService, 't'>,
  ) {}

  succeeded(kind: ResourceSuccess): void {
    this.toasts.success(this.i18n.t(SUCCESS_KEYS[kind]));
  }

  /**
   * 'Error during update: <the server's message>', or the bare words when the server said nothing;
   * for an action, the server's messages alone, or 'An error occurred'.
   */
  failed(kind: ResourceFailure, error: unknown): void {
    if (isAbort(error)) return;
    if (kind === 'action') {
      // As every refused call: a toast per message of the answer, or the generic words.
      this.toasts.error(error instanceof HttpError ? error.messages : this.i18n.t('core:errors.generic'));
      return;
    }
    const what = this.i18n.t(FAILURE_KEYS[kind]);
    const detail = serverMessage(error);
    this.toasts.error(detail ? this.i18n.t('core:resource.toast.withMessage', { error: what, message: detail }) : what);
  }
}
