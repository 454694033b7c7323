import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, SettingsRegular } from '@fluentui/react-icons';
import { moveWidget, setWidgetHidden, type ArrangedWidget } from './layout-model';

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  hint: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
});

export interface CustomizeDashboardProps {
  readonly widgets: readonly ArrangedWidget[];
  readonly titleOf: (id: string) => string;
  readonly onChange: (widgets: ArrangedWidget[]) => void;
  readonly onReset: () => void;
}

/**
 * "Customize": every widget the user may see, with a switch to show or hide it and buttons to move
 * it. A button at either end stays focusable (disabledFocusable) so the keyboard never loses its place.
 */
export function CustomizeDashboard({ widgets, titleOf, onChange, onReset }: CustomizeDashboardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<SettingsRegular />}>{t('dashboard.customize')}</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('dashboard.customizeTitle')}</DialogTitle>
          <DialogContent>
            <Text className={styles.hint}>{t('dashboard.customizeHint')}</Text>
            <ul className={styles.list}>
              {widgets.map(({ id, hidden }, index) => {
                const widget = titleOf(id);
                return (
                  <li key={id} className={styles.row}>
                    <Switch
                      checked={!hidden}
                      aria-label={t('dashboard.show', { widget })}
                      onChange={(_, data) => onChange(setWidgetHidden(widgets, id, !data.checked))}
                    />
                    <Text className={styles.name}>{widget}</Text>
                    <Button
                      appearance="subtle"
                      icon={<ArrowUpRegular />}
                      aria-label={t('dashboard.moveUp', { widget })}
                      disabledFocusable={index === 0}
                      onClick={() => onChange(moveWidget(widgets, id, -1))}
                    />
                    <Button
                      appearance="subtle"
                      icon={<ArrowDownRegular />}
                      aria-label={t('dashboard.moveDown', { widget })}
                      disabledFocusable={index === widgets.length - 1}
                      onClick={() => onChange(moveWidget(widgets, id, 1))}
                    />
                  </li>
                );
              })}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={onReset}>{t('dashboard.reset')}</Button>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary">{t('dashboard.close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
