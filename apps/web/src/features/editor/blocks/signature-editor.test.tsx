import { ZBlock, type TSignatureBlock } from '@draftwell/shared/document';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { WithI18n } from '@/test/i18n';
import { describe, expect, it } from 'vitest';
import { newSignature } from './new-block';
import { SignatureEditor } from './signature-editor';

function renderSignature(editable = true) {
  const emitted: TSignatureBlock[] = [];
  function Harness() {
    const [value, setValue] = useState(newSignature());
    return (
      <SignatureEditor
        value={value}
        editable={editable}
        onChange={(next) => {
          emitted.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />, { wrapper: WithI18n });
  return emitted;
}

describe('SignatureEditor', () => {
  it('edits both signers and previews the boxes', () => {
    const emitted = renderSignature();
    const preview = screen.getByRole('group', { name: 'Signature preview' });
    expect(within(preview).getByText('Sender')).toBeTruthy();
    expect(within(preview).getByText('Client')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label for the client signature'), { target: { value: 'Acme Ltd' } });
    fireEvent.change(screen.getByLabelText('Role (optional) for the client signature'), { target: { value: 'CEO' } });
    fireEvent.change(screen.getByLabelText('Label for the sender signature'), { target: { value: 'Studio North' } });
    expect(emitted.at(-1)).toMatchObject({
      sender: { label: 'Studio North' },
      client: { label: 'Acme Ltd', role: 'CEO' },
    });
    expect(within(preview).getByText('Acme Ltd')).toBeTruthy();
    expect(within(preview).getByText('CEO')).toBeTruthy();
    for (const block of emitted) expect(ZBlock.safeParse(block).success).toBe(true);
  });

  it('leaves an emptied label out so the default applies', () => {
    const emitted = renderSignature();
    const label = screen.getByLabelText('Label for the client signature');
    fireEvent.change(label, { target: { value: 'Acme' } });
    fireEvent.change(label, { target: { value: '' } });
    expect(emitted.at(-1)?.client).toEqual({});
  });

  it('renders read-only without inputs', () => {
    renderSignature(false);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByText('Client')).toBeTruthy();
  });
});
