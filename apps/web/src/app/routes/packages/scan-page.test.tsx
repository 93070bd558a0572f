import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ScanPage from './scan-page';

// Test doubles for the page's data hooks only: the camera flow under test is the real component.
const lookupTracking = vi.fn(async (trackingNumber: string) => ({ trackingNumber, carrier: 'UPS', package: null, preAlert: null }));
vi.mock('@/features/packages/api/packages', () => ({
  lookupTracking: (t: string) => lookupTracking(t),
  useReceivePackage: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useChangeStatus: () => ({ mutate: vi.fn(), isPending: false }),
  useCustomerSearch: () => ({ data: [] }),
}));
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: { kind: 'user', role: { name: 'staff', permissions: ['packages_scan', 'packages_edit'] }, permissions: [] } }),
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
  it('hides "Scan with camera" when the browser has no BarcodeDetector', () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    render(<ScanPage />);
    expect(screen.getByLabelText('Tracking number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /scan with camera/i })).not.toBeInTheDocument();
  });

  it('fills the tracking number from the camera and looks it up like Enter', async () => {
    stubCamera(async () => ({ getTracks: () => [{ stop }] }), [{ rawValue: '1Z999AA10000000001' }]);
    render(<ScanPage />);
    fireEvent.click(screen.getByRole('button', { name: /scan with camera/i }));
    await waitFor(() => expect(screen.getByLabelText('Tracking number')).toHaveValue('1Z999AA10000000001'));
    expect(lookupTracking).toHaveBeenCalledWith('1Z999AA10000000001');
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
