import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ToolbarButton,
} from '@fluentui/react-components';
import { BookmarkMultipleRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import type { SavedListView } from '@core/shared/preferences';
import { useConfirm } from '../ConfirmDialog';
import { useInjection } from '../../react/container-context';
import { PreferencesService } from '../../services/preferences-service';
import { ToastService } from '../../services/toast-service';
import type { ResourceList } from '../use-resource-list';
import { openSavedView, savedParams, SavedViews } from './saved-views';
import { SaveViewDialog } from './SaveViewDialog';

/**
 * The toolbar's "Views": the user's saved views of this list (pick one to show it), "Save current
 * view…" (filters, scopes, sort, per page and columns under a name) and "Delete a view" (after
 * 'Are you sure?'). The views
 * are read from the server the first time the menu opens.
 */
export const ViewsMenu = observer(function ViewsMenu({ list }: { list: ResourceList }) {
  const { t } = useTranslation('core');
  const preferences = useInjection(PreferencesService);
  const toasts = useInjection(ToastService);
  const [views] = useState(() => new SavedViews(preferences, list.definition.id));
  const [saving, setSaving] = useState(false);
  const confirm = useConfirm();

  const load = () => {
    if (!views.loaded) views.load().catch(() => toasts.error(t('resource.views.loadFailed')));
  };

  const open = (saved: SavedListView) => {
    const opened = openSavedView(
      list.definition,
      saved,
      list.scopes,
      list.columns.all.map((column) => column.name),
    );
    list.go(opened.view);
    list.columns.arrange(opened.columns);
    if (opened.missing.length > 0)
      toasts.warning(t('resource.views.missing', { name: saved.name, fields: opened.missing.join(', ') }));
  };

  const save = async (name: string) => {
    const view: SavedListView = {
      name,
      params: savedParams(list.definition, list.view),
      columns: list.columns.visible.map((column) => column.name),
    };
    try {
      await views.save(view);
      toasts.success(t('resource.views.saved', { name }));
    } catch (error) {
      toasts.error(t('resource.views.failed'));
      throw error;
    }
  };

  const remove = async (name: string) => {
    if (!(await confirm.ask(t('resource.confirm.question'), { subject: name, confirmLabel: t('resource.row.delete') })))
      return;
    try {
      await views.remove(name);
      toasts.success(t('resource.views.deleted', { name }));
    } catch {
      toasts.error(t('resource.views.failed'));
    }
  };

  return (
    <>
      <Menu onOpenChange={(_, data) => data.open && load()}>
        <MenuTrigger disableButtonEnhancement>
          <ToolbarButton icon={<BookmarkMultipleRegular />}>{t('resource.views.menu')}</ToolbarButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {!views.loaded && <MenuItem disabled>{t('resource.views.loading')}</MenuItem>}
            {views.loaded && views.views.length === 0 && <MenuItem disabled>{t('resource.views.none')}</MenuItem>}
            {views.views.map((saved) => (
              <MenuItem key={saved.name} onClick={() => open(saved)}>
                {saved.name}
              </MenuItem>
            ))}
            <MenuDivider />
            <MenuItem icon={<SaveRegular />} disabled={!views.loaded} onClick={() => setSaving(true)}>
              {t('resource.views.save')}
            </MenuItem>
            {views.views.length > 0 && (
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <MenuItem icon={<DeleteRegular />}>{t('resource.views.delete')}</MenuItem>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {views.views.map((saved) => (
                      <MenuItem key={saved.name} onClick={() => void remove(saved.name)}>
                        {saved.name}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {saving && <SaveViewDialog views={views} onSave={save} onClose={() => setSaving(false)} />}
      {confirm.dialog}
    </>
  );
});
