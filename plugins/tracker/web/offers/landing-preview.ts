import type { DataEnvelope, ResourceRecord } from '@core/sdk/shared';
import { HttpError, type HttpClient } from '@core/sdk/web';
import { offerPreviewUrl } from '../../shared/links';
import { advertisersResource } from '../../shared/resources';

/** What the preview of an offer's landing URL shows. */
export type LandingPreview =
  | { readonly kind: 'invalidLanding' }
  /** The reader may not read advertisers (TA): the landing URL as entered, without the params. */
  | { readonly kind: 'paramsHidden'; readonly landing: string }
  | {
      readonly kind: 'merged';
      readonly landing: string;
      readonly url: string;
      readonly advertiser: string;
      readonly params: Readonly<Record<string, string>>;
    };

function stringEntries(value: unknown): Readonly<Record<string, string>> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * The offer's landing URL with its advertiser's offer params merged in (offerPreviewUrl, the same
 * function the sync writes to Keitaro with), reading the advertiser from the tracker service.
 */
export async function landingPreview(
  tracker: HttpClient,
  offer: ResourceRecord,
  signal?: AbortSignal,
): Promise<LandingPreview> {
  const landing = typeof offer.landing_url === 'string' ? offer.landing_url : '';
  if (offerPreviewUrl(landing, {}) === null) return { kind: 'invalidLanding' };
  const advertiserId = idOf(offer.advertiser);
  // The definition requires an advertiser, so a row without one is not the server's answer.
  if (advertiserId === null) throw new Error(`offer ${offer.id} names no advertiser`);
  let advertiser: ResourceRecord;
  try {
    // Silent: a refusal is explained in the dialog rather than as a toast.
    advertiser = (
      await tracker.get<DataEnvelope<ResourceRecord>>(`${advertisersResource.path}/${advertiserId}`, {
        signal,
        silent: true,
      })
    ).data;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return { kind: 'paramsHidden', landing };
    throw error;
  }
  const params = stringEntries(advertiser.offer_params);
  const name = typeof advertiser.name === 'string' ? advertiser.name : `#${advertiserId}`;
  return { kind: 'merged', landing, url: offerPreviewUrl(landing, params) ?? landing, advertiser: name, params };
}
