import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// Vite copies the ZXing WebAssembly from node_modules into the build: served by us, never a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The Barcode Detection API for browsers without it (Chromium on Linux and Windows, Firefox,
 * iOS Safari): ZXing compiled to WebAssembly. Loaded only when the camera button is used.
 */
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

export { BarcodeDetector };
