/**
 * The SDK's own version. A plugin's manifest names the range it was written for (`sdk: '^2.0.0'`);
 * core/sdk/exports.json records the names this version exports, each with the version it was added
 * in, and a test holds the two together: a removed or renamed name needs a major step, an added one
 * joins the version names were last added in while it is unreleased, else a minor step. 2.0.0: the
 * domain services moved into their plugins (the 1.x names stay as deprecated shims). 2.1.0: field builders. 2.2.0: the core's users and roles as resources.
 */
export const SDK_VERSION = '2.2.0';
