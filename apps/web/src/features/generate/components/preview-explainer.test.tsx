import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PREVIEW_EXPLAINED_KEY, PreviewExplainer } from './preview-explainer';

afterEach(() => window.localStorage.removeItem(PREVIEW_EXPLAINED_KEY));

describe('the explanation of previews', () => {
  it('says what a preview is and stays closed once closed', async () => {
    const first = renderWithProviders(<PreviewExplainer />);
    expect(screen.getByText('These are previews, not AI pictures')).toBeInTheDocument();
    expect(screen.getByText(/Admin → Engines/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('preview-explainer')).toBeNull();
    first.unmount();
    renderWithProviders(<PreviewExplainer />);
    expect(screen.queryByTestId('preview-explainer')).toBeNull();
  });
});
