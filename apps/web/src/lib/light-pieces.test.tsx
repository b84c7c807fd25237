import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { WithI18n } from '@/test/i18n';
import { flash, takeFlashes } from './flash';
import { useLightForm } from './light-form';
import { Link, LinkProvider, navigate, PublicLink, setPublicPaths, useLocationOf } from './navigation';
import { useAction } from './use-action';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('flash: a notification across a document load', () => {
  it('keeps messages in order for the next page, which takes each once', () => {
    flash({ type: 'success', title: 'Signed out', action: { label: 'Sign in again', to: '/auth?tab=sign-in' } });
    flash({ type: 'info', title: 'Second' });
    expect(takeFlashes().map((m) => m.title)).toEqual(['Signed out', 'Second']);
    expect(takeFlashes()).toEqual([]);
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('draftwell-flash', '{"not":"a list"}');
    expect(takeFlashes()).toEqual([]);
    sessionStorage.setItem('draftwell-flash', '[{"type":"evil","title":"x"},{"type":"info","title":"ok"}]');
    expect(takeFlashes()).toEqual([{ type: 'info', title: 'ok' }]);
  });
});

function Where() {
  const { pathname, search } = useLocationOf({ pathname: '', search: '' });
  return <p data-testid="where">{pathname + search}</p>;
}

describe('navigation: the public pages move in place, anything else loads', () => {
  beforeEach(() => setPublicPaths((p) => ['/', '/pricing', '/about'].includes(p)));

  it('a plain click on a link to a public page changes the address and what is drawn, without a load', () => {
    render(
      <>
        <PublicLink to="/pricing">Pricing</PublicLink>
        <Where />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(window.location.pathname).toBe('/pricing');
    expect(screen.getByTestId('where').textContent).toContain('/pricing');
    act(() => navigate('/about?x=1', { replace: true }));
    expect(screen.getByTestId('where').textContent).toContain('/about?x=1');
  });

  it('leaves a click with a modifier, or on a link elsewhere, to the browser', () => {
    render(
      <>
        <PublicLink to="/pricing">Pricing</PublicLink>
        <PublicLink to="/dashboard">Dashboard</PublicLink>
      </>,
    );
    const newTab = fireEvent.click(screen.getByRole('link', { name: 'Pricing' }), { ctrlKey: true });
    expect(newTab).toBe(true);
    const elsewhere = fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    // Not prevented: the browser loads /dashboard's document (jsdom does not navigate).
    expect(elsewhere).toBe(true);
    expect(window.location.pathname).toBe('/');
  });

  it('Link draws the entry’s own link, or a plain anchor without one', () => {
    render(
      <>
        <Link to="/about">Plain</Link>
        <LinkProvider value={({ to, children }) => <a href={`/x${to}`}>{children}</a>}>
          <Link to="/about">Provided</Link>
        </LinkProvider>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Plain' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('link', { name: 'Provided' }).getAttribute('href')).toBe('/x/about');
  });
});

/** The text of the element that describes the field labelled `label`. */
const description = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')!;
  return document.getElementById(id)?.textContent ?? '';
};

const ZForm = z.object({
  name: z.string().trim().min(1, 'Enter your name.'),
  email: z.string().email('Enter a valid email.'),
});

function TestForm({ onValid }: { onValid: (values: z.output<typeof ZForm>) => Promise<void> }) {
  const form = useLightForm(
    async () => ZForm,
    async (values, { setError }) => {
      await onValid(values);
      if (values.email === 'taken@example.com') setError('email', 'That email is taken.');
    },
  );
  return (
    <form {...form.formProps} aria-label="Test">
      <label>
        Name <input name="name" aria-describedby="name-error" />
      </label>
      <p id="name-error">{form.errors.name}</p>
      <label>
        Email <input name="email" aria-describedby="email-error" />
      </label>
      <p id="email-error">{form.errors.email}</p>
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
    </form>
  );
}

describe('useLightForm: native fields checked with a zod schema loaded on first use', () => {
  it('puts each message beside its field, focuses the first, and checks a field again as it changes', async () => {
    const onValid = vi.fn(async () => undefined);
    render(
      <WithI18n>
        <TestForm onValid={onValid} />
      </WithI18n>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(description('Name')).toBe('Enter your name.'));
    expect(description('Email')).toBe('Enter a valid email.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    expect(description('Name')).toBe('');
    expect(description('Email')).toBe('Enter a valid email.');
  });

  it('sends the parsed values, and the handler can place the server’s word on a field', async () => {
    const onValid = vi.fn(async () => undefined);
    render(
      <WithI18n>
        <TestForm onValid={onValid} />
      </WithI18n>,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ada  ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada', email: 'taken@example.com' }));
    await waitFor(() => expect(description('Email')).toBe('That email is taken.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});

function ActionProbe({ fn }: { fn: (n: number) => Promise<number> }) {
  const action = useAction(fn);
  return (
    <div>
      <button type="button" onClick={() => action.start(1)}>
        one
      </button>
      <button type="button" onClick={() => action.start(2)}>
        two
      </button>
      <button type="button" onClick={action.reset}>
        reset
      </button>
      <p data-testid="state">
        {action.status}:{String(action.data ?? action.error?.message ?? '')}
      </p>
    </div>
  );
}

describe('useAction: one request and where it stands', () => {
  it('shows only the newest run’s answer, and an error as an error', async () => {
    const resolvers = new Map<number, (v: number) => void>();
    const fn = (n: number) =>
      n === 3 ? Promise.reject(new Error('boom')) : new Promise<number>((r) => resolvers.set(n, r));
    render(<ActionProbe fn={fn} />);
    fireEvent.click(screen.getByRole('button', { name: 'one' }));
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    expect(screen.getByTestId('state').textContent).toContain('pending:');
    await act(async () => resolvers.get(2)!(20));
    expect(screen.getByTestId('state').textContent).toContain('success:20');
    // The older run answers last: it is not shown.
    await act(async () => resolvers.get(1)!(10));
    expect(screen.getByTestId('state').textContent).toContain('success:20');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByTestId('state').textContent).toContain('idle:');
  });

  it('records a failure', async () => {
    render(<ActionProbe fn={() => Promise.reject(new Error('boom'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'one' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toContain('error:boom'));
  });
});
