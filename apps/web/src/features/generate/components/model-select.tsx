import { imageModels } from '@lumen/contracts/generation';
import { Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLockedModel, promptUpgrade, useGating } from '../gating';
import { LockBadge } from './gated-option';

export type ImageModel = (typeof imageModels)[number];

export function ModelSelect({
  value,
  onChange,
}: {
  value: ImageModel;
  onChange: (model: ImageModel) => void;
}) {
  const { t } = useTranslation();
  const allowsPro = useGating().allows('pro_image_model');
  return (
    <Select
      label={t('generate.settings.model')}
      description={t(`generate.models.${value}.hint`)}
      value={value}
      allowDeselect={false}
      checkIconPosition="right"
      data={imageModels.map((model) => ({
        value: model,
        label: t(`generate.models.${model}.name`),
      }))}
      renderOption={({ option }) => (
        <Group gap="xs" justify="space-between" wrap="nowrap" style={{ flex: 1 }}>
          <Text size="sm">{option.label}</Text>
          {isLockedModel(option.value, allowsPro) ? <LockBadge /> : null}
        </Group>
      )}
      onChange={(next) => {
        const model = imageModels.find((m) => m === next);
        if (!model) return;
        if (isLockedModel(model, allowsPro)) promptUpgrade('proModel');
        else onChange(model);
      }}
    />
  );
}
