import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition, ResourceRecord, RowAction } from '@core/shared/resource/definition';
import { useInjection } from '../react/container-context';
import { PermissionService } from '../services/permission-service';
import { useConfirm } from './ConfirmDialog';
import type { ReferenceLabels } from './reference-labels';
import type { ResourceApi } from './resource-api';
import type { ResourceFeedback } from './resource-feedback';
import { ResourceFormDialog } from './ResourceFormDialog';
import { permittedActions } from './row-actions';
import { RowMenu } from './RowMenu';
import type { ExtraRowAction, ResourceScreenOptions, RowActionContext, ScreenDialog } from './types';

/**
 * The changes a record's menu makes: the list store's (which reloads the page) or the record
 * page's (which reads the record again). Each says what happened; false when it failed.
 */
export interface RecordOperations {
  remove(record: ResourceRecord): Promise<boolean>;
  restore(record: ResourceRecord): Promise<boolean>;
  block(record: ResourceRecord): Promise<boolean>;
  unblock(record: ResourceRecord): Promise<boolean>;
  runRowAction(action: RowAction, record: ResourceRecord): Promise<boolean>;
}

export interface RecordActionsInput {
  readonly definition: ResourceDefinition;
  readonly options: ResourceScreenOptions;
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  readonly labels: ReferenceLabels;
  readonly operations: RecordOperations;
  /** Reads the shown records again (a runner's `context.reload`). */
  readonly reload: () => Promise<void>;
  /** After the add/edit dialog saved. */
  readonly onSaved: (record: ResourceRecord) => void;
  /** Offers History in the menu and opens it (the list's drawer); absent on a record page, which shows its timeline. */
  readonly history?: (record: ResourceRecord) => void;
  /**
   * False where the list's runners are not known (a record page whose list is a page of the plugin's
   * own): the definition's row actions are then left to the list, since posting one at once would skip
   * the dialog the list opens first. Default true.
   */
  readonly definitionRowActions?: boolean;
}

export interface RecordActions {
  /** The user may change records of this resource (checked once per screen). */
  readonly canWrite: boolean;
  /** A record's menu: edit, block, the definition's and the plugin's actions, history, delete or restore. */
  readonly menu: (record: ResourceRecord, label: string) => ReactNode;
  /** Opens the add/edit dialog: a record to edit, or null to create one starting from `prefill` (field → wire value). */
  readonly openForm: (record: ResourceRecord | null, prefill?: Readonly<Record<string, unknown>>) => void;
  /** Asks a yes/no question in the screen's dialog. */
  readonly ask: (question: string) => Promise<boolean>;
  /** The dialogs the actions open: drawn once, anywhere in the screen. */
  readonly dialogs: ReactNode;
}

type Editing =
  | { readonly kind: 'closed' }
  | {
      readonly kind: 'open';
      readonly record: ResourceRecord | null;
      readonly prefill?: Readonly<Record<string, unknown>>;
    };

/**
 * A record's actions under the list's permission rules, shared by the list screen and the record
 * page: one permission check per screen, the definition's confirmations, runners in code with
 * their dialogs, and the add/edit dialog (the plugin's `form` or the generated one).
 */
export function useRecordActions(input: RecordActionsInput): RecordActions {
  const {
    definition,
    options,
    api,
    feedback,
    labels,
    operations,
    reload,
    onSaved,
    history,
    definitionRowActions = true,
  } = input;
  const { t } = useTranslation('core');
  const permissions = useInjection(PermissionService);
  const canWrite = definition.readOnly !== true && permissions.allows(definition.access.write);
  const actions = useMemo(
    () => permittedActions(definition, (requirement) => permissions.allows(requirement)),
    [definition, permissions],
  );
  const extraActions = useMemo(
    () => (options.rowActions ?? []).filter((action) => !action.requires || permissions.allows(action.requires)),
    [options.rowActions, permissions],
  );
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const { dialog: confirmDialog, ask } = useConfirm();
  const areYouSure = t('resource.confirm.question');

  // A runner's dialog, keyed so a new one starts afresh rather than taking over the last one's state.
  const [shown, setShown] = useState<{ readonly key: number; readonly dialog: ScreenDialog } | null>(null);
  const showDialog = (dialog: ScreenDialog) => setShown((before) => ({ key: (before?.key ?? 0) + 1, dialog }));
  /** The spec's 'Are you sure?' about one record: its label under the question, then what the action does. */
  const confirmed = (label: string, detailKey?: string) =>
    ask(areYouSure, { subject: label, ...(detailKey ? { detail: t(detailKey) } : {}) });
  const contextFor = (label: string): RowActionContext => ({
    api,
    feedback,
    reload,
    showDialog,
    confirm: (detailKey) => confirmed(label, detailKey),
  });
  const runInCode = async (run: () => void | Promise<void>) => {
    try {
      await run();
    } catch (error) {
      feedback.failed('action', error);
    }
  };
  const runRowAction = async (action: RowAction, record: ResourceRecord, label: string) => {
    // A runner asks in its own way (its dialog, or `context.confirm` when it is ready), so the definition's question is not put first.
    const runner = options.rowActionRunners?.[action.name];
    if (runner) return runInCode(() => runner(record, contextFor(label)));
    if (action.confirmKey && !(await confirmed(label, action.confirmKey))) return;
    await operations.runRowAction(action, record);
  };
  const runExtra = async (action: ExtraRowAction, record: ResourceRecord, label: string) => {
    if (action.confirmKey && !(await confirmed(label, action.confirmKey))) return;
    await runInCode(() => action.run(record, contextFor(label)));
  };

  const menu = (record: ResourceRecord, label: string) => (
    <RowMenu
      definition={definition}
      record={record}
      label={label}
      canWrite={canWrite}
      changeable={options.changeable?.(record) ?? true}
      rowActions={definitionRowActions ? actions.row : []}
      extraActions={extraActions}
      hasHistory={history !== undefined}
      on={{
        edit: (target) => setEditing({ kind: 'open', record: target }),
        remove: (target) => void confirmed(label).then((yes) => yes && operations.remove(target)),
        restore: (target) => void operations.restore(target),
        block: (target) => void operations.block(target),
        unblock: (target) => void operations.unblock(target),
        history: (target) => history?.(target),
        rowAction: (action, target) => void runRowAction(action, target, label),
        extra: (action, target) => void runExtra(action, target, label),
      }}
    />
  );

  const Form = options.form;
  const closeForm = () => setEditing({ kind: 'closed' });
  const saved = (record: ResourceRecord) => {
    closeForm();
    onSaved(record);
  };
  const dialogs = (
    <>
      {editing.kind === 'open' &&
        (Form ? (
          <Form
            definition={definition}
            record={editing.record}
            initialValues={editing.prefill}
            api={api}
            feedback={feedback}
            onCancel={closeForm}
            onSaved={saved}
          />
        ) : (
          <ResourceFormDialog
            definition={definition}
            record={editing.record}
            initialValues={editing.prefill}
            api={api}
            feedback={feedback}
            labels={labels}
            onCancel={closeForm}
            onSaved={saved}
          />
        ))}
      {confirmDialog}
      {shown && <Fragment key={shown.key}>{shown.dialog(() => setShown(null))}</Fragment>}
    </>
  );

  return {
    canWrite,
    menu,
    openForm: (record, prefill) => setEditing(prefill ? { kind: 'open', record, prefill } : { kind: 'open', record }),
    ask,
    dialogs,
  };
}
