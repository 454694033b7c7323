import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DatabaseArrowDownRegular } from '@fluentui/react-icons';
import { BACKUP_STEPS, type BackupsOverview, type DataEnvelope, type JobInfo } from '@core/sdk/shared';
import { DataView, HttpClients, JobPanel, serverMessage, useData, useInjection, useLocaleFormat } from '@core/sdk/web';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '960px',
    marginTop: tokens.spacingVerticalL,
  },
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  place: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** "30 2 * * *" is "daily at 02:30 UTC"; any other expression is shown as written. */
const DAILY = /^(\d{1,2}) (\d{1,2}) \* \* \*$/;

function useScheduleText(schedule: string | null): string {
  const { t } = useTranslation('admin');
  if (schedule === null) return t('backups.scheduleOff');
  const daily = DAILY.exec(schedule);
  if (!daily) return t('backups.scheduleCron', { cron: schedule });
  const time = `${daily[2]?.padStart(2, '0')}:${daily[1]?.padStart(2, '0')}`;
  return t('backups.scheduleDaily', { time });
}

function BackupList({ overview }: { readonly overview: BackupsOverview }) {
  const { t } = useTranslation('admin');
  const format = useLocaleFormat();
  const styles = useStyles();
  if (overview.files.length === 0) return <Text>{t('backups.none')}</Text>;
  return (
    <Table size="small" aria-label={t('backups.listLabel')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('backups.columns.taken')}</TableHeaderCell>
          <TableHeaderCell>{t('backups.columns.file')}</TableHeaderCell>
          <TableHeaderCell>{t('backups.columns.size')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {overview.files.map((file) => (
          <TableRow key={file.name} data-backup={file.name}>
            <TableCell>{format.dateTime(file.created_at)}</TableCell>
            <TableCell className={styles.place}>{file.name}</TableCell>
            <TableCell>
              {t('backups.megabytes', {
                size: format.number(file.size / 1_048_576, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              })}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EmbeddedBackups({
  overview,
  onChanged,
}: {
  readonly overview: BackupsOverview;
  readonly onChanged: () => void;
}) {
  const { t } = useTranslation('admin');
  const http = useInjection(HttpClients);
  const styles = useStyles();
  const schedule = useScheduleText(overview.schedule);
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const steps = BACKUP_STEPS.map((name) => ({ name, label: t(`backups.steps.${name}`) }));

  const backUp = async () => {
    setStarting(true);
    setFailure(null);
    try {
      // Two clicks give one job: the server answers the queued one again. The job panel is the news, not a toast.
      const answer = await http.get('system').post<DataEnvelope<JobInfo>>('backups', undefined, { silent: true });
      setJobId(answer.data.id);
    } catch (error) {
      setFailure(serverMessage(error) ?? t('backups.failed'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <div className={styles.facts}>
        <Text>
          {t('backups.where', { keep: overview.keep })} <span className={styles.place}>{overview.dir}</span>
        </Text>
        <Text>{schedule}</Text>
      </div>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={starting ? <Spinner size="tiny" /> : <DatabaseArrowDownRegular />}
          disabled={starting}
          onClick={() => void backUp()}
        >
          {t('backups.backUpNow')}
        </Button>
      </div>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <BackupList overview={overview} />
      {jobId !== null && (
        <JobPanel
          jobId={jobId}
          title={t('backups.jobTitle')}
          steps={steps}
          onClose={() => setJobId(null)}
          onFinished={onChanged}
        />
      )}
    </>
  );
}

/**
 * The Backups section of /system-settings (JS): where the server keeps its database's backups, how
 * many and when, "Back up now" with the job's progress, and the files it has. On PostgreSQL it
 * says to use pg_dump instead.
 */
export function BackupsSection() {
  const { t } = useTranslation('admin');
  const http = useInjection(HttpClients);
  const styles = useStyles();
  const backups = useData(
    async (signal) =>
      (await http.get('system').get<DataEnvelope<BackupsOverview>>('backups', { silent: true, signal })).data,
    [http],
  );

  return (
    <Card className={styles.card} data-section="backups">
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {t('backups.title')}
          </Text>
        }
      />
      <DataView data={backups}>
        {(overview) =>
          overview.database === 'postgres' ? (
            <MessageBar intent="info">
              <MessageBarBody>{t('backups.postgres')}</MessageBarBody>
            </MessageBar>
          ) : (
            // A finished backup adds a file: the list is read again with this one kept on screen meanwhile.
            <EmbeddedBackups overview={overview} onChanged={() => void backups.reload()} />
          )
        }
      </DataView>
    </Card>
  );
}
