import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { PaintBrushRegular } from '@fluentui/react-icons';
import { CustomizerDrawer } from './CustomizerDrawer';
import { CHROME_LAYER } from './layers';
import { useMountedOnce } from './use-mounted-once';

const useStyles = makeStyles({
  fab: {
    position: 'fixed',
    bottom: tokens.spacingVerticalXXL,
    right: tokens.spacingHorizontalXXL,
    zIndex: CHROME_LAYER,
    width: '48px',
    height: '48px',
    maxWidth: '48px',
    boxShadow: tokens.shadow16,
  },
});

/**
 * A floating button opening the theme customizer. Every choice applies at once; the
 * theme service remembers it.
 */
export function ThemeCustomizer() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);
  return (
    <>
      <Tooltip content={t('shell.customizer.open')} relationship="label" positioning="before">
        <Button
          appearance="primary"
          shape="circular"
          size="large"
          icon={<PaintBrushRegular />}
          className={styles.fab}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {mounted && <CustomizerDrawer open={open} onOpenChange={setOpen} />}
    </>
  );
}
