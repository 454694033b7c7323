import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { testApp, type TestApp, type TestCaller } from '@core/sdk/testing';
import { demoContext } from '@core/server/demo-context';
import { enabledResources } from '@core/server/resource/mount';
import { localeFormat } from '@core/shared/format/locale-format';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { fieldNamed } from '@core/shared/resource/definition';
import { INTERNAL_COLUMNS, type TimelinePage } from '@core/shared/resource/record-page';
import { RESOURCE_BUNDLES } from '@core/web/resource/resource-strings';
import { timelineEntries, type TimelineFormatter } from '@core/web/resource/timeline/timeline-model';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { DB_TIMEOUT } from '../../support/server/test-database';

// Every demo record of every resource of the seven plugins, its history read through the API and
// drawn by the engine's timeline model, as a record page shows it: no reference may read as a bare
// number, and no internal column may appear as a change. A new resource, field or history entry a
// plugin writes is walked too, with no list to keep up to date here.

let app: TestApp;
let admin: TestCaller;
let formatter: TimelineFormatter;
const resources: ResourceDefinition[] = enabledResources(AVAILABLE_SERVER_PLUGINS);

beforeAll(async () => {
  app = await testApp({ plugins: AVAILABLE_SERVER_PLUGINS });
  const demo = await demoContext(app.db, AVAILABLE_SERVER_PLUGINS);
  for (const plugin of AVAILABLE_SERVER_PLUGINS) await plugin.seedDemo?.(app.db, demo);
  admin = app.asSuperadmin();
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    resources: { en: { core: RESOURCE_BUNDLES.en } },
  });
  formatter = { t: i18n.t.bind(i18n), format: localeFormat('en') };
}, DB_TIMEOUT * 6);
afterAll(() => app?.close());

const base = (definition: ResourceDefinition) => `/api/${definition.service}/${definition.path}`;

/** Every entry of a record's history, page after page. */
async function history(definition: ResourceDefinition, id: number): Promise<TimelinePage> {
  const entries: TimelinePage['entries'][number][] = [];
  const labels: Record<string, Record<string, string | null>> = {};
  let before: number | null = null;
  for (;;) {
    const answer = await admin.get(
      `${base(definition)}/${id}/timeline?limit=100${before === null ? '' : `&before=${before}`}`,
    );
    expect(answer.statusCode, `${definition.id} #${id}: ${answer.body}`).toBe(200);
    const page = answer.json<{ data: TimelinePage }>().data;
    entries.push(...page.entries);
    for (const [field, named] of Object.entries(page.labels)) labels[field] = { ...labels[field], ...named };
    if (!page.more) return { entries, labels, more: false };
    before = page.entries.at(-1)?.id ?? null;
  }
}

const BARE_NUMBERS = /^#?\d+(, #?\d+)*$/;

/** References the page names as gone (no label) although their record is still there. */
async function liveShownAsGone(definition: ResourceDefinition, id: number, page: TimelinePage): Promise<string[]> {
  const problems: string[] = [];
  for (const field of definition.fields) {
    if (field.kind !== 'reference') continue;
    const gone = Object.entries(page.labels[field.name] ?? {})
      .filter(([, label]) => label === null)
      .map(([target]) => target);
    const referenced = new Set(
      page.entries
        .flatMap((entry) => [entry.before?.[field.name], entry.after?.[field.name]])
        .flat()
        .filter((value) => value !== null && value !== undefined)
        .map(String),
    );
    for (const target of referenced)
      if (!(target in (page.labels[field.name] ?? {})))
        problems.push(`${definition.id} #${id} ${field.name}: #${target} has no label`);
    if (gone.length === 0) continue;
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id::text FROM ${field.target.table} WHERE id = ANY($1::bigint[])`,
      [gone],
    );
    for (const row of rows)
      problems.push(`${definition.id} #${id} ${field.name}: #${row.id} exists but reads as deleted`);
  }
  return problems;
}

/** What a reader of the record's timeline would see wrong: internal columns, references as numbers. */
function problemsOf(definition: ResourceDefinition, id: number, page: TimelinePage): string[] {
  const problems: string[] = [];
  for (const item of timelineEntries(definition, page, formatter)) {
    for (const change of item.changes) {
      const where = `${definition.id} #${id} entry ${item.id} (${item.action}) ${change.name}`;
      if (INTERNAL_COLUMNS.has(change.name)) problems.push(`${where}: an internal column`);
      const field = fieldNamed(definition, change.name);
      if (!field) problems.push(`${where}: not a field of the resource`);
      if (field?.kind !== 'reference') continue;
      for (const shown of [change.before, change.after])
        if (BARE_NUMBERS.test(shown)) problems.push(`${where}: reads "${shown}"`);
    }
  }
  return problems;
}

describe('the history of every demo record', () => {
  it(
    'names every reference by its label and shows no internal column',
    async () => {
      const problems: string[] = [];
      let records = 0;
      for (const definition of resources) {
        const { rows } = await app.db.query<{ id: string }>(`SELECT id::text FROM ${definition.table} ORDER BY id`);
        for (const { id } of rows) {
          records += 1;
          const page = await history(definition, Number(id));
          problems.push(
            ...problemsOf(definition, Number(id), page),
            ...(await liveShownAsGone(definition, Number(id), page)),
          );
        }
      }
      // About 900 records on the demo data of the seven plugins.
      expect(records).toBeGreaterThan(500);
      expect(problems).toEqual([]);
    },
    DB_TIMEOUT * 6,
  );

  it(
    "shows an offer's old and new tracker by their slugs, and a tracker gone for good as deleted",
    async () => {
      const offers = resources.find((definition) => definition.id === 'tracker.offers');
      const trackers = resources.find((definition) => definition.id === 'tracker.trackers');
      if (!offers || !trackers) throw new Error('the tracker plugin has no offers or trackers');
      const { rows } = await app.db.query<{ id: string; version: number; tracker: string }>(
        `SELECT id::text, version, tracker::text FROM tracker.offers WHERE tracker IS NOT NULL ORDER BY id LIMIT 1`,
      );
      const offer = rows[0];
      if (!offer) throw new Error('no demo offer has a tracker');
      const made = await admin.post(`${base(trackers)}`, { slug: 'walk-temporary' });
      expect(made.statusCode, made.body).toBe(201);
      const temporary = made.json<{ data: { id: number } }>().data.id;
      const moved = await admin.patch(`${base(offers)}/${offer.id}`, { version: offer.version, tracker: temporary });
      expect(moved.statusCode, moved.body).toBe(200);

      const slugOf = async (id: string | number) =>
        (await app.db.query<{ slug: string }>(`SELECT slug FROM tracker.trackers WHERE id = $1`, [id])).rows[0]?.slug ??
        '';
      const change = async () => {
        const items = timelineEntries(offers, await history(offers, Number(offer.id)), formatter);
        return items.find((item) => item.kind === 'changed')?.changes.find((candidate) => candidate.name === 'tracker');
      };
      expect(await change()).toMatchObject({ before: await slugOf(offer.tracker), after: 'walk-temporary' });

      // Gone for good (no route removes a tracker an offer points at, so the row is removed directly).
      await app.db.query(`UPDATE tracker.offers SET tracker = $1 WHERE id = $2`, [offer.tracker, offer.id]);
      await app.db.query(`DELETE FROM tracker.trackers WHERE id = $1`, [temporary]);
      expect(await change()).toMatchObject({ after: `#${temporary} (deleted)` });
    },
    DB_TIMEOUT,
  );
});
