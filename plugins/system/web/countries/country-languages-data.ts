import {
  COUNTRIES_REFERENCE,
  maxPerPage,
  type ListEnvelope,
  type ListPage,
  type ResourceRecord,
} from '@core/sdk/shared';
import { ReferenceApi, ResourceApi, type HttpClients } from '@core/sdk/web';
import { countryLanguagesResource } from '../../shared/resources';

/** Every country-language record, by its country's id, and how many the list said there were. */
export interface CountryLanguages {
  readonly byCountry: ReadonlyMap<number, ResourceRecord>;
  readonly total: number;
}

/** Reads every country-language record, page by page (a country has at most one). */
export async function readCountryLanguages(
  clients: Pick<HttpClients, 'get'>,
  signal?: AbortSignal,
): Promise<CountryLanguages> {
  const definition = countryLanguagesResource;
  const client = clients.get(definition.service);
  const perPage = maxPerPage(definition);
  const byCountry = new Map<number, ResourceRecord>();
  let total = 0;
  for (let page = 1, last = 1; page <= last; page += 1) {
    const query = { page: String(page), per_page: String(perPage), sort: 'id' };
    const answer = await client.get<ListEnvelope<ResourceRecord>>(definition.path, { query, signal, silent: true });
    for (const record of answer.data.data) {
      if (typeof record.country === 'number') byCountry.set(record.country, record);
    }
    total = answer.data.total;
    last = answer.data.last_page;
  }
  return { byCountry, total };
}

/** Whether a page of the list shows something the map does not know yet (a new, changed or removed record). */
export function listDiffers(known: CountryLanguages, page: ListPage<ResourceRecord>): boolean {
  if (page.total !== known.total) return true;
  const versions = new Map([...known.byCountry.values()].map((record) => [record.id, record.version]));
  return page.data.some((record) => versions.get(record.id) !== record.version);
}

/** The engine's list adapter, telling the page about each page it lists (the map follows the list's changes). */
export class WatchedCountryLanguagesApi extends ResourceApi {
  constructor(
    clients: Pick<HttpClients, 'get'>,
    private readonly onListed: (page: ListPage<ResourceRecord>) => void,
  ) {
    super(countryLanguagesResource, clients);
  }

  override async list(...args: Parameters<ResourceApi['list']>): Promise<ListPage<ResourceRecord>> {
    const page = await super.list(...args);
    this.onListed(page);
    return page;
  }
}

/** The references API takes this many ids at a time. */
const LABEL_BATCH = 50;

/** The core's names of countries `ids`; countries it could not name are left out (the atlas's name stands). */
export async function countryNames(
  clients: Pick<HttpClients, 'get'>,
  ids: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  const api = new ReferenceApi(clients);
  const batches: number[][] = [];
  for (let at = 0; at < ids.length; at += LABEL_BATCH) batches.push(ids.slice(at, at + LABEL_BATCH));
  const answers = await Promise.all(batches.map((batch) => api.labels(COUNTRIES_REFERENCE, batch).catch(() => [])));
  return new Map(answers.flat().map((option) => [option.id, option.label]));
}
