import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { RouteError } from './route-error';

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderBroken(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Broken error={error} />,
      errorElement: (
        <WithI18n>
          <RouteError />
        </WithI18n>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('a screen that breaks', () => {
  it('says so in plain words, shows the error, and offers a reload and the dashboard', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBroken(new Error('Cannot read properties of null'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on this page');
    expect(alert.textContent).toContain('kept on this device');
    expect(alert.textContent).toContain('Cannot read properties of null');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(document.title).toBe('Something went wrong — Draftwell');
    spy.mockRestore();
  });

  it('after an update of the app, asks for a reload without the technical message', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBroken(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-abc.js'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Draftwell was updated');
    expect(alert.textContent).not.toContain('/assets/');
    spy.mockRestore();
  });
});
