import { englishI18n } from '@draftwell/shared/i18n/english';
import { fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { WithI18n } from '@/test/i18n';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityInput, quantityProblem } from './quantity-input';

/** Rendered with the page's English, as the client's page provides it. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: WithI18n });

/** The field as the client's page holds it: the value chosen is the value shown. */
function Held({ initial = 6000, onChange }: { initial?: number; onChange: (thousandths: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityInput
      label="Quantity of Pages"
      value={value}
      min={4000}
      max={12_000}
      unit="pages"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Quantity of Pages' }) as HTMLInputElement;
const note = () => document.getElementById(field().getAttribute('aria-describedby')!)?.textContent;

describe('quantityProblem', () => {
  it.each([
    [null, 'Enter a number from 4 to 12.'],
    [12_001, '12.001 is more than 12. Choose 4 to 12.'],
    [14_000, '14 is more than 12. Choose 4 to 12.'],
    [3_999, '3.999 is less than 4. Choose 4 to 12.'],
    [0, '0 is less than 4. Choose 4 to 12.'],
    [-2000, '-2 is less than 4. Choose 4 to 12.'],
  ])('%s: %s', (typed, message) => {
    expect(quantityProblem(englishI18n, typed, 4000, 12_000)).toBe(message);
  });

  it.each([4000, 4001, 9000, 12_000])('%s is in range', (typed) => {
    expect(quantityProblem(englishI18n, typed, 4000, 12_000)).toBeNull();
  });
});

describe('QuantityInput', () => {
  it('shows the range beside the field, as its description', () => {
    render(<Held onChange={vi.fn()} />);
    expect(field().value).toBe('6');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(note()).toBe('Choose 4 to 12');
    expect(screen.getByText('pages')).toBeTruthy();
  });

  it.each([
    ['14', 14_000, '14 is more than 12. Choose 4 to 12.'],
    ['3', 3000, '3 is less than 4. Choose 4 to 12.'],
    ['12.5', 12_500, '12.5 is more than 12. Choose 4 to 12.'],
  ])(
    'keeps %s (out of range) with a message, passes it on, and keeps both after leaving the field',
    (typed, passed, message) => {
      const onChange = vi.fn();
      render(<Held onChange={onChange} />);
      fireEvent.change(field(), { target: { value: typed } });
      expect(onChange).toHaveBeenLastCalledWith(passed);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(note()).toBe(message);
      fireEvent.blur(field());
      expect(field().value).toBe(typed);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(note()).toBe(message);

      fireEvent.change(field(), { target: { value: '9' } });
      expect(onChange).toHaveBeenLastCalledWith(9000);
      expect(field().getAttribute('aria-invalid')).toBeNull();
      expect(note()).toBe('Choose 4 to 12');
    },
  );

  it('asks for a number while the field is empty, and shows the quantity in effect again when left', () => {
    const onChange = vi.fn();
    render(<Held onChange={onChange} />);
    fireEvent.change(field(), { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(note()).toBe('Enter a number from 4 to 12.');
    fireEvent.blur(field());
    expect(field().value).toBe('6');
    expect(note()).toBe('Choose 4 to 12');
  });

  it('shows an out-of-range quantity it is given with its message', () => {
    render(<Held initial={20_000} onChange={vi.fn()} />);
    expect(field().value).toBe('20');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(note()).toBe('20 is more than 12. Choose 4 to 12.');
  });
});
