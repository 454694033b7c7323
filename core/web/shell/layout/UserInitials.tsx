import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  circle: {
    boxSizing: 'border-box',
    display: 'inline-flex',
    flexShrink: 0,
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    color: tokens.colorNeutralForegroundStaticInverted,
    backgroundColor: tokens.colorBrandBackgroundStatic,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '1',
    userSelect: 'none',
  },
});

/** The first letters of the first and last words ("Ada Lovelace" → "AL", "admin" → "A"), as Fluent's Avatar shows them. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => (word === undefined ? '' : ([...word][0] ?? '')))
    .join('')
    .toLocaleUpperCase();
}

export interface UserInitialsProps {
  readonly name: string;
  /** Diameter in pixels (Fluent's Avatar sizes 32 and 40 share this text size). */
  readonly size: 32 | 40;
}

/**
 * The signed-in user's initials in a brand circle, drawn as Fluent's `<Avatar color="brand">` draws
 * them. Fluent's Avatar brings its presence badge and that badge's 44 icons (10 KB gzip) into the top
 * bar, which every signed-in screen waits for; this circle needs none of it.
 */
export function UserInitials({ name, size }: UserInitialsProps) {
  const styles = useStyles();
  return (
    <span className={styles.circle} style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
