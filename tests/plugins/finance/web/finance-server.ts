/**
 * A stand-in for the finance service in browser tests: answers by method and path (relative to
 * the service's base URL) from a table of handlers the test fills; anything else is a 404.
 */
import { finance } from '../../../support/web/product-plugins';
import { FakeService, usePopupTestSetup } from '../../../support/web/fake-service';
import { TEST_API, createTestKernel, testUser, type TestKernel } from '../../../support/web/test-kernel';
import type { Language } from '@core/shared/runtime-config';

export const FINANCE_API = `${TEST_API}finance/`;

/** The finance service the finance screens call. */
export class FakeFinanceServer extends FakeService {
  constructor() {
    super(FINANCE_API);
  }
}

export function financeKernel(codes: readonly string[], language?: Language): Promise<TestKernel> {
  return createTestKernel({ plugins: [finance], user: testUser(codes), token: 'token-1', language });
}

export const useFinanceTestSetup = (): void => usePopupTestSetup({ quiet: true });
