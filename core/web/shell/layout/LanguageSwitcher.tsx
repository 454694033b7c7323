import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Dropdown, Option, makeStyles } from '@fluentui/react-components';
import { LANGUAGES, type Language } from '@core/shared/runtime-config';
import { useInjection } from '../../react/container-context';
import { I18nService } from '../../services/i18n-service';

const useStyles = makeStyles({ dropdown: { minWidth: '132px' } });

function isLanguage(value: string | undefined): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** English or Russian, remembered by the i18n service. */
export const LanguageSwitcher = observer(function LanguageSwitcher() {
  const { t } = useTranslation();
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  return (
    <Dropdown
      className={styles.dropdown}
      aria-label={t('shell.language')}
      value={t(`languages.${i18n.language}`)}
      selectedOptions={[i18n.language]}
      onOptionSelect={(_, data) => {
        if (isLanguage(data.optionValue)) void i18n.setLanguage(data.optionValue);
      }}
    >
      {LANGUAGES.map((language) => (
        <Option key={language} value={language}>
          {t(`languages.${language}`)}
        </Option>
      ))}
    </Dropdown>
  );
});
