import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { PauseCircleRegular, ServerRegular } from '@fluentui/react-icons';
import type { ResourceCellProps } from '@core/sdk/web';

const useStyles = makeStyles({
  badges: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
});

/** The Keitaro servers' names the list answer labels the references with, else their ids. */
function serverNames({ record, name, value }: ResourceCellProps): readonly string[] {
  const labels = record._labels?.[name];
  if (Array.isArray(labels)) return labels;
  if (typeof labels === 'string') return [labels];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'number' ? [String(value)] : [];
}

/** The Keitaro server a tracker works on now, marked as the live one. */
export function ActiveServerCell(props: ResourceCellProps) {
  const [server] = serverNames(props);
  if (server === undefined) return null;
  return (
    <Badge appearance="tint" color="success" icon={<ServerRegular />} data-server="active">
      {server}
    </Badge>
  );
}

/** The servers held in reserve for the tracker, each marked as on hold so none reads as live. */
export function HoldServersCell(props: ResourceCellProps) {
  const styles = useStyles();
  const servers = serverNames(props);
  if (servers.length === 0) return null;
  return (
    <span className={styles.badges}>
      {servers.map((server) => (
        <Badge key={server} appearance="outline" color="warning" icon={<PauseCircleRegular />} data-server="on-hold">
          {server}
        </Badge>
      ))}
    </span>
  );
}
