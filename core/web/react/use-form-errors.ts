import { useState } from 'react';

/** A form's messages by field name: a check's or the server's (`fieldErrors` of a 422). */
type FieldMessages = Readonly<Record<string, readonly string[]>>;

export interface FormErrors {
  /** Shows `messages` about the values the form holds now (call it from the submit that checked them). */
  readonly show: (messages: FieldMessages) => void;
  /** A field's messages while it still holds the value they were about; undefined once it changed. */
  readonly of: (name: string) => readonly string[] | undefined;
  /** The first of them, for a Fluent `Field`'s `validationMessage`. */
  readonly first: (name: string) => string | undefined;
}

/**
 * The messages of a plugin's form, each kept only while its field holds the value it was given for:
 * a message about a value the user has since changed is gone at once, and the next check says
 * what is wrong then. `values` are the form's fields by the names the messages use, read on every
 * render; compared as they are (`Object.is`), so give state values, not objects made anew.
 *
 * ```tsx
 * const errors = useFormErrors({ name, amount });
 * const submit = async () => { const local = check(); errors.show(local); … };
 * <Field label="Name" validationMessage={errors.first('name')}>…
 * ```
 */
export function useFormErrors(values: Readonly<Record<string, unknown>>): FormErrors {
  const [shown, setShown] = useState<{
    readonly messages: FieldMessages;
    readonly judged: Readonly<Record<string, unknown>>;
  }>({ messages: {}, judged: {} });
  const of = (name: string) => (Object.is(values[name], shown.judged[name]) ? shown.messages[name] : undefined);
  return {
    show: (messages) => setShown({ messages, judged: values }),
    of,
    first: (name) => of(name)?.[0],
  };
}
