import { useTranslation } from 'react-i18next';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PluginServicesSummary, TakenService } from '@core/sdk/shared';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  line: { overflowWrap: 'break-word' },
  label: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  missing: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

type Kind = 'provides' | 'offers' | 'requires' | 'uses' | 'extends';
const KINDS: readonly Kind[] = ['requires', 'uses', 'extends', 'provides', 'offers'];
// Full keys, so every one is spelled out where the translations test finds it.
const KIND_KEYS: Readonly<Record<Kind, string>> = {
  provides: 'admin:plugins.services.provides',
  offers: 'admin:plugins.services.offers',
  requires: 'admin:plugins.services.requires',
  uses: 'admin:plugins.services.uses',
  extends: 'admin:plugins.services.extends',
};

/** Whether a running plugin shares any service: the Plugins screen gives it a line of its own then. */
export function sharesServices(services: PluginServicesSummary): boolean {
  return KINDS.some((kind) => services[kind].length > 0);
}

/** The services one running plugin shares, as resolved at start-up: what it takes and from which plugin, what it provides. */
export function PluginServices({ services }: { services: PluginServicesSummary }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const taken = (service: TakenService) => (
    <span key={service.id}>
      <span className={styles.mono}>{service.id}</span>{' '}
      {service.provider === null ? (
        <span className={styles.missing}>{t('plugins.services.none')}</span>
      ) : (
        t('plugins.services.from', { plugin: service.provider })
      )}
    </span>
  );
  const entries = (kind: Kind) => {
    const list = services[kind];
    return list.map((entry) =>
      typeof entry === 'string' ? (
        <span key={entry} className={styles.mono}>
          {entry}
        </span>
      ) : (
        taken(entry)
      ),
    );
  };
  const shown = KINDS.filter((kind) => services[kind].length > 0);
  return (
    <div className={styles.list} data-plugin-services="">
      {shown.map((kind) => (
        <Text key={kind} size={200} className={styles.line} data-services={kind}>
          <span className={styles.label}>{t(KIND_KEYS[kind])}:</span>{' '}
          {entries(kind).flatMap((entry, index) => (index === 0 ? [entry] : [', ', entry]))}
        </Text>
      ))}
    </div>
  );
}
