import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { DataResult } from './use-data';

export interface DataViewProps<T> {
  readonly data: DataResult<T>;
  /** What the page draws once the data is there. */
  readonly children: (data: T) => ReactNode;
  /** Whether the data is "nothing" (an empty list, no record): `empty` is drawn instead. */
  readonly isEmpty?: (data: T) => boolean;
  /** Drawn for empty data; a short default sentence otherwise. */
  readonly empty?: ReactNode;
  /** The error's own text (a server's message); the default sentence otherwise. */
  readonly errorText?: (error: unknown) => string | null;
}

/**
 * The three states of a `useData` read, drawn the same on every custom page: a spinner, an error
 * with Try again, an empty notice, or the page's content.
 */
export function DataView<T>({ data, children, isEmpty, empty, errorText }: DataViewProps<T>) {
  const { t } = useTranslation('core');
  const { state } = data;
  if (state.status === 'loading') return <Spinner label={t('loading')} />;
  if (state.status === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText?.(state.error) ?? t('data.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={data.retry}>{t('errors.retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  if (isEmpty?.(state.data)) return <>{empty ?? <Text>{t('data.empty')}</Text>}</>;
  return <>{children(state.data)}</>;
}
