import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ReportDialog } from './report-dialog';

const reportsPath = '/prod-api/content/reports';
let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('POST', reportsPath, { result: { report_id: '5' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportDialog', () => {
  it('offers the spec §3 reasons and refuses to send without one', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<ReportDialog opened onClose={onClose} target={{ work_id: '7' }} />);

    for (const reason of [
      'Pornographic or vulgar',
      'Politically sensitive',
      'Feudal superstition',
      'Bloody or violent',
      'Other',
    ]) {
      expect(screen.getByRole('checkbox', { name: reason })).not.toBeChecked();
    }
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose at least one reason.')).toBeInTheDocument();
    expect(api.requests('POST', reportsPath)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the chosen reasons and the trimmed description, then closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<ReportDialog opened onClose={onClose} target={{ work_id: '7' }} />);

    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bloody or violent' }));
    expect(screen.queryByText('Choose at least one reason.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: /Description/ }), '  shows an injury  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests('POST', reportsPath)[0]?.body).toEqual({
      work_id: '7',
      reasons: ['violent', 'other'],
      description: 'shows an injury',
    });
  });

  it('reports a comment by its id', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ReportDialog opened onClose={() => undefined} target={{ comment_id: '12' }} />,
    );
    expect(screen.getByText('Report this comment')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.requests('POST', reportsPath)).toHaveLength(1));
    expect(api.requests('POST', reportsPath)[0]?.body).toMatchObject({
      comment_id: '12',
      reasons: ['other'],
    });
  });
});
