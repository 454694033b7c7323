import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ColorSwatch, SwatchPicker, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkFilled } from '@fluentui/react-icons';
import { useInjection } from '../../react/container-context';
import { ThemeService } from '../../services/theme-service';
import { PALETTE } from '../../theme/palette';

const useStyles = makeStyles({
  // Two rows of five: the ten presets as an even block.
  picker: { display: 'grid', gridTemplateColumns: 'repeat(5, max-content)', gap: tokens.spacingHorizontalM },
  // Every preset is dark enough for white text (palette.ts), so a white tick reads on all of them.
  tick: { color: '#ffffff', fontSize: '20px' },
});

/** The ten primary colours of palette.ts as a radio group of swatches; the chosen one carries a tick. */
export const ColorPresetPicker = observer(function ColorPresetPicker({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const theme = useInjection(ThemeService);
  return (
    <SwatchPicker
      aria-labelledby={labelledBy}
      className={styles.picker}
      shape="circular"
      size="large"
      selectedValue={theme.primaryColor}
      onSelectionChange={(_, data) => {
        const preset = PALETTE.find(({ id }) => id === data.selectedValue);
        if (preset) theme.setPrimaryColor(preset.id);
      }}
    >
      {PALETTE.map(({ id, rgb }) => (
        <ColorSwatch
          key={id}
          value={id}
          color={`rgb(${rgb})`}
          aria-label={t(`shell.colors.${id}`)}
          icon={id === theme.primaryColor ? <CheckmarkFilled className={styles.tick} /> : undefined}
        />
      ))}
    </SwatchPicker>
  );
});
