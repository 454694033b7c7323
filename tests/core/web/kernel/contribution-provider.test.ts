import { describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { ContributionProvider, contributionPoint } from '@core/web/kernel/contribution-provider';
import {
  StoreContributionToken,
  TranslationContributionToken,
  type StoreContribution,
} from '@core/web/kernel/contributions';
import { ModuleLoader } from '@core/web/kernel/module-loader';
import { AuthService } from '@core/web/services/auth-service';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { createTestKernel, testUser } from '../../../support/web/test-kernel';

class CountingStore implements StoreContribution {
  resets = 0;
  reset(): void {
    this.resets += 1;
  }
}

describe('contribution providers', () => {
  it('give a point the contributions bound so far, those of modules loaded later included', async () => {
    const kernel = await createTestKernel();
    const stores = kernel.container.get(ContributionProvider, { name: contributionPoint(StoreContributionToken) });
    const before = stores.getContributions().length;
    const late = new CountingStore();
    await kernel.get(ModuleLoader).load(
      new ContainerModule(({ bind }) => {
        bind(StoreContributionToken).toConstantValue(late);
      }),
    );
    expect(stores.getContributions()).toHaveLength(before + 1);
    expect(stores.getContributions()).toContain(late);
    const translations = kernel.container.get(ContributionProvider, {
      name: contributionPoint(TranslationContributionToken),
    });
    expect(translations.getContributions()).not.toContain(late);
  });

  it('let sign-out reset a store a plugin bound after the auth service was made', async () => {
    stubFetch(() => jsonResponse(200, { data: {} }));
    const kernel = await createTestKernel({ user: testUser(), token: 'token' });
    const auth = kernel.get(AuthService);
    const late = new CountingStore();
    const module = new ContainerModule(({ bind }) => {
      bind(StoreContributionToken).toConstantValue(late);
    });
    await kernel.get(ModuleLoader).load(module);
    await auth.signOut();
    expect(late.resets).toBe(1);
    await kernel.get(ModuleLoader).unload(module);
    await auth.signOut();
    expect(late.resets).toBe(1);
  });
});
