/**
 * A stand-in for the finance service in browser tests: answers by method and path (relative to
 * the service's base URL) from a table of handlers the test fills; anything else is a 404.
 */
import type { Language } from '@core/sdk/shared';
import {
  createTestKernel,
  FakeService,
  TEST_API,
  type TestKernel,
  testUser,
  setupPopupTests,
  webPlugin,
} from '@core/sdk/testing-web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';

export const finance = webPlugin(financeManifest, financeCode);

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

export const setupFinanceTests = (): void => setupPopupTests({ quiet: true });
