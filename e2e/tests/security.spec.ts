import { expect, test } from '../support/fixtures';

test.describe('security headers, as a browser meets them', () => {
  test('pages carry a policy, no sniffing, no framing and a referrer policy', async ({
    request,
  }) => {
    for (const url of ['/', '/explore', '/w/999999', '/api/docs/', '/prod-api/content/campaigns']) {
      const res = await request.get(url);
      const headers = res.headers();
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  test('a shared link shows the app under the policy', async ({ page }) => {
    await page.goto('/w/999999');
    await expect(page.getByRole('banner').first()).toBeVisible();
  });

  test('a violation on a page is caught and reported', async ({ page, cspViolations }) => {
    // The check itself: were it deaf, every other test's "no violation" would mean nothing.
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations.join('\n')).toContain('script-src-elem blocked inline');
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    // Met on purpose: it must not fail this test.
    cspViolations.length = 0;
  });
});
