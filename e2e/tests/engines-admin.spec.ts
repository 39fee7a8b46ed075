import net from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

/** Listed in ADMIN_EMAILS (playwright.config.ts) for this spec alone. */
const ADMIN_EMAIL = 'engines@e2e.test';
const FAL_KEY = 'fal-e2e-key-0123456789-abcd';

test.describe('admin Engines page', () => {
  test('an admin saves a fal key, reroutes a task type and tests an unreachable ComfyUI', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = await signInThroughApi(page, ADMIN_EMAIL);
    try {
      await reroutesAndTests(page);
    } finally {
      // Text to image goes back to the local engine for the other specs, also when a step above
      // failed: a run routed to a fal key that cannot answer would fail every later spec. The
      // key is forgotten too, so that a retry starts from "Not configured" again.
      const headers = { authorization: `Bearer ${admin.ticket}` };
      const restored = await page.request.put('/prod-api/admin/engines/routes/txt2img', {
        headers,
        data: { engine: 'local' },
      });
      expect(restored.status()).toBe(200);
      const forgotten = await page.request.delete('/prod-api/admin/engines/fal', { headers });
      expect(forgotten.status()).toBe(200);
    }
  });

  test('a signed-in user who is not an admin is sent away', async ({ page }) => {
    await signInThroughApi(page, `${uniqueUsername('eng')}@e2e.test`);
    await page.goto('/admin/engines');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Engines', level: 1 })).toHaveCount(0);
  });
});

async function reroutesAndTests(page: Page): Promise<void> {
  await page.goto('/admin');
  await page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Engines' }) })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(page).toHaveURL(/\/admin\/engines$/);
  await expect(page.getByRole('heading', { name: 'Engines', level: 1 })).toBeVisible();

  // A fal key, saved, is never shown back in full.
  const fal = page.getByRole('region', { name: 'fal' });
  await expect(fal.getByText('Not configured')).toBeVisible();
  await fal.getByLabel('API key').fill(FAL_KEY);
  await fal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('fal connection saved.', { exact: false })).toBeVisible();
  await page.reload();
  const falAfter = page.getByRole('region', { name: 'fal' });
  await expect(falAfter.getByText('Saved here')).toBeVisible();
  await expect(falAfter.getByLabel('API key')).toHaveValue('••••abcd');
  expect(await page.content()).not.toContain(FAL_KEY);

  // Text to image goes to fal with a model; the page warns that no worker offers fal.
  await page.getByLabel('Engine for Text to image').selectOption('fal');
  await page.getByLabel('Model for Text to image').fill('fal-ai/flux/schnell');
  await page.getByLabel('Fixed inputs for Text to image').fill('{"num_inference_steps": 4}');
  const txt2img = page
    .getByRole('row')
    .filter({ has: page.getByLabel('Engine for Text to image') });
  await txt2img.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Routing for Text to image saved.')).toBeVisible();
  await expect(page.getByText(/No worker offers fal for: Text to image/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Engine for Text to image')).toHaveValue('fal');
  await expect(page.getByLabel('Model for Text to image')).toHaveValue('fal-ai/flux/schnell');

  // Bad fixed inputs are refused before anything is sent.
  await page.getByLabel('Fixed inputs for Image to image').fill('{not json');
  const img2img = page
    .getByRole('row')
    .filter({ has: page.getByLabel('Engine for Image to image') });
  await img2img.getByRole('button', { name: 'Save' }).click();
  await expect(img2img.getByText('Fixed inputs must be JSON', { exact: false })).toBeVisible();

  // Tested before saving: the words say what was found.
  const comfy = page.getByRole('region', { name: 'ComfyUI' });
  const closedPort = await portNobodyListensOn();
  await comfy.getByLabel('Server URL').fill(`http://127.0.0.1:${closedPort}`);
  await comfy.getByRole('button', { name: 'Test connection' }).click();
  await expect(comfy.getByText('Not reachable')).toBeVisible();
  await expect(
    comfy.getByText(new RegExp(`127\\.0\\.0\\.1:${closedPort} refused the connection`)),
  ).toBeVisible();

  // Put text to image back on the local engine for the other specs.
  await page.getByLabel('Engine for Text to image').selectOption('local');
  await page.getByLabel('Model for Text to image').fill('');
  await page.getByLabel('Fixed inputs for Text to image').fill('');
  await txt2img.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Routing for Text to image saved.').first()).toBeVisible();
}

/** A port that was free a moment ago and is closed again: a connection to it is refused. */
async function portNobodyListensOn(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
