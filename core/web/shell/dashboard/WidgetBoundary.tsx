import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: { height: '100%', boxSizing: 'border-box' },
});

/** What a widget that threw leaves in its place: a card of its own size saying so, with a retry. */
function WidgetFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-label={title} data-widget-failed="">
      <MessageBar intent="error">
        <MessageBarBody>{t('dashboard.widgetFailed')}</MessageBarBody>
      </MessageBar>
      <div>
        <Button size="small" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      </div>
    </Card>
  );
}

interface WidgetBoundaryProps {
  readonly widgetId: string;
  /** The widget's name, for the failure card's label. */
  readonly title: string;
  readonly children: ReactNode;
}

/** Keeps one widget that throws while rendering from blanking the whole dashboard. */
export class WidgetBoundary extends Component<WidgetBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`dashboard widget "${this.props.widgetId}" failed while rendering`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <WidgetFailed title={this.props.title} onRetry={() => this.setState({ failed: false })} />;
  }
}
