import { useId, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Radio,
  RadioGroup,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  DismissRegular,
  LayoutColumnTwoRegular,
  PanelLeftContractRegular,
  PanelLeftRegular,
  PanelTopExpandRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { useInjection } from '../../react/container-context';
import { DIRECTIONS, LAYOUTS, ThemeService, type Layout } from '../../services/theme-service';
import { ColorPresetPicker } from './ColorPresetPicker';

const LAYOUT_ICONS: Readonly<Record<Layout, FluentIcon>> = {
  vertical: PanelLeftRegular,
  horizontal: PanelTopExpandRegular,
  'two-column': LayoutColumnTwoRegular,
  hovered: PanelLeftContractRegular,
};

const useStyles = makeStyles({
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXL,
    paddingTop: tokens.spacingVerticalL,
    paddingBottom: tokens.spacingVerticalXXL,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  layoutLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  layoutIcon: { fontSize: '20px', color: tokens.colorNeutralForeground2 },
});

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Text as="h3" id={id} weight="semibold">
        {title}
      </Text>
      {children}
    </section>
  );
}

export interface CustomizerDrawerProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** The customizer itself: scheme, primary colour, sidebar layout and text direction, each applied at once. */
export const CustomizerDrawer = observer(function CustomizerDrawer({ open, onOpenChange }: CustomizerDrawerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const theme = useInjection(ThemeService);
  const ids = { title: useId(), scheme: useId(), color: useId(), layout: useId(), dir: useId() };

  return (
    <OverlayDrawer
      open={open}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      position="end"
      aria-labelledby={ids.title}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ id: ids.title }}
          action={
            <Button
              appearance="subtle"
              aria-label={t('shell.customizer.close')}
              icon={<DismissRegular />}
              onClick={() => onOpenChange(false)}
            />
          }
        >
          {t('shell.customizer.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Section title={t('shell.customizer.scheme')} id={ids.scheme}>
          <Switch
            label={t('shell.customizer.dark')}
            checked={theme.scheme === 'dark'}
            onChange={(_, data) => theme.setScheme(data.checked ? 'dark' : 'light')}
          />
        </Section>
        <Section title={t('shell.customizer.primaryColor')} id={ids.color}>
          <ColorPresetPicker labelledBy={ids.color} />
        </Section>
        <Section title={t('shell.customizer.layout')} id={ids.layout}>
          <RadioGroup
            aria-labelledby={ids.layout}
            value={theme.layout}
            onChange={(_, data) => {
              const layout = LAYOUTS.find((candidate) => candidate === data.value);
              if (layout) theme.setLayout(layout);
            }}
          >
            {LAYOUTS.map((layout) => {
              const Icon = LAYOUT_ICONS[layout];
              return (
                <Radio
                  key={layout}
                  value={layout}
                  label={
                    <span className={styles.layoutLabel}>
                      <Icon className={styles.layoutIcon} />
                      {t(`shell.layouts.${layout}`)}
                    </span>
                  }
                />
              );
            })}
          </RadioGroup>
        </Section>
        <Section title={t('shell.customizer.direction')} id={ids.dir}>
          <RadioGroup
            aria-labelledby={ids.dir}
            layout="horizontal"
            value={theme.dir}
            onChange={(_, data) => {
              const dir = DIRECTIONS.find((candidate) => candidate === data.value);
              if (dir) theme.setDir(dir);
            }}
          >
            {DIRECTIONS.map((dir) => (
              <Radio key={dir} value={dir} label={t(`shell.customizer.${dir}`)} />
            ))}
          </RadioGroup>
        </Section>
      </DrawerBody>
    </OverlayDrawer>
  );
});
