import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from './theme.ts';

/**
 * Bottom-right, below every control: the top bar (refresh, user menu) and a dialog's close
 * button sit at the top, so a toast never covers them. An open dialog turns pointer events off
 * on the page; toasts turn them back on so that their close button still works.
 */
export function Toaster() {
  const theme = useResolvedTheme();
  return (
    <Sonner
      position="bottom-right"
      offset={{ bottom: 16, right: 16 }}
      theme={theme}
      duration={5000}
      richColors
      closeButton
      style={{ pointerEvents: 'auto' }}
    />
  );
}
