import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Checkbox,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, StarRegular } from '@fluentui/react-icons';
import { useConfirm, useInjection, useListboxClass, type UserDetailTabProps } from '@core/sdk/web';
import { ServiceTabModelFactory, rowsOf, type Listing, type ServiceTabModel } from './service-tab-model';
import { useUserDetail } from './user-detail-model';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  choice: { minWidth: '200px' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A labelled choice of one option; '' is nothing chosen. */
function ChoiceField({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const styles = useStyles();
  const listboxClass = useListboxClass();
  return (
    <Field label={label}>
      <Dropdown
        className={styles.choice}
        value={options.find((option) => option.value === value)?.label ?? ''}
        selectedOptions={value ? [value] : []}
        onOptionSelect={(_, data) => onChange(data.optionValue ?? '')}
        listbox={{ className: listboxClass }}
      >
        {options.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

interface RemovableItem {
  readonly key: string | number;
  readonly label: string;
  /** The remove button's name ('Remove the user from Support'). */
  readonly removeLabel: string;
  readonly onRemove: () => Promise<void>;
}

/** What the user holds, as badges each with its remove button. */
function RemovableBadges({ label, items, busy }: { label: string; items: readonly RemovableItem[]; busy: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.badges} role="list" aria-label={label}>
      {items.map((item) => (
        <span key={item.key} role="listitem" className={styles.badges}>
          <Badge appearance="tint">{item.label}</Badge>
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={item.removeLabel}
            disabled={busy}
            onClick={() => void item.onRemove()}
          />
        </span>
      ))}
    </div>
  );
}

/** One service's card: its title, then what it holds. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {title}
          </Text>
        }
      />
      {children}
    </Card>
  );
}

/**
 * A listing's content once it is there; meanwhile a spinner, or why it is not. `empty` (when the
 * loaded listing has nothing to show) is said instead of the content.
 */
function ListingNote<T>({
  listing,
  empty = null,
  children,
}: {
  listing: Listing<T>;
  empty?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  if (listing.state === 'loading') return <Spinner size="small" label={t('common.loading')} />;
  if (listing.state === 'denied') {
    return (
      <MessageBar intent="info">
        <MessageBarBody>{t('services.denied')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (listing.state === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  }
  return empty === null ? <>{children}</> : <Text className={styles.muted}>{empty}</Text>;
}

interface SectionProps {
  readonly model: ServiceTabModel;
  readonly ask: (message: string) => Promise<boolean>;
  /** A deleted user keeps what they have, but is given nothing new (the server refuses it). */
  readonly locked: boolean;
}

const ServiceLinks = observer(function ServiceLinks({ model }: { model: ServiceTabModel }) {
  const { t } = useTranslation('admin');
  const links = rowsOf(model.links);
  return (
    <Section title={t('services.links')}>
      <ListingNote listing={model.links} empty={links.length === 0 ? t('services.noLinks') : null}>
        <Table aria-label={t('services.links')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('services.service')}</TableHeaderCell>
              <TableHeaderCell>{t('services.account')}</TableHeaderCell>
              <TableHeaderCell>{t('services.kind')}</TableHeaderCell>
              <TableHeaderCell>{t('services.default')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {links.map((link) => (
              <TableRow key={link.id} data-link={link.id}>
                <TableCell>{t(`services.names.${link.service}`, { defaultValue: link.service })}</TableCell>
                <TableCell>{link.label}</TableCell>
                <TableCell>{t(`services.sources.${link.source}`)}</TableCell>
                <TableCell>
                  {link.is_default ? (
                    <Badge appearance="filled" color="brand">
                      {t('services.isDefault')}
                    </Badge>
                  ) : (
                    <Button
                      size="small"
                      icon={<StarRegular />}
                      disabled={model.busy}
                      onClick={() => void model.makeDefault(link)}
                    >
                      {t('services.makeDefault')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListingNote>
    </Section>
  );
});

const IssueTracker = observer(function IssueTracker({ model, ask, locked }: SectionProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [groupToAdd, setGroupToAdd] = useState('');
  const [newGroup, setNewGroup] = useState('');
  const account = model.issueAccount;
  const mine = rowsOf(model.userGroups);
  const others = rowsOf(model.groups).filter((group) => !mine.some((own) => own.id === group.id));
  const groupName = (id: string) => rowsOf(model.groups).find((group) => group.id === id)?.name ?? id;

  const create = async () => {
    if (await ask(t('services.confirm.issueCreate'))) await model.createIssueAccount();
  };
  const remove = async () => {
    if (await ask(t('services.confirm.issueDelete'))) await model.deleteIssueAccount();
  };
  const addGroup = async () => {
    if (!groupToAdd) return;
    if (await model.addToGroup(groupToAdd)) setGroupToAdd('');
  };
  const leaveGroup = async (id: string) => {
    if (await ask(t('services.confirm.groupDelete', { group: groupName(id) }))) await model.removeFromGroup(id);
  };
  const createGroup = async () => {
    const name = newGroup.trim();
    if (!name) return;
    if ((await ask(t('services.confirm.groupCreate', { group: name }))) && (await model.createGroup(name)))
      setNewGroup('');
  };

  return (
    <Section title={t('services.issueTracker')}>
      <ListingNote listing={model.links}>
        {account ? (
          <div className={styles.row}>
            <Text>{t('services.issueAccount', { login: account.label })}</Text>
            <Button icon={<DeleteRegular />} disabled={model.busy} onClick={() => void remove()}>
              {t('services.deleteIssueAccount')}
            </Button>
          </div>
        ) : (
          <div className={styles.row}>
            <Text className={styles.muted}>{t('services.noIssueAccount')}</Text>
            <Button icon={<AddRegular />} disabled={model.busy || locked} onClick={() => void create()}>
              {t('services.createIssueAccount')}
            </Button>
          </div>
        )}
      </ListingNote>
      <Text as="h3" weight="semibold">
        {t('services.groups')}
      </Text>
      <ListingNote listing={model.userGroups} empty={mine.length === 0 ? t('services.noGroups') : null}>
        <RemovableBadges
          label={t('services.groups')}
          items={mine.map((group) => ({
            key: group.id,
            label: group.name,
            removeLabel: t('services.leaveGroup', { group: group.name }),
            onRemove: () => leaveGroup(group.id),
          }))}
          busy={model.busy}
        />
      </ListingNote>
      {account && (
        <ListingNote listing={model.groups}>
          <div className={styles.row}>
            <ChoiceField
              label={t('services.addToGroup')}
              options={others.map((group) => ({ value: group.id, label: group.name }))}
              value={groupToAdd}
              onChange={setGroupToAdd}
            />
            <Button disabled={!groupToAdd || model.busy || locked} onClick={() => void addGroup()}>
              {t('services.add')}
            </Button>
          </div>
        </ListingNote>
      )}
      <div className={styles.row}>
        <Field label={t('services.newGroup')}>
          <Input value={newGroup} maxLength={100} onChange={(_, data) => setNewGroup(data.value)} />
        </Field>
        <Button
          icon={<AddRegular />}
          disabled={newGroup.trim() === '' || model.busy}
          onClick={() => void createGroup()}
        >
          {t('services.createGroup')}
        </Button>
      </div>
    </Section>
  );
});

const TrackerUsers = observer(function TrackerUsers({ model, ask, locked }: SectionProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const services = model.trackerServices;
  const servers = rowsOf(model.keitaroServers);
  const [service, setService] = useState('');
  const [trackerId, setTrackerId] = useState<number | null>(null);
  const [createGroup, setCreateGroup] = useState(false);
  const chosenService = service || services[0]?.id || '';
  const rows = rowsOf(model.trackerUsers);

  const add = async () => {
    if (!chosenService || trackerId === null) return;
    if (!(await ask(t('services.confirm.keitaroCreate')))) return;
    if (
      await model.addTrackerUser({ service_name: chosenService, is_created_group: createGroup, tracker_id: trackerId })
    ) {
      setTrackerId(null);
      setCreateGroup(false);
    }
  };
  const remove = async (id: number) => {
    if (await ask(t('services.confirm.keitaroDelete'))) await model.deleteTrackerUser(id);
  };

  return (
    <Section title={t('services.trackers')}>
      <ListingNote listing={model.trackerUsers} empty={rows.length === 0 ? t('services.noTrackers') : null}>
        <Table aria-label={t('services.trackers')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('services.service')}</TableHeaderCell>
              <TableHeaderCell>{t('services.tracker')}</TableHeaderCell>
              <TableHeaderCell>{t('services.externalId')}</TableHeaderCell>
              <TableHeaderCell>{t('services.groupCreated')}</TableHeaderCell>
              <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-tracker-user={row.id}>
                <TableCell>
                  {services.find((entry) => entry.id === row.service_name)?.label ?? row.service_name}
                </TableCell>
                <TableCell>{row.tracker_name}</TableCell>
                <TableCell>{row.external_id ?? '—'}</TableCell>
                <TableCell>{t(row.is_created_group ? 'common.yes' : 'common.no')}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    icon={<DeleteRegular />}
                    aria-label={t('services.deleteTracker', { tracker: row.tracker_name })}
                    disabled={model.busy}
                    onClick={() => void remove(row.id)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListingNote>
      <ListingNote listing={model.keitaroServers}>
        <div className={styles.row}>
          <ChoiceField
            label={t('services.service')}
            options={services.map((entry) => ({ value: entry.id, label: entry.label }))}
            value={chosenService}
            onChange={setService}
          />
          <ChoiceField
            label={t('services.tracker')}
            options={servers.map((server) => ({ value: String(server.id), label: server.name }))}
            value={trackerId === null ? '' : String(trackerId)}
            onChange={(value) => setTrackerId(value ? Number(value) : null)}
          />
          <Checkbox
            label={t('services.createTrackerGroup')}
            checked={createGroup}
            onChange={(_, data) => setCreateGroup(data.checked === true)}
          />
          <Button
            icon={<AddRegular />}
            disabled={!chosenService || trackerId === null || model.busy || locked}
            onClick={() => void add()}
          >
            {t('services.addTracker')}
          </Button>
        </div>
      </ListingNote>
    </Section>
  );
});

const RdpAccess = observer(function RdpAccess({ model, ask, locked }: SectionProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [serverId, setServerId] = useState<number | null>(null);
  const grants = model.rdpGrants;
  const granted = new Set(grants.map((grant) => grant.label));
  const servers = rowsOf(model.rdpServers).filter((server) => !granted.has(server.name));

  const grant = async () => {
    if (serverId === null) return;
    if ((await ask(t('services.confirm.rdpCreate'))) && (await model.grantRdp(serverId))) setServerId(null);
  };
  const revoke = async (grantId: number) => {
    if (await ask(t('services.confirm.rdpDelete'))) await model.revokeRdp(grantId);
  };

  return (
    <Section title={t('services.rdp')}>
      <ListingNote listing={model.links} empty={grants.length === 0 ? t('services.noRdp') : null}>
        <RemovableBadges
          label={t('services.rdp')}
          items={grants.map((link) => ({
            key: link.id,
            label: link.label,
            removeLabel: t('services.revokeRdp', { server: link.label }),
            onRemove: () => revoke(link.source_id),
          }))}
          busy={model.busy}
        />
      </ListingNote>
      <ListingNote listing={model.rdpServers}>
        <div className={styles.row}>
          <ChoiceField
            label={t('services.rdpServer')}
            options={servers.map((server) => ({ value: String(server.id), label: server.name }))}
            value={serverId === null ? '' : String(serverId)}
            onChange={(value) => setServerId(value ? Number(value) : null)}
          />
          <Button
            icon={<AddRegular />}
            disabled={serverId === null || model.busy || locked}
            onClick={() => void grant()}
          >
            {t('services.grantRdp')}
          </Button>
        </div>
      </ListingNote>
    </Section>
  );
});

/** `service-tab`: service links and their defaults, the issue tracker, Keitaro tracker accounts, RDP access. */
export const ServiceTab = observer(function ServiceTab({ userId }: UserDetailTabProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const locked = Boolean(useUserDetail(userId).user?.deleted_at);
  const modelOf = useInjection(ServiceTabModelFactory);
  const [model] = useState(() => modelOf(userId));
  const { dialog, ask } = useConfirm();
  useEffect(() => {
    void model.load();
  }, [model]);
  return (
    <div className={styles.tab}>
      {locked && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('services.deletedUser')}</MessageBarBody>
        </MessageBar>
      )}
      <ServiceLinks model={model} />
      <IssueTracker model={model} ask={ask} locked={locked} />
      <TrackerUsers model={model} ask={ask} locked={locked} />
      <RdpAccess model={model} ask={ask} locked={locked} />
      {dialog}
    </div>
  );
});
