import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { isIdentityError } from '../api/identity-error.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';
import { FlowForm } from '../flows/flow-form.tsx';
import type { FlowErrorContext } from '../flows/handle-flow-error.ts';
import { sameOriginPath } from '../flows/return-to.ts';
import { useFlow, type LoadPhase } from '../flows/use-flow.ts';

/** A verification link may be stale or from another browser: start over instead of failing. */
export function handleVerificationLoadError(
  error: unknown,
  phase: LoadPhase,
  context: FlowErrorContext,
): boolean {
  if (!isIdentityError(error)) return false;
  if (phase === 'get' && (error.status === 410 || error.status === 403)) {
    context.restart();
    return true;
  }
  if (phase === 'create' && error.status === 400) {
    context.navigate('/');
    return true;
  }
  return false;
}

export function VerificationPage() {
  usePageTitle('Verification');
  const [query] = useSearchParams();
  const { flow, revision, submit } = useFlow({
    kind: 'verification',
    createParams: { returnTo: sameOriginPath(query.get('return_to')) },
    onLoadError: handleVerificationLoadError,
  });
  return (
    <AccountCard title="Verify your account" footer={<AccountLink to="/">Go back</AccountLink>}>
      {flow === undefined ? (
        <FlowLoading />
      ) : (
        <FlowForm key={revision} flow={flow} onSubmit={submit} />
      )}
    </AccountCard>
  );
}
