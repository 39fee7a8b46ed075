import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { readStudioPrefill } from '../generate/studio-prefill';
import { guides } from './guides';
import { TutorialsPage } from './tutorials-page';

/** Stands in for a studio: shows what it would be filled in with. */
function StudioProbe() {
  const location = useLocation();
  const prefill = readStudioPrefill(location.search);
  return (
    <output data-testid="probe" data-path={location.pathname}>
      {JSON.stringify(prefill)}
    </output>
  );
}

function renderPage(entry = '/studio/tutorials') {
  return renderRoutes(
    [
      { path: '/studio/tutorials', element: <TutorialsPage /> },
      { path: '/studio/:kind', element: <StudioProbe /> },
      { path: '/pay', element: <p>plans</p> },
    ],
    entry,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', createApiMock().fetchMock);
});

describe('TutorialsPage', () => {
  it('shows every guide, listed in its contents, with the studio labels filled in', () => {
    renderPage();
    const contents = screen.getByRole('navigation', { name: 'Guides' });
    for (const guide of guides) {
      const section = document.getElementById(guide.key);
      expect(section, guide.key).not.toBeNull();
      const title = within(section!).getByRole('heading', { level: 2 }).textContent ?? '';
      expect(within(contents).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `#${guide.key}`,
      );
    }
    const text = document.body.textContent ?? '';
    // Nested labels resolve, and no key is left showing.
    expect(text).not.toContain('$t(');
    expect(text).not.toMatch(/\b(tutorials|generate|library)\.[a-z]/);
    expect(text).toContain('“Transformation strength”');
  });

  it('quotes the limits the studio enforces', () => {
    renderPage();
    const prompts = document.getElementById('prompts')!;
    expect(prompts).toHaveTextContent(`up to ${PROMPT_MAX_LENGTH} characters`);
    const reference = document.getElementById('reference')!;
    expect(reference).toHaveTextContent('up to 5 MB, at least 300 px');
    const video = document.getElementById('video')!;
    expect(video).toHaveTextContent('more than 25 % wider');
    expect(video).toHaveTextContent('Videos last 5 seconds');
    expect(video).toHaveTextContent('also last 10 seconds');
  });

  it('opens the studio filled in with an example: prompt, style and shape', async () => {
    renderPage();
    const styles = document.getElementById('styles')!;
    const tries = within(styles).getAllByRole('link', {
      name: /^Open the studio with this prompt/,
    });
    expect(tries.map((link) => link.textContent)).toEqual(['Watercolor', 'Ink wash', 'Van Gogh']);
    await userEvent.click(within(styles).getByRole('link', { name: /in Ink wash:/ }));
    const probe = await screen.findByTestId('probe');
    expect(probe).toHaveAttribute('data-path', '/studio/image');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({
      prompt:
        'A lighthouse on a cliff at dusk, storm clouds gathering, waves breaking on the rocks',
      style: 'ink_wash',
      ratio: '2:3',
    });
  });

  it('carries a negative prompt, and a video example opens text mode', async () => {
    renderPage();
    const [ramen] = within(document.getElementById('prompts')!)
      .getAllByRole('link', { name: /^Open the studio with this prompt/ })
      .slice(1);
    expect(ramen).toBeDefined();
    const url = new URL(ramen!.getAttribute('href')!, 'http://localhost');
    expect(readStudioPrefill(url.search).negative).toBe('text, watermark, blurry, cut off');

    const [koi] = within(document.getElementById('video')!).getAllByRole('link', {
      name: /^Open the studio with this prompt/,
    });
    const koiUrl = new URL(koi!.getAttribute('href')!, 'http://localhost');
    expect(koiUrl.pathname).toBe('/studio/video');
    expect(koiUrl.searchParams.get('mode')).toBe('text');
  });
});
