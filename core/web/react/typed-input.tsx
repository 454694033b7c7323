import { useId, useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { makeStyles, tokens, useFieldContext_unstable } from '@fluentui/react-components';
import { ErrorCircle12Filled } from '@fluentui/react-icons';

/*
 * What NumberInput and DateInput share: the field shows the stored value in the language's form,
 * the user's own text while they type, and that text again (never lost) when it cannot be read.
 */

export interface TypedValue {
  /** The stored value: canonical text, '' when empty, or what was typed when it could not be read. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The stored value in the language's form; only called for values `canonical` accepts. */
  readonly show: (value: string) => string;
  /** What the user typed as the canonical value, or null when it cannot be read. */
  readonly read: (text: string) => string | null;
  readonly canonical: (value: string) => boolean;
}

export interface TypedInputState {
  /** The user is typing: their text is in the input. */
  readonly editing: boolean;
  /** The stored value is typed text that could not be read, and the user has left the field. */
  readonly unreadable: boolean;
  readonly inputProps: {
    readonly value: string;
    readonly onFocus: () => void;
    readonly onBlur: () => void;
    readonly onChange: (event: unknown, data: { value: string }) => void;
    readonly onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  };
}

export function useTypedInput({ value, onChange, show, read, canonical }: TypedValue): TypedInputState {
  // The user's text while the input has focus; null shows the stored value.
  const [draft, setDraft] = useState<string | null>(null);
  const readable = value.trim() === '' || canonical(value);
  const shown = readable && value.trim() !== '' ? show(value) : value;
  const settle = () => setDraft(null);
  return {
    editing: draft !== null,
    unreadable: draft === null && !readable,
    inputProps: {
      value: draft ?? shown,
      onFocus: () => setDraft(shown),
      onBlur: settle,
      onChange: (_, data) => {
        setDraft(data.value);
        onChange(data.value.trim() === '' ? '' : (read(data.value) ?? data.value));
      },
      onKeyDown: (event) => {
        if (event.key === 'Enter') settle();
      },
    },
  };
}

/** What the input's own props add to the typed state: its invalid mark, its description, its own onBlur. */
interface OwnInputProps {
  readonly 'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  readonly 'aria-describedby'?: string;
  readonly onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * The props an input spreads after its own: the typed state's, marked invalid and described by the
 * input's message (or by what the caller gave), the caller's onBlur kept beside the typed one's.
 */
export function typedInputProps(typed: TypedInputState, message: InputMessage, own: OwnInputProps = {}) {
  return {
    ...typed.inputProps,
    'aria-invalid': message.invalid || own['aria-invalid'] || undefined,
    'aria-describedby': message.describedBy ?? own['aria-describedby'],
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      typed.inputProps.onBlur();
      own.onBlur?.(event);
    },
  };
}

export interface InputMessage {
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  readonly element: ReactElement | null;
}

const useStyles = makeStyles({
  message: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalXXS,
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
});

/**
 * The input's own problem (text it cannot read), said under it unless the Field around it already
 * shows an error: the form's own check of the same value then says it, once.
 */
export function useInputMessage(message: string | null): InputMessage {
  const styles = useStyles();
  const id = useId();
  const field = useFieldContext_unstable();
  const shown = message !== null && field?.validationState !== 'error';
  return {
    invalid: message !== null,
    describedBy: shown ? [field?.hintId, id].filter(Boolean).join(' ') : undefined,
    element: shown ? (
      <div id={id} className={styles.message} role="alert">
        <ErrorCircle12Filled aria-hidden />
        {message}
      </div>
    ) : null,
  };
}
