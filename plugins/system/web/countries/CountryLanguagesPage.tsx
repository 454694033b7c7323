import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import { DataView, HttpClients, ResourcePage, useData, useInjection, type ResourceScreenOptions } from '@core/sdk/web';
import { countryLanguagesResource } from '../../shared/resources';
import { CountryDialog, languagesLine } from './CountryDialog';
import {
  countryNames,
  listDiffers,
  readCountryLanguages,
  WatchedCountryLanguagesApi,
  type CountryLanguages,
} from './country-languages-data';
import { WorldMap } from './WorldMap';
import type { CountryShape, WorldMapShapes } from './world-shapes';

const useStyles = makeStyles({
  // The list (its title first) and the map beside it, so the table is in view with the page; on a narrow screen the map goes below.
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 34%)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXL,
    minWidth: 0,
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  list: { minWidth: 0 },
  map: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalM,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
});

interface LoadedMap {
  readonly shapes: WorldMapShapes;
  readonly size: { readonly width: number; readonly height: number };
  /** The core's country names by id (the atlas's names stand in for the rest). */
  readonly names: ReadonlyMap<number, string>;
}

/** The map's code and data, fetched only here: d3-geo, topojson-client and Natural Earth in their own chunk. */
async function loadMap(clients: Pick<HttpClients, 'get'>): Promise<LoadedMap> {
  const module = await import(/* webpackChunkName: "system-world-map" */ './world-shapes');
  const shapes = module.worldShapes();
  const ids = shapes.countries.flatMap((country) => (country.id === null ? [] : [country.id]));
  return { shapes, size: module.MAP_SIZE, names: await countryNames(clients, ids) };
}

const NO_RECORDS: ReadonlyMap<number, ResourceRecord> = new Map();

/**
 * Country languages (`/country-languages`, YL): the engine's list of the records, and beside it
 * the world map with the countries that have languages coloured. A country opens its languages (to
 * edit, for writers); the map reads the records again whenever the list shows a change.
 */
export function CountryLanguagesPage() {
  const { t } = useTranslation('system');
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const map = useData(() => loadMap(clients), [clients]);
  const records = useData((signal) => readCountryLanguages(clients, signal), [clients]);
  const [open, setOpen] = useState<CountryShape | null>(null);
  // Remounting the list reads it again after the map's dialog saved.
  const [listKey, setListKey] = useState(0);

  // The list adapter lives as long as the list; it reaches the latest records through these refs.
  const known = useRef<CountryLanguages | undefined>(undefined);
  known.current = records.data;
  const reloadRecords = useRef(records.reload);
  reloadRecords.current = records.reload;
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      listApi: (http) =>
        new WatchedCountryLanguagesApi(http, (page) => {
          // Before the map's own first read there is nothing to compare with: that read is on its way.
          if (known.current && listDiffers(known.current, page)) void reloadRecords.current();
        }),
    }),
    [],
  );

  const byCountry = records.data?.byCountry ?? NO_RECORDS;
  const coloured = useMemo(() => new Set(byCountry.keys()), [byCountry]);
  const recordOf = (country: CountryShape): ResourceRecord | null =>
    country.id === null ? null : (byCountry.get(country.id) ?? null);

  return (
    <div className={styles.page}>
      <div className={styles.list}>
        <ResourcePage key={listKey} definition={countryLanguagesResource} options={options} />
      </div>
      <section className={styles.map} aria-label={t('countryMap.title')}>
        <DataView data={map} errorText={() => t('countryMap.loadFailed')}>
          {(loaded) => {
            const nameOf = (country: CountryShape) =>
              country.id === null ? country.name : (loaded.names.get(country.id) ?? country.name);
            return (
              <>
                <WorldMap
                  shapes={loaded.shapes}
                  size={loaded.size}
                  coloured={coloured}
                  nameOf={nameOf}
                  describe={(country) => languagesLine(recordOf(country)) || t('countryMap.noLanguages')}
                  onSelect={setOpen}
                />
                {open && open.id !== null && (
                  <CountryDialog
                    country={{ id: open.id, name: nameOf(open) }}
                    record={recordOf(open)}
                    onClose={() => setOpen(null)}
                    onSaved={() => {
                      setOpen(null);
                      void records.reload();
                      setListKey((key) => key + 1);
                    }}
                  />
                )}
              </>
            );
          }}
        </DataView>
      </section>
    </div>
  );
}
