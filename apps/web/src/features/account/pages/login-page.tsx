import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import type { Flow } from '../api/flow-schema.ts';
import { useRegistrationOpen } from '../api/registration-query.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';
import { FlowForms } from '../flows/flow-forms.tsx';
import { sameOriginPath } from '../flows/return-to.ts';
import { useFlow } from '../flows/use-flow.ts';

export function loginTitle(query: URLSearchParams, flow: Flow | undefined): string {
  if (query.get('refresh') === 'true' || flow?.refresh === true) return 'Confirm Action';
  if (query.get('aal') === 'aal2' || flow?.requested_aal === 'aal2') {
    return 'Two-Factor Authentication';
  }
  return 'Sign In';
}

export function LoginPage() {
  const [query] = useSearchParams();
  const { flow, revision, submit } = useFlow({
    kind: 'login',
    createParams: {
      refresh: query.get('refresh') === 'true' ? true : undefined,
      aal: query.get('aal') ?? undefined,
      returnTo: sameOriginPath(query.get('return_to')),
    },
  });
  const title = loginTitle(query, flow);
  usePageTitle(title);
  const secondStep = title !== 'Sign In';
  // An invitation-only installation has nothing behind 'Create account'.
  const canRegister = useRegistrationOpen();
  return (
    <AccountCard
      title={title}
      footer={
        <>
          <AccountLink to="/recovery">Forgot password?</AccountLink>
          {!secondStep && canRegister && (
            <AccountLink to="/registration">Create account</AccountLink>
          )}
        </>
      }
    >
      {flow === undefined ? (
        <FlowLoading />
      ) : (
        <FlowForms flow={flow} revision={revision} onSubmit={submit} />
      )}
    </AccountCard>
  );
}
