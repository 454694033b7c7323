import { StrictMode } from 'react';
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { FluentProvider, makeStyles } from '@fluentui/react-components';
import { ContainerProvider } from '../react/container-context';
import { ToastHost } from '../react/ToastHost';
import { I18nService } from '../services/i18n-service';
import { ThemeService } from '../services/theme-service';
import { ToastService } from '../services/toast-service';
import type { createAppRouter } from './create-app-router';

const useStyles = makeStyles({ provider: { minHeight: '100vh' } });

interface AppRootProps {
  readonly container: Container;
  readonly router: ReturnType<typeof createAppRouter>;
}

/** Providers around the whole app: the container, translations, the Fluent theme, toasts, routes. */
export const AppRoot = observer(function AppRoot({ container, router }: AppRootProps) {
  const styles = useStyles();
  const theme = container.get(ThemeService);
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <I18nextProvider i18n={container.get(I18nService).i18n}>
          <FluentProvider theme={theme.fluentTheme} dir={theme.dir} className={styles.provider}>
            <ToastHost toasts={container.get(ToastService)} />
            <RouterProvider router={router} />
          </FluentProvider>
        </I18nextProvider>
      </ContainerProvider>
    </StrictMode>
  );
});
