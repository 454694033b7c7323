import { expect, test } from '@playwright/test';
import { localeFormat } from '../core/shared/format/locale-format';
import { Api, userWithCodes, type RoleUser } from './support/api';
import { rawKeys } from './support/raw-keys';
import { choose, columnTexts, expectToast, localDay, pickReference, recordToasts } from './support/resource-page';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { text, type Language } from './support/strings';

// A calculation model in the browser, as a user holding FE (and FS, FJ for the pickers' lists): a
// model defined through its list's form, a tiered rule added from the model's "Rules" link and
// shown in words, and the model assigned to an employee; in en and in ru, with no raw key. The
// motivation spec goes on from such an assignment to compute a month.

let server: ProductionServer;
let admin: Api;
let pavel: RoleUser;

test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  pavel = await userWithCodes(admin, 'pavel', ['FE', 'FS', 'FJ']);
  await admin.create('/api/finance/projects', { name: 'E2E Nutra' });
  for (const language of ['en', 'ru'])
    await admin.create('/api/finance/employees', { full_name: `E2E buyer ${language}` });
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

test('a tiered model is defined, given a rule and assigned, in en and ru', async ({ browser }) => {
  test.setTimeout(150_000);
  for (const language of ['en', 'ru'] as const satisfies readonly Language[]) {
    const t = (key: string, values?: Readonly<Record<string, string | number>>) => text(language, key, values);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
    await recordToasts(context);
    const page = await context.newPage();
    await signIn(page, pavel.email, pavel.password);
    if (language === 'ru') await speakRussian(page);
    const main = page.getByRole('main');
    const model = `E2E tiered ${language}`;
    const save = (form: ReturnType<typeof page.getByRole>) =>
      expectToast(page, t('resource:toast.created'), () =>
        form.getByRole('button', { name: t('resource:form.save') }).click(),
      );

    // The model, through the generated form.
    await page.goto('/calculation-models');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('finance:nav.calculationModels'));
    await main.getByRole('button', { name: t('resource:toolbar.add'), exact: true }).click();
    const modelForm = page.getByRole('dialog', {
      name: t('resource:form.addTitle', { record: t('finance:records.calculationModel') }),
    });
    await modelForm.getByRole('textbox', { name: t('finance:fields.name') }).fill(model);
    await modelForm.getByLabel(t('finance:fields.validFrom')).fill(localDay(-365));
    await modelForm.getByRole('textbox', { name: t('finance:fields.modelCapUsd') }).fill('6000');
    await save(modelForm);
    await expect(modelForm).toBeHidden();

    // Its rules, from the link beside its name: 10% of the project's profit up to 5,000 USD, 15% above, capped.
    await main
      .getByRole('row')
      .filter({ hasText: model })
      .getByRole('link', { name: t('finance:payModels.rules') })
      .click();
    await expect(page).toHaveURL(/\/calculation-model-rules\?.*model_id/);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('finance:nav.calculationModelRules'));
    await main.getByRole('button', { name: t('resource:toolbar.add'), exact: true }).click();
    const ruleForm = page.getByRole('dialog', {
      name: t('resource:form.addTitle', { record: t('finance:records.calculationModelRule') }),
    });
    await pickReference(page, ruleForm, t('finance:fields.calculationModel'), 'E2E', model);
    await choose(page, ruleForm, t('finance:fields.ruleKind'), t('finance:fields.ruleKindValues.tiered'));
    await choose(page, ruleForm, t('finance:fields.payMeasure'), t('finance:fields.payMeasureValues.profit'));
    await choose(page, ruleForm, t('finance:fields.payScope'), t('finance:fields.payScopeValues.project'));
    await pickReference(page, ruleForm, t('finance:fields.project'), 'E2E', 'E2E Nutra');
    const tiers = ruleForm.locator('[data-field="tiers"]');
    await expect(tiers).toContainText(t('finance:payModels.tiersHint'));
    for (const [index, [threshold, percent]] of [
      ['0', '10'],
      ['5000', '15'],
    ].entries()) {
      await tiers.getByRole('button', { name: t('resource:form.addEntry') }).click();
      await tiers
        .getByRole('textbox', { name: t('resource:form.key') })
        .nth(index)
        .fill(threshold as string);
      await tiers
        .getByRole('textbox', { name: t('resource:form.entryValue') })
        .nth(index)
        .fill(percent as string);
    }
    await ruleForm.getByRole('textbox', { name: t('finance:fields.ruleCapUsd') }).fill('2000');
    await save(ruleForm);
    await expect(ruleForm).toBeHidden();
    const summary = await columnTexts(page, t('finance:nav.calculationModelRules'), t('finance:fields.ruleKind'));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toContain(localeFormat(language).money('5000.00', 'USD'));
    expect(summary[0]).toContain(
      t('finance:payModels.summary.lastTier', { percent: localeFormat(language).percent('15') }),
    );
    expect(summary[0]).toContain(
      t('finance:payModels.summary.cap', { cap: localeFormat(language).money('2000.00', 'USD') }),
    );
    expect((await rawKeys(main)).keys).toEqual([]);

    // The assignment, from a month ago with no end.
    await page.goto('/employee-models');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('finance:nav.employeeModels'));
    await main.getByRole('button', { name: t('resource:toolbar.add'), exact: true }).click();
    const assignForm = page.getByRole('dialog', {
      name: t('resource:form.addTitle', { record: t('finance:records.employeeModel') }),
    });
    await pickReference(page, assignForm, t('finance:fields.employee'), 'E2E', `E2E buyer ${language}`);
    await pickReference(page, assignForm, t('finance:fields.calculationModel'), 'E2E', model);
    await assignForm.getByLabel(t('finance:fields.dateStart')).fill(localDay(-30));
    await save(assignForm);
    await expect(assignForm).toBeHidden();
    await expect
      .poll(() => columnTexts(page, t('finance:nav.employeeModels'), t('finance:fields.calculationModel')))
      .toContain(model);
    expect((await rawKeys(main)).keys).toEqual([]);
    await context.close();
  }
});
