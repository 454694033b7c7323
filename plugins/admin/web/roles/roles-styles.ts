import { makeStyles, tokens } from '@fluentui/react-components';

/** The roles screen's look, shared by its parts. */
export const useRolesStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  tabs: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  roles: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  roleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  role: { justifyContent: 'space-between', flexGrow: 1, minWidth: 0 },
  open: {
    display: 'inline-flex',
    flexShrink: 0,
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorBrandForeground1 },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  end: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  area: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  surface: { maxWidth: 'min(560px, calc(100vw - 32px))', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A server's messages for one field, as one line (undefined when it has none). */
export function messageOf(fields: Readonly<Record<string, readonly string[]>>, name: string): string | undefined {
  const list = fields[name];
  return list && list.length > 0 ? list.join(' ') : undefined;
}
