import { validationError, type ResourceHooks } from '@core/sdk/server';
import { storesValues, textIn } from '../rules/snapshot';
import { WHITE_URL_REQUIRED } from './messages-ru';

/**
 * A white shows either a page at a URL or an uploaded archive: one whose source is `url` needs
 * the URL. One whose source is `archive` may be saved before its archive is uploaded (the upload
 * needs the record first); the upload itself sets the source.
 */
export const whiteHooks: ResourceHooks = {
  async beforeWrite({ action, next }) {
    if (storesValues(action) && textIn(next, 'source') === 'url' && textIn(next, 'url') === null)
      throw validationError({ url: [WHITE_URL_REQUIRED] });
    return undefined;
  },
};
