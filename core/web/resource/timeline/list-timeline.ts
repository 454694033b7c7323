import type { ResourceListApi } from '../list-api';
import type { TimelineApi } from './RecordTimeline';

/**
 * The timeline a list's history drawer shows: the adapter's `timeline` (pages, references by label,
 * comments, revert), or else its `history` as one page (an adapter written before timelines, whose
 * references then read as ids); null when it has neither.
 */
export function listTimelineApi(listApi: ResourceListApi): TimelineApi | null {
  const comment = listApi.comment?.bind(listApi);
  const revert = listApi.revert?.bind(listApi);
  if (listApi.timeline) return { timeline: listApi.timeline.bind(listApi), comment, revert };
  const history = listApi.history?.bind(listApi);
  if (!history) return null;
  return { timeline: async (id) => ({ entries: await history(id), labels: {}, more: false }), comment, revert };
}
