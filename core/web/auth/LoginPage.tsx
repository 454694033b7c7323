import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { HttpError } from '../http/http-error';
import { useInjection } from '../react/container-context';
import { AuthService } from '../services/auth-service';
import { SessionStore } from '../services/session-store';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'grid',
    placeItems: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // A plain panel rather than Fluent's Card: the sign-in page's download is budgeted (see npm run test:budget).
  panel: {
    width: 'min(400px, 100%)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  problem: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function LoginPage() {
  const { t } = useTranslation();
  const auth = useInjection(AuthService);
  const session = useInjection(SessionStore);
  const navigate = useNavigate();
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') return setProblem(t('login.required'));
    if (!EMAIL.test(email.trim())) return setProblem(t('login.invalidEmail'));
    setProblem(null);
    setBusy(true);
    try {
      await auth.signIn(email.trim(), password);
      navigate(session.takeLastRoute() ?? '/', { replace: true });
    } catch (error) {
      setProblem(error instanceof HttpError && error.status === 422 ? t('login.invalidPair') : (error instanceof HttpError ? error.messages[0] : null) ?? t('errors.generic'));
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
          <Field label={t('login.email')} required>
            <Input type="email" autoComplete="username" value={email} onChange={(_, data) => setEmail(data.value)} />
          </Field>
          <Field label={t('login.password')} required>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
