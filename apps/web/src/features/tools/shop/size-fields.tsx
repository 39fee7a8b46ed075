import { SHOP_SIZE_MAX_CM } from '@lumen/contracts/ecommerce';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sides, sizeProblem, type ProductSize, type Side } from './shop-rules';

/**
 * A product's length, width and height in centimetres, side by side, each with its problem
 * shown once `showError(side)` says the user has been there.
 */
export function SizeFields({
  label,
  value,
  showError,
  onChange,
}: {
  label: string;
  value: ProductSize;
  showError: (side: Side) => boolean;
  onChange: (side: Side, value: string) => void;
}) {
  const { t } = useTranslation();
  const error = (side: Side) => {
    if (!showError(side)) return null;
    const problem = sizeProblem(value[side]);
    if (problem === 'required') return t('shop.product.sizeRequired');
    if (problem === 'range') return t('shop.product.sizeRange', { max: SHOP_SIZE_MAX_CM });
    return null;
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
        <Text span c="red" aria-hidden="true">
          {' *'}
        </Text>
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {sides.map((side) => (
          <TextInput
            key={side}
            label={t(`shop.product.${side}`)}
            inputMode="decimal"
            withAsterisk={false}
            required
            value={value[side]}
            error={error(side)}
            onChange={(event) => onChange(side, event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
