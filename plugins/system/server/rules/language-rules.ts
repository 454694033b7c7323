import { validationError, type ResourceHooks } from '@core/sdk/server';
import { isIso639Code } from '../../shared/iso-languages';
import { LANGUAGE_CODE_UNASSIGNED } from './messages-ru';
import { textIn } from './snapshot';

/**
 * A language's code is one ISO 639-1 assigns (the field's pattern lets `xx` through), stored in
 * lower case so the unique index sees `EN` and `en` as one. Writes the plugin makes itself
 * (demo, imports) skip the form's reading, so the case is settled here, not only by the pattern.
 */
export const languageHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    const code = textIn(values, 'code');
    if (code === null) return undefined;
    if (!isIso639Code(code)) throw validationError({ code: [LANGUAGE_CODE_UNASSIGNED] });
    return { code: code.toLowerCase() };
  },
};
