import { ApiError, type ResourceHooks } from '@core/sdk/server';

export const COUNTRIES_READ_ONLY = 'Countries are the ISO 3166 list: they cannot be added, changed or deleted.';

/** tracker.countries is filled by the migration 0001 and only read: every write through the API is refused. */
export const countryHooks: ResourceHooks = {
  async beforeWrite() {
    throw new ApiError(405, COUNTRIES_READ_ONLY);
  },
};
