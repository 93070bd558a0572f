import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX } from '@courier/shared/constants/limits';

/**
 * The app's one Toaster it: top-right, one visible at a time, 5000 ms, 12 px
 * gap, swipe to dismiss, pause on hover and when the window loses focus, Alt+T. It sits below the
 * 64 px header so a toast never covers the header's controls (bell, menu, sign-out).
 */
const BELOW_HEADER = { top: 72, right: 16 };
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      gap={TOAST_GAP_PX}
      hotkey={['altKey', 'KeyT']}
      swipeDirections={['right', 'top']}
      closeButton
      richColors
    />
  );
}
