import { observer } from 'mobx-react-lite';
import { Text, Tooltip } from '@fluentui/react-components';
import { I18nService, useInjection, type ResourceCellProps } from '@core/sdk/web';
import { countryName } from './country-names';

/** The ISO codes the list answer labels the offer's countries with (the countries' label field is the code). */
function countryCodes({ record, name }: ResourceCellProps): readonly string[] {
  const labels = record._labels?.[name];
  if (Array.isArray(labels)) return labels;
  return typeof labels === 'string' && labels !== '' ? [labels] : [];
}

/**
 * An offer's countries by name in the reader's language (Germany, France; Германия, Франция),
 * the codes in the tooltip for those who think in them.
 */
export const CountriesCell = observer(function CountriesCell(props: ResourceCellProps) {
  const { language } = useInjection(I18nService);
  const codes = countryCodes(props);
  if (codes.length === 0) return null;
  const names = codes.map((code) => countryName(code, language)).join(', ');
  return (
    <Tooltip relationship="description" content={codes.join(', ')}>
      <Text truncate wrap={false} data-countries={codes.join(',')}>
        {names}
      </Text>
    </Tooltip>
  );
});
