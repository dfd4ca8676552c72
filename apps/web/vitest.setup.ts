import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor: a loaded shared machine can take more than the default second to render.
configure({ asyncUtilTimeout: 15_000 });

// happy-dom's window is 1024 px wide; the console's layout is written for a desktop one.
const desktopWidth = 1440;
window.innerWidth = desktopWidth;

afterEach(() => {
  cleanup();
  window.innerWidth = desktopWidth;
  window.localStorage.clear();
});

// Charts, graphs and dialogs added by later pages observe their size; DOM test envs lack it.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: NoopResizeObserver });
}

// No layout in DOM envs: @tanstack/react-virtual reads these and renders no rows when they are 0.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get: () => 400,
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
