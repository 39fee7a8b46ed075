import { Anchor } from '@mantine/core';
import { Trans } from 'react-i18next';

/**
 * A sentence naming the Terms of Service and the Privacy Policy (`<terms>` and `<privacy>` in
 * the message), each a link. They open in a new tab, so the sign-in or sign-up form keeps what
 * was typed while the texts are read.
 */
export function LegalConsent({ i18nKey }: { i18nKey: 'register.agreeTerms' | 'login.terms' }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        terms: <Anchor href="/terms" target="_blank" rel="noopener" inherit />,
        privacy: <Anchor href="/privacy" target="_blank" rel="noopener" inherit />,
      }}
    />
  );
}
