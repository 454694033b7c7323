import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastService } from '../services/toast-service';

const ToastHost = lazy(() =>
  import(/* webpackChunkName: "toasts" */ './ToastHost').then((m) => ({ default: m.ToastHost })),
);

/**
 * Renders the toaster only once a toast is raised: its code is a chunk of its own, so pages
 * that never toast (the sign-in page, mostly) do not download it. Waiting toasts are kept by the
 * service and shown as soon as the toaster attaches.
 */
export function LazyToastHost({ toasts }: { readonly toasts: ToastService }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => toasts.whenNeeded(() => setNeeded(true)), [toasts]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost toasts={toasts} />
    </Suspense>
  ) : null;
}
