import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { LegalPage } from './legal-page';

function renderDoc(doc: 'terms' | 'privacy') {
  return renderRoutes(
    [
      { path: '/terms', element: <LegalPage doc="terms" /> },
      { path: '/privacy', element: <LegalPage doc="privacy" /> },
    ],
    `/${doc}`,
  );
}

describe('LegalPage', () => {
  it('shows the terms with their date, contents and every section', () => {
    renderDoc('terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(screen.getByText('Last updated: November 27, 2026')).toBeVisible();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(links.length);
    expect(sections[0]).toHaveTextContent('1. The service');
    expect(links[0]).toHaveAttribute('href', '#service');
  });

  it('renders lists as lists, and links each section to where the reader acts on it', () => {
    renderDoc('terms');
    const rules = document.getElementById('rules')!;
    expect(within(rules).getAllByRole('listitem')).toHaveLength(6);
    expect(rules.textContent).not.toMatch(/(^|\s)- /);
    const credits = document.getElementById('credits')!;
    expect(within(credits).getByRole('link', { name: /Credit Policy/ })).toHaveAttribute(
      'href',
      '/credit-policy',
    );
  });

  it('shows the privacy policy, with what is kept and for how long', () => {
    renderDoc('privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const keep = document.getElementById('keep')!;
    expect(keep).toHaveTextContent('removed after a week');
    expect(keep).toHaveTextContent(
      '30 days later your personal details, your library and your uploads are erased',
    );
    expect(
      within(document.getElementById('rights')!).getByRole('link', { name: /Contact us/ }),
    ).toHaveAttribute('href', '/contact');
  });
});
