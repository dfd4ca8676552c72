import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uiNodeSchema } from '../api/flow-schema.ts';
import { anchorNode, imgNode, scriptNode, textNode, uiText } from '../test-fixtures.ts';
import { NodeView } from './node-view.tsx';

const scriptUrl = `${window.location.origin}/api/identity/.well-known/ory/webauthn.js`;

const noop = () => {};

describe('text nodes', () => {
  it('shows a label and its text, such as the TOTP secret', () => {
    render(
      <NodeView
        node={textNode('totp_secret_key', uiText(1050006, 'JBSWY3DPEHPK3PXP'), 'Secret key')}
        onChange={noop}
      />,
    );
    expect(screen.getByText('Secret key')).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  });

  it("lists lookup secrets and shows used ones as 'Used'", () => {
    const secrets = [
      uiText(1050009, 'abcd-1234'),
      uiText(1050014, 'Secret was used at 2026-01-01', 'info'),
      uiText(1050009, 'efgh-5678'),
    ];
    render(
      <NodeView
        node={textNode(
          'lookup_secret_codes',
          uiText(1050015, 'abcd-1234, efgh-5678', 'info', { secrets }),
          'Recovery codes',
          'lookup_secret',
        )}
        onChange={noop}
      />,
    );
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['abcd-1234', 'Used', 'efgh-5678']);
  });
});

describe('img nodes', () => {
  it('renders the TOTP QR code from its data URL', () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    render(<NodeView node={imgNode(src)} onChange={noop} />);
    const image = screen.getByRole('img', { name: 'Authenticator app QR code' });
    expect(image).toHaveAttribute('src', src);
    expect(image).toHaveAttribute('width', '256');
    expect(image).toHaveAttribute('height', '256');
  });
});

describe('script nodes', () => {
  // The test DOM loads no script files; without this it logs an error for each one.
  const settings: unknown = Reflect.get(Reflect.get(window, 'happyDOM') ?? {}, 'settings');
  const setQuietLoading = (quiet: boolean) => {
    if (typeof settings === 'object' && settings !== null) {
      Reflect.set(settings, 'handleDisabledFileLoadingAsSuccess', quiet);
    }
  };
  beforeEach(() => setQuietLoading(true));
  afterEach(() => setQuietLoading(false));

  it('adds a script with all its attributes and removes it on unmount', () => {
    const { unmount } = render(<NodeView node={scriptNode(scriptUrl)} onChange={noop} />);
    const script = document.querySelector('script#webauthn_script');
    expect(script).not.toBeNull();
    expect(script).toHaveAttribute('src', scriptUrl);
    expect(script).toHaveProperty('async', true);
    expect(script).toHaveAttribute('crossorigin', 'anonymous');
    expect(script).toHaveAttribute('integrity', 'sha512-abc');
    expect(script).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(script).toHaveAttribute('type', 'text/javascript');
    expect(script).toHaveAttribute('nonce', 'nonce-1');
    unmount();
    expect(document.querySelector('script#webauthn_script')).toBeNull();
  });
});

describe('anchor nodes', () => {
  it("parses Kratos's own spelling of anchor nodes (type 'a')", () => {
    const node = uiNodeSchema.parse({
      type: 'a',
      group: 'default',
      attributes: { node_type: 'a', id: 'x', href: '/login', title: uiText(1, 'Sign in') },
      messages: [],
      meta: {},
    });
    render(<NodeView node={node} onChange={noop} />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('renders a link with the title text', () => {
    render(<NodeView node={anchorNode('/settings', 'Continue')} onChange={noop} />);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/settings');
  });
});
