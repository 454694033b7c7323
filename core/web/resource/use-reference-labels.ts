import { useInjection } from '../react/container-context';
import { ReferenceLabels } from './reference-labels';

/** The app's one cache of reference labels, shared by every screen, so a label is fetched once. */
export function useReferenceLabels(): ReferenceLabels {
  return useInjection(ReferenceLabels);
}
