import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLoader } from '../../shared/ui/page-loader';
import { useSectionTexts } from '../../shared/i18n/section-texts';
import { legalBlocks, legalDocs, LEGAL_UPDATED, type LegalDocName } from './legal-docs';
import { legalTexts } from './legal-texts';
import classes from './legal.module.css';

function Body({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {legalBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <List key={index} spacing={6} className={classes.list}>
            {block.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={index} className={classes.paragraph}>
            {block.text}
          </Text>
        ),
      )}
    </Stack>
  );
}

/** `/terms` and `/privacy`: the texts a user agrees to when signing up, public. */
export function LegalPage({ doc }: { doc: LegalDocName }) {
  const ready = useSectionTexts(legalTexts);
  return ready ? <LegalText doc={doc} /> : <PageLoader />;
}

function LegalText({ doc }: { doc: LegalDocName }) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const { sections } = legalDocs[doc];
  const base = `legal.${doc}`;
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(`${LEGAL_UPDATED}T12:00:00Z`),
  );

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (sections.some((s) => s.key === id))
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, sections]);

  return (
    <Stack gap="xl" maw={820} mx="auto" pb="xl">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {t(`${base}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t('legal.updated', { date: updated })}
        </Text>
        <Text fz={{ base: 'sm', sm: 'md' }}>{t(`${base}.intro`)}</Text>
      </Stack>
      <Card withBorder radius="lg" padding="md" component="nav" aria-label={t('legal.contents')}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
          {t('legal.contents')}
        </Text>
        <ol className={classes.contents}>
          {sections.map((section) => (
            <li key={section.key}>
              <Anchor href={`#${section.key}`} size="sm">
                {t(`${base}.sections.${section.key}.title`)}
              </Anchor>
            </li>
          ))}
        </ol>
      </Card>
      {sections.map((section, index) => (
        <section
          key={section.key}
          id={section.key}
          className={classes.section}
          aria-labelledby={`${section.key}-title`}
        >
          <Title order={2} fz={{ base: 19, sm: 22 }} mb="sm" id={`${section.key}-title`}>
            {index + 1}. {t(`${base}.sections.${section.key}.title`)}
          </Title>
          <Body text={t(`${base}.sections.${section.key}.body`)} />
          {section.links ? (
            <Group gap="xs" mt="sm">
              {section.links.map((link) => (
                <Button
                  key={link.to}
                  component={Link}
                  to={link.to}
                  size="xs"
                  variant="light"
                  rightSection={<IconArrowRight size={14} />}
                >
                  {t(link.labelKey)}
                </Button>
              ))}
            </Group>
          ) : null}
        </section>
      ))}
      <Text size="sm" c="dimmed">
        {t('legal.contact')}{' '}
        <Anchor component={Link} to="/contact" inherit>
          {t('legal.contactLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
