import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX } from '@courier/shared/constants/limits';
import { TOAST_TOP_DEFAULT, TOAST_TOP_VAR } from '@/components/layout/toast-offset';

/**
 * The app's one Toaster it: top-right, one visible at a time, 5000 ms, 12 px
 * gap, swipe to dismiss, pause on hover and when the window loses focus, Alt+T. It sits below the
 * 64 px header so a toast never covers the header's controls (bell, menu, sign-out), and below a
 * note under the header when one shows (toast-offset.ts).
 */
const BELOW_HEADER = { top: `var(${TOAST_TOP_VAR}, ${TOAST_TOP_DEFAULT}px)`, right: 16 };
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
