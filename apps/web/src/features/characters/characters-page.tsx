import { CHARACTER_MIN_IMAGES, type Character } from '@lumen/contracts/characters';
import { unitCosts } from '@lumen/contracts/credits';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../shared/i18n/section-texts';
import { accountQueryRoot } from '../../shared/session/account-info';
import { PageLoader } from '../../shared/ui/page-loader';
import { toast } from '../../shared/ui/toast';
import { deleteCharacter } from './api/delete-character';
import { characterKeys, useCharacters } from './api/list-characters';
import { retryCharacter } from './api/retry-character';
import { charactersTexts } from './characters-texts';
import { CharacterCard } from './components/character-card';
import { CreateCharacterForm } from './components/create-character-form';
import { UseCharacterModal } from './components/use-character-modal';

/** The character workshop (spec §2): create, follow, retry, delete and use characters. */
export function CharactersPage() {
  const ready = useSectionTexts(charactersTexts);
  if (!ready) return <PageLoader />;
  return <Workshop />;
}

function Workshop() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const characters = useCharacters();
  const [using, setUsing] = useState<Character | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    await queryClient.invalidateQueries({ queryKey: accountQueryRoot });
  };
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2}>{t('characters.title')}</Title>
          <Text c="dimmed">
            {t('characters.intro', { min: CHARACTER_MIN_IMAGES, cost: unitCosts.character })}
          </Text>
        </Stack>
        <CreateCharacterForm />
        <Title order={3}>{t('characters.list.title')}</Title>
        {characters.data && characters.data.length === 0 ? (
          <Text c="dimmed">{t('characters.list.empty')}</Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(characters.data ?? []).map((character) => (
            <CharacterCard
              key={character.id}
              character={character}
              onUse={() => setUsing(character)}
              onRetry={async () => {
                // A refusal (credits, a picture since deleted) is shown by the API client.
                await retryCharacter(character.id).catch(() => undefined);
                await refresh();
              }}
              onDelete={async () => {
                await deleteCharacter(character.id);
                toast({ type: 'success', message: t('characters.list.deleted') });
                await refresh();
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <UseCharacterModal character={using} onClose={() => setUsing(null)} />
    </Container>
  );
}
