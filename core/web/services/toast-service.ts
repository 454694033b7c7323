import { injectable } from 'inversify';

export type ToastIntent = 'error' | 'success' | 'info' | 'warning';

/** Lifetimes as the spec's Business constants and limits section fixes them. */
export const TOAST_TIMEOUTS: Readonly<Record<ToastIntent, number>> = {
  error: 10_000,
  success: 10_000,
  info: 5_000,
  warning: 5_000,
};

/** Several messages appear this far apart, so each can be read. */
export const TOAST_STAGGER_MS = 500;

export interface ToastRequest {
  readonly id: string;
  readonly intent: ToastIntent;
  readonly message: string;
  readonly timeout: number;
}

/** Whatever puts toasts on screen: the Fluent Toaster host component, or a test double. */
export interface ToastSink {
  show(toast: ToastRequest): void;
}

/**
 * Queues toasts and hands them to the attached sink no closer than 500 ms apart.
 * Toasts raised before a sink attaches wait for it.
 */
@injectable()
export class ToastService {
  private sink: ToastSink | null = null;
  private readonly waiting: ToastRequest[] = [];
  private readonly demandListeners = new Set<() => void>();
  private nextSlot = 0;
  private sequence = 0;

  error(messages: string | readonly string[]): void {
    for (const message of typeof messages === 'string' ? [messages] : messages) this.enqueue('error', message);
  }

  success(message: string): void {
    this.enqueue('success', message);
  }

  info(message: string): void {
    this.enqueue('info', message);
  }

  warning(message: string): void {
    this.enqueue('warning', message);
  }

  /** Returns the function that detaches the sink. */
  attach(sink: ToastSink): () => void {
    this.sink = sink;
    for (const toast of this.waiting.splice(0)) this.schedule(toast);
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }

  /**
   * Calls `listener` once a toast waits for a sink (at once if one already does), so the host can
   * fetch the toaster's code only when there is something to show. Returns the unsubscribe.
   */
  whenNeeded(listener: () => void): () => void {
    if (this.waiting.length > 0) {
      listener();
      return () => undefined;
    }
    this.demandListeners.add(listener);
    return () => this.demandListeners.delete(listener);
  }

  private enqueue(intent: ToastIntent, message: string): void {
    this.sequence += 1;
    const toast: ToastRequest = { id: `toast-${this.sequence}`, intent, message, timeout: TOAST_TIMEOUTS[intent] };
    if (this.sink) {
      this.schedule(toast);
      return;
    }
    this.waiting.push(toast);
    for (const listener of [...this.demandListeners]) listener();
    this.demandListeners.clear();
  }

  private schedule(toast: ToastRequest): void {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + TOAST_STAGGER_MS;
    const deliver = (): void => {
      if (this.sink) this.sink.show(toast);
      else this.waiting.push(toast);
    };
    if (at === now) deliver();
    else setTimeout(deliver, at - now);
  }
}
