import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular, SettingsRegular, type FluentIconsProps } from '@fluentui/react-icons';

export type PlaceholderKind = 'messaging' | 'settings';

const ICONS: Readonly<Record<PlaceholderKind, ComponentType<FluentIconsProps>>> = {
  messaging: ChatMultipleRegular,
  settings: SettingsRegular,
};

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground1 },
  text: { maxWidth: '520px', color: tokens.colorNeutralForeground2 },
});

/** The pages the spec lists as empty for now: each says what it will hold. */
export default function PlaceholderPage({ kind }: { kind: PlaceholderKind }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const Icon = ICONS[kind];
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t(`placeholders.${kind}.title`)}</Title2>
      <div className={styles.empty}>
        <Icon className={styles.icon} aria-hidden />
        <Text size={400} weight="semibold">
          {t(`placeholders.${kind}.lead`)}
        </Text>
        <Text className={styles.text}>{t(`placeholders.${kind}.text`)}</Text>
      </div>
    </div>
  );
}
