import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { HttpError } from '../http/http-error';
import { isAccountBlocked } from './sign-in-refusal';
import { useAuthPageStyles } from './auth-page-styles';
import { useSignInStrings, type SignInHost } from './sign-in-host';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Telegram's redirect mode returns here with the signed sign-in data in this fragment. */
const TELEGRAM_RESULT = '#tgAuthResult=';

// The bot sign-in is its own chunk: most visits never use it, and /login's download is budgeted.
const BotSignIn = lazy(() => import(/* webpackChunkName: "login-bot" */ './BotSignIn'));
const loadTelegramResult = () => import(/* webpackChunkName: "login-bot" */ './telegram-result');

const useStyles = makeStyles({
  or: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
    '::before': { content: '""', flexGrow: 1, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
    '::after': { content: '""', flexGrow: 1, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  status: { color: tokens.colorNeutralForeground2 },
});

export interface LoginPageProps {
  readonly host: SignInHost;
  /** The address's fragment, where Telegram's redirect leaves its answer. */
  readonly fragment: string;
}

/**
 * Login. Neither the router, i18next nor the kernel: the first download shows it
 * before any of them is loaded, so its host does the calls and the navigation.
 */
export function LoginPage({ host, fragment }: LoginPageProps) {
  const t = useSignInStrings();
  const styles = useAuthPageStyles();
  const own = useStyles();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [botOpen, setBotOpen] = useState(false);
  /** The fragment already sent, so a repeated effect (StrictMode, a re-render) cannot sign in twice. */
  const handledFragment = useRef<string | null>(null);

  const telegramFragment = fragment.startsWith(TELEGRAM_RESULT) ? fragment : null;

  useEffect(() => {
    if (telegramFragment === null || handledFragment.current === telegramFragment) return;
    handledFragment.current = telegramFragment;
    setProblem(null);
    setCompleting(true);
    const messages = {
      unreadable: t('login.bot.unreadable'),
      blocked: t('login.blocked'),
      generic: t('errors.generic'),
    };
    void loadTelegramResult()
      .then(({ completeTelegramSignIn }) => completeTelegramSignIn(telegramFragment, host, messages))
      .catch(() => ({ ok: false, message: messages.generic }) as const)
      .then((outcome) => {
        setCompleting(false);
        if (outcome.ok) {
          host.proceed();
          return;
        }
        setProblem(outcome.message);
        host.forgetFragment();
      });
  }, [telegramFragment, host, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') return setProblem(t('login.required'));
    if (!EMAIL.test(email.trim())) return setProblem(t('login.invalidEmail'));
    setProblem(null);
    setBusy(true);
    try {
      await host.signIn(email.trim(), password);
      host.proceed();
    } catch (error) {
      setProblem(
        isAccountBlocked(error)
          ? t('login.blocked')
          : error instanceof HttpError && error.status === 422
            ? t('login.invalidPair')
            : ((error instanceof HttpError ? error.messages[0] : null) ?? t('errors.generic')),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <section className={styles.panel}>
        <header className={styles.heading}>
          <Title2 as="h1">{t('login.welcome')}</Title2>
          <Text>{t('login.subtitle')}</Text>
        </header>
        <form className={styles.form} onSubmit={submit} noValidate>
          {problem && (
            <div role="alert" className={styles.problem}>
              {problem}
            </div>
          )}
          {completing && (
            <Text role="status" className={own.status}>
              {t('login.bot.completing')}
            </Text>
          )}
          <Field label={t('login.email')} required>
            <Input type="email" autoComplete="username" value={email} onChange={(_, data) => setEmail(data.value)} />
          </Field>
          <Field label={t('login.password')} required>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(_, data) => setPassword(data.value)}
            />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy || completing}>
            {t('login.submit')}
          </Button>
        </form>
        <Text size={200} className={own.or} aria-hidden>
          {t('login.or')}
        </Text>
        {botOpen ? (
          <Suspense fallback={<Text className={own.status}>{t('loading')}</Text>}>
            <BotSignIn host={host} onClose={() => setBotOpen(false)} />
          </Suspense>
        ) : (
          <Button onClick={() => setBotOpen(true)} disabled={completing}>
            {t('login.bot.open')}
          </Button>
        )}
      </section>
    </main>
  );
}
