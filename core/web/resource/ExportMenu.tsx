import { useTranslation } from 'react-i18next';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, ToolbarButton } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { ExportFormat } from '@core/shared/resource/export-format';

export interface ExportMenuProps {
  readonly disabled: boolean;
  readonly onExport: (format: ExportFormat) => void;
}

/**
 * The toolbar's export: a file for people (the columns shown, in the user's language, as their
 * spreadsheet reads numbers) or an exact one for machines (every column, field names, ISO times).
 */
export function ExportMenu({ disabled, onExport }: ExportMenuProps) {
  const { t } = useTranslation('core');
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <ToolbarButton icon={<ArrowDownloadRegular />} disabled={disabled}>
          {t('resource.toolbar.export')}
        </ToolbarButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => onExport('people')}>{t('resource.export.people')}</MenuItem>
          <MenuItem onClick={() => onExport('exact')}>{t('resource.export.exact')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
