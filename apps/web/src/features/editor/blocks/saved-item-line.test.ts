import { ZPricingLine } from '@draftwell/shared/document';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { describe, expect, it } from 'vitest';
import { savedItemToLine } from './saved-item-line';

const SAVED_ITEM: TSavedItem = {
  id: '0b8f2a6e-4c1d-4e5f-9a7b-3c2d1e0f9a8b',
  description: 'Design sprint',
  unit: 'day',
  unitPrice: 120_050,
  currency: 'USD',
  taxRate: 2000,
  billing: 'monthly',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('savedItemToLine', () => {
  it('copies description, unit, price, tax rate and billing, and links the saved item', () => {
    const pick = savedItemToLine(SAVED_ITEM, 'USD');
    expect(pick.ok).toBe(true);
    if (!pick.ok) return;
    expect(pick.line).toMatchObject({
      savedItemId: SAVED_ITEM.id,
      description: 'Design sprint',
      unit: 'day',
      unitPrice: 120_050,
      taxPercent: 2000,
      billing: 'monthly',
      quantity: 1000,
      discountPercent: 0,
      optional: false,
    });
    expect(ZPricingLine.safeParse(pick.line).success).toBe(true);
  });

  it('refuses an item priced in another currency, saying which', () => {
    const pick = savedItemToLine({ ...SAVED_ITEM, currency: 'EUR' }, 'USD');
    expect(pick).toMatchObject({ ok: false });
    if (!pick.ok) expect(pick.reason).toMatch(/Priced in EUR; this proposal is in USD/);
  });

  it('gives every pick its own line id', () => {
    const a = savedItemToLine(SAVED_ITEM, 'usd');
    const b = savedItemToLine(SAVED_ITEM, 'USD');
    expect(a.ok && b.ok && a.line.id !== b.line.id).toBe(true);
  });
});
