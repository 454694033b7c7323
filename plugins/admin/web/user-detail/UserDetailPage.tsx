import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Badge,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import {
  addResourceStrings,
  I18nService,
  PermissionService,
  PluginHost,
  useInjection,
  UserDetailTabToken,
  UserRecordSections,
  useSlotItems,
  type UserDetailTabContribution,
} from '@core/sdk/web';
import { UserDetailContext, UserDetailModelFactory } from './user-detail-model';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  tabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowX: 'auto' },
});

export const DEFAULT_USER_TAB = 'info-tab';

/** The i18n namespace of a `namespace:key` key. */
function namespaceOf(key: string): string | null {
  const at = key.indexOf(':');
  return at > 0 ? key.slice(0, at) : null;
}

/**
 * The user detail's tabs: every `UserDetailTabToken` contribution the user may see (its `requires`
 * met), in `order`. The admin plugin contributes info, service and edit tabs; other plugins add
 * theirs (finance: `employee-tab`), and a disabled plugin's tab is simply not there.
 */
export function visibleTabs(
  tabs: readonly UserDetailTabContribution[],
  allows: (tab: UserDetailTabContribution) => boolean,
): UserDetailTabContribution[] {
  const seen = new Set<string>();
  return [...tabs]
    .filter((tab) => allows(tab))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .filter((tab) => !seen.has(tab.id) && Boolean(seen.add(tab.id)));
}

/**
 * The user tabs this user may see: `useSlotItems` loads the plugins whose manifest declares the
 * `userDetail` slot (for users holding its codes); `settled` once each of them loaded or failed,
 * so a tab still on its way is waited for rather than taken for unknown.
 */
function useUserTabs(): { readonly tabs: UserDetailTabContribution[]; readonly settled: boolean } {
  const host = useInjection(PluginHost);
  const permissions = useInjection(PermissionService);
  const items = useSlotItems(UserDetailTabToken, 'userDetail');
  const settled = host.manifests
    .filter((manifest) => {
      const requirement = manifest.slots?.userDetail;
      return requirement !== undefined && permissions.allows(requirement);
    })
    .every((manifest) => {
      const state = host.state(manifest.id);
      return state === 'loaded' || state === 'failed';
    });
  return { tabs: visibleTabs(items as UserDetailTabContribution[], () => true), settled };
}

const UserDetail = observer(function UserDetail({ userId, tabId }: { userId: number; tabId: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { tabs, settled } = useUserTabs();
  const namespaces = [
    ...new Set(['admin', ...tabs.map((tab) => namespaceOf(tab.labelKey)).filter((ns): ns is string => ns !== null)]),
  ];
  const { t } = useTranslation(namespaces);
  const detailOf = useInjection(UserDetailModelFactory);
  const [model] = useState(() => detailOf(userId));
  useEffect(() => {
    void model.load();
    return () => model.dispose();
  }, [model]);

  const active = tabs.find((tab) => tab.id === tabId);
  if (!active) {
    // A tab of a plugin still loading may yet appear; an unknown or hidden one leads to the info tab.
    if (!settled) return <Spinner label={t('admin:common.loading')} />;
    return <Navigate to={`/user/${userId}/${DEFAULT_USER_TAB}`} replace />;
  }
  const user = model.user;
  const Component = active.component;

  return (
    <UserDetailContext.Provider value={model}>
      <div className={styles.page}>
        <RouterLink className={styles.back} to="/users">
          <ArrowLeftRegular aria-hidden />
          {t('admin:userDetail.back')}
        </RouterLink>
        <div className={styles.heading}>
          <Title2 as="h1">{user ? user.username : t('admin:userDetail.heading', { id: userId })}</Title2>
          {user?.status === 'blocked' && (
            <Badge appearance="tint" color="warning">
              {t('admin:users.statuses.blocked')}
            </Badge>
          )}
          {user?.deleted_at && (
            <Badge appearance="tint" color="danger">
              {t('admin:userDetail.deleted')}
            </Badge>
          )}
        </div>
        {model.state === 'failed' && (
          <MessageBar intent="error">
            <MessageBarBody>{t('admin:userDetail.loadFailed')}</MessageBarBody>
          </MessageBar>
        )}
        <TabList
          className={styles.tabs}
          selectedValue={active.id}
          onTabSelect={(_, data) => navigate(`/user/${userId}/${String(data.value)}`)}
          aria-label={t('admin:userDetail.tabsLabel')}
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} id={`user-tab-${tab.id}`}>
              {t(tab.labelKey)}
            </Tab>
          ))}
        </TabList>
        <section role="tabpanel" aria-labelledby={`user-tab-${active.id}`}>
          <Component key={`${userId}:${active.id}`} userId={userId} />
        </section>
        {/* Below the tabs: the records pointing at this user, and the account's timeline. */}
        <UserRecordSections userId={userId} />
      </div>
    </UserDetailContext.Provider>
  );
});

/** `/user/:id/<tab>` (JU): the user detail, one child route per tab. */
export const UserDetailPage = observer(function UserDetailPage() {
  // The engine's confirmation and form strings, used by the tabs.
  addResourceStrings(useInjection(I18nService).i18n);
  const { t } = useTranslation('admin');
  const params = useParams();
  const userId = Number(params.id);
  if (!Number.isSafeInteger(userId) || userId < 1) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('userDetail.notFound')}</MessageBarBody>
      </MessageBar>
    );
  }
  const tabId = (params['*'] ?? '').split('/')[0] ?? '';
  // A new user is a new page: nothing of the previous one's state carries over.
  return <UserDetail key={userId} userId={userId} tabId={tabId} />;
});
