import {
  shopCategories,
  shopFonts,
  shopRatios,
  shopSceneStyles,
  shopTemplateNameLength,
  starterShopTemplates,
  type ShopCategory,
  type ShopFont,
  type ShopRatio,
  type ShopScene,
  type ShopSceneStyle,
  type ShopTemplate,
} from '@lumen/contracts/ecommerce';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorInput,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { nameProblem, sizeIsComplete, type ProductSize } from './shop-rules';
import { SizeFields } from './size-fields';
import { useDeleteShopTemplate, useSaveShopTemplate } from './shop-api';
import { TemplateSwatch } from './template-swatch';

interface Draft {
  id: string | null;
  name: string;
  size: ProductSize;
  category: ShopCategory;
  ratio: ShopRatio;
  scene: ShopScene;
}

function blankDraft(): Draft {
  const base = starterShopTemplates[0]!;
  return {
    id: null,
    name: '',
    size: { length: '30', width: '20', height: '40' },
    category: base.category,
    ratio: base.ratio,
    scene: { ...base.scene, colors: [...base.scene.colors] },
  };
}

function draftOf(template: ShopTemplate): Draft {
  return {
    id: template.id,
    name: template.name,
    size: {
      length: String(template.size.length),
      width: String(template.size.width),
      height: String(template.size.height),
    },
    category: template.category,
    ratio: template.ratio,
    scene: { ...template.scene, colors: [...template.scene.colors] },
  };
}

const hex = /^#[0-9a-f]{6}$/i;

/** The templates tab: every template (starters marked), and a form to make or edit mine. */
export function TemplatesTab({ templates }: { templates: ShopTemplate[] }) {
  const { t } = useTranslation();
  const save = useSaveShopTemplate();
  const remove = useDeleteShopTemplate();
  const [draft, setDraft] = useState<Draft>(blankDraft);
  const [nameTouched, setNameTouched] = useState(false);
  const [sizeTouched, setSizeTouched] = useState(false);

  const nameError = nameTouched ? nameProblem(draft.name) : null;
  const colours = [...draft.scene.colors, draft.scene.text_color, draft.scene.accent_color];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setScene = (patch: Partial<ShopScene>) =>
    setDraft((d) => ({ ...d, scene: { ...d.scene, ...patch } }));

  const submit = () => {
    setNameTouched(true);
    setSizeTouched(true);
    if (nameProblem(draft.name) !== null) return;
    if (!sizeIsComplete(draft.size)) return;
    if (!colours.every((c) => hex.test(c))) return;
    save.mutate(
      {
        id: draft.id,
        body: {
          name: draft.name.trim(),
          size: {
            length: Number(draft.size.length),
            width: Number(draft.size.width),
            height: Number(draft.size.height),
          },
          category: draft.category,
          ratio: draft.ratio,
          scene: draft.scene,
        },
      },
      {
        onSuccess: () => {
          toast({ type: 'success', message: t('shop.templates.saved') });
          setDraft(blankDraft());
          setNameTouched(false);
          setSizeTouched(false);
        },
      },
    );
  };

  const confirmDelete = (template: ShopTemplate) =>
    modals.openConfirmModal({
      title: t('shop.templates.delete', { name: template.name }),
      children: <Text size="sm">{t('shop.templates.deleteConfirm', { name: template.name })}</Text>,
      labels: { confirm: t('shop.templates.deleteButton'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => {
            toast({ type: 'success', message: t('shop.templates.deleted') });
            if (draft.id === template.id) setDraft(blankDraft());
          },
        }),
    });

  const mine = templates.filter((item) => !item.builtin);
  const colourInput = (label: string, value: string, onChange: (value: string) => void) => (
    <ColorInput
      label={label}
      format="hex"
      value={value}
      error={hex.test(value) ? null : ' '}
      onChange={onChange}
    />
  );

  return (
    <Grid gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={1280} mx="auto" w="100%">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" p="md">
          <form
            noValidate
            aria-label={
              draft.id ? t('shop.templates.edit', { name: draft.name }) : t('shop.templates.new')
            }
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <Title order={2} fz={18}>
                {draft.id
                  ? t('shop.templates.edit', { name: draft.name })
                  : t('shop.templates.new')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('shop.templates.subtitle')}
              </Text>
              <TextInput
                label={t('shop.templates.name')}
                required
                value={draft.name}
                maxLength={40}
                description={t('shop.templates.nameHint', {
                  count: shopTemplateNameLength(draft.name),
                })}
                error={nameError ? t(`shop.templates.${nameError}`) : null}
                onChange={(event) => {
                  set({ name: event.currentTarget.value });
                  setNameTouched(true);
                }}
              />
              <SizeFields
                label={t('shop.templates.refSize')}
                value={draft.size}
                showError={() => sizeTouched}
                onChange={(side, value) => {
                  setDraft((d) => ({ ...d, size: { ...d.size, [side]: value } }));
                  setSizeTouched(true);
                }}
              />
              <SimpleGrid cols={2} spacing="xs">
                <Select
                  label={t('shop.category')}
                  value={draft.category}
                  allowDeselect={false}
                  data={shopCategories.map((c) => ({ value: c, label: t(`shop.categories.${c}`) }))}
                  onChange={(value) => value && set({ category: value as ShopCategory })}
                />
                <Select
                  label={t('shop.templates.ratio')}
                  value={draft.ratio}
                  allowDeselect={false}
                  data={[...shopRatios]}
                  onChange={(value) => value && set({ ratio: value as ShopRatio })}
                />
              </SimpleGrid>
              <Select
                label={t('shop.templates.style')}
                value={draft.scene.style}
                allowDeselect={false}
                data={shopSceneStyles.map((s) => ({
                  value: s,
                  label: t(`shop.templates.styles.${s}`),
                }))}
                onChange={(value) => value && setScene({ style: value as ShopSceneStyle })}
              />
              <SimpleGrid cols={2} spacing="xs">
                {colourInput(t('shop.templates.top'), draft.scene.colors[0], (value) =>
                  setScene({ colors: [value, draft.scene.colors[1]] }),
                )}
                {colourInput(t('shop.templates.bottom'), draft.scene.colors[1], (value) =>
                  setScene({ colors: [draft.scene.colors[0], value] }),
                )}
                {colourInput(t('shop.templates.textColour'), draft.scene.text_color, (value) =>
                  setScene({ text_color: value }),
                )}
                {colourInput(t('shop.templates.accent'), draft.scene.accent_color, (value) =>
                  setScene({ accent_color: value }),
                )}
              </SimpleGrid>
              <SimpleGrid cols={2} spacing="xs">
                <Select
                  label={t('shop.templates.titleFont')}
                  value={draft.scene.title_font}
                  allowDeselect={false}
                  data={shopFonts.map((f) => ({ value: f, label: t(`shop.templates.fonts.${f}`) }))}
                  onChange={(value) => value && setScene({ title_font: value as ShopFont })}
                />
                <Select
                  label={t('shop.templates.bodyFont')}
                  value={draft.scene.body_font}
                  allowDeselect={false}
                  data={shopFonts.map((f) => ({ value: f, label: t(`shop.templates.fonts.${f}`) }))}
                  onChange={(value) => value && setScene({ body_font: value as ShopFont })}
                />
              </SimpleGrid>
              <Group justify="flex-end" gap="xs">
                {draft.id ? (
                  <Button
                    variant="default"
                    onClick={() => {
                      setDraft(blankDraft());
                      setNameTouched(false);
                      setSizeTouched(false);
                    }}
                  >
                    {t('shop.templates.cancel')}
                  </Button>
                ) : null}
                <Button type="submit" loading={save.isPending}>
                  {t('shop.templates.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            {t('shop.templates.list')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="shop-templates">
            {templates.map((template) => (
              <Card key={template.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap">
                    <TemplateSwatch template={template} size={40} />
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Text fw={600}>{template.name}</Text>
                        {template.builtin ? (
                          <Badge size="xs" variant="light">
                            {t('shop.templates.starter')}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t(`shop.categories.${template.category}`)} · {template.ratio} ·{' '}
                        {template.size.length}×{template.size.width}×{template.size.height} cm
                      </Text>
                    </Stack>
                  </Group>
                  {template.builtin ? null : (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('shop.templates.edit', { name: template.name })}
                        onClick={() => {
                          setDraft(draftOf(template));
                          setNameTouched(false);
                          setSizeTouched(false);
                        }}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('shop.templates.delete', { name: template.name })}
                        onClick={() => confirmDelete(template)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {mine.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('shop.templates.empty')}
            </Text>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
