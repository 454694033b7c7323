import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Link, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { HttpError } from '../http/http-error';
import { useInjection } from '../react/container-context';
import { AuthService } from '../services/auth-service';
import { SessionStore } from '../services/session-store';
import { LOGIN_PATH, MAIN_PATH } from '../shell/guards';
import { useAuthPageStyles } from './auth-page-styles';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
  },
  // A link-styled button: no padding or minimum width, so it ends flush with the panel's content.
  signOut: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
});

/** The server's own words when it refused the address itself (taken, malformed); else the spec's message. */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status === 422) return error.fieldErrors.email?.[0] ?? fallback;
  return fallback;
}

/** EnterEmail: a user who signed in without an e-mail gives one before going on. */
export default function EnterEmailPage() {
  const { t } = useTranslation();
  const auth = useInjection(AuthService);
  const session = useInjection(SessionStore);
  const navigate = useNavigate();
  const styles = useAuthPageStyles();
  const own = useStyles();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') return setProblem(t('login.required'));
    if (!EMAIL.test(address)) return setProblem(t('login.invalidEmail'));
    setProblem(null);
    setBusy(true);
    try {
      await auth.updateEmail(address);
      navigate(MAIN_PATH, { replace: true });
    } catch (error) {
      setProblem(failureMessage(error, t('enterEmail.failed')));
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    try {
      await auth.signOut();
    } catch {
      // The session is forgotten here whatever the server answered; only the server's copy may linger.
    }
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <main className={styles.page}>
      <section className={styles.panel}>
        <header className={styles.heading}>
          <Title2 as="h1">{t('enterEmail.title')}</Title2>
          <Text>{t('enterEmail.text')}</Text>
        </header>
        <form className={styles.form} onSubmit={submit} noValidate>
          {problem && (
            <div role="alert" className={styles.problem}>
              {problem}
            </div>
          )}
          <Field label={t('login.email')} required>
            <Input type="email" autoComplete="email" value={email} onChange={(_, data) => setEmail(data.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('enterEmail.submit')}
          </Button>
        </form>
        <footer className={own.footer}>
          <Text size={200}>{t('enterEmail.signedInAs', { name: session.user?.username ?? '' })}</Text>
          <Link as="button" className={own.signOut} onClick={() => void signOut()}>
            {t('enterEmail.signOut')}
          </Link>
        </footer>
      </section>
    </main>
  );
}
