import { expect, type Page } from '@playwright/test';

/**
 * Gives /verify a PDF through its file picker. The page is prerendered, and its picker stays
 * disabled until the page's code has hydrated it (a file picked before then would go unread):
 * this waits for that, as a person waits for the button to light up.
 */
export async function choosePdfToVerify(page: Page, name: string, buffer: Buffer): Promise<void> {
  const picker = page.getByLabel('Choose a PDF');
  await expect(picker).toBeEnabled();
  await picker.setInputFiles({ name, mimeType: 'application/pdf', buffer });
}
