import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';

/**
 * A failed admin write, in the form that sent it: the envelope's message (the server translates
 * it for the request's language) and, for invalid input, the fields it names.
 */
export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = isApiError(error) && error.msg ? error.msg : t('errors.generic');
  const fields = isApiError(error) ? (error.fields ?? []) : [];
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
      {fields.length > 0 ? (
        <List size="sm" mt={4}>
          {fields.map((f) => (
            <List.Item key={`${f.field}:${f.message}`}>
              {f.field}: {f.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
