import type { I18nService } from '../services/i18n-service';
import type { ToastService } from '../services/toast-service';
import { serverMessages } from './error-messages';
import { HttpError, NO_RESPONSE_STATUS } from './http-error';

/**
 * Failed statuses whose body speaks to the user — bad request, conflict, too large, expired page,
 * validation, throttling, maintenance — so their messages are toasted. Any other failure
 * (403, 404, 500, …) is a fault the user cannot act on and is only logged.
 */
export const TOASTED_ERROR_STATUSES: readonly number[] = [400, 409, 413, 419, 422, 429, 503];

/** What the user is told about a call: its error messages as red toasts, its success as a green one. */
export class HttpFeedback {
  constructor(
    private readonly toasts: Pick<ToastService, 'error' | 'success'>,
    private readonly i18n: Pick<I18nService, 't'>,
  ) {}

  errorFor(status: number, body: unknown): HttpError {
    const messages = serverMessages(body);
    return new HttpError(status, messages.length > 0 ? messages : [this.i18n.t('core:errors.generic')], body);
  }

  /** `call` names the request in the log, e.g. "GET /api/finance/wallets". */
  failed(error: HttpError, call: string, silent: boolean): void {
    const toasted = error.status === NO_RESPONSE_STATUS || TOASTED_ERROR_STATUSES.includes(error.status);
    if (!toasted) console.error(`${call} failed with status ${error.status}`, error.body);
    else if (!silent) this.toasts.error(error.messages);
  }

  succeeded(): void {
    this.toasts.success(this.i18n.t('core:toast.success'));
  }
}
