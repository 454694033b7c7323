import { useState } from 'react';

/**
 * False until `open` first turns true, then true for good: a dialog mounts when first needed and
 * stays mounted so it can animate out. A mounted Fluent Dialog (even closed) registers tabster's
 * modalizer, which adds hidden focus guards to the body that accessibility scanners report
 * (microsoft/tabster#288); pages where nobody opened one stay free of them.
 */
export function useMountedOnce(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted || open;
}
