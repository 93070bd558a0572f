import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { PreAlertForm } from './pre-alert-form';

const renderForm = (onCancel?: () => void) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PreAlertForm onCancel={onCancel} />
    </QueryClientProvider>,
  );

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/^Invoice/), { target: { files: [file] } });

describe('PreAlertForm invoice picker', () => {
  it('shows the chosen invoice by name with a Remove button instead of the raw file control', () => {
    renderForm();
    expect(screen.getByText('No file chosen')).toBeTruthy();
    choose(new File([new Uint8Array(2048)], 'amazon-order.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('amazon-order.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove amazon-order.pdf' }));
    expect(screen.queryByText('amazon-order.pdf')).toBeNull();
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('says at once when the file is of the wrong type', () => {
    renderForm();
    choose(new File([new Uint8Array(10)], 'invoice.docx', { type: 'application/msword' }));
    expect(screen.getByRole('alert').textContent).toBe(PACKAGE_MESSAGES.invoiceWrongType);
  });

  it('has a Cancel button when the caller can close the form', () => {
    const onCancel = vi.fn();
    renderForm(onCancel);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('has no Cancel button when the form stands alone', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
