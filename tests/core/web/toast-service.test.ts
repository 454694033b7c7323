import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ToastHost } from '@core/web/react/ToastHost';
import { ToastService, type ToastRequest } from '@core/web/services/toast-service';

function recordingSink(): { shown: ToastRequest[]; show(toast: ToastRequest): void } {
  const shown: ToastRequest[] = [];
  return { shown, show: (toast) => shown.push(toast) };
}

describe('ToastService', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives errors and successes 10 s and the rest 5 s', () => {
    const toasts = new ToastService();
    const sink = recordingSink();
    toasts.attach(sink);
    toasts.error('e');
    toasts.success('s');
    toasts.info('i');
    toasts.warning('w');
    vi.runAllTimers();
    expect(sink.shown.map((t) => [t.intent, t.message, t.timeout])).toEqual([
      ['error', 'e', 10_000],
      ['success', 's', 10_000],
      ['info', 'i', 5_000],
      ['warning', 'w', 5_000],
    ]);
    expect(new Set(sink.shown.map((t) => t.id)).size).toBe(4);
  });

  it('delivers several error messages 500 ms apart', () => {
    const toasts = new ToastService();
    const sink = recordingSink();
    toasts.attach(sink);
    toasts.error(['first', 'second', 'third']);
    expect(sink.shown.map((t) => t.message)).toEqual(['first']);
    vi.advanceTimersByTime(499);
    expect(sink.shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sink.shown.map((t) => t.message)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(500);
    expect(sink.shown.map((t) => t.message)).toEqual(['first', 'second', 'third']);
  });

  it('holds toasts raised before a sink attaches and delivers them after', () => {
    const toasts = new ToastService();
    toasts.error('early');
    toasts.success('also early');
    const sink = recordingSink();
    toasts.attach(sink);
    expect(sink.shown.map((t) => t.message)).toEqual(['early']);
    vi.advanceTimersByTime(500);
    expect(sink.shown.map((t) => t.message)).toEqual(['early', 'also early']);
  });

  it('keeps toasts for the next sink once the current one detaches', () => {
    const toasts = new ToastService();
    const detach = toasts.attach(recordingSink());
    detach();
    toasts.info('later');
    const next = recordingSink();
    toasts.attach(next);
    expect(next.shown.map((t) => t.message)).toEqual(['later']);
  });
});

describe('ToastHost', () => {
  let container: HTMLDivElement;
  let root: Root;
  let toasts: ToastService;
  const writeText = vi.fn<(text: string) => Promise<void>>();
  const cancelAnimation = Animation.prototype.cancel;

  beforeEach(async () => {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
    // Browsers mark a cancelled animation's `finished` promise as handled (Web Animations spec);
    // happy-dom does not, so Fluent's motion cleanup on unmount would raise unhandled rejections.
    vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
      this.finished.catch(() => undefined);
      cancelAnimation.call(this);
    });
    writeText.mockReset().mockResolvedValue(undefined);
    // An own property shadows the environment's getter-only clipboard.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    toasts = new ToastService();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(createElement(FluentProvider, { theme: webLightTheme }, createElement(ToastHost, { toasts })));
    });
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    Reflect.deleteProperty(navigator, 'clipboard');
    vi.restoreAllMocks();
  });

  function toastWithText(text: string): HTMLElement | undefined {
    return [...document.querySelectorAll<HTMLElement>('[role="listitem"]')].find((item) => item.textContent === text);
  }

  it('shows a raised toast with its text as the title', async () => {
    await act(async () => toasts.success('Saved'));
    const toast = toastWithText('Saved');
    expect(toast).toBeDefined();
    const titleId = toast?.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(titleId)?.textContent).toBe('Saved');
  });

  it('copies an error toast when clicked and dismisses it', async () => {
    await act(async () => toasts.error('Wallet not found'));
    const toast = toastWithText('Wallet not found');
    expect(toast).toBeDefined();
    await act(async () => toast?.click());
    expect(writeText).toHaveBeenCalledWith('Wallet not found');
    await vi.waitFor(() => expect(toastWithText('Wallet not found')).toBeUndefined());
  });

  it('copies an error toast on Enter, for keyboard users', async () => {
    await act(async () => toasts.error('Access denied'));
    await act(async () => {
      toastWithText('Access denied')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(writeText).toHaveBeenCalledWith('Access denied');
  });

  it('ignores a refused clipboard', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    await act(async () => toasts.error('Oops'));
    await act(async () => toastWithText('Oops')?.click());
    expect(writeText).toHaveBeenCalledWith('Oops');
  });

  it('does not copy other toasts', async () => {
    await act(async () => toasts.info('Hello'));
    await act(async () => toastWithText('Hello')?.click());
    expect(writeText).not.toHaveBeenCalled();
  });

  it('stops receiving toasts after unmounting', async () => {
    await act(async () => root.unmount());
    toasts.info('queued');
    root = createRoot(container);
    await act(async () => {
      root.render(createElement(FluentProvider, { theme: webLightTheme }, createElement(ToastHost, { toasts })));
    });
    expect(toastWithText('queued')).toBeDefined();
  });
});
