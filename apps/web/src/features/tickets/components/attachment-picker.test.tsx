import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@courier/shared/schemas/tickets';
import { AttachmentPicker } from './attachment-picker';

function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <AttachmentPicker
      files={files}
      error={error}
      onChange={(next, e) => {
        setFiles(next);
        setError(e);
      }}
    />
  );
}

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });
const choose = (files: File[]) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

describe('AttachmentPicker', () => {
  it('adds chosen files, removes one, and blocks a fourth with the count message', () => {
    render(<Harness />);
    choose([file('a.pdf', 'application/pdf'), file('b.png', 'image/png')]);
    expect(screen.getByText('a.pdf')).toBeTruthy();
    choose([file('c.jpg', 'image/jpeg'), file('d.jpg', 'image/jpeg')]);
    expect(screen.getByRole('alert').textContent).toBe(TICKET_MESSAGES.attachmentCount);
    fireEvent.click(screen.getByRole('button', { name: 'Remove d.jpg' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('names the wrong type and the size limit', () => {
    render(<Harness />);
    choose([file('virus.exe', 'application/x-msdownload')]);
    expect(screen.getByRole('alert').textContent).toBe(TICKET_MESSAGES.attachmentType);
    fireEvent.click(screen.getByRole('button', { name: 'Remove virus.exe' }));
    choose([file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)]);
    expect(screen.getByRole('alert').textContent).toBe(TICKET_MESSAGES.attachmentSize);
  });
});
