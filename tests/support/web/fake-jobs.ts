/** Moved behind the SDK's web test kit; the product's tests import it from here as before. */
export * from '@core/sdk/testing-web/fake-jobs';
