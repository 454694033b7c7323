import { useEffect, useState } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BotRegular, OpenRegular } from '@fluentui/react-icons';
import { useAuthPageStyles } from './auth-page-styles';
import { useSignInStrings, type SignInActions } from './sign-in-host';
import { refusalMessage } from './telegram-result';

type LinkState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly url: string }
  | { readonly kind: 'failed'; readonly message: string };

/** Schemes a bot dialog is opened with; anything else (javascript:, data:) is not followed. */
const BOT_LINK = /^(https?|tg):/i;

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  steps: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/**
 * "Login via bot": how it goes, and the way to the bot dialog. Its own chunk, fetched when the user
 * asks for it, so the sign-in page stays light. The link is fetched when the section opens, so the
 * button can open the window straight from the click (a window opened later would be blocked).
 */
export default function BotSignIn({ host, onClose }: { host: Pick<SignInActions, 'botLink'>; onClose: () => void }) {
  const t = useSignInStrings();
  const styles = useStyles();
  const shared = useAuthPageStyles();
  const [link, setLink] = useState<LinkState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    host.botLink().then(
      (url) => {
        if (current) setLink(BOT_LINK.test(url) ? { kind: 'ready', url } : { kind: 'failed', message: t('errors.generic') });
      },
      (error: unknown) => {
        if (current) setLink({ kind: 'failed', message: refusalMessage(error, { blocked: t('login.blocked'), generic: t('errors.generic') }) });
      },
    );
    return () => {
      current = false;
    };
  }, [host, t]);

  const proceed = () => {
    // The bot needs nothing from this page, so the dialog gets no handle on it.
    if (link.kind === 'ready') window.open(link.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <section className={styles.section} aria-labelledby="bot-sign-in-title">
      <div className={styles.title}>
        <BotRegular className={styles.icon} aria-hidden />
        <Text id="bot-sign-in-title" as="h2" weight="semibold" size={400}>
          {t('login.bot.title')}
        </Text>
      </div>
      <ol className={styles.steps}>
        <li>{t('login.bot.step1')}</li>
        <li>{t('login.bot.step2')}</li>
        <li>{t('login.bot.step3')}</li>
      </ol>
      {link.kind === 'failed' && (
        <div role="alert" className={shared.problem} data-testid="bot-problem">
          {link.message}
        </div>
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={link.kind === 'loading' ? <Spinner size="tiny" /> : <OpenRegular />}
          disabled={link.kind !== 'ready'}
          onClick={proceed}
        >
          {t('login.bot.proceed')}
        </Button>
        <Button appearance="subtle" onClick={onClose}>
          {t('login.bot.close')}
        </Button>
      </div>
    </section>
  );
}
