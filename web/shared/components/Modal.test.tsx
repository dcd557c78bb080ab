import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Edit the thing"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <textarea aria-label="Text" data-autofocus />
        <div className="modal-footer">
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button">Submit</button>
        </div>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, focused on the marked control', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the thing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus();
  });

  it('keeps Tab inside: from the last control to the first and back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('button', { name: 'Submit' }).focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('gives focus back after closing by a button too', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
