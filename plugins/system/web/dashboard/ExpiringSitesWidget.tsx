import { useTranslation } from 'react-i18next';
import {
  Badge,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
} from '@fluentui/react-components';
import type { DataEnvelope } from '@core/sdk/shared';
import {
  DataView,
  FigureCell,
  FigureHeaderCell,
  HttpClients,
  useData,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import { sitesResource } from '../../shared/resources';

/** One thing about to end under a critical site, as `GET sites/expiring` answers it (plugins/system/server/sites). */
interface ExpiringSite {
  readonly site: number;
  readonly domain: string;
  readonly server: string | null;
  readonly expiring: 'domain' | 'server';
  readonly expiry_date: string;
  /** Days from today; negative once passed. */
  readonly days_left: number;
}

interface ExpiringSites {
  readonly warning_days: number;
  readonly sites: readonly ExpiringSite[];
}

const useStyles = makeStyles({
  // The dashboard's grid sizes the card.
  card: { height: '100%', boxSizing: 'border-box' },
});

/** Dashboard (YQ): critical sites whose domain or server expires soon or has expired, soonest first. */
export function ExpiringSitesWidget() {
  const { t } = useTranslation('system');
  const format = useLocaleFormat();
  const styles = useStyles();
  const client = useInjection(HttpClients).get(sitesResource.service);
  const expiring = useData(
    async (signal) =>
      (await client.get<DataEnvelope<ExpiringSites>>(`${sitesResource.path}/expiring`, { signal, silent: true })).data
        .sites,
    [client],
  );
  const title = t('dashboard.expiringSites');
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
        }
      />
      <DataView
        data={expiring}
        isEmpty={(sites) => sites.length === 0}
        empty={<Text>{t('dashboard.noneExpiring')}</Text>}
        errorText={() => t('dashboard.loadFailed')}
      >
        {(sites) => (
          <Table size="small" aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('dashboard.domain')}</TableHeaderCell>
                <TableHeaderCell>{t('dashboard.server')}</TableHeaderCell>
                <TableHeaderCell>{t('dashboard.what')}</TableHeaderCell>
                <TableHeaderCell>{t('dashboard.date')}</TableHeaderCell>
                <FigureHeaderCell>{t('dashboard.daysLeft')}</FigureHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sites.map((row) => (
                <TableRow key={`${row.site}:${row.expiring}`} data-site={row.site}>
                  <TableCell>{row.domain}</TableCell>
                  <TableCell>{row.server ?? '—'}</TableCell>
                  <TableCell>{t(`dashboard.whatValues.${row.expiring}`)}</TableCell>
                  <TableCell>{format.date(row.expiry_date)}</TableCell>
                  <FigureCell>
                    {row.days_left < 0 ? (
                      <Badge appearance="tint" color="danger">
                        {t('dashboard.expired')}
                      </Badge>
                    ) : (
                      <Badge appearance="tint" color="warning">
                        {row.days_left}
                      </Badge>
                    )}
                  </FigureCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DataView>
    </Card>
  );
}
