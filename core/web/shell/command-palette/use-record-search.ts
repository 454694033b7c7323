import { useEffect, useState } from 'react';
import type { DataEnvelope } from '@core/shared/envelopes';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type SearchAnswer } from '@core/shared/resource/record-page';
import { HttpClients } from '../../http/http-clients';
import { useInjection } from '../../react/container-context';
import { isAbort } from '../../resource/resource-feedback';

/** The search API refuses longer texts (422); a longer query searches by its start. */
const SEARCH_MAX_LENGTH = 100;

/** Where the record search stands for the text typed: too short to ask, waiting or asking, answered, failed. */
export type RecordSearchState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'searching' }
  | { readonly kind: 'done'; readonly answer: SearchAnswer }
  | { readonly kind: 'failed' };

const IDLE: RecordSearchState = { kind: 'idle' };
const SEARCHING: RecordSearchState = { kind: 'searching' };

/**
 * Records matching `text` (`GET auth/search?q=`), from SEARCH_MIN_LENGTH characters on and
 * SEARCH_DEBOUNCE_MS after the last keystroke, so typing a word costs one request. A newer text
 * cancels the request of the older one, whose answer is never shown.
 */
export function useRecordSearch(text: string): RecordSearchState {
  const http = useInjection(HttpClients);
  const q = text.trim().slice(0, SEARCH_MAX_LENGTH);
  const [state, setState] = useState<{ readonly q: string; readonly state: RecordSearchState }>({ q: '', state: IDLE });

  useEffect(() => {
    if (q.length < SEARCH_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      http
        .get('auth')
        .get<DataEnvelope<SearchAnswer>>('search', { query: { q }, signal: controller.signal, silent: true })
        .then(
          (answer) => !controller.signal.aborted && setState({ q, state: { kind: 'done', answer: answer.data } }),
          (error: unknown) =>
            !controller.signal.aborted && !isAbort(error) && setState({ q, state: { kind: 'failed' } }),
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [http, q]);

  if (q.length < SEARCH_MIN_LENGTH) return IDLE;
  // An answer is shown for the text it was asked for only; until the new one comes, the search is on.
  return state.q === q ? state.state : SEARCHING;
}
