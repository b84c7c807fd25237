import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { messages as app } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as page } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as later } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { messages as site } from '@draftwell/shared/i18n/catalogs/public/de';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { consentText } from '@draftwell/shared/share/revision';
import { SignersEditor, type TSignersDraft } from './signers-editor';

const DRAFT: TSignersDraft = {
  signers: [{ name: 'Dana', email: 'dana@example.com', role: '' }],
  order: 'parallel',
  countersign: 'before',
  emailCode: false,
  methods: ['typed', 'drawn', 'uploaded'],
  ownerName: 'Olivia Owner',
  ownerConsent: false,
};

describe('signing as one sends', () => {
  it('shows the owner the consent statement in the app’s language, the one the send request records', () => {
    const german = createI18n('de', page, later, site, app);
    render(
      <I18nProvider i18n={german}>
        <SignersEditor draft={DRAFT} errors={{}} onChange={() => undefined} />
      </I18nProvider>,
    );
    expect(consentText(german, 'typed')).not.toBe(consentText(englishI18n, 'typed'));
    expect(screen.getByText(consentText(german, 'typed'))).toBeTruthy();
  });
});
