import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ScanPage from './scan-page';

// Test doubles for the page's data hooks only: the camera flow under test is the real component.
const lookupTracking = vi.fn(async (trackingNumber: string) => ({
  kind: 'tracking',
  customer: null,
  trackingNumber,
  carrier: 'UPS',
  package: null,
  preAlert: null,
}));
vi.mock('@/lib/package-scan', () => ({ lookupTracking: (t: string) => lookupTracking(t) }));
vi.mock('@/features/packages/api/packages', () => ({
  useReceivePackage: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useChangeStatus: () => ({ mutate: vi.fn(), isPending: false }),
  useCustomerSearch: () => ({ data: [] }),
}));
vi.mock('@/features/packages/api/duty-rates', () => ({
  useTariffOptions: () => [{ value: 'general', label: 'General merchandise' }],
}));
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: { kind: 'user', role: { name: 'staff', permissions: ['packages_scan', 'packages_edit'] }, permissions: [] } }),
  // Dates on the page: the platform default zone.
  useOptionalSession: () => null,
}));

const stop = vi.fn();
function stubCamera(getUserMedia: () => Promise<unknown>, codes: Array<{ rawValue: string }>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      formats: string[];
      constructor(options: { formats: string[] }) {
        this.formats = options.formats;
      }
      async detect() {
        return codes;
      }
    },
  );
}

beforeEach(() => {
  lookupTracking.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('Scan page camera scanning', () => {
  it('offers "Scan with camera" without a native BarcodeDetector (the ZXing polyfill reads the frames)', () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    expect(screen.getByLabelText('Tracking number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /scan with camera/i })).toBeInTheDocument();
  });

  it('hides "Scan with camera" on a device with no camera', () => {
    render(<ScanPage />);
    expect(screen.queryByRole('button', { name: /scan with camera/i })).not.toBeInTheDocument();
  });

  it('fills the tracking number from the camera and looks it up like Enter', async () => {
    stubCamera(async () => ({ getTracks: () => [{ stop }] }), [{ rawValue: '1Z999AA10000000001' }]);
    render(<ScanPage />);
    fireEvent.click(screen.getByRole('button', { name: /scan with camera/i }));
    await waitFor(() => expect(lookupTracking).toHaveBeenCalledWith('1Z999AA10000000001'));
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent('New UPS package 1Z999AA10000000001'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stop).toHaveBeenCalled();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  });

  it('explains a denied camera permission', async () => {
    stubCamera(async () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })), []);
    render(<ScanPage />);
    fireEvent.click(screen.getByRole('button', { name: /scan with camera/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was denied');
    expect(lookupTracking).not.toHaveBeenCalled();
  });
});

describe('Scan page as a scan station', () => {
  it('clears the field after every scan, so the next scan is never appended', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    const field = screen.getByLabelText('Tracking number');
    fireEvent.change(field, { target: { value: 'PKG-000014' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: '1ZAUDITB00000001' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(lookupTracking).toHaveBeenCalledTimes(2));
    expect(lookupTracking.mock.calls.map((c) => c[0])).toEqual(['PKG-000014', '1ZAUDITB00000001']);
    expect(field).toHaveValue('');
  });

  it('scans each line a scan gun types, the Enter of each code being a new line', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    const field = screen.getByLabelText('Tracking number');
    fireEvent.input(field, { target: { value: 'PKG-000014\n' } });
    expect(field).toHaveValue('');
    await waitFor(() => expect(lookupTracking).toHaveBeenCalledWith('PKG-000014'));
  });

  it('takes the codes typed while the page ran no script (a label printing), in order, and keeps the unfinished one', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    const field = screen.getByLabelText('Tracking number') as HTMLTextAreaElement;
    // What the browser itself types while scripts are paused: the text and Enter's new line, no event.
    field.value = 'PKG-000014\n1ZAUDITB00000001\nPKG-00';
    await waitFor(() => expect(lookupTracking).toHaveBeenCalledTimes(2));
    expect(lookupTracking.mock.calls.map((c) => c[0])).toEqual(['PKG-000014', '1ZAUDITB00000001']);
    expect(field).toHaveValue('PKG-00');
    // Such an Enter may also submit the form natively: that never leaves the page.
    expect(field.closest('form')?.getAttribute('method')).toBe('dialog');
  });

  it('refuses an over-long scan in our words, without asking the server', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    const field = screen.getByLabelText('Tracking number');
    fireEvent.change(field, { target: { value: 'PKG-0000141ZAUDITB000000000000000000000000000' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('alert')).toHaveTextContent('A code has at most 40 characters: scan again');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Too big/);
    expect(field).toHaveValue('');
    expect(lookupTracking).not.toHaveBeenCalled();
  });
});
