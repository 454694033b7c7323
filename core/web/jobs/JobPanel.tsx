import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Circle16Regular, DismissCircle16Filled } from '@fluentui/react-icons';
import { isFinishedJob, type JobInfo } from '@core/shared/jobs';
import { InfoDialog } from '../react/InfoDialog';
import { useLocaleFormat } from '../react/use-locale-format';
import { useJobStrings } from './job-strings';
import { JobStateBadge } from './JobStateBadge';
import { stepMarks, type StepMark } from './job-steps';
import { useJobWatch } from './use-job-watch';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  steps: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  step: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  mark: { color: tokens.colorNeutralForeground3 },
  done: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  current: { fontWeight: tokens.fontWeightSemibold },
  log: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    maxHeight: '240px',
    overflowY: 'auto',
    listStyle: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  time: { color: tokens.colorNeutralForeground3, marginRight: tokens.spacingHorizontalS },
});

/** One step of a job that runs named steps in order, with its label. */
export interface JobStep {
  readonly name: string;
  readonly label: string;
}

export interface JobPanelProps {
  readonly jobId: number;
  readonly title: string;
  /** The kind's steps in order; without them the panel shows the step the job reports. */
  readonly steps?: readonly JobStep[];
  /**
   * The reader's words for a step name the job reports outside `steps` (or any step, without
   * them): "Waiting for the platform" while a rate limit holds it. Default: the name as reported.
   */
  readonly stepLabel?: (step: string) => string;
  readonly onClose: () => void;
  /** Told once the job has finished (succeeded, failed or cancelled). */
  readonly onFinished?: (job: JobInfo) => void;
  /** More about the job as it stands: its result, a retry button. */
  readonly children?: (job: JobInfo) => ReactNode;
}

function MarkIcon({ mark }: { mark: StepMark }) {
  const styles = useStyles();
  if (mark === 'done') return <CheckmarkCircle16Filled className={styles.done} aria-hidden />;
  if (mark === 'failed') return <DismissCircle16Filled className={styles.failed} aria-hidden />;
  if (mark === 'current') return <Spinner size="extra-tiny" aria-hidden />;
  return <Circle16Regular className={styles.mark} aria-hidden />;
}

/**
 * The step the list's marks follow: the job's own when it is one of `names`, else the last one of
 * them it reported, so a pause outside the list (waiting for a rate limit) does not undo them.
 */
function useListedStep(names: readonly string[], job: JobInfo | null): string | null {
  const last = useRef<string | null>(null);
  if (job?.step && names.includes(job.step)) last.current = job.step;
  return last.current;
}

/**
 * A background job as it runs: its state, its steps with done / current / failed marks, its
 * percent, its error, and its log lines as they arrive (read every second until it has finished,
 * and no longer once closed). Any job of the kernel's runner, by id.
 */
export function JobPanel({ jobId, title, steps, stepLabel, onClose, onFinished, children }: JobPanelProps) {
  useJobStrings();
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const styles = useStyles();
  const { job, lines, failure } = useJobWatch(jobId, onFinished);
  const names = steps?.map((step) => step.name) ?? [];
  const listedStep = useListedStep(names, job);
  const marks = steps ? stepMarks(names, job && { state: job.state, step: listedStep }) : [];
  // A step the list does not name (or every step, without a list) is shown as the job reports it.
  const looseStep = job?.step && !names.includes(job.step) && !isFinishedJob(job.state) ? job.step : null;
  const percent = job?.state === 'succeeded' ? 100 : (job?.percent ?? 0);

  return (
    <InfoDialog title={title} onClose={onClose} surfaceClassName={styles.surface}>
      <div data-job-id={jobId} className={styles.content}>
        {failure !== null && (
          <MessageBar intent="error">
            <MessageBarBody>{t('jobs.unreadable', { message: failure })}</MessageBarBody>
          </MessageBar>
        )}
        {job === null ? (
          failure === null && <Spinner size="small" label={t('jobs.loading')} />
        ) : (
          <>
            <div className={styles.summary}>
              <Text>{t('jobs.title', { id: job.id })}</Text>
              <JobStateBadge state={job.state} />
              {job.max_attempts > 1 && job.attempts > 0 && (
                <Text size={200}>{t('jobs.attempts', { attempts: job.attempts, max: job.max_attempts })}</Text>
              )}
            </div>
            <ProgressBar
              value={percent / 100}
              thickness="large"
              color={job.state === 'failed' ? 'error' : job.state === 'succeeded' ? 'success' : 'brand'}
              aria-label={t('jobs.progress')}
              aria-valuetext={t('jobs.percent', { percent })}
            />
            <Text size={200}>{t('jobs.percent', { percent })}</Text>
            {looseStep && <Text data-job-step={looseStep}>{stepLabel?.(looseStep) ?? looseStep}</Text>}
            {steps && (
              <ol className={styles.steps} aria-label={t('jobs.steps')}>
                {steps.map((step, index) => {
                  const mark = marks[index] ?? 'waiting';
                  return (
                    <li
                      key={step.name}
                      className={mergeClasses(styles.step, mark === 'current' && styles.current)}
                      data-step={step.name}
                      data-step-mark={mark}
                    >
                      <MarkIcon mark={mark} />
                      <span>{step.label}</span>
                      <Text size={200} className={styles.mark}>
                        ({t(`jobs.stepMarks.${mark}`)})
                      </Text>
                    </li>
                  );
                })}
              </ol>
            )}
            {job.error && (
              <MessageBar intent="error" data-job-error>
                <MessageBarBody>{t('jobs.error', { message: job.error })}</MessageBarBody>
              </MessageBar>
            )}
            {children?.(job)}
          </>
        )}
        <Text weight="semibold">{t('jobs.log')}</Text>
        {lines.length === 0 ? (
          <Text size={200}>{t('jobs.noLog')}</Text>
        ) : (
          <ol className={styles.log} role="log" aria-live="polite" aria-label={t('jobs.log')}>
            {lines.map((line) => (
              <li
                key={line.id}
                data-log-line={line.id}
                className={mergeClasses(line.level === 'warn' && styles.warn, line.level === 'error' && styles.error)}
              >
                <span className={styles.time}>{format.dateTime(line.at)}</span>
                {line.message}
              </li>
            ))}
          </ol>
        )}
      </div>
    </InfoDialog>
  );
}
