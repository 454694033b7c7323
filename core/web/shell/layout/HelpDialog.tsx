import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { RuntimeConfigToken } from '../../kernel/environment';
import { PluginHost } from '../../plugins/plugin-host';
import { useInjection } from '../../react/container-context';

/** Keys that do something everywhere in the shell, each with the i18n key of what it does. */
const SHORTCUTS: readonly { readonly keys: readonly string[]; readonly id: string }[] = [
  { keys: ['Ctrl', 'K'], id: 'palette' },
  { keys: ['Tab'], id: 'next' },
  { keys: ['Shift', 'Tab'], id: 'previous' },
  { keys: ['Enter'], id: 'activate' },
  { keys: ['↑', '↓'], id: 'arrows' },
  { keys: ['Esc'], id: 'close' },
];

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: {
    padding: `${tokens.spacingVerticalXS} 0`,
    verticalAlign: 'top',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  keys: { width: '40%', whiteSpace: 'nowrap', textAlign: 'start', fontWeight: tokens.fontWeightRegular },
  kbd: {
    display: 'inline-block',
    minWidth: '1.6em',
    marginRight: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    textAlign: 'center',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomWidth: '2px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  modules: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export interface HelpDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The profile menu's Help: the keys that work everywhere and which modules (and versions) run. */
export const HelpDialog = observer(function HelpDialog({ open, onClose }: HelpDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const config = useInjection(RuntimeConfigToken);
  const host = useInjection(PluginHost);
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('shell.help.title', { product: config.productName })}</DialogTitle>
          <DialogContent className={styles.content}>
            <section className={styles.section}>
              <Text as="h3" weight="semibold">
                {t('shell.help.shortcuts')}
              </Text>
              <table className={styles.table}>
                <tbody>
                  {SHORTCUTS.map(({ keys, id }) => (
                    <tr key={id}>
                      <th scope="row" className={`${styles.cell} ${styles.keys}`}>
                        {keys.map((key) => (
                          <kbd key={key} className={styles.kbd}>
                            {key}
                          </kbd>
                        ))}
                      </th>
                      <td className={styles.cell}>{t(`shell.help.keys.${id}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className={styles.section}>
              <Text as="h3" weight="semibold">
                {t('shell.help.modules')}
              </Text>
              {host.manifests.length === 0 ? (
                <Text>{t('shell.help.noModules')}</Text>
              ) : (
                <ul className={styles.modules}>
                  {host.manifests.map((manifest) => (
                    <li key={manifest.id}>
                      {t('shell.help.module', { name: t(manifest.titleKey), version: manifest.version })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('shell.help.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
