/**
 * The SDK's own version. A plugin's manifest names the range it was written for (`sdk: '^1.0.0'`);
 * core/sdk/exports.json records the names this version exports, and a test holds the two together:
 * a removed or renamed name needs a major step, an added one a minor step.
 */
export const SDK_VERSION = '2.0.0';
