import type { ComponentType } from 'react';
import { useAbout } from '@/lib/session/session-queries.ts';
import { AccountCard, FlowLoading } from '../components/account-layout.tsx';
import { HostedSignInPage } from './hosted-sign-in-page.tsx';

/** The built-in identity service's page, or in hosted mode the provider's sign-in. */
export function signInChoice(SelfHosted: ComponentType): ComponentType {
  return function SignInChoice() {
    const about = useAbout();
    if (about.isPending) {
      return (
        <AccountCard>
          <FlowLoading />
        </AccountCard>
      );
    }
    return about.data?.auth === 'oidc-org' ? <HostedSignInPage /> : <SelfHosted />;
  };
}
