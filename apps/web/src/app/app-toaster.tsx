import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX } from '@courier/shared/constants/limits';

/**
 * The app's one Toaster, as part 1 §9 sets it: top-right, one visible at a time, 5000 ms, 12 px
 * gap, swipe to dismiss, pause on hover and when the window loses focus, Alt+T.
 */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
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
