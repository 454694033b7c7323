import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardHeader, Field, Text } from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import { USERS_REFERENCE } from '@core/sdk/shared';
import { ReferencePicker, useReferenceLabels } from '@core/sdk/web';
import { useRolesStyles } from './roles-styles';

/** Any user's additional permissions, for whoever may also read users (JU). */
export function AnyUserPermissions({ openAdditional }: { openAdditional: (userId: number) => void }) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const labels = useReferenceLabels();
  const [userId, setUserId] = useState<number | null>(null);
  const labelId = useId();
  return (
    <Card className={styles.card}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {t('permissions.giveUser')}
          </Text>
        }
      />
      <div className={styles.end}>
        <Field label={{ children: t('permissions.user'), id: labelId }} className={styles.grow}>
          <ReferencePicker
            target={USERS_REFERENCE}
            labels={labels}
            multiple={false}
            value={userId === null ? [] : [userId]}
            ariaLabelledBy={labelId}
            onChange={(ids) => setUserId(ids[0] ?? null)}
          />
        </Field>
        <Button
          icon={<KeyRegular />}
          disabled={userId === null}
          onClick={() => userId !== null && openAdditional(userId)}
        >
          {t('permissions.additional')}
        </Button>
      </div>
    </Card>
  );
}
