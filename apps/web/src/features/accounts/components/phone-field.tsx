import { Group, Select, Text, TextInput } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dialCodes, loadPhoneRules, type PhoneValue } from '../phone-number';

interface PhoneFieldProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | null;
  label: string;
}

/** A country calling code and a number; country names come from the browser in the UI language. */
export function PhoneField({ value, onChange, error, label }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return Object.entries(dialCodes).map(([code, dial]) => ({
      value: code,
      label: `+${dial}`,
      name: names.of(code) ?? code,
    }));
  }, [i18n.language]);
  const nameOf = new Map(countries.map((c) => [c.value, c.name]));
  // The rules are needed on submit; fetching them now keeps that instant.
  useEffect(() => {
    loadPhoneRules().catch(() => undefined);
  }, []);

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('login.countryCode')}
        aria-label={t('login.countryCode')}
        data={countries.map(({ value: code, label: dial }) => ({ value: code, label: dial }))}
        value={value.country}
        allowDeselect={false}
        searchable
        // Found by the country's name in the interface language, its code (ES) or its dial code.
        filter={({ options, search }) => {
          const query = search.trim().toLowerCase().replace(/^\+/, '');
          if (!query || countries.some((c) => `+${dialCodes[c.value]}` === search.trim())) {
            return options;
          }
          return options.filter((option) => {
            if (!('value' in option)) return false;
            const name = nameOf.get(option.value)?.toLowerCase() ?? '';
            return (
              name.includes(query) ||
              option.value.toLowerCase() === query ||
              (dialCodes[option.value] ?? '').startsWith(query)
            );
          });
        }}
        nothingFoundMessage={t('login.noCountry')}
        w={104}
        comboboxProps={{ width: 260, position: 'bottom-start' }}
        maxDropdownHeight={280}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm">{nameOf.get(option.value)}</Text>
            <Text size="sm" c="dimmed">
              {option.label}
            </Text>
          </Group>
        )}
        onChange={(country) => {
          if (country) onChange({ ...value, country });
        }}
      />
      <TextInput
        flex={1}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        label={label}
        leftSection={<IconPhone size={16} />}
        value={value.number}
        error={error}
        onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
      />
    </Group>
  );
}
