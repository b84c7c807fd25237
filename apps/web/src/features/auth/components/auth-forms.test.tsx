import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as app } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as page } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as later } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { messages as site } from '@draftwell/shared/i18n/catalogs/public/de';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n, type I18n } from '@draftwell/shared/i18n/i18n';
import { SignInForm, SignUpForm } from './auth-forms';

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

const german = createI18n('de', page, later, site, app);
const noop = () => undefined;

function send(i18n: I18n, form: 'in' | 'up') {
  render(
    <I18nProvider i18n={i18n}>
      {form === 'in' ? <SignInForm onSuccess={noop} onForgot={noop} /> : <SignUpForm onSuccess={noop} />}
    </I18nProvider>,
  );
  fireEvent.submit(screen.getByRole('form'));
}

describe('the sign-in and sign-up forms check in the reader’s language', () => {
  it('says what is missing in German', async () => {
    send(german, 'in');
    expect(await screen.findByText('Geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Geben Sie Ihr Passwort ein.')).toBeTruthy();
  });

  it('says it in English as the schema writes it', async () => {
    send(englishI18n, 'in');
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
  });

  it('writes a length into the password’s message, in German and English', async () => {
    send(german, 'up');
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'kurz' } });
    fireEvent.submit(screen.getByRole('form'));
    expect(await screen.findByText('Verwenden Sie mindestens 8 Zeichen.')).toBeTruthy();
    expect(screen.getByText('Geben Sie Ihren Namen ein.')).toBeTruthy();
    cleanup();
    send(englishI18n, 'up');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByRole('form'));
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
  });
});
