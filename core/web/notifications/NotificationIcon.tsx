import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  ErrorCircleRegular,
  InfoRegular,
  WarningRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import type { NotificationSeverity } from '@core/shared/notifications';

const ICONS: Readonly<Record<NotificationSeverity, FluentIcon>> = {
  info: InfoRegular,
  success: CheckmarkCircleRegular,
  warning: WarningRegular,
  error: ErrorCircleRegular,
};

const useStyles = makeStyles({
  icon: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '18px',
  },
  info: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1, color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
});

/** A notification's severity as a tinted round icon; its name is read from the item's text, so the icon is hidden. */
export function NotificationIcon({ severity }: { readonly severity: NotificationSeverity }) {
  const styles = useStyles();
  // An unknown severity from a newer server reads as information rather than breaking the list.
  const known: NotificationSeverity = Object.hasOwn(ICONS, severity) ? severity : 'info';
  const Icon = ICONS[known];
  return (
    <span className={mergeClasses(styles.icon, styles[known])} aria-hidden="true" data-severity={known}>
      <Icon />
    </span>
  );
}
