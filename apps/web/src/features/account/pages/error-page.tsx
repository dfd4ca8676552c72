import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { isIdentityError } from '../api/identity-error.ts';
import { loadFlowError, type StoredFlowError } from '../api/session-api.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';

export const badSessionMessage =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

const goneStatuses = new Set([403, 404, 410]);

function FlowErrorDetails({ id }: { id: string }) {
  const navigate = useNavigate();
  const [stored, setStored] = useState<StoredFlowError>();
  const [crash, setCrash] = useState<{ error: unknown }>();

  useEffect(() => {
    let cancelled = false;
    loadFlowError(id)
      .then((value) => {
        if (!cancelled) setStored(value);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isIdentityError(error) && goneStatuses.has(error.status)) {
          void navigate('/', { replace: true });
        } else {
          setCrash({ error });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [id, navigate]);

  if (crash !== undefined) throw crash.error;
  if (stored === undefined) return <FlowLoading />;
  return (
    <pre className="max-h-96 overflow-auto rounded-md bg-surface-muted p-3 text-xs text-fg">
      {JSON.stringify(stored.error, null, 2)}
    </pre>
  );
}

/** /error: a stored flow error (?id=) or a known error code (?error_code=). */
export function ErrorPage() {
  usePageTitle('Error');
  const [query] = useSearchParams();
  const id = query.get('id');
  const code = query.get('error_code');
  return (
    <AccountCard
      width={id === null ? 'narrow' : 'wide'}
      title={id === null ? 'Error' : 'An error occurred'}
      footer={<AccountLink to="/">Go back</AccountLink>}
    >
      {id === null ? (
        <p role="alert" className="text-sm text-fg">
          {code === 'BAD_SESSION' ? badSessionMessage : 'Unknown error'}
        </p>
      ) : (
        <FlowErrorDetails id={id} />
      )}
    </AccountCard>
  );
}
