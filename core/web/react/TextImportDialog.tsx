import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, makeStyles, MessageBar, MessageBarBody, Text, Textarea, tokens } from '@fluentui/react-components';
import { serverMessage } from '../resource/resource-feedback';
import { useResourceStrings } from '../resource/resource-strings';
import { FormDialog } from './FormDialog';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { fontFamily: tokens.fontFamilyMonospace },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '240px', overflowY: 'auto' },
});

/**
 * One place of the text the server refused: its 1-based line, the column when the fault is in one
 * cell, and what is wrong. `line` is null for a fault of the whole text, or when the server's
 * message already names its line (it is then shown as it is).
 */
export interface ImportLineError {
  readonly line: number | null;
  readonly column?: string | null;
  readonly message: string;
}

/**
 * What a send came to. `done`: accepted, the dialog closes (the caller has said so with a toast
 * and reloaded what it shows). `report`: the dialog stays open and shows `message` with the
 * `lines` at fault, its text kept to correct unless `clearText` (the good lines went in and only
 * the listed ones are left to send again).
 */
export type TextImportOutcome =
  | { readonly kind: 'done' }
  | {
      readonly kind: 'report';
      readonly intent: 'success' | 'warning' | 'error';
      readonly message: string;
      readonly lines?: readonly ImportLineError[];
      readonly clearText?: boolean;
    };

export interface TextImportDialogProps {
  readonly title: string;
  /** What the text must hold (columns, format), above everything else. */
  readonly hint?: string;
  /** The caller's own fields and notes (a product to load into, a "skip bad lines" box), above the text. */
  readonly children?: ReactNode;
  /** `file`: a file picker only, read in the browser when sent. `paste`: a text area a chosen file fills. */
  readonly input: 'file' | 'paste';
  /** The file types offered, as `<input accept>` takes them. */
  readonly accept?: string;
  readonly submitLabel: string;
  /** Labels of the file picker and the text area; `File` and `Text` by default. */
  readonly fileLabel?: string;
  readonly textLabel?: string;
  /** A line under the text area that follows what is typed (e.g. how many positions it holds). */
  readonly textHint?: (text: string) => string | undefined;
  /** Said when sending nothing; "Choose a file." / "Paste the text or choose a file." by default. */
  readonly emptyText?: string;
  /** The accessible name of the list of refused lines; "Refused lines" by default. */
  readonly linesLabel?: string;
  /** False while the caller's own fields miss a required choice: the submit button waits. */
  readonly ready?: boolean;
  /** Shown while sending, e.g. a progress bar of a text sent in parts. */
  readonly progress?: ReactNode;
  /**
   * Sends the text. A rejection is shown as the server's message (or a general one), the dialog
   * open and the text kept; return a `report` outcome for refused lines.
   */
  readonly onSubmit: (text: string) => Promise<TextImportOutcome>;
  readonly onClose: () => void;
  /** Kept mounted when given false; open by default. */
  readonly open?: boolean;
}

type Shown = {
  readonly intent: 'success' | 'warning' | 'error';
  readonly message: string;
  readonly lines: readonly ImportLineError[];
};

/**
 * The one dialog for bringing text into the product (a CSV file, pasted lines): the file is read
 * in the browser, the send shows a spinner and cannot be repeated or closed while it runs, and
 * what the server refused is listed line by line with the text kept to correct. Its own strings
 * are the engine's (`core:resource.import.*`); the caller names the rest.
 */
export function TextImportDialog(props: TextImportDialogProps) {
  const {
    title,
    hint,
    children,
    input,
    accept = '.csv,.txt,text/csv,text/plain',
    submitLabel,
    ready = true,
    progress,
    onSubmit,
    onClose,
    open = true,
  } = props;
  useResourceStrings();
  const { t } = useTranslation('core');
  const styles = useStyles();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  // What the server last answered for: closing asks first only when something else is in the form.
  const [sent, setSent] = useState<{ readonly text: string; readonly file: File | null } | null>(null);
  const dirty = input === 'file' ? file !== null && file !== sent?.file : text.trim() !== '' && text !== sent?.text;

  const close = () => {
    setText('');
    setFile(null);
    setMissing(false);
    setShown(null);
    setSent(null);
    onClose();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (input === 'file') setFile(chosen);
    else if (chosen) setText(await chosen.text());
  };

  const send = async () => {
    const content = input === 'file' ? ((await file?.text()) ?? '') : text;
    if (content.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setShown(null);
    setBusy(true);
    try {
      const outcome = await onSubmit(content);
      setBusy(false);
      if (outcome.kind === 'done') {
        close();
        return;
      }
      setShown({ intent: outcome.intent, message: outcome.message, lines: outcome.lines ?? [] });
      setSent({ text, file });
      if (outcome.clearText) setText('');
    } catch (error) {
      setBusy(false);
      setShown({ intent: 'error', message: serverMessage(error) ?? t('resource.import.failed'), lines: [] });
    }
  };

  const describe = (line: ImportLineError): string =>
    line.line === null
      ? line.message
      : line.column
        ? t('resource.import.cellError', { line: line.line, column: line.column, message: line.message })
        : t('resource.import.lineError', { line: line.line, message: line.message });

  const empty = missing
    ? (props.emptyText ?? t(input === 'file' ? 'resource.import.noFile' : 'resource.import.empty'))
    : undefined;
  const picker = <input type="file" accept={accept} onChange={(event) => void choose(event)} />;
  return (
    <FormDialog
      title={title}
      open={open}
      busy={busy}
      submitLabel={submitLabel}
      cancelLabel={t('resource.import.close')}
      submitDisabled={!ready}
      dirty={dirty}
      onSubmit={send}
      onClose={close}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
    >
      {hint && <Text>{hint}</Text>}
      {children}
      {input === 'file' ? (
        <Field label={props.fileLabel ?? t('resource.import.file')} required validationMessage={empty}>
          {picker}
        </Field>
      ) : (
        <>
          <Field
            label={props.textLabel ?? t('resource.import.text')}
            required
            hint={props.textHint?.(text)}
            validationMessage={empty}
          >
            <Textarea
              className={styles.text}
              value={text}
              onChange={(_, data) => setText(data.value)}
              rows={10}
              resize="vertical"
              spellCheck={false}
            />
          </Field>
          <Field label={props.fileLabel ?? t('resource.import.file')}>{picker}</Field>
        </>
      )}
      {busy && progress}
      {shown && (
        <MessageBar intent={shown.intent} layout="multiline">
          <MessageBarBody>
            {shown.message && <Text block>{shown.message}</Text>}
            {shown.lines.length > 0 && (
              <ul className={styles.lines} aria-label={props.linesLabel ?? t('resource.import.lines')}>
                {shown.lines.map((line, index) => (
                  <li key={index}>{describe(line)}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
