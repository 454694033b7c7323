import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, BotRegular, OpenRegular } from '@fluentui/react-icons';
import { useAuthPageStyles } from './auth-page-styles';
import { useSignInStrings } from './sign-in-host';
import { useBotSignIn, type BotSignInHost } from './use-bot-sign-in';

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
  waiting: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

/** Seconds as m:ss, as a countdown reads. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * "Login via bot": how it goes, and the way to the bot dialog. Its own chunk, fetched when the user
 * asks for it, so the sign-in page stays light. A one-time code is asked for when the section opens,
 * so the button can open the bot dialog straight from the click (a window opened later would be
 * blocked); this page then waits for the bot and signs in by itself. A server without a sign-in bot
 * gets the Login Widget's link instead.
 */
export default function BotSignIn({ host, onClose }: { host: BotSignInHost; onClose: () => void }) {
  const t = useSignInStrings();
  const styles = useStyles();
  const shared = useAuthPageStyles();
  const { state, secondsLeft, proceed, newCode } = useBotSignIn(host, {
    blocked: t('login.blocked'),
    generic: t('errors.generic'),
    expired: t('login.bot.codeExpired'),
  });
  const problem = state.kind === 'failed' || state.kind === 'ended' ? state.message : null;

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
        <li>{state.kind === 'widget' ? t('login.bot.step3') : t('login.bot.step3Code')}</li>
      </ol>
      {problem !== null && (
        <div role="alert" className={shared.problem} data-testid="bot-problem">
          {problem}
        </div>
      )}
      {state.kind === 'code' && state.waiting && (
        <Text role="status" className={styles.waiting} data-testid="bot-waiting">
          <Spinner size="tiny" />
          {t('login.bot.waiting')} {t('login.bot.timeLeft')}: {clock(secondsLeft)}
        </Text>
      )}
      <div className={styles.actions}>
        {state.kind === 'ended' ? (
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={newCode}>
            {t('login.bot.newCode')}
          </Button>
        ) : (
          <Button
            appearance="primary"
            icon={state.kind === 'loading' ? <Spinner size="tiny" /> : <OpenRegular />}
            disabled={state.kind !== 'code' && state.kind !== 'widget'}
            onClick={proceed}
          >
            {t('login.bot.proceed')}
          </Button>
        )}
        <Button appearance="subtle" onClick={onClose}>
          {t('login.bot.close')}
        </Button>
      </div>
    </section>
  );
}
