import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';
import { FlowForm } from '../flows/flow-form.tsx';
import { sameOriginPath } from '../flows/return-to.ts';
import { useFlow } from '../flows/use-flow.ts';

export function RecoveryPage() {
  usePageTitle('Recovery');
  const [query] = useSearchParams();
  const { flow, revision, submit } = useFlow({
    kind: 'recovery',
    createParams: { returnTo: sameOriginPath(query.get('return_to')) },
  });
  return (
    <AccountCard title="Recover account" footer={<AccountLink to="/">Go back</AccountLink>}>
      {flow === undefined ? (
        <FlowLoading />
      ) : (
        <FlowForm key={revision} flow={flow} onSubmit={submit} />
      )}
    </AccountCard>
  );
}
