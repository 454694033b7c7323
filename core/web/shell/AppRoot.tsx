import { StrictMode } from 'react';
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, type RouteObject } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { ContainerProvider } from '../react/container-context';
import { LazyToastHost } from '../react/LazyToastHost';
import { I18nService } from '../services/i18n-service';
import { ThemeService } from '../services/theme-service';
import { ToastService } from '../services/toast-service';
import { AppRoutes } from './create-app-router';
import { NavigatorBridge } from './NavigatorBridge';

interface AppRootProps {
  readonly container: Container;
  readonly routes: RouteObject[];
  /** Receives the router's navigate once it exists. */
  readonly onNavigate: (navigate: (path: string) => void) => void;
}

/** Providers around the whole app: the container, translations, the Fluent theme, toasts, routes. */
export const AppRoot = observer(function AppRoot({ container, routes, onNavigate }: AppRootProps) {
  const theme = container.get(ThemeService);
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <I18nextProvider i18n={container.get(I18nService).i18n}>
          {/* No layout classes here: Fluent copies the provider's classes onto every portal's mount node. */}
          <FluentProvider theme={theme.fluentTheme} dir={theme.dir}>
            <LazyToastHost toasts={container.get(ToastService)} />
            <BrowserRouter>
              <NavigatorBridge register={onNavigate} />
              <AppRoutes routes={routes} />
            </BrowserRouter>
          </FluentProvider>
        </I18nextProvider>
      </ContainerProvider>
    </StrictMode>
  );
});
