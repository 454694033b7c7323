/** Moved behind the SDK's e2e kit (@core/sdk/testing-e2e); the specs import it from here as before. */
export * from '@core/sdk/testing-e2e/api';
