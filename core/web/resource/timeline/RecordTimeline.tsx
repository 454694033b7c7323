import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Field,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { fieldNamed, type ResourceDefinition, type ResourceRecord } from '@core/shared/resource/definition';
import {
  COMMENT_MAX_LENGTH,
  type TimelineEntry,
  type TimelineLabels,
  type TimelinePage,
} from '@core/shared/resource/record-page';
import { HttpError } from '../../http/http-error';
import { useInjection } from '../../react/container-context';
import { I18nService } from '../../services/i18n-service';
import { useConfirm } from '../ConfirmDialog';
import { isAbort, serverMessage } from '../resource-feedback';
import { useResourceStrings } from '../resource-strings';
import { timelineEntries, type TimelineItem } from './timeline-model';

/** Where a timeline comes from: the engine's ResourceApi, or any adapter with the same calls. */
export interface TimelineApi {
  timeline(id: number, before?: number): Promise<TimelinePage>;
  /** Without it the timeline offers no comment box (a list adapter that has none). */
  comment?(id: number, text: string): Promise<TimelineEntry>;
  /** Without it no entry offers "Revert this change". */
  revert?(id: number, entryId: number, version: number): Promise<ResourceRecord>;
}

export interface RecordTimelineProps {
  /** The record's resource; null for a table with none of its own (then changes show only plain values). */
  readonly definition: ResourceDefinition | null;
  readonly api: TimelineApi;
  readonly recordId: number;
  /** The first page when the caller already has it (a record page's overview): no request on open. */
  readonly initial?: TimelinePage;
  /** The record's version the user sees; a revert is sent on it. No revert without it. */
  readonly currentVersion?: number;
  /** Whether this user may write the record (offers "Revert this change"). */
  readonly canRevert: boolean;
  /** The record as a revert left it, so the caller can show it. */
  readonly onReverted?: (record: ResourceRecord) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  composer: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  textarea: { width: '100%' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingBottom: tokens.spacingVerticalM,
  },
  when: { color: tokens.colorNeutralForeground3 },
  comment: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  cell: { overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** What is loaded: the pages shown so far, merged. */
interface Loaded {
  readonly entries: readonly TimelineEntry[];
  readonly labels: TimelineLabels;
  readonly more: boolean;
}

type TimelineState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'ready'; readonly loaded: Loaded };

/** An older page after the ones shown: its entries below theirs (none twice), its labels beside theirs. */
function withOlder(loaded: Loaded, older: TimelinePage): Loaded {
  const seen = new Set(loaded.entries.map((entry) => entry.id));
  const labels: Record<string, Readonly<Record<string, string | null>>> = { ...loaded.labels };
  for (const [field, named] of Object.entries(older.labels)) labels[field] = { ...labels[field], ...named };
  return {
    entries: [...loaded.entries, ...older.entries.filter((entry) => !seen.has(entry.id))],
    labels,
    more: older.more,
  };
}

/**
 * A record's timeline: a comment box, then who did what and when, newest first, each change with
 * its fields before and after; older entries on demand; "Revert this change" where it means
 * something and the user may write. Errors are said here, in the user's language.
 */
export function RecordTimeline({
  definition,
  api,
  recordId,
  initial,
  currentVersion,
  canRevert,
  onReverted,
}: RecordTimelineProps) {
  useResourceStrings();
  const { t, i18n: language } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const confirm = useConfirm();
  const [state, setState] = useState<TimelineState>(initial ? { kind: 'ready', loaded: initial } : { kind: 'loading' });
  // Answers to requests made before the record (or a reload) changed are dropped.
  const generation = useRef(0);

  const load = useCallback(
    (live: () => boolean) =>
      api.timeline(recordId).then(
        (page) => live() && setState({ kind: 'ready', loaded: page }),
        (error: unknown) => live() && !isAbort(error) && setState({ kind: 'failed' }),
      ),
    [api, recordId],
  );

  useEffect(() => {
    const current = ++generation.current;
    if (initial) setState({ kind: 'ready', loaded: initial });
    else {
      setState({ kind: 'loading' });
      void load(() => generation.current === current);
    }
  }, [load, initial]);

  const reload = () => {
    const current = ++generation.current;
    return load(() => generation.current === current);
  };

  const loaded = state.kind === 'ready' ? state.loaded : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger: the same entries read differently after a switch.
  const items = useMemo(
    () => (loaded ? timelineEntries(definition, loaded, i18n) : []),
    [definition, loaded, i18n, language.language],
  );

  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const showOlder = () => {
    const last = loaded?.entries.at(-1);
    if (!last) return;
    const current = generation.current;
    setOlder('loading');
    api.timeline(recordId, last.id).then(
      (page) => {
        if (generation.current !== current) return;
        setOlder('idle');
        setState((previous) =>
          previous.kind === 'ready' ? { kind: 'ready', loaded: withOlder(previous.loaded, page) } : previous,
        );
      },
      () => generation.current === current && setOlder('failed'),
    );
  };

  const added = (entry: TimelineEntry) =>
    setState((previous) =>
      previous.kind === 'ready'
        ? { kind: 'ready', loaded: { ...previous.loaded, entries: [entry, ...previous.loaded.entries] } }
        : previous,
    );

  const comment = api.comment?.bind(api);
  const revertApi =
    api.revert && canRevert && currentVersion !== undefined
      ? { revert: api.revert.bind(api), version: currentVersion }
      : null;
  const [revert, setRevert] = useState<{
    readonly entryId: number;
    readonly running: boolean;
    readonly error: string | null;
  } | null>(null);
  const [revertedNote, setRevertedNote] = useState(false);

  const revertEntry = async (item: TimelineItem) => {
    if (!revertApi) return;
    const yes = await confirm.ask(t('resource.history.revertQuestion'), {
      title: t('resource.history.revert'),
      confirmLabel: t('resource.history.revert'),
    });
    if (!yes) return;
    setRevertedNote(false);
    setRevert({ entryId: item.id, running: true, error: null });
    try {
      const record = await revertApi.revert(recordId, item.id, revertApi.version);
      setRevert(null);
      setRevertedNote(true);
      onReverted?.(record);
      await reload();
    } catch (error) {
      setRevert({ entryId: item.id, running: false, error: revertFailure(error) });
    }
  };

  /** A 422 names each field it refused, by its label; a 409 and the rest say the server's message. */
  const revertFailure = (error: unknown): string => {
    if (error instanceof HttpError && error.status === 422) {
      const refused = Object.entries(error.fieldErrors).flatMap(([name, messages]) => {
        const field = definition ? fieldNamed(definition, name) : undefined;
        return messages.map((message) => (field ? `${t(field.labelKey)}: ${message}` : message));
      });
      if (refused.length > 0) return refused.join(' ');
    }
    return serverMessage(error) ?? t('resource.history.revertFailed');
  };

  const body = () => {
    if (state.kind === 'loading') return <Spinner label={t('loading')} />;
    if (state.kind === 'failed') return <Text role="alert">{t('resource.history.failed')}</Text>;
    return (
      <>
        {items.length === 0 ? (
          <Text>{t('resource.history.empty')}</Text>
        ) : (
          <ol className={styles.list} aria-label={t('resource.history.entries')}>
            {items.map((item) => (
              <TimelineRow
                key={item.id}
                item={item}
                revert={revertApi && item.revertable ? () => void revertEntry(item) : null}
                reverting={revert?.entryId === item.id && revert.running}
                revertError={revert?.entryId === item.id ? revert.error : null}
              />
            ))}
          </ol>
        )}
        {state.loaded.more && (
          <Button appearance="secondary" disabled={older === 'loading'} onClick={showOlder}>
            {t('resource.history.showOlder')}
          </Button>
        )}
        {older === 'loading' && <Spinner size="tiny" label={t('loading')} />}
        {older === 'failed' && (
          <Text role="alert" className={styles.error}>
            {t('resource.history.olderFailed')}
          </Text>
        )}
      </>
    );
  };

  return (
    <div className={styles.root}>
      {comment && state.kind === 'ready' && <CommentBox post={(text) => comment(recordId, text)} onAdded={added} />}
      {revertedNote && <Text role="status">{t('resource.history.reverted')}</Text>}
      {body()}
      {confirm.dialog}
    </div>
  );
}

interface TimelineRowProps {
  readonly item: TimelineItem;
  /** Null when this entry offers no revert (or this user may not). */
  readonly revert: (() => void) | null;
  readonly reverting: boolean;
  readonly revertError: string | null;
}

function TimelineRow({ item, revert, reverting, revertError }: TimelineRowProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const headingId = useId();
  const heading = t('resource.history.by', { action: item.action, actor: item.actor });
  const created = item.kind === 'created';
  return (
    <li className={styles.entry}>
      <Text weight="semibold" id={headingId}>
        {heading}
      </Text>
      <Text size={200} className={styles.when}>
        {item.time}
      </Text>
      {item.comment !== undefined && <Text className={styles.comment}>{item.comment}</Text>}
      {item.changes.length > 0 && (
        <Table size="small" aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('resource.history.field')}</TableHeaderCell>
              {/* A record's first values had nothing before them: one column says it. */}
              {created ? (
                <TableHeaderCell>{t('resource.history.value')}</TableHeaderCell>
              ) : (
                <>
                  <TableHeaderCell>{t('resource.history.before')}</TableHeaderCell>
                  <TableHeaderCell>{t('resource.history.after')}</TableHeaderCell>
                </>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {item.changes.map((change) => (
              <TableRow key={change.name}>
                <TableCell className={styles.cell}>{change.label}</TableCell>
                {!created && <TableCell className={styles.cell}>{change.before}</TableCell>}
                <TableCell className={styles.cell}>{change.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {revert && (
        <Button
          size="small"
          appearance="subtle"
          icon={reverting ? <Spinner size="extra-tiny" /> : <ArrowUndoRegular />}
          disabled={reverting}
          aria-describedby={headingId}
          onClick={revert}
        >
          {t('resource.history.revert')}
        </Button>
      )}
      {revertError && (
        <Text role="alert" className={styles.error}>
          {revertError}
        </Text>
      )}
    </li>
  );
}

interface CommentBoxProps {
  readonly post: (text: string) => Promise<TimelineEntry>;
  readonly onAdded: (entry: TimelineEntry) => void;
}

/** Plain text up to COMMENT_MAX_LENGTH characters; Enter makes a new line, the button sends. */
function CommentBox({ post, onAdded }: CommentBoxProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      onAdded(await post(text.trim()));
      setText('');
    } catch (failure) {
      // A refused text says why under its field (too long, empty) rather than the bare 'Validation failed'.
      const refused = failure instanceof HttpError ? Object.values(failure.fieldErrors).flat() : [];
      setError(
        refused.length > 0 ? refused.join(' ') : (serverMessage(failure) ?? t('resource.history.commentFailed')),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.composer}>
      <Field
        className={styles.textarea}
        label={t('resource.history.commentLabel')}
        hint={t('resource.history.commentCounter', { length: text.length, max: COMMENT_MAX_LENGTH })}
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
      >
        <Textarea
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          resize="vertical"
          onChange={(_, data) => setText(data.value)}
        />
      </Field>
      <Button appearance="primary" disabled={sending || text.trim() === ''} onClick={() => void send()}>
        {t('resource.history.comment')}
      </Button>
    </div>
  );
}
