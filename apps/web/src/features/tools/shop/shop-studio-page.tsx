import { starterShopTemplates } from '@lumen/contracts/ecommerce';
import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { useSession } from '../../../shared/session/session-store';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useGating } from '../../generate/gating';
import { studiosTexts } from '../studios/studios-texts';
import { ModelTab } from './model-tab';
import { ProductTab } from './product-tab';
import { useShopTemplates } from './shop-api';
import { shopTexts } from './shop-texts';
import { TemplatesTab } from './templates-tab';
import { TranslateTab } from './translate-tab';

const tabs = ['product', 'model', 'translate', 'templates'] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return tabs.some((tab) => tab === value);
}

/** `/studio/shop`: the e-commerce studio, one tab per tool and one for templates. */
export function ShopStudioPage() {
  const studiosReady = useSectionTexts(studiosTexts);
  const shopReady = useSectionTexts(shopTexts);
  if (!studiosReady || !shopReady) return <PageLoader />;
  return <ShopStudio />;
}

function ShopStudio() {
  const { t } = useTranslation();
  const gating = useGating();
  const signedIn = useSession((s) => s.user !== null);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'product';
  const list = useShopTemplates(signedIn);
  // Visitors see the starters, which every account has; their own come once signed in.
  const templates = list.data ?? [...starterShopTemplates];
  const gated = !gating.allows('ai_tools');

  return (
    <Stack gap={0} w="100%">
      <Stack
        gap={4}
        px={{ base: 'sm', sm: 'lg' }}
        pt={{ base: 'sm', sm: 'lg' }}
        maw={1280}
        mx="auto"
        w="100%"
      >
        <Group gap="xs">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('shop.title')}
          </Title>
          {gated ? (
            <Badge color="yellow" variant="filled" size="sm">
              {t('tools.plus')}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed" size="sm">
          {t('shop.subtitle')}
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) setSearch({ tab: value }, { replace: true });
        }}
      >
        <Tabs.List px={{ base: 'sm', sm: 'lg' }} maw={1280} mx="auto" w="100%" mt="sm">
          {tabs.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {t(`shop.tabs.${item}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="product">
          <ProductTab templates={templates} />
        </Tabs.Panel>
        <Tabs.Panel value="model">
          <ModelTab />
        </Tabs.Panel>
        <Tabs.Panel value="translate">
          <TranslateTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesTab templates={templates} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
