import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';
import { FlowForms } from '../flows/flow-forms.tsx';
import { sameOriginPath } from '../flows/return-to.ts';
import { useFlow } from '../flows/use-flow.ts';

export function RegistrationPage() {
  usePageTitle('Register');
  const [query] = useSearchParams();
  const { flow, revision, submit } = useFlow({
    kind: 'registration',
    createParams: { returnTo: sameOriginPath(query.get('return_to')) },
  });
  return (
    <AccountCard
      title="Create account"
      footer={
        <span>
          Already have an account? <AccountLink to="/login">Sign in</AccountLink>
        </span>
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
