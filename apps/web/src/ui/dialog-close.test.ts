import { describe, expect, it, vi } from 'vitest';
import { ignoreToasts } from './dialog-close.ts';

function outsideClickOn(target: EventTarget | null) {
  const preventDefault = vi.fn();
  ignoreToasts({ target, preventDefault });
  return preventDefault;
}

describe('ignoreToasts', () => {
  it('keeps a dialog open when the click outside lands on a toast', () => {
    document.body.innerHTML = '<ol data-sonner-toaster><li><button>Close toast</button></li></ol>';
    expect(outsideClickOn(document.querySelector('button'))).toHaveBeenCalledOnce();
  });

  it('lets any other click outside close it', () => {
    document.body.innerHTML = '<main><button>Refresh</button></main>';
    expect(outsideClickOn(document.querySelector('button'))).not.toHaveBeenCalled();
    expect(outsideClickOn(null)).not.toHaveBeenCalled();
  });
});
