import { Link } from '@fluentui/react-components';
import type { ResourceCellProps } from '@core/sdk/web';

/** The bot's public page in Telegram; `@name` is how people write and search for it. */
export function UsernameCell({ value }: ResourceCellProps) {
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Link href={`https://t.me/${encodeURIComponent(value)}`} target="_blank" rel="noopener noreferrer">
      @{value}
    </Link>
  );
}
